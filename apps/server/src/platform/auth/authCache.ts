import type { Db } from '../../db/client';
import { hashToken } from '../tokens';
import type { CacheVersionReader } from '../cacheVersions';
import { loadAuthorities } from './authorities';
import type { SessionRow, SessionStore } from './sessions';

const MAX_ENTRIES = 10_000;

/**
 * The guard's per-request lookups (session by token, the account's authorities) kept in this process
 * while the database's 'auth' counter is unchanged. Triggers bump that counter on every write that
 * could change an answer (a session ended or its tokens rotated, an account changed, any grant,
 * role, or membership written), so the first request after such a write, on any process, reloads.
 *
 * An answer loaded under counter v is stored only while this process still holds v: a load that
 * raced with a newer write is used for its own request (which arrived before the write was seen)
 * but never served to a later one.
 */
export function authCache(db: Db, store: SessionStore, versions: CacheVersionReader) {
  let version = -1;
  const sessions = new Map<string, SessionRow>();
  const authorities = new Map<number, Promise<Set<string>>>();

  /** `request`: the request being guarded (its counters are read once, see cacheVersions.ts) */
  async function current(request?: object): Promise<number> {
    const v = (await versions.read(request)).auth;
    if (v !== version) {
      // a counter is only ever bumped, but a newer read may come back before an older one: keep the newest
      if (v > version) { version = v; sessions.clear(); authorities.clear(); }
    }
    return v;
  }

  return {
    /** The session of a bearer token, null when unknown. `fresh` skips the cache (used before ending one). */
    async session(token: string, fresh = false, request?: object): Promise<SessionRow | null> {
      const v = await current(request);
      const key = hashToken(token);
      const hit = fresh ? undefined : sessions.get(key);
      if (hit && v === version) return hit;
      const row = await store.findByHash(key);
      if (row && v === version) {
        if (sessions.size >= MAX_ENTRIES) sessions.clear();
        sessions.set(key, row);
      } else if (!row) sessions.delete(key);
      return row;
    },
    /** Slides the idle expiry (store.touch) and keeps the cached copy in step. */
    async touch(s: SessionRow, idleMs: number) {
      const written = await store.touch(s);
      if (written) { s.lastSeenAt = written; s.expiresAt = new Date(written.getTime() + idleMs); }
    },
    async authorities(accountId: number, isAdmin: boolean, request?: object): Promise<Set<string>> {
      const v = await current(request);
      const hit = v === version ? authorities.get(accountId) : undefined;
      if (hit) return hit;
      const value = loadAuthorities(db, accountId, isAdmin);
      if (v === version) {
        if (authorities.size >= MAX_ENTRIES) authorities.clear();
        authorities.set(accountId, value);
        value.catch(() => { if (authorities.get(accountId) === value) authorities.delete(accountId); });
      }
      return value;
    },
  };
}
export type AuthCache = ReturnType<typeof authCache>;
