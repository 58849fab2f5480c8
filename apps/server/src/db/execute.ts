import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import type { Db } from './client';

/** a drizzle database or transaction: anything with `execute` */
type Queryable = Pick<Db, 'execute'>;
type Rows<T> = { rows: T[] };

// drizzle's own symbols on a table (Table.Symbol at run time)
const NAME = Symbol.for('drizzle:Name');
const SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const tableName = (table: Table) => {
  const t = table as unknown as Record<symbol, string | boolean | undefined>;
  const name = quote(t[NAME] as string);
  return t[SCHEMA] === undefined || t[IS_ALIAS] ? name : `${quote(t[SCHEMA] as string)}.${name}`;
};

const ENTITY_KIND = Symbol.for('drizzle:entityKind');
/**
 * anything drizzle gives a meaning of its own (a view, an alias, a subquery, an enum, a query builder) rather than a
 * value; read from the prototype, not `.constructor`: a subquery is a proxy that answers its own properties
 */
const isDrizzleThing = (chunk: unknown) => typeof chunk === 'function'
  || (typeof chunk === 'object' && chunk !== null && (ENTITY_KIND in (Object.getPrototypeOf(chunk)?.constructor ?? {}) || typeof (chunk as { getSQL?: unknown }).getSQL === 'function'));

/** thrown inside `toQuery` for a chunk it leaves to drizzle */
const UNSUPPORTED = Symbol('unsupported');

/**
 * The text and parameters of a statement, as drizzle's PostgreSQL dialect builds them, or null for a
 * statement holding anything but text, values, parameters, nested SQL, tables, columns, names and lists
 * (placeholders, aliases, subqueries, views, inlined values: drizzle builds those).
 *
 * Why: drizzle identifies each chunk with `is()` checks that walk prototype chains; building the statements
 * of a task completion that way was a quarter of the server's CPU per completion. Here one `instanceof` per
 * chunk decides. `execute.test.ts` holds it to drizzle's own output.
 */
export function toQuery(statement: SQL): { sql: string; params: unknown[] } | null {
  const params: unknown[] = [];
  let text = '';
  const walk = (chunks: readonly unknown[]) => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) text += chunk.value.join('');
      else if (chunk instanceof Param) {
        if (chunk.value instanceof Placeholder) throw UNSUPPORTED;
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL) throw UNSUPPORTED;
        params.push(value);
        text += `$${params.length}`;
      } else if (chunk instanceof SQL) {
        if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw UNSUPPORTED;
        walk(chunk.queryChunks);
      } else if (chunk instanceof Column) text += `${tableName(chunk.table)}.${quote(chunk.name)}`;
      else if (chunk instanceof Table) text += tableName(chunk);
      else if (chunk instanceof Name) text += quote(chunk.value);
      else if (chunk === undefined) continue;
      else if (Array.isArray(chunk)) {
        text += '(';
        chunk.forEach((item, i) => { if (i) text += ', '; walk([item]); });
        text += ')';
      } else if (isDrizzleThing(chunk)) throw UNSUPPORTED;
      else {
        // a value written straight into the template: a parameter as it is
        params.push(chunk);
        text += `$${params.length}`;
      }
    }
  };
  try {
    if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return null;
    walk(statement.queryChunks);
  } catch (e) {
    if (e === UNSUPPORTED) return null;
    throw e;
  }
  return { sql: text, params };
}

/**
 * `q.execute(statement)` with the statement built by `toQuery` (drizzle builds what it leaves), sent to the same
 * connection: the pool, or the transaction's client. Answers what drizzle's `execute` answers (the driver's
 * result, rows as objects).
 *
 * `last`: the statement is the transaction's last (nothing after it can fail): its COMMIT is sent with it
 * (db/transactionRoundTrips.ts). Only for the outermost transaction; ignored where drizzle builds the statement.
 */
export async function execute<T extends Record<string, unknown>>(q: Queryable, statement: SQL, options: { last?: boolean } = {}): Promise<Rows<T>> {
  const built = toQuery(statement);
  const client = (q as unknown as { _?: { session?: { client?: { query?: (config: { text: string; commitAfter?: boolean }, values: unknown[]) => Promise<Rows<T>> } } } })._?.session?.client;
  if (!built || typeof client?.query !== 'function') return q.execute<T>(statement) as Promise<Rows<T>>;
  if (options.last && (q as unknown as { nestedIndex?: number }).nestedIndex !== 0) throw new Error('only the outermost transaction commits with its last statement');
  return client.query({ text: built.sql, ...(options.last ? { commitAfter: true } : {}) }, built.params);
}
