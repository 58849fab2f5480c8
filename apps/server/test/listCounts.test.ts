import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * A large list is counted only where a count can end near the page: the planner's estimate is asked first, and
 * a list it expects far past the count's cap (four times the ten pages past the one shown, and 5,000 rows at
 * least) is answered with that estimate,
 * marked approximate ("about N" in the console), without testing thousands of rows for it. A list the planner
 * expects small is counted exactly, as before; pages are the same either way.
 */
let s: TestServer;
let admin: string;
/** the statements the server sends to the database, in order */
let sent: string[] = [];
const N = 12_000;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  const db = s.built.deps.db;
  await db.execute(sql`truncate login_logs, operation_logs, client_errors`);
  // N rows in each log (far past 5,000), one in 100 a failure; the times a second apart, newest the highest g
  await db.execute(sql`insert into login_logs (user_id, ip, user_agent, outcome, reason, created_at)
    select 'user' || lpad((g % 50)::text, 4, '0'), '10.0.' || (g % 7) || '.' || (g % 250), 'test',
      case when g % 100 = 0 then 'failure' else 'success' end, case when g % 100 = 0 then 'password' else 'ok' end,
      timestamptz '2026-01-05 08:00:00+00' + (g || ' seconds')::interval
    from generate_series(1, ${N}) g`);
  await db.execute(sql`insert into operation_logs (user_id, module, operation, method, path, result, status, duration_ms, created_at)
    select 'user' || lpad((g % 50)::text, 4, '0'), 'cms', 'POST /api/cms/articles', 'POST', '/api/cms/articles',
      case when g % 100 = 0 then 'failure' else 'success' end, 200, g % 90, timestamptz '2026-01-05 08:00:00+00' + (g || ' seconds')::interval
    from generate_series(1, ${N}) g`);
  await db.execute(sql`insert into client_errors (message, url, user_agent, created_at)
    select 'TypeError: x is undefined #' || g, 'http://127.0.0.1/console/#/page/' || (g % 97), 'test', timestamptz '2026-01-05 08:00:00+00' + (g || ' seconds')::interval
    from generate_series(1, ${N}) g`);
  await db.execute(sql`analyze login_logs`);
  await db.execute(sql`analyze operation_logs`);
  await db.execute(sql`analyze client_errors`);
  const pool = (db as unknown as { $client: { query: (c: unknown, v?: unknown) => Promise<unknown> } }).$client;
  const query = pool.query.bind(pool);
  pool.query = (c: unknown, v?: unknown) => {
    sent.push(typeof c === 'string' ? c : String((c as { text?: string })?.text ?? ''));
    return query(c, v);
  };
});
afterAll(async () => { await s?.close(); });

const data = async (path: string) => {
  sent = [];
  const res = await s.request('GET', path, { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number; approximate?: true; records: { id: number; outcome?: string; result?: string }[] };
};
const counted = () => sent.filter((t) => /count\(\*\)/i.test(t));

describe('the count of a large list', () => {
  it('is not taken when the planner expects the list far past ten pages: the estimate answers, marked approximate', async () => {
    for (const path of ['/api/audit/login-logs?limit=10', '/api/audit/operation-logs?limit=20', '/api/audit/client-errors?limit=10&page=3']) {
      const p = await data(path);
      expect(p, path).toMatchObject({ total: N, approximate: true });
      expect(p.records.length, path).toBeGreaterThan(0);
      expect(counted(), path).toEqual([]);
    }
  });

  it('is exact, and taken with the page, when the planner expects few rows', async () => {
    const [{ n }] = (await s.built.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from login_logs where outcome = 'failure'`)).rows;
    expect(n).toBeGreaterThanOrEqual(120);
    const failures = await data('/api/audit/login-logs?outcome=failure&limit=20');
    expect(failures.total).toBe(n);
    expect(failures).not.toHaveProperty('approximate');
    expect(failures.records.every((r) => r.outcome === 'failure')).toBe(true);
    expect(counted().length).toBe(1);
    const last = await data('/api/audit/operation-logs?result=failure&limit=20&page=3');
    expect(last.total).toBe(120);
    expect(last.records.length).toBe(20);
    expect(last).not.toHaveProperty('approximate');
  });

  it('ends the list exactly at its last, short page', async () => {
    const end = await data('/api/audit/login-logs?limit=70&page=172');
    expect(end.records.length).toBe(N - 171 * 70);
    expect(end.total).toBe(N);
    expect(end).not.toHaveProperty('approximate');
    expect((await data('/api/audit/login-logs?limit=70&page=173')).records).toEqual([]);
  });

  it('pages the same rows, newest first, whether counted or estimated', async () => {
    const ids: number[] = [];
    for (const page of [1, 2, 3]) ids.push(...(await data(`/api/audit/login-logs?limit=10&page=${page}`)).records.map((r) => r.id));
    const [{ newest }] = (await s.built.deps.db.execute<{ newest: number }>(sql`select max(id)::int as newest from login_logs`)).rows;
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => newest - i));
  });
});
