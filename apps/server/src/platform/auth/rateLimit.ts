import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateBuckets, rateCounters } from '../../db/schema/index';
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

  let purgedBuckets = 0;
  /**
   * bucket → the moment it lets a request through again, as the database last answered: a refusal takes
   * nothing and the moment only moves later (on any process), so refusing locally until then is what the
   * database would answer, and a flood past its burst costs no statement
   */
  const refusedUntil = new Map<string, number>();

  /**
   * A token bucket per key holding `capacity` requests and refilled at `perMinute`, in its GCRA form:
   * the row keeps the moment the bucket is full again (`tat_ms`); a request passes while that lies at
   * most `capacity - 1` refills ahead of now, and moves it one refill further. One atomic upsert, so
   * every process shares the bucket; a refused request takes nothing from it.
   */
  async function take(bucket: string, capacity: number, perMinute: number): Promise<RateDecision> {
    const ms = now().getTime();
    const until = refusedUntil.get(bucket);
    if (until !== undefined) {
      if (until > ms) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - ms) / 1000)) };
      refusedUntil.delete(bucket);
    }
    const interval = Math.max(1, Math.round(MINUTE / Math.max(perMinute, 1)));
    const tolerance = (capacity - 1) * interval;
    const res = await db.execute<{ granted: number; tat: string | number | null }>(sql`
      with granted as (
        insert into ${rateBuckets} (bucket, tat_ms) values (${bucket}, ${ms + interval}::bigint)
        on conflict (bucket) do update set tat_ms = greatest(${rateBuckets.tatMs}, ${ms}::bigint) + ${interval}::bigint
          where ${rateBuckets.tatMs} - ${ms}::bigint <= ${tolerance}::bigint
        returning 1
      )
      select (select count(*) from granted)::int as granted,
             (select tat_ms from ${rateBuckets} where bucket = ${bucket}) as tat`);
    const { granted, tat } = res.rows[0];
    const minute = Math.floor(ms / MINUTE);
    if (purgedBuckets !== minute) {
      // Once a minute per process: a bucket that is full again is the same as no row.
      purgedBuckets = minute;
      await db.delete(rateBuckets).where(lt(rateBuckets.tatMs, ms));
    }
    if (granted) return { allowed: true, retryAfterSeconds: 0 };
    const allowedAt = tat === null ? ms + interval : Number(tat) - tolerance;
    if (refusedUntil.size >= 10_000) for (const [b, t] of refusedUntil) if (t <= ms) refusedUntil.delete(b);
    if (refusedUntil.size < 10_000) refusedUntil.set(bucket, allowedAt);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((allowedAt - ms) / 1000)) };
  }

  /** Takes from the burst bucket; throws 429 when it is empty. A capacity below 1 means no burst limit. */
  async function enforceBurst(bucket: string, capacity: number, perMinute: number, reply?: { header(name: string, value: string): unknown }) {
    if (capacity < 1 || perMinute < 1) return;
    const d = await take(bucket, capacity, perMinute);
    if (d.allowed) return;
    reply?.header('retry-after', String(d.retryAfterSeconds));
    throw new AppError(429, 'error.tooManyRequests');
  }

  return { hit, enforce, take, enforceBurst };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;
