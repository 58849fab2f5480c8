import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { execute } from '../db/execute';

/** the channel the cache triggers notify (migration 0013) */
const CHANNEL = 'bencao_cache';

export type CacheDomain = 'auth' | 'site';
/**
 * Every counter by name: 'auth', 'site', 'scope' and 'table:<name>' (migration 0030). A name the table
 * does not hold is absent: a cache over it must not keep anything.
 */
export type Versions = Record<CacheDomain, number> & Partial<Record<string, number>>;

/**
 * Reads the cache counters (table cache_versions, bumped by triggers on every write to the cached
 * tables) for a request that is about to use an in-process cache.
 *
 * Requests arriving together share one query, but only a query SENT AFTER they arrived: while a read
 * is under way, newcomers wait for the next one (sent as soon as the current one returns). So every
 * request sees every write committed before it arrived — a kick-out or a revoked grant made on
 * another process applies at the very next request — while a burst of N requests costs about two
 * queries instead of N. On the embedded database (one process) the counters come from the triggers'
 * notifications instead, which reach this process before the writing statement returns.
 */
export function cacheVersionReader(db: Db, listen?: (channel: string, onPayload: (payload: string) => void) => Promise<void>) {
  let running: Promise<Versions> | null = null;
  let queued: Promise<Versions> | null = null;
  /** embedded database: counters kept from its notifications (see Database.listen), no query per request */
  let local: Promise<Versions> | null = null;
  if (listen) {
    // counted from 0 in this process; the table read after subscribing only says which counters exist
    const counters: Versions = { auth: 0, site: 0 };
    local = listen(CHANNEL, (name) => { counters[name] = (counters[name] ?? 0) + 1; })
      .then(load)
      .then((names) => { for (const name of Object.keys(names)) counters[name] ??= 0; return counters; });
    // without the subscription, fall back to reading the table
    local.catch(() => { local = null; });
  }

  // built without drizzle's query building (db/execute.ts): on PostgreSQL this runs for nearly every request
  const queryCounters = () => execute<{ name: string; version: string | number }>(db, sql`select name, version from cache_versions`);

  async function load(): Promise<Versions> {
    const res = await queryCounters();
    const v: Versions = { auth: -1, site: -1 };
    for (const r of res.rows) v[r.name] = Number(r.version);
    return v;
  }
  function start(): Promise<Versions> {
    const p = load();
    running = p;
    const clear = () => { if (running === p) running = null; };
    p.then(clear, clear);
    return p;
  }
  const settle = () => undefined;

  function readNow(): Promise<Versions> {
    if (local) return local.then((c) => ({ ...c }));
    if (!running) return start();
    queued ??= running.then(settle, settle).then(() => { queued = null; return start(); });
    return queued;
  }
  /** one read per request: the guard's session and authority lookups and a list's cache share it */
  const perRequest = new WeakMap<object, Promise<Versions>>();

  return {
    /** the counters as of a moment after the call (after the arrival of `request`, when given: read once per request) */
    read(request?: object): Promise<Versions> {
      if (!request) return readNow();
      let p = perRequest.get(request);
      if (!p) { p = readNow(); perRequest.set(request, p); }
      return p;
    },
  };
}
export type CacheVersionReader = ReturnType<typeof cacheVersionReader>;
