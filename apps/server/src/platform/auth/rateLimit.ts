import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateCounters } from '../../db/schema/index';
import { AppError } from '../errors';

const MINUTE = 60_000;

export interface RateDecision { allowed: boolean; retryAfterSeconds: number }

/**
 * Requests per bucket (e.g. "login:<address>") and minute, counted in the database with one atomic
 * upsert so every server process shares the count. The decision is a sliding window: the hits of
 * this minute plus those of the previous minute weighted by how much of it still lies within the
 * last 60 s, so a burst that straddles a minute boundary gets no second allowance.
 */
export function rateLimiter(db: Db, now: () => Date = () => new Date()) {
  let purgedWindow = 0;

  async function hit(bucket: string, limit: number): Promise<RateDecision> {
    const ms = now().getTime();
    const window = Math.floor(ms / MINUTE);
    const res = await db.execute<{ hits: number; previous: number }>(sql`
      with cur as (
        insert into ${rateCounters} (bucket, "window", hits) values (${bucket}, ${window}, 1)
        on conflict (bucket, "window") do update set hits = ${rateCounters}.hits + 1
        returning hits
      )
      select (select hits from cur)::int as hits,
             coalesce((select hits from ${rateCounters} where bucket = ${bucket} and "window" = ${window - 1}), 0)::int as previous`);
    const { hits, previous } = res.rows[0];
    const elapsed = (ms - window * MINUTE) / MINUTE;
    const estimate = previous * (1 - elapsed) + hits;
    if (purgedWindow !== window) {
      // Once a minute per process, windows older than the previous one go.
      purgedWindow = window;
      await db.delete(rateCounters).where(lt(rateCounters.window, window - 1));
    }
    if (estimate <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - elapsed) * 60)) };
  }

  /** Counts the request; throws 429 ("too many requests") past the limit. A limit below 1 means no limit. */
  async function enforce(bucket: string, limit: number, reply?: { header(name: string, value: string): unknown }) {
    if (limit < 1) return;
    const d = await hit(bucket, limit);
    if (d.allowed) return;
    reply?.header('retry-after', String(d.retryAfterSeconds));
    throw new AppError(429, 'error.tooManyRequests');
  }

  return { hit, enforce };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
