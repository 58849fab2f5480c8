import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts, authApps, authFunctions, authModules, authOperations, authUrls } from '../src/db/schema/index';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const db = () => s.built.deps.db;
const api = (method: string, path: string, body?: unknown, lang = 'en', token = admin) => s.request(method, path, { token, body, lang });

async function upload(zip: Uint8Array | Buffer, lang = 'en', token = admin) {
  const form = new FormData();
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'tree.zip');
  const res = await fetch(`${s.url}/api/security/tree/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
  return { status: res.status, body: await res.json() as any };
}
const zipOf = (text: string | Uint8Array, name = 'tree.txt') => zipSync({ [name]: typeof text === 'string' ? strToU8(text) : text });

async function treeCounts() {
  const [a, m, f, o, u] = await Promise.all([authApps, authModules, authFunctions, authOperations, authUrls].map((t) => db().select({ id: t.id }).from(t)));
  return [a.length, m.length, f.length, o.length, u.length];
}

async function newAccount(userId: string, password = 'Passw0rd!x', extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/security/accounts', { userId, userName: userId, password, confirmPassword: password, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; userId: string };
}
async function newRole(code: string, extra: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/security/roles', { code, name: code, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; code: string };
}

describe('authority tree', () => {
  it('answers the seeded tree: app → modules → functions → operations', async () => {
    const res = await api('GET', '/api/security/tree');
    expect(res.status).toBe(200);
    const app = res.body.data.find((n: any) => n.code === 'bencao');
    const security = app.children.find((n: any) => n.code === 'security');
    const fn = security.children.find((n: any) => n.code === 'security:role');
    expect(fn.children.map((o: any) => o.code)).toContain('security:role:grant');
    const filtered = await api('GET', '/api/security/tree?keyword=security:role:grant');
    expect(JSON.stringify(filtered.body.data)).not.toContain('gateway:route');
  });

  it('CRUD per level with the SPEC rules: legal address, integer seq, unique codes', async () => {
    const bad = await api('POST', '/api/security/tree/apps', { code: 'crm', name: 'CRM', context: 'no slash', seq: 1, serverHost: 'crm.local', transport: 'http', port: 8080 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('host:port/context');
    const badPort = await api('POST', '/api/security/tree/apps', { code: 'crm', name: 'CRM', context: '/crm', seq: 1, serverHost: 'crm.local', transport: 'http', port: 70000 });
    expect(badPort.status).toBe(400);
    const badSeq = await api('POST', '/api/security/tree/apps', { code: 'crm', name: 'CRM', context: '/crm', seq: 1.5, serverHost: 'crm.local', transport: 'http', port: 8080 }, 'zh');
    expect(badSeq.status).toBe(400);
    expect(badSeq.body.msg).toContain('序号必须为整数');
    const app = await api('POST', '/api/security/tree/apps', { code: 'crm', name: 'CRM', context: '/crm', seq: 1, serverHost: 'crm.local', transport: 'http', port: 8080 });
    expect(app.status).toBe(200);
    const dup = await api('POST', '/api/security/tree/apps', { code: 'crm', name: 'CRM 2', context: '/crm', seq: 2, serverHost: '10.0.0.1', transport: 'https', port: 443 });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('"crm" already exists');
    const mod = await api('POST', '/api/security/tree/modules', { appId: app.body.data.id, code: 'crm-mod', name: 'Customers', seq: 0 });
    const fn = await api('POST', '/api/security/tree/functions', { moduleId: mod.body.data.id, code: 'crm:customer', name: 'Customers', seq: 0 });
    expect(fn.status).toBe(200);
    // function and operation codes are one namespace (both are granted to roles)
    const clash = await api('POST', '/api/security/tree/operations', { functionId: fn.body.data.id, code: 'crm:customer', name: 'x', seq: 0 });
    expect(clash.status).toBe(409);
    const op = await api('POST', '/api/security/tree/operations', { functionId: fn.body.data.id, code: 'crm:customer:add', name: 'Add', seq: 0, type: 'button', isDefault: true });
    const url = await api('POST', '/api/security/tree/urls', { operationId: op.body.data.id, name: 'create', content: '/api/crm/customers', accessMode: 'POST' });
    expect(url.status).toBe(200);
    const unknownParent = await api('POST', '/api/security/tree/urls', { operationId: 999999, name: 'x', content: '/x', accessMode: 'GET' });
    expect(unknownParent.status).toBe(400);

    // a node with children is not deleted; bottom-up works
    const busy = await api('DELETE', `/api/security/tree/apps/${app.body.data.id}`);
    expect(busy.status).toBe(400);
    expect(busy.body.msg).toContain('CRM');
    const renamed = await api('PUT', `/api/security/tree/operations/${op.body.data.id}`, { functionId: fn.body.data.id, code: 'crm:customer:create', name: 'Create', seq: 1, type: 'button', isDefault: false });
    expect(renamed.body.data.code).toBe('crm:customer:create');
    expect((await api('DELETE', `/api/security/tree/urls/${url.body.data.id}`)).status).toBe(200);
    expect((await api('POST', '/api/security/tree/operations/delete', { ids: [op.body.data.id] })).status).toBe(200);
    expect((await api('DELETE', `/api/security/tree/functions/${fn.body.data.id}`)).status).toBe(200);
    expect((await api('DELETE', `/api/security/tree/modules/${mod.body.data.id}`)).status).toBe(200);
    expect((await api('DELETE', `/api/security/tree/apps/${app.body.data.id}`)).status).toBe(200);
  });
});

describe('import and export of the authority tree', () => {
  const good = `-- a new app, with one of everything
INSERT INTO auth_apps (id, code, name, context, seq, server_host, transport, port) VALUES (1, 'erp', 'ERP', '/erp', 5, 'erp.example.com', 'https', 443);
INSERT INTO auth_modules (id, app_id, code, name, seq) VALUES (10, 1, 'erp-stock', '库存', 0);
INSERT INTO auth_functions (id, module_id, code, name, seq) VALUES (20, 10, 'erp:stock', 'Stock; levels', 0);
INSERT INTO auth_operations (id, function_id, code, name, type, is_default, seq) VALUES (30, 20, 'erp:stock:adjust', 'It''s an adjustment', 'button', TRUE, 0);
INSERT INTO auth_urls (operation_id, name, content, access_mode) VALUES (30, 'adjust', '/api/erp/stock', 'POST');
`;

  it('a zip whose SQL has a DROP TABLE changes nothing', async () => {
    const before = await treeCounts();
    const res = await upload(zipOf(good + 'DROP TABLE accounts;\n'));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Line 7: only INSERT statements are allowed, found DROP TABLE');
    expect(await treeCounts()).toEqual(before);
    expect((await db().select().from(accounts)).length).toBeGreaterThan(0);
  });

  it('refuses UPDATE, DELETE and other tables, naming the lines; nothing changes', async () => {
    const before = await treeCounts();
    const res = await upload(zipOf(`${good}UPDATE auth_apps SET name = 'x';\nDELETE FROM auth_urls;\nINSERT INTO accounts (user_id) VALUES ('evil');\nINSERT INTO auth_apps (code, password) VALUES ('x', 'y');\n`));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Line 7: only INSERT statements are allowed, found UPDATE');
    expect(res.body.msg).toContain('Line 8: only INSERT statements are allowed, found DELETE');
    expect(res.body.msg).toContain('Line 9: table accounts is not part of the authority tree');
    expect(res.body.msg).toContain('Line 10: table auth_apps has no column password');
    expect(await treeCounts()).toEqual(before);
  });

  it('bad SQL answers 500 with "check whether the imported SQL is reasonable" and its line', async () => {
    const res = await upload(zipOf(`${good}\nINSERT INTO auth_apps (code VALUES ('x';\n`));
    expect(res.status).toBe(500);
    expect(res.body.msg).toContain('Please check whether the imported SQL is reasonable');
    expect(res.body.msg).toContain('line 8');
    const zh = await upload(zipOf('SELEKT garbage;'), 'zh');
    expect(zh.body.msg).toContain('请检查导入的 SQL 是否合理');
  });

  it('invalid values fail with their line through the API rules, all or nothing', async () => {
    const before = await treeCounts();
    const res = await upload(zipOf(`${good}INSERT INTO auth_apps (code, name, context, seq, server_host, transport, port) VALUES ('bad', 'Bad', 'ctx', 1, 'h', 'http', 80);\nINSERT INTO auth_modules (app_id, code, name, seq) VALUES (424242, 'orphan', 'x', 0);\n`));
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/Line 7: .*host:port\/context/);
    expect(res.body.msg).toContain('Line 8: app_id = 424242 refers to no row');
    expect(await treeCounts()).toEqual(before);
  });

  it('refuses a BOM, a non-UTF-8 file and a zip without a .txt', async () => {
    const bom = await upload(zipOf(new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8(good)])));
    expect(bom.status).toBe(400);
    expect(bom.body.msg).toContain('without BOM');
    const gbk = await upload(zipOf(new Uint8Array([...strToU8("INSERT INTO auth_modules (app_id, code, name, seq) VALUES (1, 'x', '"), 0xbf, 0xe2, 0xb4, 0xe6, ...strToU8("', 0);")])));
    expect(gbk.status).toBe(400);
    expect(gbk.body.msg).toContain('not encoded in UTF-8');
    const noTxt = await upload(zipOf(good, 'tree.sql'));
    expect(noTxt.status).toBe(400);
    const notZip = await upload(Buffer.from(good));
    expect(notZip.status).toBe(400);
    expect(notZip.body.msg).toContain('.zip');
  });

  it('imports good SQL in one go; a second import skips what is there', async () => {
    const before = await treeCounts();
    const res = await upload(zipOf(good));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ inserted: 5, skipped: 0 });
    expect(await treeCounts()).toEqual(before.map((n) => n + 1));
    const [op] = await db().select().from(authOperations).where(eq(authOperations.code, 'erp:stock:adjust'));
    expect(op).toMatchObject({ name: "It's an adjustment", isDefault: true });
    const again = await upload(zipOf(good));
    expect(again.body.data).toMatchObject({ inserted: 0, skipped: 5 });
    expect(await treeCounts()).toEqual(before.map((n) => n + 1));
  });

  it('export → import round-trips (a lost branch comes back identical)', async () => {
    const exp = await fetch(`${s.url}/api/security/tree/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(exp.status).toBe(200);
    expect(exp.headers.get('content-type')).toContain('application/zip');
    const files = unzipSync(new Uint8Array(await exp.arrayBuffer()));
    const [name] = Object.keys(files);
    expect(name).toMatch(/\.txt$/);
    expect(files[name].slice(0, 3)).not.toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    const text = new TextDecoder().decode(files[name]);
    expect(text).toContain("INSERT INTO auth_functions");
    const treeBefore = (await api('GET', '/api/security/tree')).body.data;

    // the operator loses the ERP branch (deleting bottom-up) ...
    const [m] = await db().select().from(authModules).where(eq(authModules.code, 'erp-stock'));
    const [f] = await db().select().from(authFunctions).where(eq(authFunctions.moduleId, m.id));
    const [o] = await db().select().from(authOperations).where(eq(authOperations.functionId, f.id));
    await db().delete(authUrls).where(eq(authUrls.operationId, o.id));
    await db().delete(authOperations).where(eq(authOperations.id, o.id));
    await db().delete(authFunctions).where(eq(authFunctions.id, f.id));
    await db().delete(authModules).where(eq(authModules.id, m.id));

    // ... and imports the export: the branch comes back, nothing else moves
    const res = await upload(zipOf(files[name]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.inserted).toBe(4);
    const strip = (nodes: any[]): any[] => nodes.map((n) => ({ code: n.code, name: n.name, level: n.level, children: n.children ? strip(n.children) : undefined,
      data: Object.fromEntries(Object.entries(n.data).filter(([k]) => !/^id$|Id$/.test(k))) }));
    expect(strip((await api('GET', '/api/security/tree')).body.data)).toEqual(strip(treeBefore));
  });

  it('import and export need their authorities', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await upload(zipOf(good), 'en', auditor)).status).toBe(403);
    expect((await s.request('GET', '/api/security/tree/export', { token: auditor })).status).toBe(403);
  });
});

