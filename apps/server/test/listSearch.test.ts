import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * The large lists (operation log, login log, client errors, accounts, workflow monitor) search their
 * keywords through trigram indexes, count at most a few pages past the one shown, and sort only on
 * indexed columns. Users see the same answers: every match found (Latin and Chinese substrings, any
 * case, shorter than a trigram too), deep pages in order without overlap, other sorts refused.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  const db = s.built.deps.db;
  await db.execute(sql`truncate client_errors`);
  // 3,000 rows with one creation time: the order between them is the id's
  await db.execute(sql`insert into client_errors (message, url, user_agent, created_at)
    select case when g % 500 = 0 then '采购申请单提交失败 #' || g when g % 7 = 0 then 'RangeError: Invalid array length #' || g else 'TypeError: x is undefined #' || g end,
      'http://127.0.0.1/console/#/page/' || (g % 97), 'test', timestamptz '2026-01-05 08:00:00+00'
    from generate_series(1, 3000) g`);
  await db.execute(sql`analyze client_errors`);
});
afterAll(async () => { await s?.close(); });

const get = async (path: string, lang = 'en') => {
  const res = await s.request('GET', path, { token: admin, lang });
  return res;
};
const data = async (path: string) => {
  const res = await get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { total: number; records: any[] };
};
const numberOf = (message: string) => Number(message.split('#')[1]);

