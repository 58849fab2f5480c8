import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { accountRoles, accounts, loginLogs, roleGrants, roles } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import { DEMO, startTestServer, type TestServer } from './harness';

let s: TestServer;
let admin: string;
let editor: string;

const PROBE = 'export-probe';
const ROWS = 1203; // more than two pages of the largest page size (500)
const AT = new Date('2025-03-04T05:06:07Z');

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    userId: `${PROBE}-${i}`, ip: '10.0.0.1', outcome: i % 2 ? 'failure' as const : 'success' as const,
    reason: i === 0 ? '=HYPERLINK("http://x")' : i === 1 ? '-5+3' : 'ok', createdAt: AT,
  }));
  for (let i = 0; i < rows.length; i += 400) await s.built.deps.db.insert(loginLogs).values(rows.slice(i, i + 400));
});
afterAll(() => s?.close());

const columns = [
  { key: 'userId', title: '账号' },
  { key: 'outcome', title: '结果', labels: { success: '成功', failure: '失败' } },
  { key: 'reason', title: 'Reason' },
  { key: 'createdAt', title: '时间' },
];

async function exportList(token: string, body: Record<string, unknown>, lang = 'en') {
  const res = await fetch(`${s.url}/api/system/export`, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': lang }, body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('export of the current query of a list', () => {
  it('writes every matching row (across pages) with the screen\'s titles, labels and the operator\'s time offset, as .xlsx', async () => {
    const res = await exportList(admin, { url: '/api/audit/login-logs', params: { userId: PROBE, page: 3, limit: 10 }, columns, format: 'xlsx', fileName: '登录日志', utcOffset: 480 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('登录日志.xlsx')}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as never);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '账号', '结果', 'Reason', '时间']);
    expect(sheet.rowCount).toBe(ROWS + 1); // the screen's page and size are not the export's
    const body = Array.from({ length: ROWS }, (_, i) => sheet.getRow(i + 2).values as unknown[]);
    expect(new Set(body.map((r) => r[2]))).toEqual(new Set(['成功', '失败']));
    expect(body.every((r) => r[4] === '2025-03-04 13:06:07')).toBe(true);
    // a cell never starts a formula (CSV / formula injection)
    expect(body.filter((r) => String(r[3]).includes('HYPERLINK'))).toEqual([[undefined, `${PROBE}-0`, '成功', `'=HYPERLINK("http://x")`, '2025-03-04 13:06:07']]);
    expect(body.some((r) => r[3] === "'-5+3")).toBe(true);
  });

  it('writes CSV with a byte-order mark so Excel reads Chinese titles', async () => {
    const res = await exportList(admin, { url: '/api/audit/login-logs', params: { userId: `${PROBE}-12` }, columns, format: 'csv', fileName: 'logins', utcOffset: 0 });
    expect(res.status).toBe(200);
    const text = res.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('账号,结果,Reason,时间');
    // userId is a contains-filter: -12 and -120…-129 and -1200…-1202
    expect(lines.length - 1).toBe(1 + 10 + 3);
    expect(lines).toContain(`${PROBE}-12,成功,ok,2025-03-04 05:06:07`);
  });

  it('answers as the list itself would: a caller without the list\'s authority gets 403 and no file', async () => {
    const res = await exportList(editor, { url: '/api/audit/login-logs', params: {}, columns, format: 'csv', fileName: 'x' });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(res.bytes.toString()).msg).toMatch(/audit:loginLog/);
  });

  it('needs the list\'s export action where the authority tree has one (operation log), not only the right to read it', async () => {
    const db = s.built.deps.db;
    const [role] = await db.insert(roles).values({ code: 'export-reader', name: 'reader' }).returning({ id: roles.id });
    await db.insert(roleGrants).values([{ roleId: role.id, authority: 'audit:operationLog' }, { roleId: role.id, authority: 'audit:loginLog' }]);
    const [acc] = await db.insert(accounts).values({ userId: 'export-reader', userName: 'reader', passwordHash: await hashPassword('Reader@2026x') }).returning({ id: accounts.id });
    await db.insert(accountRoles).values({ accountId: acc.id, roleId: role.id });
    const reader = await s.login('export-reader', 'Reader@2026x');
    const opCols = [{ key: 'operation', title: 'Operation' }];
    expect((await s.request('GET', '/api/audit/operation-logs', { token: reader })).status).toBe(200);
    const denied = await exportList(reader, { url: '/api/audit/operation-logs', params: {}, columns: opCols, format: 'csv', fileName: 'ops' });
    expect(denied.status).toBe(403);
    expect(JSON.parse(denied.bytes.toString()).msg).toContain('audit:operationLog:export');
    // a list without an export action in the tree: reading it is enough
    expect((await exportList(reader, { url: '/api/audit/login-logs', params: { userId: `${PROBE}-7` }, columns, format: 'csv', fileName: 'x' })).status).toBe(200);
    expect((await exportList(admin, { url: '/api/audit/operation-logs', params: {}, columns: opCols, format: 'csv', fileName: 'ops' })).status).toBe(200);
  });

  it('passes the list\'s own validation error through, in the caller\'s language', async () => {
    const res = await exportList(admin, { url: '/api/audit/login-logs', params: { outcome: 'maybe' }, columns, format: 'csv', fileName: 'x' }, 'zh');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString()).msg).toMatch(/outcome|结果/);
  });

  it('refuses what is not a list, itself, and unsafe names, naming the field', async () => {
    const notList = await exportList(admin, { url: '/api/health', params: {}, columns, format: 'csv', fileName: 'x' });
    expect(notList.status).toBe(400);
    expect(JSON.parse(notList.bytes.toString()).msg).toContain('/api/health');
    const self = await exportList(admin, { url: '/api/system/export', params: {}, columns, format: 'csv', fileName: 'x' });
    expect(self.status).toBe(400);
    for (const bad of [{ url: 'http://evil.example/api/x' }, { url: '/api/../../etc/passwd?x=1' }, { fileName: 'a/b' }, { fileName: 'a\u0000b' }, { columns: [] }]) {
      const res = await exportList(admin, { url: '/api/audit/login-logs', params: {}, columns, format: 'csv', fileName: 'x', ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(JSON.parse(res.bytes.toString()).msg).toMatch(new RegExp(Object.keys(bad)[0]));
    }
  });

  it('needs a login', async () => {
    const res = await fetch(`${s.url}/api/system/export`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: '/api/audit/login-logs', columns, format: 'csv', fileName: 'x' }) });
    expect(res.status).toBe(401);
  });
});
