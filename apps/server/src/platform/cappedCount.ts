import { sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@bencao/contracts';
import type { Db } from '../db/client';
import { offsetOf } from './paging';

/**
 * `count(*)` of a big list costs a scan of every matching row on each page view. Counted exactly up to
 * `cap` rows (at least ten pages past the one shown); past that the planner's row estimate answers (never
 * below cap + 1), as big consoles do — the page count is approximate, every page still opens.
 */
export async function cappedCount(db: Db, rows: SQL, cap: number): Promise<number> {
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows} limit ${cap + 1}) capped`)).rows;
  if (Number(n) <= cap) return Number(n);
  const plan = (await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${rows}`)).rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.max(cap + 1, Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0));
}

/** the exact-count limit for a page: at least 1,000 rows, ten pages past the one shown */
export const countCapOf = (q: PageQuery) => Math.max(1000, offsetOf(q) + q.limit * 10);
