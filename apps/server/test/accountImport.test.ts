import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, like, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { importWorkbook } from './accountImportWorkbook';
import { accountImports, accountRoles, accounts, wfJobs } from '../src/db/schema/index';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { ACCOUNT_IMPORT_KIND, HASH_SLICE } from '../src/modules/security/accountImportJob';
import { accountsKit } from './accountsKit';

/**
 * Accounts from Excel (issue 16) as a background job: answered at once with the job, then checked,
 * prepared (passwords hashed a slice per pass of the job runner) and saved all at once or not at all.
 * The tests drive the runner themselves, with the clock they set.
 */
let s: TestServer;
let admin: string;
let kit: ReturnType<typeof accountsKit>;
const T0 = Date.parse('2026-03-01T08:00:00Z');
let clock = T0;
const db = () => s.built.deps.db;

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  setWorkflowClock(db(), () => new Date(clock));
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  kit = accountsKit(s, () => admin);
});
afterAll(async () => { if (s) setWorkflowClock(db(), null); await s?.close(); });

const workbook = importWorkbook;
async function upload(file: Buffer, token = admin, lang = 'en', name = 'accounts.xlsx') {
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  const res = await fetch(`${s.url}/api/security/accounts/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, body: form });
  return { status: res.status, body: await res.json() as any };
}
const progress = async (id: number, token = admin) => {
  const res = await kit.api('GET', `/api/security/accounts/imports/${id}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { status: string; total: number; checked: number; prepared: number; imported: number; errors: { row: number; field: string; message: string }[] };
};
/** one pass of a job runner, a second later than the last */
const pass = (workerId = 'runner-1') => { clock += 1000; return runDueJobs(db(), { now: new Date(clock), workerId }); };
/** passes until the import has ended */
async function drain(id: number, token = admin) {
  for (let i = 0; i < 200; i++) {
    await pass();
    const p = await progress(id, token);
    if (p.status === 'done' || p.status === 'failed') return p;
  }
  throw new Error('the import never ended');
}
const count = async (prefix: string) => (await db().select({ id: accounts.id }).from(accounts).where(like(accounts.userId, `${prefix}%`))).length;

let roleCode: string;
beforeAll(async () => {
  roleCode = (await kit.role('R_IMPORTED', ['security:account'])).code;
  await kit.staffIn('IMP-S1', await kit.organ('IMP-UNIT', null, 'dept'));
});

describe('the template', () => {
  it('comes in the operator\'s language with a sample row and the values to choose from', async () => {
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
    expect(listed.some((l) => l.startsWith('角色:') && l.includes('SUPER'))).toBe(false);
  });
});

describe('an import job', () => {
  it('answers at once; one bad row: nothing imported, every error by row, column and rule in the operator\'s language', async () => {
    const res = await upload(await workbook([
      ['imp_ok1', '导入一', 'Passw0rd!x', '正常', '13800138000', 'a@example.com', 'IMP-S1', roleCode, '', -1],
      ['imp_bad', '', 'Passw0rd!x', '休眠', '12345', 'not-mail', 'NOPE', 'R_NOPE', '', ''],
      ['imp_ok1', '重复', 'Passw0rd!x', '', '', '', '', '', '', ''],
      ['admin', '已有', 'Passw0rd!x', 'lock', '', '', '', '', '', ''],
    ]), admin, 'zh');
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('导入已开始，正在检查 4 行数据');
    expect(res.body.data).toMatchObject({ status: 'checking', total: 4, checked: 0, imported: 0 });
    const done = await drain(res.body.data.id);
    expect(done).toMatchObject({ status: 'failed', checked: 4, imported: 0 });
    expect(done.errors).toEqual(expect.arrayContaining([
      { row: 3, field: '用户名', message: '不能为空' },
      { row: 3, field: '状态', message: '只能填写：正常、锁定' },
      { row: 3, field: '员工编号', message: '找不到编号为“NOPE”的员工' },
      { row: 3, field: '角色编码', message: '找不到编码为“R_NOPE”的角色' },
      { row: 4, field: '账号', message: '与文件第 2 行的账号重复' },
      { row: 5, field: '账号', message: '该账号已存在' },
    ]));
    expect(done.errors.some((e) => e.row === 2)).toBe(false);
    expect(await count('imp_')).toBe(0);
  });

  it(`shows rows checked, then prepared a slice of ${HASH_SLICE} per pass, and saves every account only at the end`, async () => {
    const n = HASH_SLICE + 6;
    const rows = Array.from({ length: n }, (_, i) => [`imp_many${i}`, `批量${i}`, 'Passw0rd!x', i === 0 ? 'Locked' : '', '', '', i === 0 ? 'IMP-S1' : '', i === 0 ? roleCode : '', '', i === 0 ? 3 : '']);
    const res = await upload(await workbook(rows));
    const id = res.body.data.id;
    await pass();
    expect(await progress(id)).toMatchObject({ status: 'preparing', total: n, checked: n, prepared: 0, imported: 0 });
    await pass();
    expect(await progress(id)).toMatchObject({ status: 'preparing', prepared: HASH_SLICE, imported: 0 });
    expect(await count('imp_many')).toBe(0);
    // a prepared row keeps its hash only, no plain password
    const [stored] = await db().select({ rows: accountImports.rows }).from(accountImports).where(eq(accountImports.id, id));
    const waiting = stored.rows as { input: Record<string, unknown>; passwordHash?: string }[];
    expect(waiting.filter((r) => r.passwordHash && !('password' in r.input) && !('confirmPassword' in r.input))).toHaveLength(HASH_SLICE);
    expect(waiting.filter((r) => JSON.stringify(r).includes('Passw0rd!x'))).toHaveLength(n - HASH_SLICE);
    await pass();
    expect(await progress(id)).toMatchObject({ status: 'done', prepared: n, imported: n, errors: [] });
    expect(await count('imp_many')).toBe(n);
    const [first] = await db().select().from(accounts).where(eq(accounts.userId, 'imp_many0'));
    expect([first.status, first.maxSessions, first.staffId !== null]).toEqual(['lock', 3, true]);
    expect(await db().select().from(accountRoles).where(eq(accountRoles.accountId, first.id))).toHaveLength(1);
    expect((await s.loginRaw('imp_many1', 'Passw0rd!x')).status).toBe(200);
    const [after] = await db().select({ rows: accountImports.rows }).from(accountImports).where(eq(accountImports.id, id));
    expect(after.rows).toEqual([]);
  });

  it('refuses a second import of the same operator while one runs (409), and takes it once that one has ended', async () => {
    const first = await upload(await workbook([['imp_q1', 'q1', 'Passw0rd!x']]));
    const second = await upload(await workbook([['imp_q2', 'q2', 'Passw0rd!x']]), admin, 'zh');
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('您上一次的导入还在进行中，请等它结束后再导入');
    expect((await kit.api('GET', '/api/security/accounts/imports/latest')).body.data.id).toBe(first.body.data.id);
    expect((await drain(first.body.data.id)).status).toBe('done');
    const third = await upload(await workbook([['imp_q2', 'q2', 'Passw0rd!x']]));
    expect(third.status).toBe(200);
    expect((await drain(third.body.data.id)).imported).toBe(1);
  });

  it('is picked up again after a process stopped mid-way (its lease ends), and saves the accounts once', async () => {
    const res = await upload(await workbook([['imp_r1', 'r1', 'Passw0rd!x'], ['imp_r2', 'r2', 'Passw0rd!x']]));
    const id = res.body.data.id;
    // a process claims the job and stops before doing anything
    clock += 1000;
    const leaseUntil = new Date(clock + 60_000);
    await db().update(wfJobs).set({ status: 'running', lockedBy: 'stopped-process', leaseUntil, attempts: sql`${wfJobs.attempts} + 1` })
      .where(sql`${wfJobs.kind} = ${ACCOUNT_IMPORT_KIND} and ${wfJobs.payload}->>'importId' = ${String(id)}`);
    await pass('runner-2');
    expect((await progress(id)).status).toBe('checking');
    clock = leaseUntil.getTime();
    expect(await drain(id)).toMatchObject({ status: 'done', imported: 2 });
    await pass('runner-3');
    expect(await count('imp_r')).toBe(2);
    const jobs = await db().select({ status: wfJobs.status }).from(wfJobs)
      .where(sql`${wfJobs.kind} = ${ACCOUNT_IMPORT_KIND} and ${wfJobs.payload}->>'importId' = ${String(id)}`);
    expect(jobs).toEqual([{ status: 'done' }]);
  });

  it('reports accounts created by someone else while the job ran, and imports none of the file', async () => {
    const res = await upload(await workbook([['imp_race1', 'a', 'Passw0rd!x'], ['imp_race2', 'b', 'Passw0rd!x']]));
    await pass();
    await kit.account('imp_race2');
    const done = await drain(res.body.data.id);
    expect(done).toMatchObject({ status: 'failed', imported: 0, errors: [{ row: 3, field: 'User ID', message: 'The account already exists' }] });
    expect(await count('imp_race1')).toBe(0);
  });

  it('refuses what is not an xlsx by its bytes, a file over 2 MB, and an empty sheet, at once', async () => {
    const fake = await upload(Buffer.from('userId,userName\nx,y\n'));
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toBe('Upload an Excel workbook (.xlsx) of at most 2 MB');
    const big = Buffer.concat([await workbook([]), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    expect((await upload(big)).status).toBe(400);
    const empty = await upload(await workbook([]), admin, 'ja');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('ブックにアカウントの行がありません');
  });

  it('a delegated administrator imports only roles it may give, follows only its own imports; others get 403', async () => {
    const r = await kit.role('R_IMPORTER', ['security:account', 'security:account:add', 'security:account:import']);
    await kit.account('importer', { roleIds: [r.id] });
    const importer = await s.login('importer', 'Passw0rd!x');
    const wider = await kit.role('R_WIDER', ['security:account', 'security:role:delete']);
    const res = await upload(await workbook([['imp_up1', 'up', 'Passw0rd!x', '', '', '', '', wider.code, '', '']]), importer);
    const done = await drain(res.body.data.id, importer);
    expect(done.imported).toBe(0);
    expect(done.errors).toEqual([{ row: 2, field: 'Role codes', message: expect.stringContaining('security:role:delete') }]);
    const mineOnly = await upload(await workbook([['imp_up2', 'up', 'Passw0rd!x']]));
    expect((await kit.api('GET', `/api/security/accounts/imports/${mineOnly.body.data.id}`, undefined, importer)).status).toBe(404);
    await drain(mineOnly.body.data.id);
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await upload(await workbook([['imp_x', 'x', 'Passw0rd!x']]), auditor)).status).toBe(403);
    expect((await kit.api('GET', `/api/security/accounts/imports/${res.body.data.id}`, undefined, auditor)).status).toBe(403);
    const tpl = await fetch(`${s.url}/api/security/accounts/import-template`, { headers: { authorization: `Bearer ${auditor}` } });
    expect(tpl.status).toBe(403);
    expect(await count('imp_up1')).toBe(0);
  });

  it('an importer with a limited data scope links accounts only to staff inside it, and its template lists only those', async () => {
    const r = await kit.role('R_IMPORTER_SCOPED', ['security:account', 'security:account:add', 'security:account:import'], { dataScope: 'organ' });
    await kit.account('importer_sc', { roleIds: [r.id], staffId: await kit.staffIn('IMP-SC-ME', await kit.organ('IMP-SC-UNIT', null, 'dept')) });
    const t = await s.login('importer_sc', 'Passw0rd!x');
    const tpl = await fetch(`${s.url}/api/security/accounts/import-template`, { headers: { authorization: `Bearer ${t}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.arrayBuffer());
    const staffListed = (wb.worksheets[1].getSheetValues() as unknown[][]).filter((v) => v?.[1] === 'Staff member').map((v) => v[2]);
    expect(staffListed).toEqual(['IMP-SC-ME']);
    const res = await upload(await workbook([['imp_sc1', 'sc', 'Passw0rd!x', '', '', '', 'IMP-S1', '', '', '']]), t);
    const done = await drain(res.body.data.id, t);
    expect(done.errors).toEqual([{ row: 2, field: 'Staff code', message: 'The staff member lies outside your data scope' }]);
    expect(await count('imp_sc')).toBe(0);
  });
});

describe('one error for one problem (issue 28, item 7)', () => {
  it('an empty account id in a row is "cannot be empty" once, not also "only letters …"', async () => {
    const zh = await drain((await upload(await workbook([['', '空账号', 'Passw0rd!x']]), admin, 'zh')).body.data.id);
    expect(zh.errors).toEqual([{ row: 2, field: '账号', message: '不能为空' }]);
    const en = await drain((await upload(await workbook([['', 'empty id', 'Passw0rd!x']]))).body.data.id);
    expect(en.errors).toEqual([{ row: 2, field: 'User ID', message: 'cannot be empty' }]);
  });
});
