import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { repeatEvery } from '../platform/repeat';

/**
 * PGlite runs no autovacuum. Without it the embedded database's tables keep their dead rows, never get a
 * visibility map (an index-only scan or a capped count then reads the table's pages for every row) and
 * keep the statistics of their first ANALYZE (the planner misjudges a table that has grown since).
 *
 * A pass applies PostgreSQL's own autovacuum rule, with its default settings, to the tables' counters:
 * VACUUM (ANALYZE) when dead rows exceed 50 + 20% of the table or rows inserted since the last vacuum
 * exceed 1,000 + 20%, ANALYZE when rows changed since the last analyze exceed 50 + 10%. The tables due
 * are done one at a time (a 100,000-row table takes some 50–150 ms, during which the embedded
 * database's one connection waits, as it would behind any statement). Answers the tables it touched.
 */
export async function autovacuumPass(db: Db): Promise<string[]> {
  // the counters of statements already run are flushed at the end of the next one
  await db.execute(sql`select pg_stat_force_next_flush()`);
  await db.execute(sql`select 1`);
  const due = (await db.execute<{ name: string; vacuum: boolean }>(sql`
    select format('%I.%I', s.schemaname, s.relname) as name,
      (s.n_dead_tup > 50 + 0.2 * t.n or s.n_ins_since_vacuum > 1000 + 0.2 * t.n) as vacuum
    from pg_stat_user_tables s
    cross join lateral (select greatest(c.reltuples, 0) as n from pg_class c where c.oid = s.relid) t
    where s.n_dead_tup > 50 + 0.2 * t.n or s.n_ins_since_vacuum > 1000 + 0.2 * t.n or s.n_mod_since_analyze > 50 + 0.1 * t.n
    order by s.n_dead_tup + s.n_mod_since_analyze desc`)).rows;
  for (const t of due) await db.execute(sql.raw(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${t.name}`));
  return due.map((t) => t.name);
}

/** runs a pass every `intervalMs` (PostgreSQL's autovacuum naps a minute between rounds) until stopped */
export function startEmbeddedAutovacuum(db: Db, opts: { intervalMs?: number; log?: { warn(obj: unknown, msg?: string): void } } = {}) {
  return repeatEvery(opts.intervalMs ?? 60_000,
    () => autovacuumPass(db).catch((err) => opts.log?.warn({ err }, 'embedded database maintenance pass failed')));
}
