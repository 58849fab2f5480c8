import type { Db } from '../db/client';
import type { AppConfig } from '../config';
import type { SessionStore } from './auth/sessions';
import type { CacheVersionReader } from './cacheVersions';

/** What every module plugin receives. Modules hold no state another process would need. */
export interface Deps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  sessions: SessionStore;
  /** the database's cache counters (platform/cacheVersions.ts), for caches that must see other processes' writes */
  versions: CacheVersionReader;
}
export interface ModuleOptions { deps: Deps }
