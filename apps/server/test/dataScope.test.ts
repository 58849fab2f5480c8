import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accountsKit } from './accountsKit';

/**
 * Roles' data scope (issue 16) on the accounts list, by id, in batch actions and in the export. The
 * organs: TOP → A → A1, TOP → B; one account on a position in each, and the operators on positions in A.
 */
let s: TestServer;
let admin: string;
let kit: ReturnType<typeof accountsKit>;
let top: number, a: number, a1: number, b: number;
let inA: { id: number }, inA1: { id: number }, inB: { id: number };
const READ = ['security:account', 'security:account:edit', 'security:account:unlock', 'security:account:resetPassword', 'security:role', 'security:role:add', 'security:role:edit'];

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  kit = accountsKit(s, () => admin);
  top = await kit.organ('DS-TOP', null, 'company');
  a = await kit.organ('DS-A', top);
  a1 = await kit.organ('DS-A1', a);
  b = await kit.organ('DS-B', top);
  inA = await kit.account('ds_in_a', { staffId: await kit.staffIn('DS-SA', a) });
  inA1 = await kit.account('ds_in_a1', { staffId: await kit.staffIn('DS-SA1', a1) });
  inB = await kit.account('ds_in_b', { staffId: await kit.staffIn('DS-SB', b) });
});
afterAll(async () => { await s?.close(); });

/** an operator on a position in A holding roles of the given scopes; answers its token */
async function operator(userId: string, scopes: { dataScope: string; dataScopeOrganIds?: number[] }[]) {
  const roleIds = [];
  for (const [i, sc] of scopes.entries()) roleIds.push((await kit.role(`R_${userId}_${i}`.toUpperCase(), READ, sc)).id);
  await kit.account(userId, { roleIds, staffId: await kit.staffIn(`${userId}-S`, a) });
  return s.login(userId, 'Passw0rd!x');
}
/** the accounts on the test's organs that `token` sees (operators are named op_…, so they never count) */
const mine = (token: string) => kit.listed(token, '&keyword=ds_in_');

