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
