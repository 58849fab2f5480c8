import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { CacheVersionReader } from '../../platform/cacheVersions';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * For shared caches (a CDN or reverse proxy): may serve a copy up to a minute old while it asks again.
 * The site's own fetches revalidate every time (`cache: 'no-cache'`), which costs a 304 here.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, stale-while-revalidate=60';
const MAX_ENTRIES = 2_000;
/** answers smaller than this go out uncompressed (a header costs about as much as it saves) */
const COMPRESS_FROM = 1024;

interface Entry {
  body: Buffer;
  etag: string;
  lastModified: string;
  modifiedMs: number;
  gzip?: Promise<Buffer>;
  br?: Promise<Buffer>;
}

/**
 * The public site's JSON answers, kept in this process per URL while the database's 'site' counter is
 * unchanged (triggers bump it on every write to the cms tables: a publish on any process reaches every
 * process's next request) and until the next scheduled publish or unpublish time of any article.
 * Answers carry an ETag and Last-Modified (304 when the visitor has the same copy) and are compressed
 * once per entry, not once per request.
 */
export function publicCache(db: Db, versions: CacheVersionReader, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  /** the Last-Modified last given per URL: a changed answer always gets a later one, even within the same second */
  const stamps = new Map<string, { ms: number; etag: string }>();
  let version = -1;
  /** the next moment an article goes live or off, or a scheduled edit replaces a live version (its answers change without a write) */
  let validUntil: Promise<number> = Promise.resolve(-Infinity);

  async function nextScheduledChange(): Promise<number> {
    const moment = sql`${new Date(now()).toISOString()}::timestamptz`;
    const res = await db.execute<{ at: string | Date | null }>(sql`
      select least(min(publish_at) filter (where publish_at > ${moment}), min(unpublish_at) filter (where unpublish_at > ${moment}),
                   min(scheduled_at) filter (where scheduled_at > ${moment})) as at
        from cms_articles where status = 'published'`);
    const at = res.rows[0]?.at;
    return at ? new Date(at).getTime() : Infinity;
  }

  /** the counter this request is answered under; clears the entries when content or the clock moved on */
  async function current(): Promise<number> {
    const v = (await versions.read()).site;
    if (v > version) {
      version = v;
      entries.clear();
      validUntil = nextScheduledChange();
      validUntil.catch(() => { version = -1; });
    } else if (v === version && now() >= await validUntil) {
      entries.clear();
      validUntil = nextScheduledChange();
    }
    return v;
  }

  function encodingFor(req: FastifyRequest): 'br' | 'gzip' | null {
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accept)) return 'br';
    if (/\bgzip\b/.test(accept)) return 'gzip';
    return null;
  }

  function notModified(req: FastifyRequest, e: Entry): boolean {
    const inm = req.headers['if-none-match'];
    if (inm) return inm.split(',').some((t) => t.trim() === e.etag || t.trim() === '*');
    const ims = req.headers['if-modified-since'];
    if (!ims) return false;
    const since = Date.parse(ims);
    return Number.isFinite(since) && e.modifiedMs <= since;
  }

  async function send(req: FastifyRequest, reply: FastifyReply, e: Entry) {
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', e.etag).header('last-modified', e.lastModified).header('vary', 'accept-encoding');
    if (notModified(req, e)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = e.body.length >= COMPRESS_FROM ? encodingFor(req) : null;
    if (!encoding) return reply.send(e.body);
    const packed = encoding === 'br'
      ? (e.br ??= brotli(e.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: e.body.length } }))
      : (e.gzip ??= gzip(e.body, { level: 9 }));
    return reply.header('content-encoding', encoding).send(await packed);
  }

  return {
    /**
     * Answers `req` from the cache, or computes the answer (an envelope object), keeps it and answers.
     * Errors (404, 400) are thrown by `compute` as usual and are not kept.
     */
    async answer(req: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
      const v = await current();
      const key = req.url;
      let e = v === version ? entries.get(key) : undefined;
      if (!e) {
        const body = Buffer.from(JSON.stringify(await compute()));
        const etag = `W/"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
        const before = stamps.get(key);
        let modified = Math.floor(now() / 1000) * 1000;
        if (before?.etag === etag) modified = before.ms;
        else if (before && modified <= before.ms) modified = before.ms + 1000;
        if (stamps.size >= MAX_ENTRIES * 4) stamps.clear();
        stamps.set(key, { ms: modified, etag });
        e = { body, etag, modifiedMs: modified, lastModified: new Date(modified).toUTCString() };
        // kept only if no newer write was seen meanwhile (the answer may predate it)
        if (v === version) {
          if (entries.size >= MAX_ENTRIES) entries.clear();
          entries.set(key, e);
        }
      }
      return send(req, reply, e);
    },
    clear: () => entries.clear(),
  };
}
export type PublicCache = ReturnType<typeof publicCache>;
