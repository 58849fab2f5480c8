import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './templateDb';

describe('the database driver (PGlite and PostgreSQL alike)', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => { t = await openTestDatabase(); });
  afterAll(async () => { await t?.drop(); });

  it('a parameterised statement run twice is a named prepared statement of its connection; a one-off is not', async () => {
    const db = t.database.db;
    const found = await db.transaction(async (tx) => {
      const probe = (id: number) => tx.execute(sql`select user_id from accounts where id = ${id} and ${'prepared-probe'} <> ''`);
      await probe(1);
      await probe(2);
      await tx.execute(sql`select user_name from accounts where id = ${3}`);
      return (await tx.execute<{ name: string; statement: string }>(sql`select name, statement from pg_prepared_statements`)).rows;
    });
    const probe = found.filter((r) => r.statement.includes('from accounts where id = $1'));
    expect(probe).toHaveLength(1);
    expect(probe[0].name).toMatch(/^s_/);
    // the values are parameters, so both probes were one text; a text seen once takes no slot
    expect(found.filter((r) => r.statement.includes('select user_name from accounts'))).toHaveLength(0);
  });

  it('a statement that fails outside a transaction leaves the connection in step: the next ones get their own answers', async () => {
    const db = t.database.db;
    const one = (v: number) => db.execute<{ x: number }>(sql`select ${v}::int as x`);
    await one(1);
    await one(2); // prepared by now
    await expect(one(2 ** 40)).rejects.toThrow();
    await expect(db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow();
    expect((await one(3)).rows).toEqual([{ x: 3 }]);
    expect((await db.execute<{ y: string }>(sql`select 'plain' as y`)).rows).toEqual([{ y: 'plain' }]);
    expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from accounts where user_id = ${'admin'}`)).rows).toEqual([{ n: 1 }]);
  });
});