describe('data scope of roles', () => {
  it('"own organ": only the accounts of the operator\'s organ (and its own), not below, not beside', async () => {
    const t = await operator('op_own', [{ dataScope: 'organ' }]);
    expect(await mine(t)).toEqual(['ds_in_a']);
    expect(await kit.listed(t, '&keyword=op_own')).toEqual(['op_own']);
  });

  it('cannot read, edit, lock, reset or unlock an account outside by id (404), nor in a batch', async () => {
    const t = await operator('op_own2', [{ dataScope: 'organ' }]);
    expect((await kit.api('GET', `/api/security/accounts/${inB.id}`, undefined, t)).status).toBe(404);
    expect((await kit.api('GET', `/api/security/accounts/${inB.id}/authorities`, undefined, t)).status).toBe(404);
    expect((await kit.api('PUT', `/api/security/accounts/${inB.id}`, { userName: 'moved' }, t)).status).toBe(404);
    expect((await kit.api('POST', `/api/security/accounts/${inA1.id}/reset-password`, { password: 'Taken0ver!x', confirmPassword: 'Taken0ver!x' }, t)).status).toBe(404);
    expect((await kit.api('GET', `/api/security/accounts/${inA.id}`, undefined, t)).status).toBe(200);
    const batch = await kit.api('POST', '/api/security/accounts/batch-lock', { ids: [inA.id, inB.id] }, t);
    expect(batch.body.data.done).toEqual([{ id: inA.id, userId: 'ds_in_a' }]);
    expect(batch.body.data.refused).toEqual([{ id: inB.id, userId: null, reason: 'The requested record does not exist' }]);
    expect((await kit.api('POST', '/api/security/accounts/batch-unlock', { ids: [inA.id] })).status).toBe(200);
    expect((await kit.api('GET', `/api/security/accounts/${inB.id}`)).body.data.userName).toBe('ds_in_b');
  });

  it('the export holds only what the list shows', async () => {
    const t = await operator('op_own3', [{ dataScope: 'organ' }]);
    const res = await fetch(`${s.url}/api/system/export`, {
      method: 'POST', headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: '/api/security/accounts', params: { keyword: 'ds_in_' }, columns: [{ key: 'userId', title: 'User' }], format: 'csv', fileName: 'accounts' }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).sort();
    expect(lines).toEqual(['ds_in_a']);
  });

  it('"own organ and below", "custom organs", "self", and the union of several roles', async () => {
    expect(await mine(await operator('op_tree', [{ dataScope: 'organTree' }]))).toEqual(['ds_in_a', 'ds_in_a1']);
    expect(await mine(await operator('op_custom', [{ dataScope: 'custom', dataScopeOrganIds: [b] }]))).toEqual(['ds_in_b']);
    const self = await operator('op_self', [{ dataScope: 'self' }]);
    expect(await mine(self)).toEqual([]);
    expect(await kit.listed(self, '&keyword=op_')).toEqual(['op_self']);
    expect(await mine(await operator('op_union', [{ dataScope: 'self' }, { dataScope: 'custom', dataScopeOrganIds: [a1] }, { dataScope: 'custom', dataScopeOrganIds: [b] }])))
      .toEqual(['ds_in_a1', 'ds_in_b']);
    expect(await mine(await operator('op_all', [{ dataScope: 'self' }, { dataScope: 'all' }]))).toEqual(['ds_in_a', 'ds_in_a1', 'ds_in_b']);
  });

  it('online users: only sessions of accounts in scope are listed or forced out', async () => {
    await s.login('ds_in_a', 'Passw0rd!x');
    const bToken = await s.login('ds_in_b', 'Passw0rd!x');
    const roleId = (await kit.role('R_OP_ONLINE', ['audit:online', 'audit:online:kick'], { dataScope: 'organ' })).id;
    await kit.account('op_online', { roleIds: [roleId], staffId: await kit.staffIn('op_online-S', a) });
    const t = await s.login('op_online', 'Passw0rd!x');
    const seen = await kit.api('GET', '/api/audit/online?limit=100&keyword=ds_in_', undefined, t);
    expect([...new Set((seen.body.data.records as { userId: string }[]).map((r) => r.userId))]).toEqual(['ds_in_a']);
    const all = await kit.api('GET', '/api/audit/online?limit=100&keyword=ds_in_b');
    const bSession = (all.body.data.records as { id: string }[])[0].id;
    expect((await kit.api('POST', '/api/audit/online/kick', { ids: [bSession] }, t)).body.data).toBe(0);
    expect((await s.request('GET', '/api/admin/current/user', { token: bToken })).status).toBe(200);
  });

  it('the tree filter narrows within the scope, never beyond it', async () => {
    const t = await operator('op_tree2', [{ dataScope: 'organ' }]);
    expect(await kit.listed(t, `&organId=${top}&keyword=ds_in_`)).toEqual(['ds_in_a']);
  });

  it('a role stores its scope; custom needs organs that exist; the role list shows it', async () => {
    const bad = await kit.api('POST', '/api/security/roles', { code: 'R_DS_BAD', name: 'bad', dataScope: 'custom', dataScopeOrganIds: [] }, admin, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('自定义数据范围至少要选择一个机构');
    expect((await kit.api('POST', '/api/security/roles', { code: 'R_DS_BAD', name: 'bad', dataScope: 'custom', dataScopeOrganIds: [99999999] })).status).toBe(400);
    expect((await kit.api('POST', '/api/security/roles', { code: 'R_DS_BAD', name: 'bad', dataScope: 'everything' })).status).toBe(400);
    const ok = await kit.api('POST', '/api/security/roles', { code: 'R_DS_OK', name: 'ok', dataScope: 'custom', dataScopeOrganIds: [a, b] });
    expect(ok.body.data).toMatchObject({ dataScope: 'custom', dataScopeOrganIds: [a, b] });
    const listed = await kit.api('GET', '/api/security/roles?keyword=R_DS_OK');
    expect(listed.body.data.records[0]).toMatchObject({ dataScope: 'custom', dataScopeOrganIds: [a, b] });
  });

  it('a delegated administrator with a limited scope never gives a wider one (403), but may give "self" or organs within its own', async () => {
    const t = await operator('op_deleg', [{ dataScope: 'organTree' }]);
    for (const body of [{ dataScope: 'all' }, { dataScope: 'organ' }, { dataScope: 'custom', dataScopeOrganIds: [b] }]) {
      const res = await kit.api('POST', '/api/security/roles', { code: 'R_DS_UP', name: 'up', ...body }, t);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.msg).toBe('You cannot give a data scope wider than your own');
    }
    expect((await kit.api('POST', '/api/security/roles', { code: 'R_DS_SELF', name: 'self', dataScope: 'self' }, t)).status).toBe(200);
    const inside = await kit.api('POST', '/api/security/roles', { code: 'R_DS_IN', name: 'in', dataScope: 'custom', dataScopeOrganIds: [a1] }, t);
    expect(inside.status).toBe(200);
    const widen = await kit.api('PUT', `/api/security/roles/${inside.body.data.id}`, { code: 'R_DS_IN', name: 'in', dataScope: 'all' }, t);
    expect(widen.status).toBe(403);
  });
});
