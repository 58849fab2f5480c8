import ExcelJS from 'exceljs';
import { inArray, ne } from 'drizzle-orm';
import {
  ACCOUNT_IMPORT_MAX_ROWS, accountCreateSchema, formatIssue, translate,
  type AccountImportError, type Lang, type MessageKey, type MessageParams,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accountRoles, accounts, roles, staff } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { assertPolicy, loadPolicy } from '../../platform/auth/passwords';
import { staffScopeWhere, type DataScopeOf } from './dataScope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Accounts from an Excel workbook (issue 16): the template's columns in a fixed order (so a template
 * in any language imports), every row checked with the shared account schema, the password policy,
 * duplicates in the file and in the database, staff and role codes and what the operator may give, and
 * each error as (row, column, message in the operator's language). The job that runs it: accountImportJob.ts.
 */

const COLUMNS = ['userId', 'userName', 'password', 'status', 'mobile', 'email', 'staffCode', 'roleCodes', 'manageRange', 'maxSessions'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED = new Set<Column>(['userId', 'userName', 'password']);

const TEXT: Record<Lang, { headers: Record<Column, string>; sheet: string; values: string; status: Record<'normal' | 'lock', string>;
  kinds: { status: string; role: string; staff: string }; code: string; name: string; note: string; sample: string }> = {
  en: {
    headers: { userId: 'User ID', userName: 'User name', password: 'Password', status: 'Status', mobile: 'Mobile', email: 'Email',
      staffCode: 'Staff code', roleCodes: 'Role codes', manageRange: 'Manage range', maxSessions: 'Max sessions' },
    sheet: 'Accounts', values: 'Values', status: { normal: 'Normal', lock: 'Locked' },
    kinds: { status: 'Status', role: 'Role', staff: 'Staff member' }, code: 'Code', name: 'Name',
    note: 'Columns marked * are required. Role codes: several separated by commas. Max sessions: -1 for unlimited. Delete the sample row before importing.',
    sample: 'Sample user',
  },
  zh: {
    headers: { userId: '账号', userName: '用户名', password: '密码', status: '状态', mobile: '手机号', email: '邮箱',
      staffCode: '员工编号', roleCodes: '角色编码', manageRange: '管理范围', maxSessions: '最大会话数' },
    sheet: '账号', values: '可选值', status: { normal: '正常', lock: '锁定' },
    kinds: { status: '状态', role: '角色', staff: '员工' }, code: '编码', name: '名称',
    note: '带 * 的列必填。角色编码可填多个，用逗号分隔。最大会话数填 -1 表示不限。导入前请删除示例行。',
    sample: '示例用户',
  },
  es: {
    headers: { userId: 'ID de usuario', userName: 'Nombre de usuario', password: 'Contraseña', status: 'Estado', mobile: 'Móvil', email: 'Correo',
      staffCode: 'Código de empleado', roleCodes: 'Códigos de rol', manageRange: 'Ámbito de gestión', maxSessions: 'Sesiones máximas' },
    sheet: 'Cuentas', values: 'Valores', status: { normal: 'Normal', lock: 'Bloqueada' },
    kinds: { status: 'Estado', role: 'Rol', staff: 'Empleado' }, code: 'Código', name: 'Nombre',
    note: 'Las columnas con * son obligatorias. Códigos de rol: varios separados por comas. Sesiones máximas: -1 sin límite. Borre la fila de ejemplo antes de importar.',
    sample: 'Usuario de ejemplo',
  },
  ja: {
    headers: { userId: 'ユーザー ID', userName: 'ユーザー名', password: 'パスワード', status: '状態', mobile: '携帯電話', email: 'メール',
      staffCode: '従業員コード', roleCodes: 'ロールコード', manageRange: '管理範囲', maxSessions: '最大セッション数' },
    sheet: 'アカウント', values: '選択値', status: { normal: '正常', lock: 'ロック' },
    kinds: { status: '状態', role: 'ロール', staff: '従業員' }, code: 'コード', name: '名前',
    note: '* の列は必須です。ロールコードは複数をカンマで区切って入力します。最大セッション数は -1 で無制限です。インポート前にサンプル行を削除してください。',
    sample: 'サンプルユーザー',
  },
};

/** the column title of a field in `lang` (also for the fields of the schema that the file names differently) */
export const columnTitle = (lang: Lang, field: string) =>
  TEXT[lang].headers[(field === 'staffId' ? 'staffCode' : field === 'roleIds' ? 'roleCodes' : field === 'confirmPassword' ? 'password' : field) as Column] ?? field;

/** The template: headers, one sample row, a status list on the status column, and a sheet of the values to choose from. */
export async function accountTemplate(db: Db, lang: Lang, mayGive: (roleIds: number[]) => Promise<boolean>, scope: DataScopeOf | null): Promise<Buffer> {
  const T = TEXT[lang];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(T.sheet);
  ws.columns = COLUMNS.map((c) => ({ header: `${T.headers[c]}${REQUIRED.has(c) ? ' *' : ''}`, key: c, width: c === 'email' || c === 'manageRange' ? 26 : 16 }));
  ws.getRow(1).font = { bold: true };
  const [roleRows, staffRows] = await Promise.all([
    db.select({ id: roles.id, code: roles.code, name: roles.name }).from(roles).where(ne(roles.isSuper, true)).orderBy(roles.code),
    db.select({ code: staff.code, name: staff.name }).from(staff).where(staffScopeWhere(scope)).orderBy(staff.code).limit(2000),
  ]);
  const giveable = [];
  for (const r of roleRows) if (await mayGive([r.id])) giveable.push(r);
  ws.addRow({ userId: 'zhang.wei', userName: T.sample, password: 'Bencao@2026', status: T.status.normal, mobile: '13800138000', email: 'zhang.wei@example.com',
    staffCode: staffRows[0]?.code ?? '', roleCodes: giveable[0]?.code ?? '', manageRange: '', maxSessions: -1 });
  const statusList = `"${T.status.normal},${T.status.lock}"`;
  for (let r = 2; r <= ACCOUNT_IMPORT_MAX_ROWS + 1; r++) {
    ws.getCell(r, COLUMNS.indexOf('status') + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [statusList] };
  }
  ws.getCell(1, COLUMNS.length + 2).value = T.note;

  const vs = wb.addWorksheet(T.values);
  vs.columns = [{ header: '', key: 'kind', width: 14 }, { header: T.code, key: 'code', width: 24 }, { header: T.name, key: 'name', width: 30 }];
  vs.getRow(1).values = ['', T.code, T.name];
  vs.getRow(1).font = { bold: true };
  for (const s of ['normal', 'lock'] as const) vs.addRow({ kind: T.kinds.status, code: T.status[s], name: s });
  for (const r of giveable) vs.addRow({ kind: T.kinds.role, code: r.code, name: r.name });
  for (const s of staffRows) vs.addRow({ kind: T.kinds.staff, code: s.code, name: s.name });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const cellText = (c: ExcelJS.Cell) => String(c.text ?? '').trim();

export interface SheetRow { row: number; cells: Record<Column, string> }

/** the rows of the first sheet below the header, as text per column (empty rows left out) */
export async function readRows(file: Buffer): Promise<SheetRow[]> {
  if (!isZip(file)) throw new AppError(400, 'accounts.importFile');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new AppError(400, 'accounts.importFile');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError(400, 'accounts.importFile');
  const out: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    if (n === 1) return;
    const cells = Object.fromEntries(COLUMNS.map((c, i) => [c, cellText(row.getCell(i + 1))])) as Record<Column, string>;
    if (COLUMNS.some((c) => cells[c])) out.push({ row: n, cells });
  });
  if (!out.length) throw new AppError(400, 'accounts.importEmpty');
  if (out.length > ACCOUNT_IMPORT_MAX_ROWS) throw new AppError(400, 'accounts.importTooMany', { n: ACCOUNT_IMPORT_MAX_ROWS });
  return out;
}

/** status code from a code or a label in any of the four languages */
function statusOf(text: string): 'normal' | 'lock' | null | undefined {
  if (!text) return undefined;
  const t = text.toLowerCase();
  for (const s of ['normal', 'lock'] as const) {
    if (t === s || Object.values(TEXT).some((x) => x.status[s].toLowerCase() === t)) return s;
  }
  return null;
}

export interface ImportDeps {
  db: Db;
  lang: Lang;
  /** throws the AppError of the first role the operator may not give */
  assertMayGiveRoles: (roleIds: number[]) => Promise<void>;
  /** whether the operator's data scope holds the staff member */
  staffInScope: (staffId: number) => Promise<boolean>;
}

export type AccountInput = ReturnType<typeof accountCreateSchema.parse>;
export interface ValidRow { row: number; input: AccountInput }

/** validates every row (`onChecked` hears the count now and then); answers the errors, or the rows ready to import */
export async function checkRows(rows: SheetRow[], { db, lang, assertMayGiveRoles, staffInScope }: ImportDeps,
  onChecked: (n: number) => Promise<void> = async () => undefined): Promise<{ errors: AccountImportError[]; valid: ValidRow[] }> {
  const errors: AccountImportError[] = [];
  const fail = (row: number, field: string, key: MessageKey, params?: MessageParams) =>
    errors.push({ row, field: columnTitle(lang, field), message: translate(lang, key, params) });

  const userIds = rows.map((r) => r.cells.userId).filter(Boolean);
  const staffCodes = [...new Set(rows.map((r) => r.cells.staffCode).filter(Boolean))];
  const splitCodes = (s: string) => s.split(/[,，;；、\s]+/).map((x) => x.trim()).filter(Boolean);
  const roleCodes = [...new Set(rows.flatMap((r) => splitCodes(r.cells.roleCodes)))];
  const [existing, staffRows, roleRows, policy] = await Promise.all([
    userIds.length ? db.select({ userId: accounts.userId }).from(accounts).where(inArray(accounts.userId, userIds)) : [],
    staffCodes.length ? db.select({ id: staff.id, code: staff.code }).from(staff).where(inArray(staff.code, staffCodes)) : [],
    roleCodes.length ? db.select({ id: roles.id, code: roles.code }).from(roles).where(inArray(roles.code, roleCodes)) : [],
    loadPolicy(db),
  ]);
  const exists = new Set(existing.map((e) => e.userId));
  const staffIds = new Map(staffRows.map((s) => [s.code, s.id]));
  const roleIds = new Map(roleRows.map((r) => [r.code, r.id]));
  const firstRow = new Map<string, number>();
  const mayGive = new Map<number, string | null>();
  const statusValues = Object.values(TEXT[lang].status).join(lang === 'zh' || lang === 'ja' ? '、' : ', ');

  const valid: ValidRow[] = [];
  for (const [i, { row, cells }] of rows.entries()) {
    if (i > 0 && i % 200 === 0) await onChecked(i);
    const before = errors.length;
    const status = statusOf(cells.status);
    if (status === null) fail(row, 'status', 'accounts.importStatus', { values: statusValues });
    const staffId = cells.staffCode ? staffIds.get(cells.staffCode) : null;
    if (staffId === undefined) fail(row, 'staffCode', 'accounts.importUnknownStaff', { code: cells.staffCode });
    else if (staffId !== null && !(await staffInScope(staffId))) fail(row, 'staffCode', 'dataScope.staffBeyond');
    const ids: number[] = [];
    for (const code of splitCodes(cells.roleCodes)) {
      const id = roleIds.get(code);
      if (id === undefined) { fail(row, 'roleCodes', 'accounts.importUnknownRole', { code }); continue; }
      if (!mayGive.has(id)) {
        try { await assertMayGiveRoles([id]); mayGive.set(id, null); } catch (e) {
          if (!(e instanceof AppError)) throw e;
          mayGive.set(id, translate(lang, e.key as MessageKey, e.params));
        }
      }
      const refused = mayGive.get(id);
      if (refused) errors.push({ row, field: columnTitle(lang, 'roleCodes'), message: refused });
      ids.push(id);
    }
    const maxSessions = cells.maxSessions === '' ? undefined : Number(cells.maxSessions);
    const parsed = accountCreateSchema.safeParse({
      userId: cells.userId, userName: cells.userName, password: cells.password, confirmPassword: cells.password,
      status: status ?? undefined, mobile: cells.mobile, email: cells.email, manageRange: cells.manageRange,
      maxSessions, staffId: staffId ?? null, roleIds: ids,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'userId');
        if (field === 'confirmPassword') continue;
        errors.push({ row, field: columnTitle(lang, field), message: formatIssue(issue as never, lang) });
      }
    }
    if (cells.password) {
      try { assertPolicy(cells.password, policy, lang); } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push({ row, field: columnTitle(lang, 'password'), message: translate(lang, e.key as MessageKey, e.params) });
      }
    }
    if (cells.userId) {
      const first = firstRow.get(cells.userId);
      if (first !== undefined) fail(row, 'userId', 'accounts.importDuplicate', { row: first });
      else firstRow.set(cells.userId, row);
      if (exists.has(cells.userId)) fail(row, 'userId', 'accounts.importExists');
    }
    if (errors.length === before && parsed.success) valid.push({ row, input: parsed.data });
  }
  return { errors, valid };
}

/** the import: every account with its roles, inside the caller's transaction (a unique violation undoes all of it) */
export async function insertAll(tx: Tx, valid: { input: Omit<AccountInput, 'password' | 'confirmPassword'> }[], hashes: string[]) {
  for (let i = 0; i < valid.length; i += 500) {
    const chunk = valid.slice(i, i + 500);
    const inserted = await tx.insert(accounts).values(chunk.map(({ input }, j) => {
      const { roleIds: _r, groupIds: _g, ...fields } = input;
      return { ...fields, passwordHash: hashes[i + j], lockedUntil: null };
    })).returning({ id: accounts.id, userId: accounts.userId });
    const idOf = new Map(inserted.map((a) => [a.userId, a.id]));
    const pairs = chunk.flatMap(({ input }) => [...new Set(input.roleIds)].map((roleId) => ({ accountId: idOf.get(input.userId)!, roleId })));
    if (pairs.length) await tx.insert(accountRoles).values(pairs);
  }
}
