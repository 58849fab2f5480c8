import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { CacheVersionReader, Versions } from './cacheVersions';
import { langOf } from './i18n';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opt-in answer cache of a console list (platform/listCache.ts). Only for a list whose answer
     * depends on nothing but its query, the caller (authorities, data scope) and the rows of `tables`
     * — never on the clock (`now()`) or anything outside the database. Each table needs its
     * 'table:<name>' counter and trigger (migration 0030).
     */
    listCache?: { tables: string[] };
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** answers kept per route; the whole route's set is dropped when full */
const MAX_ENTRIES = 5_000;

/**
 * Console lists answered from memory while nothing they read has changed: an answer is kept per route
 * under the caller's account, language and full URL (path and query), stamped with the counters it
 * was loaded under — 'auth' (sessions, grants, roles and their data scope), 'scope' (accounts' staff
 * and the organ tree a data scope is computed from) and the list's own 'table:<name>' counters, all
 * bumped by database triggers on every write, whatever process makes it. A counter read sent after
 * the request arrived (platform/cacheVersions.ts) decides, so a write on any process is seen at the
 * very next request on every process. The guard still runs before: a kick-out or a revoked grant is
 * refused before the cache is looked at.
 */
export function installListCache(app: FastifyInstance, versions: CacheVersionReader) {
  app.addHook('onRoute', (route) => {
    const tables = route.config?.listCache?.tables;
    if (!tables) return;
    const readOnly = ([] as string[]).concat(route.method).every((m) => m === 'GET' || m === 'HEAD');
    if (!tables.length || !readOnly) throw new Error(`Route ${String(route.method)} ${route.url}: listCache needs a GET route and its tables`);
    route.handler = cachedHandler(route.handler as RouteHandlerMethod, ['auth', 'scope', ...tables.map((t) => `table:${t}`)], versions);
  });
}

function cachedHandler(handler: RouteHandlerMethod, counters: string[], versions: CacheVersionReader): RouteHandlerMethod {
  /** the counters the kept answers were loaded under */
  let stamp: number[] = [];
  let entries = new Map<string, string>();

  return async function cached(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
    const now = stampOf(await versions.read(req), counters);
    if (!now) return handler.call(this, req, reply);
    const order = compare(now, stamp);
    if (order > 0) { stamp = now; entries = new Map(); }
    const key = `${req.auth?.accountId ?? ''}\u0000${langOf(req)}\u0000${req.url}`;
    const hit = order >= 0 ? entries.get(key) : undefined;
    if (hit !== undefined) {
      reply.type(JSON_TYPE);
      return hit;
    }

    const result = await handler.call(this, req, reply);
    if (result === undefined || reply.sent || reply.statusCode !== 200) return result;
    const body = JSON.stringify(result);
    // kept only while no newer counter has been seen meanwhile (an older read may come back last)
    if (compare(now, stamp) === 0) {
      if (entries.size >= MAX_ENTRIES) entries = new Map();
      entries.set(key, body);
    }
    reply.type(JSON_TYPE);
    return body;
  };
}

/** the counters in `counters`' order, null when one does not exist (then nothing is kept) */
function stampOf(v: Versions, counters: string[]): number[] | null {
  const out: number[] = [];
  for (const c of counters) {
    const n = v[c];
    if (n === undefined || n < 0) return null;
    out.push(n);
  }
  return out;
}

/** 1: `a` is newer than `b` (or `b` is empty), 0: equal, -1: `a` is older in some counter */
function compare(a: number[], b: number[]): number {
  if (!b.length) return 1;
  let newer = false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] < b[i]) return -1;
    if (a[i] > b[i]) newer = true;
  }
  return newer ? 1 : 0;
}
