import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { operationLogs } from '../src/db/schema/index';
import { describeAgent } from '../src/modules/audit/service';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

async function loginWithAgent(userId: string, password: string, ua: string) {
  const { encryptForLogin } = await import('../src/platform/auth/loginKeys');
  const key = await s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
  const res = await s.request('POST', '/api/oauth/token', {
    headers: { 'user-agent': ua },
    form: { grant_type: 'password', username: userId, password: encryptForLogin(key.body.data.publicKey, password), key_id: key.body.data.keyId },
  });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

describe('online users', () => {
  it('lists live sessions with browser and OS from the user agent', async () => {
    await loginWithAgent('editor', DEMO.editor.password, CHROME_WIN);
    const res = await s.request('GET', '/api/audit/online?keyword=editor', { token: admin });
    expect(res.status).toBe(200);
    const row = res.body.data.records.find((r: any) => r.userId === 'editor');
    expect(row).toMatchObject({ browser: 'Chrome 131', os: 'Windows 10', ip: '127.0.0.1' });
    expect(row.loginAt).toBeTruthy();
    expect(row.lastSeenAt).toBeTruthy();
    expect(describeAgent(SAFARI_MAC)).toEqual({ browser: 'Safari 17', os: 'macOS Catalina' });
  });

  it('force logout: the next request answers 401 with envelope code 10002, and the session leaves the list', async () => {
    const victim = await loginWithAgent('operator', DEMO.operator.password, SAFARI_MAC);
    const other = await loginWithAgent('operator', DEMO.operator.password, CHROME_WIN);
    expect((await s.request('GET', '/api/admin/current/user', { token: victim })).status).toBe(200);
    const me = (await s.request('GET', '/api/admin/current/user', { token: victim })).body.data;
    const res = await s.request('DELETE', `/api/audit/online/${me.sessionId}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('1 session(s) forced out');
    const next = await s.request('GET', '/api/admin/current/menus', { token: victim, lang: 'zh' });
    expect(next.status).toBe(401);
    expect(next.body.code).toBe(10002);
    expect(next.body.msg).toContain('被管理员强制下线');
    expect((await s.request('GET', '/api/admin/current/user', { token: other })).status).toBe(200);
    const list = (await s.request('GET', '/api/audit/online?keyword=operator', { token: admin })).body.data.records;
    expect(list.map((r: any) => r.id)).not.toContain(me.sessionId);
  });

  it('force logout of many sessions at once; nothing selected is refused', async () => {
    const a = await loginWithAgent('editor', DEMO.editor.password, CHROME_WIN);
    const b = await loginWithAgent('auditor', DEMO.auditor.password, CHROME_WIN);
    const ids = await Promise.all([a, b].map(async (t) => (await s.request('GET', '/api/admin/current/user', { token: t })).body.data.sessionId));
    const res = await s.request('POST', '/api/audit/online/kick', { token: admin, body: { ids } });
    expect(res.body.data).toBe(2);
    for (const t of [a, b]) expect((await s.request('GET', '/api/admin/current/user', { token: t })).body.code).toBe(10002);
    const none = await s.request('POST', '/api/audit/online/kick', { token: admin, body: { ids: [] } });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('Please select a record');
  });

  it('the auditor sees online users but may not force anyone out', async () => {
    const t = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await s.request('GET', '/api/audit/online', { token: t })).status).toBe(200);
    expect((await s.request('POST', '/api/audit/online/kick', { token: t, body: { ids: ['x'] } })).status).toBe(403);
  });
});

describe('operation log', () => {
  it('searches by account, module, operation, result and time range; detail shows redacted params', async () => {
    await s.request('POST', '/api/security/roles', { token: admin, body: { code: 'AUDIT_R1', name: '审计测试角色' } });
    await s.request('POST', '/api/security/roles', { token: admin, body: { code: 'AUDIT_R1', name: 'dup' } });
    await s.request('POST', '/api/security/accounts', { token: admin, body: { userId: 'audited', userName: 'a', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' } });
    const q = (qs: string) => s.request('GET', `/api/audit/operation-logs?${qs}`, { token: admin });
    const all = (await q('userId=admin&module=security&limit=100')).body.data;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.records.every((r: any) => r.module === 'security' && r.userId === 'admin')).toBe(true);
    const failures = (await q('module=security&result=failure&operation=roles')).body.data.records;
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ status: 409, result: 'failure' });
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await q(`from=${encodeURIComponent(future)}`)).body.data.total).toBe(0);
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect((await q(`from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&module=security`)).body.data.total).toBe(all.total);
    expect((await q('from=yesterday')).status).toBe(400);
    const acc = (await q('operation=/api/security/accounts&result=success')).body.data.records.find((r: any) => r.path === '/api/security/accounts');
    const detail = (await s.request('GET', `/api/audit/operation-logs/${acc.id}`, { token: admin })).body.data;
    expect(detail.params).toMatchObject({ userId: 'audited', password: '***', confirmPassword: '***' });
    const modules = (await s.request('GET', '/api/audit/operation-logs/modules', { token: admin })).body.data;
    expect(modules).toContain('security');
    const slowest = (await q('sort=durationMs&order=desc&limit=1')).body.data.records[0];
    expect(slowest.durationMs).toBe(Math.max(...all.records.map((r: any) => r.durationMs), slowest.durationMs));
  });

  it('exports the filtered rows as CSV in UTF-8 with a BOM, Chinese headers for zh', async () => {
    await s.built.deps.db.insert(operationLogs).values({
      userId: '张三', module: 'cms', operation: 'POST /api/cms/articles', method: 'POST', path: '/api/cms/articles',
      params: { title: '本草纲目, "第一卷"' }, result: 'success', status: 200, durationMs: 12,
    });
    const res = await fetch(`${s.url}/api/audit/operation-logs/export?module=cms`, { headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="operation-log-\d+\.csv"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('编号,时间,账号,模块,操作,对象,方法,路径,IP,结果,状态码,耗时（毫秒）,参数');
    expect(lines).toHaveLength(2); // only the cms row
    expect(lines[1]).toContain('张三,cms,POST /api/cms/articles');
    expect(lines[1]).toContain('"{""title"":""本草纲目, \\""第一卷\\""""}"');
  });

  it('the auditor reads and exports the logs, but an editor may not', async () => {
    const t = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await s.request('GET', '/api/audit/operation-logs', { token: t })).status).toBe(200);
    expect((await s.request('GET', '/api/audit/operation-logs/export', { token: t })).status).toBe(200);
    const e = await s.login(DEMO.editor.userId, DEMO.editor.password);
    expect((await s.request('GET', '/api/audit/operation-logs', { token: e })).status).toBe(403);
    expect((await s.request('GET', '/api/audit/login-logs', { token: e })).status).toBe(403);
  });
});

describe('login log', () => {
  it('records every attempt with outcome and reason; searchable', async () => {
    await s.loginRaw('admin', 'wrong-one');
    await s.loginRaw('nobody-here', 'x');
    const q = (qs: string) => s.request('GET', `/api/audit/login-logs?${qs}`, { token: admin });
    const fails = (await q('userId=admin&outcome=failure')).body.data.records;
    expect(fails[0]).toMatchObject({ userId: 'admin', outcome: 'failure', reason: expect.stringContaining('wrong password') });
    const unknown = (await q('userId=nobody-here')).body.data.records;
    expect(unknown[0]).toMatchObject({ outcome: 'failure', reason: 'unknown account' });
    const ok = (await q('userId=admin&outcome=success&sort=createdAt&order=desc')).body.data;
    expect(ok.total).toBeGreaterThanOrEqual(1);
    expect(ok.records[0].reason).toBe('ok');
  });
});