describe('keyword search', () => {
  it('finds every client error containing the keyword, in any case, Chinese substrings and short ones included', async () => {
    const chinese = await data('/api/audit/client-errors?keyword=' + encodeURIComponent('购申请') + '&limit=50');
    expect(chinese.total).toBe(6);
    expect(chinese).not.toHaveProperty('approximate');
    expect(chinese.records.map((r) => numberOf(r.message)).sort((a, b) => a - b)).toEqual([500, 1000, 1500, 2000, 2500, 3000]);
    // two characters: no trigram, the same rows
    expect((await data('/api/audit/client-errors?keyword=' + encodeURIComponent('采购') + '&limit=50')).total).toBe(6);
    expect((await data('/api/audit/client-errors?keyword=' + encodeURIComponent('提交失败') + '&limit=50')).total).toBe(6);
    const range = await data('/api/audit/client-errors?keyword=rangeerror&limit=500');
    const expected = Array.from({ length: 3000 }, (_, i) => i + 1).filter((g) => g % 500 !== 0 && g % 7 === 0);
    expect(range.total).toBe(expected.length);
    expect(range.records.map((r) => numberOf(r.message)).sort((a, b) => a - b)).toEqual(expected);
    // the url is searched too
    expect((await data('/api/audit/client-errors?keyword=' + encodeURIComponent('/page/96') + '&limit=1')).total).toBe(Array.from({ length: 3000 }, (_, i) => i + 1).filter((g) => g % 97 === 96).length);
    expect((await data('/api/audit/client-errors?keyword=nothing-like-this')).total).toBe(0);
  });

  it('finds accounts by a part of their name in Chinese and of their user id', async () => {
    for (const [userId, userName] of [['zhangsanfeng', '张三丰'], ['lisi-x', '李四'], ['wangwu', '王五丰']]) {
      const res = await s.request('POST', '/api/security/accounts', { token: admin, body: { userId, userName, password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const feng = await data('/api/security/accounts?keyword=' + encodeURIComponent('丰') + '&sort=userId&order=asc');
    expect(feng.records.map((r) => r.userId)).toEqual(['wangwu', 'zhangsanfeng']);
    expect((await data('/api/security/accounts?keyword=' + encodeURIComponent('张三丰'))).records.map((r) => r.userId)).toEqual(['zhangsanfeng']);
    expect((await data('/api/security/accounts?keyword=SANFE')).records.map((r) => r.userId)).toEqual(['zhangsanfeng']);
  });

  it('finds operation log rows by a part of the user id and of the operation', async () => {
    const db = s.built.deps.db;
    await db.execute(sql`insert into operation_logs (user_id, module, operation, method, path, result, status, duration_ms)
      values ('药剂师甲', 'cms', 'POST /api/cms/articles', 'POST', '/api/cms/articles', 'success', 200, 5),
             ('pharmacist-b', 'cms', 'DELETE /api/cms/articles/7', 'DELETE', '/api/cms/articles/7', 'failure', 409, 9)`);
    expect((await data('/api/audit/operation-logs?userId=' + encodeURIComponent('剂师'))).records.map((r) => r.userId)).toEqual(['药剂师甲']);
    expect((await data('/api/audit/operation-logs?userId=MACIST')).records.map((r) => r.userId)).toEqual(['pharmacist-b']);
    expect((await data('/api/audit/operation-logs?operation=' + encodeURIComponent('cms/articles/7'))).records.map((r) => r.userId)).toEqual(['pharmacist-b']);
  });
});

describe('deep pages', () => {
  it('pages far into 3,000 rows of equal times in order, without overlap, with a total past the exact count', async () => {
    const all: number[] = [];
    for (const page of [1, 2, 150, 151, 300]) {
      const p = await data(`/api/audit/client-errors?page=${page}&limit=10`);
      const ids = p.records.map((r) => r.id);
      // newest first; equal times: the higher id first
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      all.push(...ids);
      // past the cap: the planner's estimate, never below cap + 1, said to be one (the console shows "about")
      if (page === 1) expect(p).toMatchObject({ total: expect.any(Number), approximate: true });
      if (page === 1) expect(p.total).toBeGreaterThan(100);
      // ten pages past the one shown are counted exactly
      if (page === 300) expect(p.total).toBe(3000);
      if (page === 300) expect(p).not.toHaveProperty('approximate');
    }
    expect(new Set(all).size).toBe(50);
    const [{ min }] = (await s.built.deps.db.execute<{ min: number }>(sql`select min(id)::int as min from client_errors`)).rows;
    const p300 = all.slice(40);
    expect(p300).toEqual(Array.from({ length: 10 }, (_, i) => min + 9 - i));
    const p150 = all.slice(20, 30), p151 = all.slice(30, 40);
    expect(p150[9] - 1).toBe(p151[0]);
    const asc = await data('/api/audit/client-errors?page=200&limit=10&sort=createdAt&order=asc');
    expect(asc.records.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => min + 1990 + i));
    // a deep page of a keyword search: the matching rows at that position, the last page ending the list
    const matching = Array.from({ length: 3000 }, (_, i) => i + 1).filter((g) => g % 500 !== 0 && g % 7 !== 0).reverse();
    const deep = await data('/api/audit/client-errors?keyword=typeerror&page=60&limit=20');
    expect(deep.records.map((r) => numberOf(r.message))).toEqual(matching.slice(1180, 1200));
    const last = Math.ceil(matching.length / 50);
    const end = await data(`/api/audit/client-errors?keyword=typeerror&page=${last}&limit=50`);
    expect(end.total).toBe(matching.length);
    expect(end.records.map((r) => numberOf(r.message))).toEqual(matching.slice((last - 1) * 50));
  });
});

describe('sorting', () => {
  it('refuses a sort on a column without an index, naming the field in the caller language', async () => {
    const cases = [
      '/api/audit/operation-logs?sort=operation', '/api/audit/operation-logs?sort=result', '/api/audit/login-logs?sort=outcome',
      '/api/audit/client-errors?sort=url', '/api/security/accounts?sort=passwordHash', '/api/workflow/instances?sort=currentNodes',
    ];
    for (const path of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.msg, path).toMatch(/^sort: must be one of /);
    }
    const zh = await get('/api/audit/operation-logs?sort=status', 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toBe('sort：只能是以下之一：createdAt、userId、module、durationMs');
  });

  it('sorts on each allowed column', async () => {
    for (const sort of ['createdAt', 'userId', 'module', 'durationMs']) expect((await get(`/api/audit/operation-logs?sort=${sort}&order=asc`)).status).toBe(200);
    for (const sort of ['createdAt', 'userId', 'ip']) expect((await get(`/api/audit/login-logs?sort=${sort}&order=desc`)).status).toBe(200);
    for (const sort of ['userId', 'userName', 'status', 'createdAt', 'maxSessions']) expect((await get(`/api/security/accounts?sort=${sort}`)).status).toBe(200);
    for (const sort of ['id', 'startedAt', 'endedAt', 'status', 'definitionKey', 'businessKey']) expect((await get(`/api/workflow/instances?sort=${sort}&order=desc`)).status).toBe(200);
    const byName = await data('/api/security/accounts?sort=userName&order=desc&limit=500');
    const names = byName.records.map((r) => r.userName as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });
});