describe('roles', () => {
  it('validates, refuses duplicates, needs an organ for organ roles, pages and sorts', async () => {
    await newRole('R_CLERK', { roleType: 'common', positionType: 'clerk' });
    expect((await api('POST', '/api/security/roles', { code: 'R_CLERK', name: 'again' })).status).toBe(409);
    const organ = await api('POST', '/api/security/roles', { code: 'R_ORG', name: 'organ role', roleType: 'organ', scope: 'organ' });
    expect(organ.status).toBe(400);
    expect(organ.body.msg).toContain('owning organ');
    await newRole('R_ORG', { roleType: 'organ', scope: 'organ', organId: 12 });
    const list = await api('GET', '/api/security/roles?keyword=R_&sort=code&order=asc&limit=1');
    expect(list.body.data.total).toBeGreaterThanOrEqual(2);
    expect(list.body.data.records).toHaveLength(1);
    expect(list.body.data.records[0].code).toBe('R_CLERK');
  });

  it('the super administrator role cannot be modified', async () => {
    const roles = (await api('GET', '/api/security/roles?keyword=SUPER_ADMIN')).body.data.records;
    const sup = roles.find((r: any) => r.code === 'SUPER_ADMIN');
    const grants = await api('PUT', `/api/security/roles/${sup.id}/grants`, { authorities: ['audit:online'] });
    expect(grants.status).toBe(403);
    expect(grants.body.msg).toBe("The super administrator role's authorization cannot be modified");
    expect((await api('PUT', `/api/security/roles/${sup.id}`, { code: 'SUPER', name: 'x' })).status).toBe(403);
    expect((await api('DELETE', `/api/security/roles/${sup.id}`)).status).toBe(403);
    const tree = await api('GET', `/api/security/roles/${sup.id}/grants`);
    expect(tree.body.data.checked).toEqual(['*']);
  });

  it('grants functions and operations through the checkable tree (full set), unknown codes refused', async () => {
    const r = await newRole('R_GRANT');
    const unknown = await api('PUT', `/api/security/roles/${r.id}/grants`, { authorities: ['audit:online', 'no:such'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('no:such');
    expect((await api('PUT', `/api/security/roles/${r.id}/grants`, { authorities: ['audit:online', 'audit:online:kick'] })).status).toBe(200);
    let tree = (await api('GET', `/api/security/roles/${r.id}/grants`)).body.data;
    expect(tree.checked).toEqual(['audit:online', 'audit:online:kick']);
    const fn = tree.tree[0].children.flatMap((m: any) => m.children).find((f: any) => f.key === 'audit:online');
    expect(fn).toMatchObject({ checkable: true, children: [{ key: 'audit:online:kick', checkable: true }] });
    await api('PUT', `/api/security/roles/${r.id}/grants`, { authorities: ['audit:loginLog'] });
    tree = (await api('GET', `/api/security/roles/${r.id}/grants`)).body.data;
    expect(tree.checked).toEqual(['audit:loginLog']);
  });

  it('a role granted to accounts cannot be deleted; the message names them; after revoking it can', async () => {
    const r = await newRole('R_HELD');
    const a1 = await newAccount('holder_one');
    const a2 = await newAccount('holder_two');
    expect((await api('POST', '/api/security/roles/batch-grant', { roleId: r.id, accountIds: [a1.id, a2.id] })).status).toBe(200);
    const del = await api('DELETE', `/api/security/roles/${r.id}`);
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain('holder_one');
    expect(del.body.msg).toContain('holder_two');
    const delZh = await api('POST', '/api/security/roles/delete', { ids: [r.id] }, 'zh');
    expect(delZh.body.msg).toMatch(/^角色 R_HELD 已授予 holder_one/);
    expect((await api('GET', `/api/security/roles/${r.id}/accounts`)).body.data.map((a: any) => a.userId)).toEqual(['holder_one', 'holder_two']);
    await api('POST', `/api/security/roles/${r.id}/revoke`, { accountIds: [a1.id, a2.id] });
    expect((await api('DELETE', `/api/security/roles/${r.id}`)).status).toBe(200);
  });

  it('a role in a role group cannot be deleted either', async () => {
    const r = await newRole('R_GROUPED');
    const g = await api('POST', '/api/security/role-groups', { code: 'G_HOLD', name: 'holding group', roleIds: [r.id] });
    expect(g.status).toBe(200);
    const del = await api('DELETE', `/api/security/roles/${r.id}`);
    expect(del.status).toBe(400);
    expect(del.body.msg).toContain('G_HOLD');
  });
});

describe('accounts', () => {
  it('new account: required fields, mismatch, exists, password policy naming the rule', async () => {
    const empty = await api('POST', '/api/security/accounts', { userId: '', userName: '', password: '', confirmPassword: '' });
    expect(empty.status).toBe(400);
    for (const f of ['userId', 'userName', 'password', 'confirmPassword']) expect(empty.body.msg).toContain(`${f}: cannot be empty`);
    const mismatch = await api('POST', '/api/security/accounts', { userId: 'zhangsan', userName: '张三', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!y' }, 'zh');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.msg).toContain('两次输入的密码不一致');
    const weak = await api('POST', '/api/security/accounts', { userId: 'zhangsan', userName: '张三', password: 'password', confirmPassword: 'password' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toContain('an uppercase letter');
    expect(weak.body.msg).toContain('a digit');
    await newAccount('zhangsan');
    const dup = await api('POST', '/api/security/accounts', { userId: 'zhangsan', userName: 'x', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('"zhangsan" already exists');
  });

  it('checks IP policy syntax naming the bad item, email, mobile, max sessions', async () => {
    const ip = await api('POST', '/api/security/accounts', { userId: 'ipuser', userName: 'ip', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', ipPolicyEnabled: true, ipPolicy: '10.0.0.*;-10.0.0.5;300.1.1.1' });
    expect(ip.status).toBe(400);
    expect(ip.body.msg).toContain('"300.1.1.1"');
    const contact = await api('POST', '/api/security/accounts', { userId: 'ipuser', userName: 'ip', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', email: 'nope', mobile: '12345', maxSessions: 0 });
    expect(contact.body.msg).toContain('email format incorrect');
    expect(contact.body.msg).toContain('enter a correct mobile number');
    expect(contact.body.msg).toContain('-1 (unlimited)');
    const okAcc = await newAccount('ipuser', 'Passw0rd!x', { ipPolicyEnabled: true, ipPolicy: '127.0.0.*;-10.0.0.5', email: 'ip@example.com', mobile: '13800138000', maxSessions: 2 });
    const got = (await api('GET', `/api/security/accounts/${okAcc.id}`)).body.data;
    expect(got).toMatchObject({ maxSessions: 2, ipPolicyEnabled: true, email: 'ip@example.com' });
    expect(got.passwordHash).toBeUndefined();
  });

  it('locking ends the sessions; unlock; reset password forces a change at next login', async () => {
    const a = await newAccount('locky', 'Passw0rd!x');
    const t = await s.login('locky', 'Passw0rd!x');
    expect((await s.request('GET', '/api/admin/current/user', { token: t })).status).toBe(200);
    const full = (await api('GET', `/api/security/accounts/${a.id}`)).body.data;
    const { id: _i, userId: _u, roles: _r, groups: _g, roleIds: _ri, groupIds: _gi, failedLogins: _f, lockedUntil: _l, mustChangePassword: _m, passwordChangedAt: _p, createdAt: _c, updatedAt: _up, ...editable } = full;
    expect((await api('PUT', `/api/security/accounts/${a.id}`, { ...editable, status: 'lock' })).status).toBe(200);
    const after = await s.request('GET', '/api/admin/current/user', { token: t });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(10002);
    expect((await s.loginRaw('locky', 'Passw0rd!x')).body.locked).toBe(true);
    expect((await api('POST', `/api/security/accounts/${a.id}/unlock`)).status).toBe(200);
    expect((await api('POST', `/api/security/accounts/${a.id}/unlock`)).status).toBe(400);
    const mism = await api('POST', `/api/security/accounts/${a.id}/reset-password`, { password: 'NewPassw0rd!', confirmPassword: 'other' });
    expect(mism.body.msg).toContain('Passwords do not match!');
    expect((await api('POST', `/api/security/accounts/${a.id}/reset-password`, { password: 'NewPassw0rd!', confirmPassword: 'NewPassw0rd!' })).status).toBe(200);
    const login = await s.loginRaw('locky', 'NewPassw0rd!');
    expect(login.status).toBe(200);
    expect(login.body.must_change_password).toBe(true);
  });

  it('an administrator cannot lock or delete the account it is logged in with', async () => {
    const [me] = await db().select().from(accounts).where(eq(accounts.userId, 'admin'));
    expect((await api('DELETE', `/api/security/accounts/${me.id}`)).status).toBe(400);
  });

  it('batch authorization of many roles to one account, assignment of roles and groups, effective authorities with sources', async () => {
    const acc = await newAccount('effy');
    const r1 = await newRole('R_EFF1');
    const r2 = await newRole('R_EFF2');
    const r3 = await newRole('R_EFF3');
    await api('PUT', `/api/security/roles/${r1.id}/grants`, { authorities: ['audit:online'] });
    await api('PUT', `/api/security/roles/${r2.id}/grants`, { authorities: ['audit:loginLog', 'audit:online'] });
    await api('PUT', `/api/security/roles/${r3.id}/grants`, { authorities: ['audit:operationLog'] });
    expect((await api('POST', '/api/security/accounts/batch-grant', { accountId: acc.id, roleIds: [r1.id, r2.id] })).status).toBe(200);
    const g = await api('POST', '/api/security/role-groups', { code: 'G_EFF', name: 'eff group', roleIds: [r3.id] });
    const assigned = await api('PUT', `/api/security/accounts/${acc.id}/assign`, { roleIds: [r1.id, r2.id], groupIds: [g.body.data.id] });
    expect(assigned.body.data.groupIds).toEqual([g.body.data.id]);
    expect((await api('GET', '/api/security/accounts?keyword=effy')).body.data.records[0].roleNames).toBe('R_EFF1, R_EFF2');
    expect((await api('GET', `/api/security/accounts?roleId=${r1.id}`)).body.data.records.map((x: any) => x.userId)).toEqual(['effy']);
    const eff = (await api('GET', `/api/security/accounts/${acc.id}/authorities`)).body.data;
    const byCode = Object.fromEntries(eff.authorities.map((e: any) => [e.authority, e]));
    expect(Object.keys(byCode).sort()).toEqual(['audit:loginLog', 'audit:online', 'audit:operationLog']);
    expect(byCode['audit:online'].sources.map((x: any) => x.roleCode).sort()).toEqual(['R_EFF1', 'R_EFF2']);
    expect(byCode['audit:operationLog'].sources[0]).toMatchObject({ kind: 'group', groupCode: 'G_EFF', roleCode: 'R_EFF3' });
    // the seeded name, in the caller's language (en here)
    expect(byCode['audit:online'].name).toBe('Online users');
    // the guard enforces the same union
    const t = await s.login('effy', 'Passw0rd!x');
    expect((await s.request('GET', '/api/audit/operation-logs', { token: t })).status).toBe(200);
    expect((await s.request('GET', '/api/security/roles', { token: t })).status).toBe(403);
  });

  it('only a holder of every authority hands out the super role or the administrator flag', async () => {
    const r = await newRole('R_ACCOUNTS');
    await api('PUT', `/api/security/roles/${r.id}/grants`, { authorities: ['security:account', 'security:account:add', 'security:account:grant'] });
    const mgr = await newAccount('accmgr', 'Passw0rd!x', { roleIds: [r.id] });
    const t = await s.login('accmgr', 'Passw0rd!x');
    const sup = (await api('GET', '/api/security/roles?keyword=SUPER_ADMIN')).body.data.records[0];
    expect((await s.request('POST', '/api/security/accounts/batch-grant', { token: t, body: { accountId: mgr.id, roleIds: [sup.id] } })).status).toBe(403);
    expect((await s.request('POST', '/api/security/accounts', { token: t, body: { userId: 'sneaky', userName: 's', password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', isAdmin: true } })).status).toBe(403);
  });

  it('lists with search, sort and paging; batch delete', async () => {
    const a = await newAccount('listme_a');
    const b = await newAccount('listme_b');
    const list = await api('GET', '/api/security/accounts?keyword=listme&sort=userId&order=desc');
    expect(list.body.data.records.map((r: any) => r.userId)).toEqual(['listme_b', 'listme_a']);
    expect(list.body.data.records[0].passwordHash).toBeUndefined();
    expect((await api('POST', '/api/security/accounts/delete', { ids: [a.id, b.id] })).status).toBe(200);
    expect((await api('GET', '/api/security/accounts?keyword=listme')).body.data.total).toBe(0);
    expect((await api('POST', '/api/security/accounts/delete', { ids: [] })).body.msg).toContain('Please select a record');
  });
});

describe('role groups and global policy', () => {
  it('role groups: CRUD, duplicate code, roles named', async () => {
    const r = await newRole('R_IN_GROUP');
    const g = await api('POST', '/api/security/role-groups', { code: 'G_ONE', name: 'Group one', roleIds: [r.id] });
    expect(g.status).toBe(200);
    expect((await api('POST', '/api/security/role-groups', { code: 'G_ONE', name: 'dup' })).status).toBe(409);
    const list = await api('GET', '/api/security/role-groups?keyword=G_ONE');
    expect(list.body.data.records[0]).toMatchObject({ code: 'G_ONE', roleNames: 'R_IN_GROUP' });
    const upd = await api('PUT', `/api/security/role-groups/${g.body.data.id}`, { code: 'G_ONE', name: 'Group 1', roleIds: [] });
    expect(upd.body.data.roleIds).toEqual([]);
    expect((await api('DELETE', `/api/security/role-groups/${g.body.data.id}`)).status).toBe(200);
  });

  it('the policy applies at once to new passwords', async () => {
    const p = (await api('GET', '/api/security/policy')).body.data;
    const bad = await api('PUT', '/api/security/policy', { ...p, minLength: 20, maxLength: 10 });
    expect(bad.status).toBe(400);
    expect((await api('PUT', '/api/security/policy', { ...p, minLength: 12, requireSpecial: true })).status).toBe(200);
    const weak = await api('POST', '/api/security/accounts', { userId: 'policyuser', userName: 'p', password: 'Passw0rdxx', confirmPassword: 'Passw0rdxx' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toContain('at least 12 characters');
    expect(weak.body.msg).toContain('a special character');
    await api('PUT', '/api/security/policy', p);
    expect((await api('GET', '/api/security/policy')).body.data).toEqual(p);
  });
});

describe('the global policy applies at once to the lock counter, expiry and grace', () => {
  it('a lower failure count locks sooner; a negative lock time locks for good', async () => {
    const p = (await api('GET', '/api/security/policy')).body.data;
    try {
      expect((await api('PUT', '/api/security/policy', { ...p, maxFailedLogins: 2, lockMinutes: -1 })).status).toBe(200);
      await newAccount('policylock', 'Passw0rd!x');
      expect((await s.loginRaw('policylock', 'wrong-1')).body.locked).toBe(false);
      const second = await s.loginRaw('policylock', 'wrong-2');
      expect(second.body.locked).toBe(true);
      const [acc] = await db().select().from(accounts).where(eq(accounts.userId, 'policylock'));
      expect(acc).toMatchObject({ status: 'lock', lockedUntil: null });
      expect((await s.loginRaw('policylock', 'Passw0rd!x')).body.locked).toBe(true);
    } finally {
      await api('PUT', '/api/security/policy', p);
    }
  });

  it('a shorter lifetime expires passwords at once; within grace the login must change it, past grace it is refused', async () => {
    const p = (await api('GET', '/api/security/policy')).body.data;
    try {
      await newAccount('policyold', 'Passw0rd!x');
      await db().update(accounts).set({ passwordChangedAt: new Date(Date.now() - 10 * 86_400_000) }).where(eq(accounts.userId, 'policyold'));
      expect((await s.loginRaw('policyold', 'Passw0rd!x')).body.must_change_password).toBe(false);
      expect((await api('PUT', '/api/security/policy', { ...p, lifetimeDays: 7, graceDays: 5 })).status).toBe(200);
      const inGrace = await s.loginRaw('policyold', 'Passw0rd!x');
      expect(inGrace.status).toBe(200);
      expect(inGrace.body.must_change_password).toBe(true);
      expect((await api('PUT', '/api/security/policy', { ...p, lifetimeDays: 7, graceDays: 1 })).status).toBe(200);
      const past = await s.loginRaw('policyold', 'Passw0rd!x');
      expect(past.status).toBe(400);
      expect(past.body.error_description).toContain('expired');
    } finally {
      await api('PUT', '/api/security/policy', p);
    }
  });
});

describe('missing fields say "cannot be empty" in the caller\'s language', () => {
  it('roles, apps and accounts sent without their required fields', async () => {
    const role = await api('POST', '/api/security/roles', {});
    expect(role.status).toBe(400);
    expect(role.body.msg).toContain('code: cannot be empty');
    expect(role.body.msg).toContain('name: cannot be empty');
    const app = await api('POST', '/api/security/tree/apps', { seq: 0, port: 80, transport: 'http' }, 'zh');
    expect(app.status).toBe(400);
    for (const f of ['code', 'name', 'context', 'serverHost']) expect(app.body.msg).toContain(`${f}：不能为空`);
    const acc = await api('POST', '/api/security/accounts', {});
    for (const f of ['userId', 'userName', 'password', 'confirmPassword']) expect(acc.body.msg).toContain(`${f}: cannot be empty`);
    expect(acc.body.msg).not.toContain('undefined');
  });
});

describe('authorization of the security API', () => {
  it('the auditor gets 403 on every security API', async () => {
    const t = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    for (const [m, p, body] of [
      ['GET', '/api/security/tree'], ['GET', '/api/security/roles'], ['GET', '/api/security/accounts'], ['GET', '/api/security/role-groups'],
      ['GET', '/api/security/policy'], ['POST', '/api/security/roles', { code: 'X', name: 'x' }], ['PUT', '/api/security/policy', {}],
    ] as [string, string, unknown?][]) {
      const res = await s.request(m, p, { token: t, body });
      expect(res.status, `${m} ${p}`).toBe(403);
    }
  });

  it('every change lands in the operation log with secrets redacted', async () => {
    await newAccount('logged_one', 'Passw0rd!x');
    const logs = (await api('GET', '/api/audit/operation-logs?module=security&operation=/api/security/accounts&limit=50')).body.data.records;
    const entry = logs.find((l: any) => l.method === 'POST' && l.path === '/api/security/accounts');
    const detail = (await api('GET', `/api/audit/operation-logs/${entry.id}`)).body.data;
    expect(detail.params).toMatchObject({ userId: expect.any(String), password: '***', confirmPassword: '***' });
  });
});
