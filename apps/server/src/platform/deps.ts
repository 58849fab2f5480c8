import type { Db } from '../db/client';
import type { AppConfig } from '../config';
import type { SessionStore } from './auth/sessions';

/** What every module plugin receives. Modules hold no state another process would need. */
export interface Deps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: AppConfig;
  sessions: SessionStore;
}
export interface ModuleOptions { deps: Deps }
