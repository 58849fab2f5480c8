import { asc, desc, sql, type SQL, type AnyColumn, type Table } from 'drizzle-orm';
import type { PageQuery } from '@bencao/contracts';

/** ORDER BY from `sort`/`order`, checked against a whitelist of sortable columns. */
export function orderBy(q: PageQuery, sortable: Record<string, AnyColumn>, fallback: SQL | AnyColumn): SQL[] {
  const col = q.sort ? sortable[q.sort] : undefined;
  if (!col) return [fallback as SQL];
  const descending = q.order === 'desc' || q.order === 'descend';
  return [descending ? desc(col) : asc(col)];
}

export const offsetOf = (q: PageQuery) => (q.page - 1) * q.limit;

/**
 * ORDER BY of a large list: the sort's columns (validated against the list's `sortOf` whitelist) then the
 * id, all in one direction, so an index on (columns…, id) is read in order and pages never overlap;
 * no sort: `fallback`.
 */
export function indexedOrder(q: PageQuery, sortable: Record<string, AnyColumn | AnyColumn[]>, fallback: SQL[], id: AnyColumn): SQL[] {
  const cols = q.sort ? sortable[q.sort] : undefined;
  if (!cols) return fallback;
  const d = q.order === 'desc' || q.order === 'descend' ? desc : asc;
  return [...([] as AnyColumn[]).concat(cols), id].map((c) => d(c));
}

/** from this many rows skipped on, a page is read ids first (`pageRead`) */
export const DEEP_OFFSET = 1_000;

/**
 * The WHERE and OFFSET that read a page of a large list. Up to DEEP_OFFSET rows skipped: as asked. Past it,
 * the page's ids are found first — `id in (select id … order by … limit … offset …)`, which an index on the
 * order's columns and the id answers by an index-only scan, not reading the rows it skips — and only those
 * rows are read.
 */
export function pageRead(q: PageQuery, table: Table, id: AnyColumn, where: SQL | undefined, order: SQL[]): { where: SQL | undefined; offset: number } {
  const offset = offsetOf(q);
  if (offset < DEEP_OFFSET) return { where, offset };
  return { where: sql`${id} in (select ${id} from ${table} where ${where ?? sql`true`} order by ${sql.join(order, sql`, `)} limit ${q.limit} offset ${offset})`, offset: 0 };
}
