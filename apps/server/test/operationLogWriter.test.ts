import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './templateDb';
import { logWriter } from '../src/platform/operationLog';

describe('operation log writer', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  /** insert statements into operation_logs sent outside a transaction */
  let inserts = 0;
  beforeAll(async () => {
    t = await openTestDatabase();
    const client = (t.database.db as unknown as { $client: { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    client.query = (text: unknown, ...rest: unknown[]) => {
      if ((typeof text === 'string' ? text : String((text as { text?: string }).text)).startsWith('insert into "operation_logs"')) inserts++;
      return query(text, ...rest);
    };
  });
  afterAll(async () => { await t?.drop(); });

  const row = (path: string, status = 200) => ({ module: 'test', operation: 'POST /api/test', method: 'POST', path, result: 'success' as const, status, durationMs: 1 });
  const stored = async (prefix: string) => (await t.database.db.execute<{ path: string }>(sql`select path from operation_logs where path like ${`${prefix}%`} order by path`)).rows.map((r) => r.path);

  it('stores every row before its promise settles, the rows that arrive together in few statements', async () => {
    const write = logWriter(t.database.db);
    const paths = Array.from({ length: 40 }, (_, i) => `/batch/${String(i).padStart(2, '0')}`);
    inserts = 0;
    await Promise.all(paths.map(async (p) => {
      await write(row(p));
      // the caller's own row is there as soon as its write has settled
      expect(await stored(p)).toEqual([p]);
    }));
    expect(await stored('/batch/')).toEqual(paths);
    expect(inserts).toBeLessThanOrEqual(3);
  });

  it('a row the database refuses fails alone: the others of its batch are stored', async () => {
    const write = logWriter(t.database.db);
    const results = await Promise.allSettled([write(row('/mixed/a')), write(row('/mixed/b')), write(row('/mixed/c', 2 ** 40)), write(row('/mixed/d'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await stored('/mixed/')).toEqual(['/mixed/a', '/mixed/b', '/mixed/d']);
  });

  it('idle() settles once every row handed over is stored, those still queued behind a running insert included (the app waits for it when it closes)', async () => {
    const write = logWriter(t.database.db);
    await write.idle(); // nothing handed over: settles at once
    const paths = Array.from({ length: 120 }, (_, i) => `/idle/${String(i).padStart(3, '0')}`);
    // handed over without waiting for them, as a request whose client has gone does
    for (const p of paths) void write(row(p));
    await write.idle();
    expect(await stored('/idle/')).toEqual(paths);
  });
});
