import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { translate } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts, loginKeys, loginLogs, rateCounters, roles } from '../src/db/schema/index';
import { encryptForLogin } from '../src/platform/auth/loginKeys';

/**
 * What an attacker found in login, sessions and delegated administration (security issue, items 2,
 * 3, 5, 9, 10, 13, 15, 16). The server runs on a clock of its own (login lock, login keys,
 * rate-limit windows); a test that depends on a window moves it on to a fresh one.
 * The same counters across two processes: multiprocess-security.test.ts (PostgreSQL).
 */
let s: TestServer;
let admin: string;
let clock = new Date('2026-03-01T08:00:00Z');
const nextWindow = () => { clock = new Date(clock.getTime() + 10 * 60_000); };

beforeAll(async () => {
  s = await startTestServer({ now: () => clock, loginRateLimit: 1000, loginKeyRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const db = () => s.built.deps.db;
const config = () => s.built.deps.config;
const api = (method: string, path: string, body?: unknown, token = admin, lang = 'en') => s.request(method, path, { token, body, lang });

async function newAccount(userId: string, extra: Record<string, unknown> = {}, password = 'Passw0rd!x') {
  const res = await api('POST', '/api/security/accounts', { userId, userName: userId, password, confirmPassword: password, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; userId: string };
}
async function newRole(code: string, authorities: string[]) {
  const res = await api('POST', '/api/security/roles', { code, name: code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await api('PUT', `/api/security/roles/${res.body.data.id}/grants`, { authorities })).status).toBe(200);
  return res.body.data as { id: number; code: string };
}
async function superRoleId() {
  const [r] = await db().select({ id: roles.id }).from(roles).where(eq(roles.isSuper, true));
  return r.id;
}
async function key() {
  const k = await s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
  expect(k.status, JSON.stringify(k.body)).toBe(200);
  return k.body.data as { keyId: string; publicKey: string };
}
/** keys one after the other: a server answers 503 to more than a few waiting for a fresh key pair at once */
async function keysInTurn(n: number) {
  const keys: { keyId: string; publicKey: string }[] = [];
  for (let i = 0; i < n; i++) keys.push(await key());
  return keys;
}
async function tokenWith(k: { keyId: string; publicKey: string }, userId: string, password: string, lang = 'en') {
  return s.request('POST', '/api/oauth/token', { lang, form: { grant_type: 'password', username: userId, password: encryptForLogin(k.publicKey, password), key_id: k.keyId } });
}

describe('a delegated account administrator cannot touch super administrators', () => {
  const SUPER_ONLY = 'Only a super administrator may act on an account that holds the super administrator role or the administrator flag';
  let t: string;
  let flagged: { id: number }, grouped: { id: number }, plain: { id: number }, adminSession: string;

  beforeAll(async () => {
    const r = await newRole('R_DELEGATE', [
      'security:account', 'security:account:add', 'security:account:edit', 'security:account:delete', 'security:account:unlock',
      'security:account:resetPassword', 'security:account:grant', 'audit:online', 'audit:online:kick',
    ]);
    await newAccount('delegate', { roleIds: [r.id] });
    flagged = await newAccount('flagged_admin', { isAdmin: true });
    const g = await api('POST', '/api/security/role-groups', { code: 'G_SUPER', name: 'supers', roleIds: [await superRoleId()] });
    expect(g.status).toBe(200);
    grouped = await newAccount('grouped_super', { groupIds: [g.body.data.id] });
    plain = await newAccount('plain_user');
    t = await s.login('delegate', 'Passw0rd!x');
    adminSession = (await api('GET', '/api/admin/current/user')).body.data.sessionId;
  });

  it('reset password, lock, unlock, edit, assign, delete and batch delete of account 1, a flagged and a grouped super administrator answer 403', async () => {
    for (const id of [1, flagged.id, grouped.id]) {
      const calls: [string, string, unknown?][] = [
        ['POST', `/api/security/accounts/${id}/reset-password`, { password: 'Taken0ver!x', confirmPassword: 'Taken0ver!x' }],
        ['PUT', `/api/security/accounts/${id}`, { status: 'lock' }],
        ['PUT', `/api/security/accounts/${id}`, { userName: 'pwned' }],
        ['POST', `/api/security/accounts/${id}/unlock`],
        ['PUT', `/api/security/accounts/${id}/assign`, { roleIds: [], groupIds: [] }],
        ['DELETE', `/api/security/accounts/${id}`],
        ['POST', '/api/security/accounts/delete', { ids: [plain.id, id] }],
      ];
      for (const [m, p, body] of calls) {
        const res = await api(m, p, body, t);
        expect(res.status, `${m} ${p} on ${id}: ${JSON.stringify(res.body)}`).toBe(403);
        expect(res.body.msg).toBe(SUPER_ONLY);
      }
    }
    const zh = await api('POST', '/api/security/accounts/1/reset-password', { password: 'Taken0ver!x', confirmPassword: 'Taken0ver!x' }, t, 'zh');
    expect(zh.body.msg).toBe('只有超级管理员才能操作拥有超级管理员角色或管理员标识的账号');
    // nothing happened to them
    expect((await s.loginRaw('admin', DEMO.admin.password)).status).toBe(200);
    expect((await api('GET', `/api/security/accounts/${plain.id}`)).status).toBe(200);
    const [one] = await db().select().from(accounts).where(eq(accounts.id, 1));
    expect(one).toMatchObject({ status: 'normal', mustChangePassword: false });
  });

  it('may not force a super administrator out, nor give the super role, a group holding it or the flag', async () => {
    const kick = await api('DELETE', `/api/audit/online/${adminSession}`, undefined, t);
    expect(kick.status).toBe(403);
    expect(kick.body.msg).toBe(SUPER_ONLY);
    expect((await api('POST', '/api/audit/online/kick', { ids: [adminSession] }, t)).status).toBe(403);
    expect((await api('GET', '/api/admin/current/user')).status).toBe(200);
    const groups = (await api('GET', '/api/security/role-groups?keyword=G_SUPER')).body.data.records;
    const viaGroup = await api('PUT', `/api/security/accounts/${plain.id}/assign`, { roleIds: [], groupIds: [groups[0].id] }, t);
    expect(viaGroup.status).toBe(403);
    expect(viaGroup.body.msg).toContain('Only a super administrator may give');
    expect((await api('PUT', `/api/security/accounts/${plain.id}`, { isAdmin: true }, t)).status).toBe(403);
    const create = await api('POST', '/api/security/accounts', { userId: 'sneaky2', userName: 's', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', groupIds: [groups[0].id] }, t);
    expect(create.status).toBe(403);
  });

  it('still manages ordinary accounts', async () => {
    expect((await api('PUT', `/api/security/accounts/${plain.id}`, { userName: 'Plain User' }, t)).status).toBe(200);
    expect((await api('POST', `/api/security/accounts/${plain.id}/reset-password`, { password: 'Passw0rd!y', confirmPassword: 'Passw0rd!y' }, t)).status).toBe(200);
    expect((await api('PUT', `/api/security/accounts/${plain.id}`, { status: 'lock' }, t)).status).toBe(200);
    expect((await api('POST', `/api/security/accounts/${plain.id}/unlock`, undefined, t)).status).toBe(200);
  });
});

describe('a grant gives only what the granter holds', () => {
  let t: string;
  let own: { id: number }, other: { id: number }, strong: { id: number }, target: { id: number };
  const HELD = ['security:role', 'security:role:grant', 'security:account', 'security:account:grant', 'security:roleGroup', 'security:roleGroup:add', 'security:roleGroup:edit', 'audit:online'];

  beforeAll(async () => {
    own = await newRole('R_GRANTER', HELD);
    other = await newRole('R_OTHER', []);
    strong = await newRole('R_STRONG', ['security:policy', 'security:policy:edit']);
    await newAccount('granter', { roleIds: [own.id] });
    target = await newAccount('grant_target');
    t = await s.login('granter', 'Passw0rd!x');
  });

  it('cannot put every authority on its own role, nor on a role it holds through a group', async () => {
    const all = (await api('GET', `/api/security/roles/${own.id}/grants`)).body.data;
    const codes: string[] = all.tree.flatMap((a: any) => a.children.flatMap((m: any) => m.children.flatMap((f: any) => [f.key, ...f.children.map((o: any) => o.key)])));
    expect(codes.length).toBeGreaterThan(100);
    const res = await api('PUT', `/api/security/roles/${own.id}/grants`, { authorities: codes }, t);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('You may not change the authorization of role R_GRANTER: you hold it yourself');
    const viaGroupRole = await newRole('R_VIA_GROUP', []);
    const g = await api('POST', '/api/security/role-groups', { code: 'G_GRANTER', name: 'granter group', roleIds: [viaGroupRole.id] });
    const [me] = await db().select().from(accounts).where(eq(accounts.userId, 'granter'));
    expect((await api('PUT', `/api/security/accounts/${me.id}/assign`, { roleIds: [own.id], groupIds: [g.body.data.id] })).status).toBe(200);
    t = await s.login('granter', 'Passw0rd!x');
    const viaGroup = await api('PUT', `/api/security/roles/${viaGroupRole.id}/grants`, { authorities: ['audit:online'] }, t, 'zh');
    expect(viaGroup.status).toBe(403);
    expect(viaGroup.body.msg).toBe('角色 R_VIA_GROUP 是您本人拥有的角色，不能修改它的授权');
    expect((await api('GET', `/api/security/roles/${own.id}/grants`)).body.data.checked).toEqual([...HELD].sort());
  });

  it('gives another role only authorities it holds, and leaves what it does not hold as it is', async () => {
    const beyond = await api('PUT', `/api/security/roles/${other.id}/grants`, { authorities: ['audit:online', 'security:policy:edit'] }, t);
    expect(beyond.status).toBe(403);
    expect(beyond.body.msg).toBe('You may only grant authorities you hold yourself; you do not hold: security:policy:edit');
    expect((await api('PUT', `/api/security/roles/${other.id}/grants`, { authorities: ['audit:online'] }, t)).status).toBe(200);
    // R_STRONG keeps its grants: the granter may add what it holds but not strip what it does not hold
    expect((await api('PUT', `/api/security/roles/${strong.id}/grants`, { authorities: ['security:policy', 'security:policy:edit', 'audit:online'] }, t)).status).toBe(200);
    expect((await api('PUT', `/api/security/roles/${strong.id}/grants`, { authorities: ['audit:online'] }, t)).status).toBe(403);
  });

  it('cannot give a role carrying authorities it does not hold: to accounts, in batches, or through a role group', async () => {
    const msg = 'Role R_STRONG carries authorities you do not hold (security:policy, security:policy:edit); you may not give it';
    for (const [m, p, body] of [
      ['POST', '/api/security/accounts/batch-grant', { accountId: target.id, roleIds: [strong.id] }],
      ['POST', '/api/security/roles/batch-grant', { roleId: strong.id, accountIds: [target.id] }],
      ['PUT', `/api/security/accounts/${target.id}/assign`, { roleIds: [strong.id], groupIds: [] }],
      ['POST', '/api/security/role-groups', { code: 'G_STRONG', name: 'strong', roleIds: [strong.id] }],
    ] as [string, string, unknown][]) {
      const res = await api(m, p, body, t);
      expect(res.status, `${m} ${p}`).toBe(403);
      expect(res.body.msg).toBe(msg);
    }
    expect((await api('POST', '/api/security/accounts/batch-grant', { accountId: target.id, roleIds: [other.id] }, t)).status).toBe(200);
  });
});

describe('parallel wrong guesses are judged at most the policy count of times', () => {
  it('60 guesses at once: at most 5 judged as wrong password, then the right password is refused as locked', async () => {
    nextWindow();
    const policy = (await api('GET', '/api/security/policy')).body.data;
    expect(policy.maxFailedLogins).toBe(5);
    await newAccount('burst', {}, 'Right@2026x');
    const keys = await keysInTurn(60);
    const answers = await Promise.all(keys.map((k, i) => tokenWith(k, 'burst', `wrong-${i}`)));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const logs = await db().select().from(loginLogs).where(eq(loginLogs.userId, 'burst'));
    const judged = logs.filter((l) => l.reason.startsWith('wrong password'));
    expect(judged.length).toBeGreaterThanOrEqual(1);
    expect(judged.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body.locked).length).toBeGreaterThanOrEqual(55);
    const right = await tokenWith(await key(), 'burst', 'Right@2026x');
    expect(right.status).toBe(400);
    expect(right.body).toMatchObject({ locked: true });
    expect(right.body.access_token).toBeUndefined();
  }, 240_000); // 61 RSA key pairs and 60 argon2 checks: long on a loaded 2-core machine

  it('the right password in the middle of a burst gets no lasting token once the account is locked', async () => {
    nextWindow();
    await newAccount('burst2', {}, 'Right@2026x');
    const keys = await keysInTurn(21);
    const answers = await Promise.all(keys.map((k, i) => tokenWith(k, 'burst2', i === 10 ? 'Right@2026x' : `wrong-${i}`)));
    const [acc] = await db().select().from(accounts).where(eq(accounts.userId, 'burst2'));
    expect(acc.status).toBe('lock');
    // a token given before the lock was ended by it
    if (answers[10].status === 200) {
      expect((await s.request('GET', '/api/admin/current/user', { token: answers[10].body.access_token })).status).toBe(401);
    }
  }, 240_000);
});

describe('the answers tell nothing about which user ids exist', () => {
  it('an unknown id gets the same message, is counted, and is "locked" after the same number of failures', async () => {
    nextWindow();
    await newAccount('known_one', {}, 'Right@2026x');
    const known: unknown[] = [];
    const ghost: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await s.loginRaw('known_one', `nope-${i}`, 'zh')).body);
      ghost.push((await s.loginRaw('no_such_user_x', `nope-${i}`, 'zh')).body);
    }
    expect(ghost).toEqual(known);
    expect(ghost[0]).toEqual({ error: 'invalid_grant', error_description: translate('zh', 'auth.badCredentials'), locked: false });
    expect(ghost[4]).toEqual({ error: 'invalid_grant', error_description: translate('zh', 'auth.locked'), locked: true });
    expect(ghost[5]).toEqual(ghost[4]);
    const reasons = (await db().select().from(loginLogs).where(eq(loginLogs.userId, 'no_such_user_x'))).map((l) => l.reason);
    expect(reasons).toContain('unknown account');
    expect(reasons).toContain('unknown account, locked after 5 failures');
  });

  it('the lock of an unknown id ends with the lock time, like an account\'s', async () => {
    const p = (await api('GET', '/api/security/policy')).body.data;
    try {
      expect((await api('PUT', '/api/security/policy', { ...p, maxFailedLogins: 2, lockMinutes: 10 })).status).toBe(200);
      nextWindow();
      expect((await s.loginRaw('ghost_two', 'a')).body.locked).toBe(false);
      expect((await s.loginRaw('ghost_two', 'b')).body.locked).toBe(true);
      expect((await s.loginRaw('ghost_two', 'c')).body.locked).toBe(true);
      nextWindow(); // ten minutes later
      expect((await s.loginRaw('ghost_two', 'd')).body.locked).toBe(false);
    } finally {
      await api('PUT', '/api/security/policy', p);
    }
  });
});

describe('login rate limits are counted in the database', () => {
  it('the token endpoint refuses past the limit per address and minute, and allows again later', async () => {
    const before = config().loginRateLimit;
    config().loginRateLimit = 5;
    try {
      nextWindow();
      const k = await key();
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await tokenWith(k, 'nobody_rl', 'x')).status);
      expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
      const refused = await s.request('POST', '/api/oauth/token', { lang: 'zh', form: { grant_type: 'refresh_token', refresh_token: 'x' } });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 429, msg: translate('zh', 'error.tooManyRequests') });
      const rows = await db().select().from(rateCounters).where(like(rateCounters.bucket, 'login:%'));
      expect(rows.some((r) => r.hits === 8)).toBe(true);
      nextWindow();
      expect((await tokenWith(await key(), 'nobody_rl', 'x')).status).toBe(400);
    } finally {
      config().loginRateLimit = before;
    }
  });

  it('LoginGetKey.do has its own limit; used keys are deleted at once and expired ones purged', async () => {
    const before = config().loginKeyRateLimit;
    config().loginKeyRateLimit = 3;
    try {
      nextWindow();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) codes.push((await s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey')).status);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      config().loginKeyRateLimit = before;
    }
    nextWindow();
    const k = await key();
    expect((await tokenWith(k, 'admin', DEMO.admin.password)).status).toBe(200);
    expect(await db().select().from(loginKeys).where(eq(loginKeys.id, k.keyId))).toEqual([]);
    const stale = await key();
    nextWindow(); // past the key's five minutes
    expect((await tokenWith(stale, 'admin', DEMO.admin.password)).body.error_description).toBe('The login key has expired, please try again');
    const k2 = await key();
    expect(await db().select().from(loginKeys).where(eq(loginKeys.id, k2.keyId))).toHaveLength(1);
    nextWindow();
    await key(); // issuing purges the expired ones
    expect(await db().select().from(loginKeys).where(eq(loginKeys.id, k2.keyId))).toEqual([]);
  });
});

