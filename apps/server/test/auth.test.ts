import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts, loginLogs, operationLogs, passwordPolicy } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s?.close(); });

const db = () => s.built.deps.db;
async function makeAccount(userId: string, password: string, extra: Partial<typeof accounts.$inferInsert> = {}) {
  await db().insert(accounts).values({ userId, userName: userId, passwordHash: await hashPassword(password), ...extra });
}

describe('login', () => {
  it('logs in with an encrypted password and answers the current user', async () => {
    const token = await s.login(DEMO.admin.userId, DEMO.admin.password);
    const me = await s.request('GET', '/api/admin/current/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ userId: 'admin', authorities: ['*'], mustChangePassword: false });
  });

  it('a login key works once only', async () => {
    const key = await s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
    const { encryptForLogin } = await import('../src/platform/auth/loginKeys');
    const form = { grant_type: 'password', username: 'admin', password: encryptForLogin(key.body.data.publicKey, DEMO.admin.password), key_id: key.body.data.keyId };
    expect((await s.request('POST', '/api/oauth/token', { form })).status).toBe(200);
    const again = await s.request('POST', '/api/oauth/token', { form });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_grant', error_description: 'The login key has expired, please try again' });
  });

  it('a wrong password says so, in the caller language, and is logged', async () => {
    const res = await s.loginRaw('admin', 'wrong-password', 'zh');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: '用户名或密码错误，请重新输入', locked: false });
    const logs = await db().select().from(loginLogs).where(eq(loginLogs.userId, 'admin'));
    expect(logs.some((l) => l.outcome === 'failure' && l.reason.startsWith('wrong password'))).toBe(true);
  });

  it('locks the account after the policy count of failures, even for the right password', async () => {
    await makeAccount('lockme', 'Right@2026');
    const [policy] = await db().select().from(passwordPolicy);
    for (let i = 1; i < policy.maxFailedLogins; i++) {
      expect((await s.loginRaw('lockme', 'nope')).body.locked).toBe(false);
    }
    const last = await s.loginRaw('lockme', 'nope');
    expect(last.body).toMatchObject({ error: 'invalid_grant', locked: true, error_description: expect.stringContaining('locked') });
    const right = await s.loginRaw('lockme', 'Right@2026');
    expect(right.status).toBe(400);
    expect(right.body.locked).toBe(true);
  });

  it('a lock with a lock time ends by itself', async () => {
    await makeAccount('waslocked', 'Right@2026', { status: 'lock', lockedUntil: new Date(Date.now() - 1000), failedLogins: 5 });
    expect((await s.loginRaw('waslocked', 'Right@2026')).status).toBe(200);
  });

  it('an expired password within grace logs in but must be changed first', async () => {
    await db().update(passwordPolicy).set({ lifetimeDays: 30, graceDays: 5 });
    await makeAccount('expired', 'Old@2026pw', { passwordChangedAt: new Date(Date.now() - 32 * 86_400_000) });
    await makeAccount('pastgrace', 'Old@2026pw', { passwordChangedAt: new Date(Date.now() - 40 * 86_400_000) });
    const res = await s.loginRaw('expired', 'Old@2026pw');
    expect(res.body.must_change_password).toBe(true);
    const token = res.body.access_token;
    expect((await s.request('GET', '/api/admin/current/menus', { token })).status).toBe(403);
    const weak = await s.request('POST', '/api/admin/current/password', { token, body: { oldPassword: 'Old@2026pw', newPassword: 'short', confirmPassword: 'short' } });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toContain('at least 8 characters');
    const changed = await s.request('POST', '/api/admin/current/password', { token, body: { oldPassword: 'Old@2026pw', newPassword: 'New@2026pw', confirmPassword: 'New@2026pw' } });
    expect(changed.status).toBe(200);
    expect((await s.request('GET', '/api/admin/current/menus', { token })).status).toBe(200);
    const past = await s.loginRaw('pastgrace', 'Old@2026pw');
    expect(past.body.error_description).toContain('expired');
    await db().update(passwordPolicy).set({ lifetimeDays: -1 });
  });

  it('refuses a login from an address outside the IP policy', async () => {
    await makeAccount('iponly', 'Right@2026', { ipPolicyEnabled: true, ipPolicy: '10.0.0.*;-127.0.0.1' });
    const res = await s.loginRaw('iponly', 'Right@2026');
    expect(res.status).toBe(400);
    expect(res.body.error_description).toContain('127.0.0.1');
  });

  it('past max sessions the oldest session ends', async () => {
    await makeAccount('twosessions', 'Right@2026', { maxSessions: 2 });
    const a = await s.login('twosessions', 'Right@2026');
    const b = await s.login('twosessions', 'Right@2026');
    const c = await s.login('twosessions', 'Right@2026');
    const first = await s.request('GET', '/api/admin/current/user', { token: a });
    expect(first.status).toBe(401);
    expect(first.body.code).toBe(10002);
    expect((await s.request('GET', '/api/admin/current/user', { token: b })).status).toBe(200);
    expect((await s.request('GET', '/api/admin/current/user', { token: c })).status).toBe(200);
  });

  it('logout ends the session on the server; refresh rotates tokens', async () => {
    const res = await s.loginRaw('admin', DEMO.admin.password);
    const refreshed = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: res.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await s.request('GET', '/api/admin/current/user', { token: res.body.access_token })).status).toBe(401);
    const token = refreshed.body.access_token;
    expect((await s.request('GET', '/api/admin/current/user', { token })).status).toBe(200);
    await s.request('GET', '/api/j_hh_security_logout', { token });
    const after = await s.request('GET', '/api/admin/current/user', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 10002, msg: expect.stringContaining('logged out') });
  });

  it('records mutating calls in the operation log with secrets redacted', async () => {
    const token = await s.login('admin', DEMO.admin.password);
    await s.request('POST', '/api/admin/current/password', { token, body: { oldPassword: 'x', newPassword: 'y', confirmPassword: 'y' } });
    const rows = (await db().select().from(operationLogs).where(eq(operationLogs.operation, 'POST /api/admin/current/password'))).filter((r) => r.userId === 'admin');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ userId: 'admin', result: 'failure', status: 400, params: { oldPassword: '***', newPassword: '***' } });
  });
});

