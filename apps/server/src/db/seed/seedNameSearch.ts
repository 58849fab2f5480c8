import { or, sql, type Column, type SQL } from 'drizzle-orm';
import { seededNamesContaining, type SeedKind } from './seedNames';

/**
 * A list's keyword condition for seeded names: the rows whose seeded name reads with the keyword in some
 * language, as long as they still carry a seeded name (a row an operator renamed matches by its own name only).
 * `code` and `name` are a table's columns, or a raw query's (sql`o.code`).
 */
export function seededNameLike(kind: SeedKind, code: Column | SQL, name: Column | SQL, keyword: string): SQL | undefined {
  const hits = seededNamesContaining(kind, keyword);
  return hits.length
    ? or(...hits.map(([c, names]) => sql`(${code} = ${c} and ${name} in (${sql.join(names.map((n) => sql`${n}`), sql`, `)}))`))
    : undefined;
}
