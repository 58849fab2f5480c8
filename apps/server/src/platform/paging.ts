import { asc, desc, type SQL, type AnyColumn } from 'drizzle-orm';
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
