import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './templateDb';

/**
 * A transaction's BEGIN is written with its first statement (db/beginWithFirstStatement.ts): these prove the
 * transaction is still whole (atomic, one transaction for every statement, nothing left open) and that it
 * costs one round trip less, on PGlite and on PostgreSQL alike.
 */
describe('a transaction begins with its first statement', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  const db = () => t.database.db;
  /** answers from the database that end a round trip (ReadyForQuery), counted on every connection of the pool */
  let roundTrips = 0;
  beforeAll(async () => {
    t = await openTestDatabase();
    type Client = { connection: { on(e: string, f: () => void): void } };
    const pool = (db() as unknown as { $client: { on(e: 'acquire', f: (c: Client) => void): void } }).$client;
    const counted = new WeakSet<Client>();
    pool.on('acquire', (client) => {
      if (counted.has(client)) return;
      counted.add(client);
      client.connection.on('readyForQuery', () => { roundTrips++; });
    });
    await db().execute(sql`create table tx_probe (id int primary key, note text not null)`);
  });
  afterAll(async () => { await t?.drop(); });

  const count = async () => (await db().execute<{ n: number }>(sql`select count(*)::int as n from tx_probe`)).rows[0].n;
  const xid = sql`select pg_current_xact_id()::text as x`;

  it('every statement of the transaction runs in one transaction, the first one included (with or without parameters)', async () => {
    const [a, b] = await db().transaction(async (tx) => [
      (await tx.execute<{ x: string; v: number }>(sql`select pg_current_xact_id()::text as x, ${7}::int as v`)).rows[0],
      (await tx.execute<{ x: string }>(xid)).rows[0],
    ]);
    expect(a.v).toBe(7);
    expect(b.x).toBe(a.x);
    const [c, d] = await db().transaction(async (tx) => [(await tx.execute<{ x: string }>(xid)).rows[0], (await tx.execute<{ x: string }>(xid)).rows[0]]);
    expect(d.x).toBe(c.x);
    expect(c.x).not.toBe(a.x);
  });

  it('a row written by the first statement is undone when the transaction fails later, and kept when it commits', async () => {
    await expect(db().transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe (id, note) values (${1}, ${'undone'})`);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await count()).toBe(0);
    await expect(db().transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe (id, note) values (${1}, ${'first'})`);
      await tx.execute(sql`insert into tx_probe (id, note) values (${1}, ${'duplicate key'})`);
    })).rejects.toThrow();
    expect(await count()).toBe(0);
    await db().transaction(async (tx) => { await tx.execute(sql`insert into tx_probe (id, note) values (${2}, ${'kept'})`); });
    expect((await db().execute<{ note: string }>(sql`select note from tx_probe`)).rows).toEqual([{ note: 'kept' }]);
  });

  it('a failing first statement leaves nothing open: the connection serves the next transactions in step', async () => {
    for (let i = 0; i < 3; i++) {
      await expect(db().transaction(async (tx) => { await tx.execute(sql`select 1 / ${0}::int`); })).rejects.toThrow();
      await expect(db().transaction(async (tx) => { await tx.execute(sql`select ${'x'}::int`); })).rejects.toThrow();
    }
    const rows = await db().transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe (id, note) values (${3}, ${'after failures'})`);
      return (await tx.execute<{ id: number }>(sql`select id from tx_probe where id >= ${2} order by id`)).rows;
    });
    expect(rows).toEqual([{ id: 2 }, { id: 3 }]);
    // outside any transaction again: a statement is committed on its own
    await db().execute(sql`delete from tx_probe where id = ${3}`);
    expect(await count()).toBe(1);
  });

  it('a transaction that runs no statement sends nothing, whether it returns or throws', async () => {
    const before = roundTrips;
    expect(await db().transaction(async () => 'nothing')).toBe('nothing');
    await expect(db().transaction(async () => { throw new Error('before any statement'); })).rejects.toThrow('before any statement');
    expect(roundTrips).toBe(before);
    expect(await count()).toBe(1);
  });

  it('costs one round trip less: begin + two statements + commit are three answers, not four', async () => {
    const before = roundTrips;
    await db().transaction(async (tx) => {
      await tx.execute(sql`select ${1}::int as a`);
      await tx.execute(sql`select ${2}::int as b`);
    });
    expect(roundTrips - before).toBe(3);
  });
});
