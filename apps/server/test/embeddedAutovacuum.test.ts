import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, pgUrl } from './templateDb';
import { autovacuumPass } from '../src/db/embeddedAutovacuum';
import type { Db } from '../src/db/client';

// PostgreSQL runs its own autovacuum, which would race these counters: the pass is the embedded database's
describe.skipIf(!!pgUrl())('embedded database maintenance (PGlite has no autovacuum)', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let db: Db;
  const TABLE = 'public.maintenance_probe';
  const allVisiblePages = async () => Number((await db.execute<{ n: number }>(sql`select relallvisible as n from pg_class where relname = 'maintenance_probe'`)).rows[0].n);
  beforeAll(async () => {
    t = await openTestDatabase();
    db = t.database.db;
    await db.execute(sql`create table maintenance_probe (id serial primary key, v int not null)`);
    await autovacuumPass(db); // whatever the seed left due
  });
  afterAll(async () => { await t?.drop(); });

  it('vacuums a table once enough rows were inserted, and then leaves it alone', async () => {
    await db.execute(sql`insert into maintenance_probe (v) select g from generate_series(1, 5000) g`);
    expect(await allVisiblePages()).toBe(0);
    expect(await autovacuumPass(db)).toContain(TABLE);
    // the visibility map is set: index-only scans and counts stop reading every page of the table
    expect(await allVisiblePages()).toBeGreaterThan(0);
    const [stats] = (await db.execute<{ vacuumed: boolean; analysed: boolean }>(sql`
      select last_vacuum is not null as vacuumed, last_analyze is not null as analysed from pg_stat_user_tables where relname = 'maintenance_probe'`)).rows;
    expect(stats).toEqual({ vacuumed: true, analysed: true });
    expect(await autovacuumPass(db)).not.toContain(TABLE);
  });

  it('follows PostgreSQL\'s thresholds: a few changed rows wait, a fifth of the table dead is vacuumed', async () => {
    await db.execute(sql`update maintenance_probe set v = v + 1 where id <= 40`);
    expect(await autovacuumPass(db)).not.toContain(TABLE);
    await db.execute(sql`update maintenance_probe set v = v + 1 where id <= 1200`);
    expect(await autovacuumPass(db)).toContain(TABLE);
    const [{ dead }] = (await db.execute<{ dead: number }>(sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'maintenance_probe'`)).rows;
    expect(dead).toBe(0);
  });
});
