import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts, operationLogs } from '../src/db/schema/index';
import { accountsKit } from './accountsKit';

/** Accounts screen (issue 16): organisation tree filter, batch lock / unlock / password reset, (import from Excel: accountImport.test.ts). */
let s: TestServer;
let admin: string;
let kit: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  kit = accountsKit(s, () => admin);
});
afterAll(async () => { await s?.close(); });

describe('organisation tree beside the list', () => {
  let top: number, a: number, a1: number, b: number;
  beforeAll(async () => {
    top = await kit.organ('T-TOP', null, 'company');
    a = await kit.organ('T-A', top);
    a1 = await kit.organ('T-A1', a);
    b = await kit.organ('T-B', top);
    await kit.account('tree_a', { staffId: await kit.staffIn('T-SA', a) });
    await kit.account('tree_a1', { staffId: await kit.staffIn('T-SA1', a1) });
    await kit.account('tree_b', { staffId: await kit.staffIn('T-SB', b) });
  });

  it('answers the administrative view without positions, parents before children', async () => {
    const res = await kit.api('GET', '/api/security/accounts/organ-tree');
    expect(res.status).toBe(200);
    const nodes = res.body.data as { id: number; parentId: number | null; code: string }[];
    const mine = nodes.filter((n) => n.code.startsWith('T-'));
    expect(mine.map((n) => [n.code, n.parentId])).toEqual(expect.arrayContaining([['T-TOP', null], ['T-A', top], ['T-A1', a], ['T-B', top]]));
    expect(mine.some((n) => n.code.endsWith('-P'))).toBe(false);
    const index = (code: string) => nodes.findIndex((n) => n.code === code);
    expect(index('T-TOP')).toBeLessThan(index('T-A'));
    expect(index('T-A')).toBeLessThan(index('T-A1'));
  });

  it('filters the list by an organ and everything below it', async () => {
    expect(await kit.listed(admin, `&organId=${a}`)).toEqual(['tree_a', 'tree_a1']);
    expect(await kit.listed(admin, `&organId=${a1}`)).toEqual(['tree_a1']);
    expect(await kit.listed(admin, `&organId=${top}`)).toEqual(['tree_a', 'tree_a1', 'tree_b']);
    expect(await kit.listed(admin, `&organId=${b}&keyword=tree_`)).toEqual(['tree_b']);
  });

  it('is read with the accounts authority: others get 403', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await kit.api('GET', '/api/security/accounts/organ-tree', undefined, auditor)).status).toBe(403);
  });
});