describe('menus', () => {
  it('answers only what the account may see', async () => {
    const admin = await s.request('GET', '/api/admin/current/menus?clientId=admin&optType=0', { token: await s.login('admin', DEMO.admin.password) });
    const codes = admin.body.data.map((m: { menuCode: string }) => m.menuCode);
    expect(codes).toEqual(expect.arrayContaining(['dashboard', 'security', 'securityAccount', 'audit', 'organ', 'common', 'bpm', 'cform', 'cportal', 'gateway', 'cms']));
    const auditor = await s.request('GET', '/api/admin/current/menus', { token: await s.login('auditor', DEMO.auditor.password), lang: 'ja' });
    const acodes = auditor.body.data.map((m: { menuCode: string }) => m.menuCode);
    expect(acodes).toContain('auditOnline');
    expect(acodes).not.toContain('security');
    expect(acodes).not.toContain('securityAccount');
    expect(auditor.body.data.find((m: { menuCode: string }) => m.menuCode === 'auditOnline').menuName).toBe('オンラインユーザー');
  });

  it('answers the alternative menu as JSON strings', async () => {
    const res = await s.request('GET', '/api/bsp/current/menu/console', { token: await s.login('auditor', DEMO.auditor.password) });
    const nMenu = JSON.parse(res.body.data.nMenu);
    const menu = JSON.parse(res.body.data.menu);
    expect(menu.length).toBe(nMenu.length);
    expect(nMenu.find((n: { functionCode: string }) => n.functionCode === 'audit:online')).toMatchObject({ url: '/opt/audit/online', isLeaf: true, hidden: false });
  });
});

describe('bodies', () => {
  it('form-encoded bodies with dotted keys parse like JSON', async () => {
    const token = await s.login('admin', DEMO.admin.password);
    const res = await s.request('POST', '/api/admin/client-errors', { token, form: { message: 'boom', url: 'http://x/console/#/a', stack: 'at x' } });
    expect(res.status).toBe(200);
    const bad = await s.request('POST', '/api/admin/client-errors', { form: { url: 'http://x' }, lang: 'zh' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^message：/);
  });

  it('a form-encoded body of a typed route gets its numbers and booleans, as the console sends it', async () => {
    const token = await s.login('admin', DEMO.admin.password);
    const policy = (await s.request('GET', '/api/security/policy', { token })).body.data;
    const form = Object.fromEntries(Object.entries({ ...policy, minLength: 9 }).map(([k, v]) => [k, String(v)]));
    const res = await s.request('PUT', '/api/security/policy', { token, form });
    expect(res.status).toBe(200);
    const after = (await s.request('GET', '/api/security/policy', { token })).body.data;
    expect(after).toEqual({ ...policy, minLength: 9 });
    const bad = await s.request('PUT', '/api/security/policy', { token, form: { ...form, minLength: 'nine' }, lang: 'en' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/minLength/);
    await s.request('PUT', '/api/security/policy', { token, body: policy });
  });
});
