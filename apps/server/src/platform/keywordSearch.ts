import { ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `%keyword%` for ILIKE, the keyword's own `%`, `_` and `\` taken literally */
export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** a keyword this long has a trigram: `ilike` alone is served by the columns' pg_trgm indexes (migration 0041) */
const TRIGRAM = 3;

/**
 * Rows where any of `columns` contains `keyword`, case-insensitive. A keyword of one or two characters (a
 * Chinese given name is two) has no trigram; it is looked up in the GIN index over
 * `bencao_short_grams(array[columns…])` (migration 0048: every character and pair of characters), and the
 * `ilike` rechecks, so the matches are those of `ilike` alone. `columns` must be the index's, in its order.
 */
export function keywordIn(columns: AnyColumn[], keyword: string): SQL {
  const pattern = containsPattern(keyword);
  const any = or(...columns.map((c) => ilike(c, pattern)))!;
  if ([...keyword].length >= TRIGRAM) return sql`(${any})`;
  return sql`(bencao_short_grams(array[${sql.join(columns, sql`, `)}]) @> array[lower(${keyword}::text)] and (${any}))`;
}
