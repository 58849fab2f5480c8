import type { FastifyInstance, FastifyRequest } from 'fastify';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify/sync';
import { EXPORT_MAX_ROWS, MAX_PAGE_SIZE, type ListExportColumn } from '@bencao/contracts';
import { eq } from 'drizzle-orm';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { authOf, type DeclaredRoute } from '../../platform/guard';
import { hasAuthority } from '../../platform/auth/authorities';
import { authOperations } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { exportTime } from '../../platform/exportTime';

declare module 'fastify' {
  interface FastifyInstance { declaredRoutes?: DeclaredRoute[] }
}

interface ExportInput {
  url: string;
  params: Record<string, string | number | boolean | null>;
  columns: ListExportColumn[];
  format: 'xlsx' | 'csv';
  fileName: string;
  utcOffset: number;
}

type Row = Record<string, unknown>;

/** Headers that carry who the caller is and how they want to be answered; nothing else is forwarded. */
const FORWARDED = ['authorization', 'accept-language', 'x-lang', 'user-agent'] as const;

/**
 * Reads every page of a list route as the caller (their token, their address), so the list's own
 * authority, data filters and validation apply exactly as on screen.
 */
export async function readAllRows(app: FastifyInstance, db: Db, req: FastifyRequest, input: ExportInput): Promise<Row[]> {
  if (input.url.startsWith('/api/system/export')) throw badRequest('export.notAList', { url: input.url });
  await requireExportRight(app, db, req, input.url);
  const headers: Record<string, string> = {};
  for (const h of FORWARDED) {
    const v = req.headers[h];
    if (typeof v === 'string') headers[h] = v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.params)) if (v !== null && v !== '' && k !== 'page' && k !== 'limit') query[k] = String(v);

  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await app.inject({ method: 'GET', url: input.url, query: { ...query, page: String(page), limit: String(MAX_PAGE_SIZE) }, headers, remoteAddress: req.ip });
    let body: { code?: number; msg?: string; data?: unknown };
    try { body = res.json(); } catch { throw badRequest('export.notAList', { url: input.url }); }
    if (res.statusCode !== 200 || body.code !== 200) {
      // The list's own refusal (403, 400 naming a filter) is the caller's answer, unchanged.
      throw new AppError(res.statusCode === 200 ? 400 : res.statusCode, 'export.failed', { detail: body.msg ?? String(res.statusCode) });
    }
    const data = body.data as { total?: number; approximate?: boolean; records?: Row[] } | Row[] | null;
    if (Array.isArray(data)) return capped(data, data.length);
    if (!data || !Array.isArray(data.records)) throw badRequest('export.notAList', { url: input.url });
    const total = Number(data.total ?? data.records.length);
    // an exact total refuses at once; an approximate one (the planner's estimate) may be wrong either way: the rows decide
    if (!data.approximate && total > EXPORT_MAX_ROWS) throw badRequest('export.tooMany', { count: total, max: EXPORT_MAX_ROWS });
    rows.push(...data.records);
    if (rows.length > EXPORT_MAX_ROWS) throw badRequest('export.tooMany', { count: rows.length, max: EXPORT_MAX_ROWS });
    // a short page ends the list: a large list's total past its exact count is the planner's estimate, not its end
    if (data.records.length < MAX_PAGE_SIZE) return rows;
  }
}

const patternOf = (url: string) => new RegExp(`^${url.split('/').map((p) => (p.startsWith(':') ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);

/**
 * Where the authority tree has an export action for the list (e.g. `audit:operationLog:export`),
 * reading the list is not enough: exporting it needs that action too.
 */
async function requireExportRight(app: FastifyInstance, db: Db, req: FastifyRequest, url: string) {
  const route = (app.declaredRoutes ?? []).find((r) => r.method === 'GET' && patternOf(r.url).test(url));
  if (!route?.authority) throw badRequest('export.notAList', { url });
  if (route.authority.includes('|') || !route.authority.includes(':')) return;
  const code = `${route.authority}:export`;
  const [action] = await db.select({ id: authOperations.id }).from(authOperations).where(eq(authOperations.code, code)).limit(1);
  if (action && !hasAuthority(authOf(req).authorities, code)) throw forbidden(code);
}

function capped(rows: Row[], count: number): Row[] {
  if (count > EXPORT_MAX_ROWS) throw badRequest('export.tooMany', { count, max: EXPORT_MAX_ROWS });
  return rows;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** `a.b.c` paths, as antd's dataIndex arrays joined by dots. */
const valueAt = (row: Row, key: string): unknown => key.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Row)[k] : undefined), row);

/** One cell as the screen shows it: labelled codes, times in the operator's offset, lists joined. */
export function cellText(value: unknown, column: ListExportColumn, utcOffset: number): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => cellText(v, column, utcOffset)).filter(Boolean).join(', ');
  const label = column.labels?.[String(value)];
  if (label !== undefined) return label;
  if (typeof value === 'string' && ISO_TIME.test(value)) {
    const at = exportTime(value, utcOffset);
    if (at !== null) return at;
  }
  if (typeof value === 'object') {
    const named = value as { name?: unknown; label?: unknown };
    if (typeof named.name === 'string') return named.name;
    if (typeof named.label === 'string') return named.label;
    return JSON.stringify(value);
  }
  return String(value);
}

/** A spreadsheet cell must not start a formula (CSV/formula injection, OWASP). */
const inert = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export async function writeExport(rows: Row[], input: ExportInput): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const cells = rows.map((r) => input.columns.map((c) => {
    const v = valueAt(r, c.key);
    return typeof v === 'number' && c.labels?.[String(v)] === undefined ? v : inert(cellText(v, c, input.utcOffset));
  }));
  const table = cells.map((r) => r.map(String));
  const titles = input.columns.map((c) => c.title);
  if (input.format === 'csv') {
    // The BOM makes Excel read UTF-8 (Chinese column titles) instead of the system code page.
    const csv = '\uFEFF' + stringify([titles, ...table]);
    return { body: Buffer.from(csv, 'utf8'), contentType: 'text/csv; charset=utf-8', fileName: `${input.fileName}.csv` };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(input.fileName.slice(0, 31).replace(/[[\]:*?/\\]/g, '_'), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((c, i) => ({
    header: c.title, key: String(i),
    width: Math.min(60, Math.max(displayWidth(c.title), ...table.slice(0, 200).map((r) => displayWidth(r[i]))) + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRows(cells);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  const body = Buffer.from(await book.xlsx.writeBuffer());
  return { body, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', fileName: `${input.fileName}.xlsx` };
}

/** CJK characters take two columns in a spreadsheet. */
const displayWidth = (s: string) => [...s].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 2 : 1), 0);

/** RFC 6266/5987: an ASCII fallback and the UTF-8 name. */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
