import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accountsKit } from './accountsKit';
import { kit as workflowKit, line } from './workflowKit';
import { clientErrors, loginLogs, operationLogs, staff } from '../src/db/schema/index';

/**
 * Roles' data scope (issue 16) on the other lists of organ-owned rows: staff (by their position's unit),
 * workflow instances in the monitor (by their starter), operation, login and client-error logs (by account).
 * Organs: TOP → A → A1, TOP → B; a staff member with an account in each; operators on positions in A.
 */
let s: TestServer;
let admin: string;
let kit: ReturnType<typeof accountsKit>;
let a: number, a1: number, b: number;
let staffA: number, staffA1: number, staffB: number;
const inA = { id: 0 }, inB = { id: 0 };

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  kit = accountsKit(s, () => admin);
  const top = await kit.organ('LS-TOP', null, 'company');
  a = await kit.organ('LS-A', top);
  a1 = await kit.organ('LS-A1', a);
  b = await kit.organ('LS-B', top);
  staffA = await kit.staffIn('LS-SA', a);
  staffA1 = await kit.staffIn('LS-SA1', a1);
  staffB = await kit.staffIn('LS-SB', b);
  Object.assign(inA, await kit.account('ls_in_a', { staffId: staffA }));
  await kit.account('ls_in_a1', { staffId: staffA1 });
  Object.assign(inB, await kit.account('ls_in_b', { staffId: staffB }));
});
afterAll(async () => { await s?.close(); });

/** an operator on a position in A holding one role of `scope` with `authorities`; answers its token */
async function operator(userId: string, authorities: string[], scope: { dataScope: string; dataScopeOrganIds?: number[] }) {
  const role = await kit.role(`R_${userId}`.toUpperCase(), authorities, scope);
  await kit.account(userId, { roleIds: [role.id], staffId: await kit.staffIn(`${userId}-S`, a) });
  return s.login(userId, 'Passw0rd!x');
}

async function exported(token: string, url: string, params: Record<string, unknown>, key: string) {
  const res = await fetch(`${s.url}/api/system/export`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url, params, columns: [{ key, title: key }], format: 'csv', fileName: 'x' }),
  });
  expect(res.status).toBe(200);
  return (await res.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1).sort();
}

describe('staff', () => {
  const STAFF = ['organ:organ', 'organ:organ:add', 'organ:organ:edit', 'organ:organ:delete'];
  const codes = async (token: string) => {
    const res = await kit.api('GET', '/api/organ/staff?limit=100&keyword=LS-S', undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.records as { code: string }[]).map((r) => r.code).filter((c) => /^LS-S(A|A1|B)$/.test(c)).sort();
  };

  it('each scope lists the staff of its units; the super administrator all of them', async () => {
    expect(await codes(await operator('ls_st_own', STAFF, { dataScope: 'organ' }))).toEqual(['LS-SA']);
    expect(await codes(await operator('ls_st_tree', STAFF, { dataScope: 'organTree' }))).toEqual(['LS-SA', 'LS-SA1']);
    expect(await codes(await operator('ls_st_custom', STAFF, { dataScope: 'custom', dataScopeOrganIds: [b] }))).toEqual(['LS-SB']);
    const self = await operator('ls_st_self', STAFF, { dataScope: 'self' });
    expect(await codes(self)).toEqual([]);
    const own = await kit.api('GET', '/api/organ/staff?limit=100&keyword=ls_st_self', undefined, self);
    expect((own.body.data.records as { code: string }[]).map((r) => r.code)).toEqual(['ls_st_self-S']);
    expect(await codes(admin)).toEqual(['LS-SA', 'LS-SA1', 'LS-SB']);
  });

  it('outside the scope a staff member does not exist: read, edit, delete, batch delete → 404; the export holds the list only', async () => {
    const t = await operator('ls_st_own2', STAFF, { dataScope: 'organ' });
    expect((await kit.api('GET', `/api/organ/staff/${staffB}`, undefined, t)).status).toBe(404);
    expect((await kit.api('GET', `/api/organ/staff/${staffA}`, undefined, t)).status).toBe(200);
    expect((await kit.api('PUT', `/api/organ/staff/${staffB}`, { code: 'LS-SB', name: 'moved', positionId: null, gender: null, mobile: '', email: '', note: '' }, t)).status).toBe(404);
    expect((await kit.api('DELETE', `/api/organ/staff/${staffA1}`, undefined, t)).status).toBe(404);
    expect((await kit.api('POST', '/api/organ/staff/delete', { ids: [staffA, staffB] }, t)).status).toBe(404);
    expect((await kit.db().select({ id: staff.id }).from(staff).where(inArray(staff.id, [staffA, staffA1, staffB]))).length).toBe(3);
    expect(await exported(t, '/api/organ/staff', { keyword: 'LS-S' }, 'code')).toEqual(['LS-SA']);
  });

  it('a limited scope places new staff only on positions inside it (403 in the operator\'s language)', async () => {
    const t = await operator('ls_st_own3', STAFF, { dataScope: 'organ' });
    const inside = await kit.organ('LS-PA-FREE', a, 'position');
    const outside = await kit.organ('LS-PB-FREE', b, 'position');
    const body = (code: string, positionId: number | null) => ({ code, name: code, positionId, gender: null, mobile: '', email: '', note: '' });
    const refused = await kit.api('POST', '/api/organ/staff', body('LS-NEW-B', outside), t, 'zh');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('该岗位不在您的数据范围内');
    expect((await kit.api('POST', '/api/organ/staff', body('LS-NEW-0', null), t)).status).toBe(403);
    const made = await kit.api('POST', '/api/organ/staff', body('LS-NEW-A', inside), t);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // moving one's own staff member out of the scope is refused as well
    expect((await kit.api('PUT', `/api/organ/staff/${made.body.data.id}`, body('LS-NEW-A', outside), t)).status).toBe(403);
  });
});

