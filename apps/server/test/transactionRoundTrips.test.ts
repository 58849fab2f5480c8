import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './templateDb';
import { execute } from '../src/db/execute';

/**
 * A transaction's BEGIN is written with its first statement, its COMMIT with the statement marked last
 * (db/transactionRoundTrips.ts): these prove the transaction is still whole (atomic, one transaction for every
 * statement, nothing left open) and that it costs fewer round trips, on PGlite and on PostgreSQL alike.
 */
describe('a transaction begins with its first statement and may commit with its last', () => {
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

  it('a statement marked last commits the transaction with it: begin + two statements + commit are two answers, one for a lone statement', async () => {
    let before = roundTrips;
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe (id, note) values (${10}, ${'first'})`);
      await execute(tx, sql`insert into tx_probe (id, note) values (${11}, ${'last'})`, { last: true });
    });
    expect(roundTrips - before).toBe(2);
    before = roundTrips;
    const rows = await db().transaction(async (tx) => (await execute<{ n: number }>(tx, sql`select count(*)::int as n from tx_probe where id >= ${10}`, { last: true })).rows);
    expect(rows).toEqual([{ n: 2 }]);
    expect(roundTrips - before).toBe(1);
    // committed: seen from outside, and nothing is left open on the connection
    expect((await db().execute<{ note: string }>(sql`select note from tx_probe where id >= ${10} order by id`)).rows.map((r) => r.note)).toEqual(['first', 'last']);
    expect((await db().execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where state like ${'idle in transaction%'} and pid = pg_backend_pid()`)).rows).toEqual([{ n: 0 }]);
  });

  it('a last statement that fails commits nothing: the whole transaction is undone', async () => {
    await expect(db().transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe (id, note) values (${20}, ${'undone with the last'})`);
      await execute(tx, sql`insert into tx_probe (id, note) values (${10}, ${'duplicate key'})`, { last: true });
    })).rejects.toThrow();
    expect((await db().execute<{ n: number }>(sql`select count(*)::int as n from tx_probe where id = ${20}`)).rows).toEqual([{ n: 0 }]);
    // the connection is in step for the next transaction
    await db().transaction(async (tx) => { await execute(tx, sql`insert into tx_probe (id, note) values (${21}, ${'next'})`, { last: true }); });
    expect((await db().execute<{ n: number }>(sql`select count(*)::int as n from tx_probe where id = ${21}`)).rows).toEqual([{ n: 1 }]);
  });

  it('a statement after the last one is refused (it would run outside the transaction); outside a transaction "last" is refused', async () => {
    await expect(db().transaction(async (tx) => {
      await execute(tx, sql`insert into tx_probe (id, note) values (${30}, ${'committed'})`, { last: true });
      await tx.execute(sql`insert into tx_probe (id, note) values (${31}, ${'too late'})`);
    })).rejects.toMatchObject({ cause: { message: 'a statement after the one that committed its transaction' } });
    expect((await db().execute<{ id: number }>(sql`select id from tx_probe where id in (${30}, ${31}) order by id`)).rows).toEqual([{ id: 30 }]);
    await expect(execute(db(), sql`select ${1}::int`, { last: true })).rejects.toThrow('only the outermost transaction');
    await expect(db().transaction((tx) => tx.transaction((inner) => execute(inner, sql`select ${1}::int`, { last: true })))).rejects.toThrow('only the outermost transaction');
  });
});
