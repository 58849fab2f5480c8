import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, inArray, like } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accountRoles, accounts, operationLogs } from '../src/db/schema/index';
import { accountsKit } from './accountsKit';

/** Accounts screen (issue 16): organisation tree filter, batch lock / unlock / password reset, import from Excel. */
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

describe('import from Excel', () => {
  const HEAD = ['userId', 'userName', 'password', 'status', 'mobile', 'email', 'staffCode', 'roleCodes', 'manageRange', 'maxSessions'];
  async function workbook(rows: (string | number)[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('accounts');
    ws.addRow(HEAD);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  async function upload(file: Buffer, token = admin, lang = 'en', name = 'accounts.xlsx') {
    const form = new FormData();
    form.append('file', new Blob([file]), name);
    const res = await fetch(`${s.url}/api/security/accounts/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
    return { status: res.status, body: await res.json() as any };
  }
  const count = async (prefix: string) => (await kit.db().select({ id: accounts.id }).from(accounts).where(like(accounts.userId, `${prefix}%`))).length;
  let roleCode: string;
  beforeAll(async () => {
    roleCode = (await kit.role('R_IMPORTED', ['security:account'])).code;
    await kit.staffIn('IMP-S1', await kit.organ('IMP-UNIT', null, 'dept'));
  });

  it('offers a template in the operator\'s language with a sample row and the values to choose from', async () => {
    const res = await fetch(`${s.url}/api/security/accounts/import-template`, { headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const [sheet, values] = wb.worksheets;
    expect((sheet.getRow(1).values as string[]).slice(1, 4)).toEqual(['账号 *', '用户名 *', '密码 *']);
    expect(sheet.getCell(2, 4).value).toBe('正常');
    expect(sheet.getCell(2, 4).dataValidation).toMatchObject({ type: 'list' });
    const listed = (values.getSheetValues() as unknown[][]).filter(Boolean).map((r) => `${r[1]}:${r[2]}`);
    expect(listed).toEqual(expect.arrayContaining(['状态:正常', `角色:${roleCode}`, '员工:IMP-S1']));
    // never the super administrator role
    expect(listed.some((l) => l.startsWith('角色:') && l.includes('SUPER'))).toBe(false);
  });

  it('imports nothing when one row is wrong, and reports every error by row, column and rule in the operator\'s language', async () => {
    const file = await workbook([
      ['imp_ok1', '导入一', 'Passw0rd!x', '正常', '13800138000', 'a@example.com', 'IMP-S1', roleCode, '', -1],
      ['imp_bad', '', 'Passw0rd!x', '休眠', '12345', 'not-mail', 'NOPE', 'R_NOPE', '', ''],
      ['imp_ok1', '重复', 'Passw0rd!x', '', '', '', '', '', '', ''],
      ['admin', '已有', 'Passw0rd!x', 'lock', '', '', '', '', '', ''],
    ]);
    const res = await upload(file, admin, 'zh');
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(0);
    const errors = res.body.data.errors as { row: number; field: string; message: string }[];
    expect(errors).toEqual(expect.arrayContaining([
      { row: 3, field: '用户名', message: '不能为空' },
      { row: 3, field: '状态', message: '只能填写：正常、锁定' },
      { row: 3, field: '员工编号', message: '找不到编号为“NOPE”的员工' },
      { row: 3, field: '角色编码', message: '找不到编码为“R_NOPE”的角色' },
      { row: 4, field: '账号', message: '与文件第 2 行的账号重复' },
      { row: 5, field: '账号', message: '该账号已存在' },
    ]));
    expect(errors.filter((e) => e.row === 3).map((e) => e.field)).toEqual(expect.arrayContaining(['手机号', '邮箱']));
    expect(errors.some((e) => e.row === 2)).toBe(false);
    expect(res.body.msg).toBe(`未导入任何数据：文件中有 ${errors.length} 处错误`);
    expect(await count('imp_')).toBe(0);
  });

  it('imports every row in one go, with staff, status and roles', async () => {
    const res = await upload(await workbook([
      ['imp_ok1', '导入一', 'Passw0rd!x', '正常', '13800138000', 'a@example.com', 'IMP-S1', roleCode, '', -1],
      ['imp_ok2', '导入二', 'Passw0rd!x', 'Locked', '', '', '', '', '', 3],
    ]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ imported: 2, errors: [] });
    expect(res.body.msg).toBe('Imported 2 account(s)');
    const rows = await kit.db().select().from(accounts).where(like(accounts.userId, 'imp_%')).orderBy(accounts.userId);
    expect(rows.map((r) => [r.userId, r.status, r.maxSessions, r.staffId !== null])).toEqual([['imp_ok1', 'normal', -1, true], ['imp_ok2', 'lock', 3, false]]);
    const granted = await kit.db().select().from(accountRoles).where(eq(accountRoles.accountId, rows[0].id));
    expect(granted).toHaveLength(1);
    expect((await s.loginRaw('imp_ok1', 'Passw0rd!x')).status).toBe(200);
  });

  it('refuses what is not an xlsx by its bytes, a file over 2 MB, and an empty sheet', async () => {
    const fake = await upload(Buffer.from('userId,userName\nx,y\n'), admin, 'en', 'accounts.xlsx');
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toBe('Upload an Excel workbook (.xlsx) of at most 2 MB');
    const big = Buffer.concat([await workbook([]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload(big)).status).toBe(400);
    const empty = await upload(await workbook([]), admin, 'ja');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('ブックにアカウントの行がありません');
  });

  it('a delegated administrator imports only roles it may give; others get 403', async () => {
    const r = await kit.role('R_IMPORTER', ['security:account', 'security:account:add', 'security:account:import']);
    await kit.account('importer', { roleIds: [r.id] });
    const importer = await s.login('importer', 'Passw0rd!x');
    const wider = await kit.role('R_WIDER', ['security:account', 'security:role:delete']);
    const res = await upload(await workbook([['imp_up1', 'up', 'Passw0rd!x', '', '', '', '', wider.code, '', '']]), importer);
    expect(res.body.data.imported).toBe(0);
    expect(res.body.data.errors).toEqual([{ row: 2, field: 'Role codes', message: expect.stringContaining('security:role:delete') }]);
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await upload(await workbook([['imp_x', 'x', 'Passw0rd!x']]), auditor)).status).toBe(403);
    const tpl = await fetch(`${s.url}/api/security/accounts/import-template`, { headers: { authorization: `Bearer ${auditor}` } });
    expect(tpl.status).toBe(403);
    expect(await count('imp_up')).toBe(0);
  });
});