describe('batch lock, unlock and password reset', () => {
  let p1: { id: number }, p2: { id: number }, delegate: string;
  beforeAll(async () => {
    p1 = await kit.account('batch_p1');
    p2 = await kit.account('batch_p2');
    const r = await kit.role('R_BATCH', ['security:account', 'security:account:edit', 'security:account:unlock', 'security:account:resetPassword']);
    await kit.account('batch_delegate', { roleIds: [r.id] });
    delegate = await s.login('batch_delegate', 'Passw0rd!x');
  });

  it('locks the selected accounts in one request, ends their sessions, refuses oneself and says why', async () => {
    const p1Token = await s.login('batch_p1', 'Passw0rd!x');
    const me = (await kit.api('GET', '/api/admin/current/user')).body.data.accountId as number;
    const res = await kit.api('POST', '/api/security/accounts/batch-lock', { ids: [p1.id, p2.id, me] }, admin, 'zh');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.done.map((d: { userId: string }) => d.userId)).toEqual(['batch_p1', 'batch_p2']);
    expect(res.body.data.refused).toEqual([{ id: me, userId: 'admin', reason: '不能锁定或删除当前登录的账号' }]);
    expect(res.body.msg).toBe('成功 2 个账号，拒绝 1 个');
    const rows = await kit.db().select({ status: accounts.status }).from(accounts).where(inArray(accounts.id, [p1.id, p2.id]));
    expect(rows.map((r) => r.status)).toEqual(['lock', 'lock']);
    expect((await s.request('GET', '/api/admin/current/user', { token: p1Token })).status).toBe(401);
    // audited: the operation log holds the call and its ids
    const logged = await kit.db().select().from(operationLogs).where(like(operationLogs.path, '%/batch-lock'));
    expect(logged.some((l) => JSON.stringify(l.params).includes(String(p1.id)))).toBe(true);
  });

  it('unlocks what is locked and refuses what is not', async () => {
    const p3 = await kit.account('batch_p3');
    const res = await kit.api('POST', '/api/security/accounts/batch-unlock', { ids: [p1.id, p3.id] });
    expect(res.status).toBe(200);
    expect(res.body.data.done).toEqual([{ id: p1.id, userId: 'batch_p1' }]);
    expect(res.body.data.refused).toEqual([{ id: p3.id, userId: 'batch_p3', reason: 'The account is not locked' }]);
    expect((await s.loginRaw('batch_p1', 'Passw0rd!x')).status).toBe(200);
  });

  it('resets passwords under the policy: the new one works and must be changed', async () => {
    const weak = await kit.api('POST', '/api/security/accounts/batch-reset-password', { ids: [p1.id], password: 'short', confirmPassword: 'short' });
    expect(weak.status).toBe(400);
    const mismatch = await kit.api('POST', '/api/security/accounts/batch-reset-password', { ids: [p1.id], password: 'N3wPassw0rd!', confirmPassword: 'other' });
    expect(mismatch.status).toBe(400);
    const res = await kit.api('POST', '/api/security/accounts/batch-reset-password', { ids: [p1.id, 999999], password: 'N3wPassw0rd!', confirmPassword: 'N3wPassw0rd!' });
    expect(res.status).toBe(200);
    expect(res.body.data.done).toEqual([{ id: p1.id, userId: 'batch_p1' }]);
    expect(res.body.data.refused).toEqual([{ id: 999999, userId: null, reason: 'The requested record does not exist' }]);
    const [row] = await kit.db().select().from(accounts).where(eq(accounts.id, p1.id));
    expect(row.mustChangePassword).toBe(true);
    expect((await s.loginRaw('batch_p1', 'Passw0rd!x')).status).toBe(400);
    expect((await s.loginRaw('batch_p1', 'N3wPassw0rd!')).status).toBe(200);
  });

  it('a delegated administrator never acts upward: the super administrator is refused, the rest is done', async () => {
    const flagged = await kit.account('batch_flagged', { isAdmin: true });
    const res = await kit.api('POST', '/api/security/accounts/batch-lock', { ids: [1, flagged.id, p2.id] }, delegate);
    expect(res.status).toBe(200);
    expect(res.body.data.done.map((d: { id: number }) => d.id)).toEqual([p2.id]);
    expect(res.body.data.refused.map((r: { id: number; reason: string }) => [r.id, r.reason])).toEqual([
      [1, expect.stringContaining('Only a super administrator')], [flagged.id, expect.stringContaining('Only a super administrator')],
    ]);
    const reset = await kit.api('POST', '/api/security/accounts/batch-reset-password', { ids: [1], password: 'Taken0ver!x', confirmPassword: 'Taken0ver!x' }, delegate);
    expect(reset.body.data.done).toEqual([]);
    expect((await s.loginRaw('admin', DEMO.admin.password)).status).toBe(200);
    const [one] = await kit.db().select().from(accounts).where(eq(accounts.id, 1));
    expect(one.status).toBe('normal');
  });

  it('each batch action needs its own authority', async () => {
    const r = await kit.role('R_BATCH_READ', ['security:account']);
    await kit.account('batch_reader', { roleIds: [r.id] });
    const reader = await s.login('batch_reader', 'Passw0rd!x');
    for (const path of ['batch-lock', 'batch-unlock']) {
      expect((await kit.api('POST', `/api/security/accounts/${path}`, { ids: [p2.id] }, reader)).status).toBe(403);
    }
    expect((await kit.api('POST', '/api/security/accounts/batch-reset-password', { ids: [p2.id], password: 'N3wPassw0rd!', confirmPassword: 'N3wPassw0rd!' }, reader)).status).toBe(403);
    const empty = await kit.api('POST', '/api/security/accounts/batch-lock', { ids: [] }, admin, 'zh');
    expect(empty.status).toBe(400);
  });
});