describe('account updates change only what they are given', () => {
  it('a PUT with only userName keeps status, administrator flag, max sessions and IP policy', async () => {
    const a = await newAccount('partial_one', { isAdmin: true, maxSessions: 3, ipPolicyEnabled: true, ipPolicy: '127.0.0.*', email: 'p@example.com' });
    expect((await api('PUT', `/api/security/accounts/${a.id}`, { status: 'lock' })).status).toBe(200);
    const res = await api('PUT', `/api/security/accounts/${a.id}`, { userName: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ userName: 'Renamed', status: 'lock', isAdmin: true, maxSessions: 3, ipPolicyEnabled: true, ipPolicy: '127.0.0.*', email: 'p@example.com' });
    const bad = await api('PUT', `/api/security/accounts/${a.id}`, { ipPolicy: null });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Enter the IP policy rules');
    // what the console sends: every field of the form
    const full = (await api('GET', `/api/security/accounts/${a.id}`)).body.data;
    const { userName, status: _s, staffId, isAdmin, manageRange, maxSessions: _m, ipPolicyEnabled: _e, ipPolicy, email, mobile } = full;
    const sent = await api('PUT', `/api/security/accounts/${a.id}`, { userName, status: 'normal', staffId, isAdmin, manageRange, maxSessions: 4, ipPolicyEnabled: false, ipPolicy, email, mobile });
    expect(sent.body.data).toMatchObject({ status: 'normal', maxSessions: 4, ipPolicyEnabled: false, isAdmin: true });
  });
});

