import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@bencao/contracts';
import type { Db } from '../db/client';
import { offsetOf } from './paging';

/**
 * `count(*)` of a big list costs a scan of every matching row on each page view. Counted exactly up to
 * `cap` rows (at least ten pages past the one shown); past that the planner's row estimate answers (never
 * below cap + 1), as big consoles do — the page count is approximate, every page still opens.
 */
export async function cappedCount(db: Db, rows: SQL, cap: number): Promise<number> {
  const [{ n }] = (await db.execute<{ n: number }>(sql`select ${cappedCountSql(rows, cap)} as n`)).rows;
  return settleCount(db, rows, cap, Number(n));
}

/**
 * The capped count as a scalar subquery, to be selected alongside a page's rows so that a list is one
 * statement (an uncorrelated subquery: evaluated once per statement, not per row). Its value goes through
 * `settleCount` with the same `rows` and `cap`.
 */
export const cappedCountSql = (rows: SQL, cap: number): SQL => sql`(select count(*)::int from (${rows} limit ${cap + 1}) capped)`;

/**
 * The total of a list from the capped count selected with its page: exact up to `cap`; past it the
 * planner's estimate (one EXPLAIN, no scan); `counted` undefined (the page came back empty, so no row
 * carried the count): counted now.
 */
export async function settleCount(db: Db, rows: SQL, cap: number, counted: number | undefined): Promise<number> {
  if (counted === undefined) return cappedCount(db, rows, cap);
  if (counted <= cap) return counted;
  return Math.max(cap + 1, await estimateOf(db, rows));
}

/**
 * The planner's estimate of the number of `rows` (one EXPLAIN, no scan). Kept a few seconds per statement and
 * parameters: it is approximate anyway, and a list would otherwise pay a second statement on every page view.
 */
export async function estimateOf(db: Db, rows: SQL): Promise<number> {
  const q = dialect.sqlToQuery(rows);
  const key = `${q.sql}\u0000${JSON.stringify(q.params)}`;
  const now = Date.now();
  const kept = estimates.get(key);
  if (kept && kept.until > now) return kept.n;
  const plan = (await db.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${rows}`)).rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];
  const n = Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
  if (estimates.size >= MAX_ESTIMATES) estimates.clear();
  estimates.set(key, { n, until: now + ESTIMATE_MS });
  return n;
}

const dialect = new PgDialect();
/** planner estimates by statement text and parameters: how long one is used, how many are kept (all dropped when full) */
const ESTIMATE_MS = 10_000;
const MAX_ESTIMATES = 1_000;
const estimates = new Map<string, { n: number; until: number }>();

/** the exact-count limit for a page: at least 1,000 rows, ten pages past the one shown */
export const countCapOf = (q: PageQuery) => Math.max(1000, offsetOf(q) + q.limit * 10);

/**
 * The exact-count limit of a large list (100,000 rows and more): ten pages past the one shown, never more than
 * 10,000 rows, so a deep page does not count every row it skips and a common keyword does not test thousands of
 * rows for a count nobody pages through; past that the estimate answers, and `totalOfPage` keeps the total
 * consistent with the page shown.
 */
export const listCapOf = (q: PageQuery) => Math.min(offsetOf(q) + q.limit * 10, 10_000);

/** the settled total of a list and its page (`shown` rows): a short page ends the list there; a full one is never past the total */
export const totalOfPage = (q: PageQuery, total: number, shown: number) =>
  shown > 0 && shown < q.limit ? offsetOf(q) + shown : Math.max(total, offsetOf(q) + shown);

/**
 * A large list's total from the capped count selected with its page (`counted`, undefined when the page was
 * empty) and the page's length: `approximate: true` when it is the planner's estimate, which the console shows
 * as "about".
 */
export async function listTotal(db: Db, rows: SQL, cap: number, counted: number | undefined, q: PageQuery, shown: number): Promise<{ total: number; approximate?: true }> {
  const settled = await settleCount(db, rows, cap, counted);
  const exact = settled <= cap || (shown > 0 && shown < q.limit);
  const total = totalOfPage(q, settled, shown);
  return exact ? { total } : { total, approximate: true };
}

/**
 * A list the planner expects to hold this many times its count cap, and at least ESTIMATE_FLOOR rows, is not
 * counted: its estimate answers. The floor keeps small lists exact where the planner only guesses: a table never
 * analysed is taken to fill ten pages, a thousand rows or two.
 */
const ESTIMATE_FIRST = 4;
const ESTIMATE_FLOOR = 5_000;

/**
 * The count of a large list, decided before its page is read. The planner's estimate comes first (kept, see
 * `estimateOf`): a list it expects far past the cap (see ESTIMATE_FIRST) is not counted at all — counting
 * would test cap + 1 matching rows (a deep page's cap: 10,000) only to answer the estimate anyway — and its
 * total is the estimate, marked approximate (never below the rows up to the page shown; a short page ends the
 * list exactly). Otherwise the capped count is selected alongside the page (`column`), as before. `total`
 * takes the page's first `total` value and its length.
 */
export async function listCount(db: Db, rows: SQL, q: PageQuery) {
  const cap = listCapOf(q);
  const estimate = await estimateOf(db, rows);
  const counted = estimate < Math.max(cap * ESTIMATE_FIRST, ESTIMATE_FLOOR);
  return {
    column: (counted ? cappedCountSql(rows, cap) : sql`null`).mapWith(Number),
    async total(first: number | null | undefined, shown: number): Promise<{ total: number; approximate?: true }> {
      if (counted || shown === 0) return listTotal(db, rows, cap, counted ? first ?? undefined : undefined, q, shown);
      if (shown < q.limit) return { total: offsetOf(q) + shown };
      return { total: Math.max(estimate, offsetOf(q) + shown), approximate: true };
    },
  };
}