describe('operation, login and client-error logs', () => {
  const LOGS = ['audit:operationLog', 'audit:operationLog:export', 'audit:loginLog', 'audit:errorLog'];
  let opB: number;
  beforeAll(async () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const op = (accountId: number, userId: string) => ({
      accountId, userId, module: 'lsTest', operation: 'edit', method: 'PUT', path: '/x', result: 'success' as const, status: 200, durationMs: 1, createdAt: at,
    });
    const rows = await kit.db().insert(operationLogs).values([op(inA.id, 'ls_in_a'), op(inB.id, 'ls_in_b')]).returning({ id: operationLogs.id });
    opB = rows[1].id;
    await kit.db().insert(loginLogs).values(['ls_in_a', 'ls_in_b', 'ls_in_ghost'].map((userId) => ({ userId, outcome: 'failure' as const, reason: 'password', createdAt: at })));
    await kit.db().insert(clientErrors).values([inA.id, inB.id].map((accountId) => ({ message: `lsTest ${accountId}`, url: '/console/', accountId, createdAt: at })));
  });
  const users = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.records as { userId?: string; accountId?: number }[]).map((r) => r.userId ?? r.accountId).sort();
  };

  it('an operator of one organ sees the entries of its accounts only; by id outside → 404; the CSV export is limited too', async () => {
    const t = await operator('ls_log_own', LOGS, { dataScope: 'organ' });
    expect(users(await kit.api('GET', '/api/audit/operation-logs?limit=100&module=lsTest', undefined, t))).toEqual(['ls_in_a']);
    expect(users(await kit.api('GET', '/api/audit/login-logs?limit=100&userId=ls_in_', undefined, t))).toEqual(['ls_in_a']);
    expect(users(await kit.api('GET', '/api/audit/client-errors?limit=100&keyword=lsTest', undefined, t))).toEqual([inA.id]);
    expect((await kit.api('GET', `/api/audit/operation-logs/${opB}`, undefined, t)).status).toBe(404);
    const csv = await fetch(`${s.url}/api/audit/operation-logs/export?module=lsTest`, { headers: { authorization: `Bearer ${t}` } });
    const lines = (await csv.text()).trim().split(/\r?\n/).slice(1);
    expect(lines.map((l) => l.split(',')[2])).toEqual(['ls_in_a']);
    expect(await exported(t, '/api/audit/login-logs', { userId: 'ls_in_' }, 'userId')).toEqual(['ls_in_a']);
  });

  it('"custom" and "self"; the super administrator sees every entry, unknown user ids too', async () => {
    const custom = await operator('ls_log_custom', LOGS, { dataScope: 'custom', dataScopeOrganIds: [b] });
    expect(users(await kit.api('GET', '/api/audit/login-logs?limit=100&userId=ls_in_', undefined, custom))).toEqual(['ls_in_b']);
    const self = await operator('ls_log_self', LOGS, { dataScope: 'self' });
    expect(users(await kit.api('GET', '/api/audit/operation-logs?limit=100&module=lsTest', undefined, self))).toEqual([]);
    expect(users(await kit.api('GET', '/api/audit/login-logs?limit=100&userId=ls_in_', undefined, admin))).toEqual(['ls_in_a', 'ls_in_b', 'ls_in_ghost']);
    expect((await kit.api('GET', `/api/audit/operation-logs/${opB}`, undefined, admin)).status).toBe(200);
  });
});