describe('password change and refresh tokens', () => {
  it('a password change answers the translated text', async () => {
    await newAccount('pwchange', {}, 'Passw0rd!x');
    const t = await s.login('pwchange', 'Passw0rd!x');
    const res = await s.request('POST', '/api/admin/current/password', { token: t, lang: 'zh', body: { oldPassword: 'Passw0rd!x', newPassword: 'Passw0rd!z', confirmPassword: 'Passw0rd!z' } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe(translate('zh', 'ok.saved'));
    expect(res.body.msg).not.toBe('ok.saved');
  });

  it('a refresh token used again after rotation ends the session: the holder of the new tokens is out too', async () => {
    nextWindow();
    const first = await s.loginRaw('editor', DEMO.editor.password);
    const r1 = first.body.refresh_token;
    const second = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: r1 } });
    expect(second.status).toBe(200);
    const { access_token: a2, refresh_token: r2 } = second.body;
    expect((await s.request('GET', '/api/admin/current/user', { token: a2 })).status).toBe(200);
    // at the same moment (two tabs of one console refreshing together): refused, the session goes on
    const race = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: r1 } });
    expect(race.status).toBe(400);
    expect((await s.request('GET', '/api/admin/current/user', { token: a2 })).status).toBe(200);
    clock = new Date(clock.getTime() + 60_000); // later: a thief
    const replay = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: r1 } });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const out = await s.request('GET', '/api/admin/current/user', { token: a2, lang: 'zh' });
    expect(out.status).toBe(401);
    expect(out.body.code).toBe(10002);
    expect(out.body.msg).toContain(translate('zh', 'sessionEnd.refreshReused'));
    expect((await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: r2 } })).status).toBe(400);
    // an ordinary rotation still works
    const again = await s.loginRaw('editor', DEMO.editor.password);
    const rotated = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: again.body.refresh_token } });
    expect((await s.request('GET', '/api/admin/current/user', { token: rotated.body.access_token })).status).toBe(200);
  });
});