describe('workflow instances in the monitor', () => {
  const MONITOR = ['bpm:monitor', 'bpm:monitor:operate'];
  let fromA: number, fromB: number, mine: number;
  beforeAll(async () => {
    const wf = workflowKit(s, admin);
    const def = await wf.deploy(line('ls_scope_proc', ['t1']));
    fromA = await wf.start(def, {}, 'LS-A', await s.login('ls_in_a', 'Passw0rd!x'));
    fromB = await wf.start(def, {}, 'LS-B', await s.login('ls_in_b', 'Passw0rd!x'));
    // the "self" operator starts one of its own
    const self = await operator('ls_wf_self', MONITOR, { dataScope: 'self' });
    mine = await wf.start(def, {}, 'LS-SELF', self);
  });
  const listed = async (token: string) => {
    const res = await kit.api('GET', '/api/workflow/instances?limit=100&definitionKey=ls_scope_proc', undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.records as { id: number }[]).map((r) => r.id).sort((x, y) => x - y);
  };

  it('lists the instances started within the scope ("self": started by me); the super administrator all', async () => {
    // the "self" operator sits in A as well: its instance is A's
    expect(await listed(await operator('ls_wf_own', MONITOR, { dataScope: 'organ' }))).toEqual([fromA, mine]);
    expect(await listed(await operator('ls_wf_custom', MONITOR, { dataScope: 'custom', dataScopeOrganIds: [b, a1] }))).toEqual([fromB]);
    expect(await listed(await s.login('ls_wf_self', 'Passw0rd!x'))).toEqual([mine]);
    expect(await listed(admin)).toEqual([fromA, fromB, mine].sort((x, y) => x - y));
  });

  it('an instance outside cannot be read, suspended or deleted (404), nor exported', async () => {
    const t = await operator('ls_wf_own2', MONITOR, { dataScope: 'organ' });
    expect((await kit.api('GET', `/api/workflow/instances/${fromB}`, undefined, t)).status).toBe(404);
    expect((await kit.api('GET', `/api/workflow/instances/${fromA}`, undefined, t)).status).toBe(200);
    expect((await kit.api('POST', `/api/workflow/instances/${fromB}/suspend`, {}, t)).status).toBe(404);
    expect((await kit.api('DELETE', `/api/workflow/instances/${fromB}`, undefined, t)).status).toBe(404);
    expect((await kit.api('GET', `/api/workflow/instances/${fromB}`, undefined, admin)).body.data.status).toBe('running');
    expect(await exported(t, '/api/workflow/instances', { definitionKey: 'ls_scope_proc' }, 'businessKey')).toEqual(['LS-A', 'LS-SELF']);
  });
});

describe('a delegated administrator', () => {
  it('cannot widen its own scope: not by editing its own role, a new role, nor by linking its account (or a new one) to staff outside', async () => {
    const role = await kit.role('R_LS_DELEG', ['security:role', 'security:role:add', 'security:role:edit', 'security:account', 'security:account:edit', 'security:account:add',
      'security:account:grant', 'organ:organ'], { dataScope: 'organ' });
    const me = await kit.account('ls_deleg', { roleIds: [role.id], staffId: await kit.staffIn('ls_deleg-S', a) });
    const t = await s.login('ls_deleg', 'Passw0rd!x');
    const moved = await kit.api('PUT', `/api/security/accounts/${me.id}`, { staffId: staffB }, t, 'zh');
    expect(moved.status).toBe(403);
    expect(moved.body.msg).toBe('该员工不在您的数据范围内');
    const outside = await kit.api('POST', '/api/security/accounts', { userId: 'ls_deleg_new', userName: 'n', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', staffId: staffB }, t);
    expect(outside.status).toBe(403);
    const inside = await kit.api('POST', '/api/security/accounts', { userId: 'ls_deleg_in', userName: 'n', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', staffId: await kit.staffIn('LS-DELEG-IN', a) }, t);
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    const widen = await kit.api('PUT', `/api/security/roles/${role.id}`, { code: 'R_LS_DELEG', name: 'R_LS_DELEG', dataScope: 'organTree' }, t);
    expect(widen.status).toBe(403);
    expect((await kit.api('POST', '/api/security/roles', { code: 'R_LS_WIDE', name: 'w', dataScope: 'custom', dataScopeOrganIds: [b] }, t)).status).toBe(403);
    const staffCodes = (await kit.api('GET', '/api/organ/staff?limit=100&keyword=LS-S', undefined, t)).body.data.records.map((r: { code: string }) => r.code);
    expect(staffCodes.filter((c: string) => /^LS-S(A|A1|B)$/.test(c))).toEqual(['LS-SA']);
  });
});
