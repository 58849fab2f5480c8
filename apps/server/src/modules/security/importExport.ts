import { and, eq } from 'drizzle-orm';
import { strToU8, unzipSync, zipSync } from 'fflate';
import NodeSqlParser from 'node-sql-parser';
import { formatIssue, translate, type AuthTreeNode, type Lang, type TreeLevel } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { authFunctions, authOperations, authUrls } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { LEVELS, loadTree } from './tree';

/**
 * Import and export of the authority tree (SPEC §5): a .zip holding one UTF-8 .txt (no BOM) of SQL
 * INSERT statements into the five tree tables.
 *
 * Semantics of a file:
 * - only `INSERT INTO <tree table> (columns) VALUES (...), ...` is accepted; any other statement or
 *   table refuses the whole file;
 * - an `id` in the file is a label local to the file: a parent reference (`app_id`, `module_id`, ...)
 *   names a row of the same file given earlier, otherwise an existing row of the database;
 * - rows whose code is already in the database (for URLs: the same operation, content and access
 *   mode) are skipped, and their label points at the existing row — so importing an export again
 *   changes nothing, and an export imported into a tree that lost a branch restores it;
 * - everything is applied in one transaction or nothing is; every error names its line.
 */

type SqlParser = { astify(sql: string, opt?: object): unknown };
let parser: SqlParser | undefined;
// made at the first import, not at start: the production build loads the parser's package only then (build.mjs)
const sqlParser = () => (parser ??= new (NodeSqlParser as unknown as { Parser: new () => SqlParser }).Parser());

/** SQL column → field of the API schema, per table */
const COLUMNS: Record<TreeLevel, Record<string, string>> = {
  app: { id: 'id', code: 'code', name: 'name', context: 'context', seq: 'seq', server_host: 'serverHost', transport: 'transport', port: 'port' },
  module: { id: 'id', app_id: 'appId', code: 'code', name: 'name', seq: 'seq' },
  function: { id: 'id', module_id: 'moduleId', code: 'code', name: 'name', seq: 'seq' },
  operation: { id: 'id', function_id: 'functionId', code: 'code', name: 'name', type: 'type', is_default: 'isDefault', seq: 'seq' },
  url: { id: 'id', operation_id: 'operationId', name: 'name', content: 'content', access_mode: 'accessMode' },
};
const ORDER: TreeLevel[] = ['app', 'module', 'function', 'operation', 'url'];
const LEVEL_OF_TABLE = new Map<string, TreeLevel>(ORDER.map((l) => [LEVELS[l].sqlName, l]));
const SEQ_DEFAULT: Partial<Record<TreeLevel, boolean>> = { app: true, module: true, function: true, operation: true };

export interface Statement { text: string; line: number }

/** Splits SQL text on top-level ";" (quotes and comments respected); each piece keeps the line it starts on. */
export function splitStatements(src: string): Statement[] {
  const out: Statement[] = [];
  let buf = '';
  let line = 1;
  let start = -1;
  let i = 0;
  const flush = () => { if (start > 0) out.push({ text: buf, line: start }); buf = ''; start = -1; };
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '-' && next === '-') { // line comment
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && next === '*') { // block comment
      i += 2;
      while (i < src.length && !(src[i] === '*' && src[i + 1] === '/')) { if (src[i] === '\n') line++; i++; }
      i += 2;
      continue;
    }
    if (c === '\n') { line++; buf += c; i++; continue; }
    if (c === ';') { flush(); i++; continue; }
    if (start < 0 && !/\s/.test(c)) start = line;
    if (c === "'" || c === '"') {
      buf += c; i++;
      while (i < src.length) {
        const d = src[i];
        buf += d; i++;
        if (d === '\n') line++;
        if (d === c) { if (src[i] === c) { buf += c; i++; continue; } break; }
      }
      continue;
    }
    buf += c; i++;
  }
  flush();
  return out;
}

type Value = string | number | boolean | null;
class ValueError extends Error {}

function valueOf(node: { type: string; value?: unknown; operator?: string; expr?: { type: string; value?: unknown } }): Value {
  switch (node.type) {
    case 'number': {
      const n = Number(node.value);
      if (!Number.isFinite(n)) throw new ValueError(String(node.value));
      return n;
    }
    case 'single_quote_string': return String(node.value).replace(/''/g, "'");
    case 'null': return null;
    case 'bool': return Boolean(node.value);
    case 'unary_expr':
      if (node.operator === '-' && node.expr?.type === 'number') return -Number(node.expr.value);
      break;
  }
  // a sub-query, a function call, a column reference…: only literals may be imported
  throw new ValueError('');
}

interface InsertAst {
  type: string;
  table?: { db: string | null; table: string }[];
  columns?: (string | { value: string })[] | null;
  values?: { type: string; values: { type: string; value: never[] }[] } | null;
  conflict?: unknown;
  returning?: unknown;
  keyword?: string;
}

export interface ParsedRow { level: TreeLevel; line: number; values: Record<string, Value> }

/** Reads the SQL; throws a 500 with the SPEC §8 text for what cannot be parsed, a 400 naming lines for the rest. */
export function parseImportSql(src: string, lang: Lang): ParsedRow[] {
  const statements = splitStatements(src);
  if (!statements.length) throw new AppError(400, 'security.importEmpty');
  const rows: ParsedRow[] = [];
  const errors: string[] = [];
  for (const st of statements) {
    let ast: InsertAst | InsertAst[];
    try {
      ast = sqlParser().astify(st.text.trimStart(), { database: 'PostgresQL' }) as InsertAst | InsertAst[];
    } catch (err) {
      const loc = (err as { location?: { start?: { line: number } } }).location;
      const line = st.line + Math.max(0, (loc?.start?.line ?? 1) - 1);
      const detail = translate(lang, 'security.importAtLine', { line, detail: (src.split('\n')[line - 1] ?? '').trim().slice(0, 80) });
      throw new AppError(500, `${translate(lang, 'error.importSql')} ${detail}`);
    }
    for (const a of Array.isArray(ast) ? ast : [ast]) {
      if (a.type !== 'insert') {
        errors.push(translate(lang, 'security.importStatement', { line: st.line, kind: [a.type, a.keyword].filter(Boolean).join(' ').toUpperCase() }));
        continue;
      }
      const t = a.table?.[0];
      const tableName = (t?.table ?? '').toLowerCase();
      const level = LEVEL_OF_TABLE.get(tableName);
      if (!level || (t?.db && t.db.toLowerCase() !== 'public')) {
        errors.push(translate(lang, 'security.importTable', { line: st.line, table: [t?.db, t?.table].filter(Boolean).join('.') }));
        continue;
      }
      if (!a.columns?.length || a.values?.type !== 'values' || a.conflict || a.returning) {
        errors.push(translate(lang, 'security.importShape', { line: st.line }));
        continue;
      }
      const cols = a.columns.map((c) => (typeof c === 'string' ? c : c.value).toLowerCase());
      const unknown = cols.find((c) => !(c in COLUMNS[level]));
      if (unknown) { errors.push(translate(lang, 'security.importColumn', { line: st.line, table: tableName, column: unknown })); continue; }
      if (new Set(cols).size !== cols.length) { errors.push(translate(lang, 'security.importShape', { line: st.line })); continue; }
      for (const tuple of a.values.values) {
        if (tuple.value.length !== cols.length) { errors.push(translate(lang, 'security.importShape', { line: st.line })); continue; }
        try {
          const values: Record<string, Value> = {};
          cols.forEach((c, i) => { values[COLUMNS[level][c]] = valueOf(tuple.value[i]); });
          rows.push({ level, line: st.line, values });
        } catch (err) {
          if (!(err instanceof ValueError)) throw err;
          errors.push(translate(lang, 'security.importValue', { line: st.line, detail: err.message || translate(lang, 'security.importLiteralOnly') }));
        }
      }
    }
  }
  if (errors.length) throw new AppError(400, errors.slice(0, 30).join('\n'));
  return rows;
}

export const IMPORT_MAX_ENTRIES = 100;
export const IMPORT_MAX_TXT_BYTES = 8 * 1024 * 1024;

/** The .txt inside the uploaded zip, checked for BOM and UTF-8. */
export function readZip(buf: Buffer): string {
  let files: Record<string, Uint8Array>;
  // Only the .txt entries are inflated, each into a buffer of at most its declared size, and only while
  // the archive stays within the limits: a small zip cannot balloon into hundreds of megabytes.
  let entries = 0;
  let overLimit = false;
  const filter = (f: { name: string; originalSize: number }) => {
    if (++entries > IMPORT_MAX_ENTRIES) { overLimit = true; return false; }
    const wanted = /\.txt$/i.test(f.name) && !f.name.startsWith('__MACOSX/');
    if (wanted && f.originalSize > IMPORT_MAX_TXT_BYTES) { overLimit = true; return false; }
    return wanted && !overLimit;
  };
  try { files = unzipSync(new Uint8Array(buf), { filter }); } catch { throw new AppError(400, 'security.importZip'); }
  if (overLimit) throw new AppError(400, 'security.importTooLarge', { entries: IMPORT_MAX_ENTRIES, size: IMPORT_MAX_TXT_BYTES / 1024 / 1024 });
  const txt = Object.entries(files).filter(([name]) => /\.txt$/i.test(name) && !name.startsWith('__MACOSX/') && !name.endsWith('/'));
  if (txt.length !== 1) throw new AppError(400, 'security.importZip');
  const [file, bytes] = txt[0];
  const base = file.split('/').pop() ?? file;
  if ((bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new AppError(400, 'security.importBom', { file: base });
  }
  try { return new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch { throw new AppError(400, 'security.importEncoding', { file: base }); }
}

export interface ImportResult { inserted: number; skipped: number; byLevel: Record<TreeLevel, { inserted: number; skipped: number }> }

export async function importRows(db: Db, rows: ParsedRow[], lang: Lang): Promise<ImportResult> {
  const result: ImportResult = { inserted: 0, skipped: 0, byLevel: Object.fromEntries(ORDER.map((l) => [l, { inserted: 0, skipped: 0 }])) as ImportResult['byLevel'] };
  return db.transaction(async (tx) => {
    const errors: string[] = [];
    const labels: Record<TreeLevel, Map<number, number>> = { app: new Map(), module: new Map(), function: new Map(), operation: new Map(), url: new Map() };
    const seenCodes = new Map<string, number>();
    for (const row of rows) {
      const def = LEVELS[row.level];
      const v: Record<string, Value> = { ...row.values };
      if (SEQ_DEFAULT[row.level] && v.seq === undefined) v.seq = 0;
      const label = v.id;
      delete v.id;
      if (label !== undefined && (typeof label !== 'number' || !Number.isInteger(label))) {
        errors.push(translate(lang, 'security.importValue', { line: row.line, detail: `id ${String(label)}` }));
        continue;
      }
      const parsed = def.schema.safeParse(v);
      if (!parsed.success) {
        const detail = parsed.error.issues.map((i) => translate(lang, 'error.validation', {
          field: i.path.join('.') || 'row', rule: formatIssue({ ...(i as object), code: i.code, message: i.message } as never, lang),
        })).join('; ');
        errors.push(translate(lang, 'security.importValue', { line: row.line, detail }));
        continue;
      }
      const data = parsed.data as Record<string, unknown>;
      // Parent: a label of this file, else an existing row.
      if (def.parentColumn && def.parent) {
        const ref = data[def.parentColumn] as number;
        let parentId = labels[def.parent].get(ref);
        if (parentId === undefined) {
          const pt = LEVELS[def.parent].table;
          const [p] = await tx.select({ id: pt.id }).from(pt).where(eq(pt.id, ref));
          if (p) parentId = p.id;
        }
        if (parentId === undefined) {
          const column = Object.entries(COLUMNS[row.level]).find(([, f]) => f === def.parentColumn)![0];
          errors.push(translate(lang, 'security.importParent', { line: row.line, column, id: ref }));
          continue;
        }
        data[def.parentColumn] = parentId;
      }
      if (errors.length) continue; // once wrong, only validate the rest
      let existing: number | undefined;
      if (def.hasCode) {
        const code = data.code as string;
        const ns = row.level === 'function' || row.level === 'operation' ? 'authority' : row.level;
        const key = `${ns}:${code}`;
        if (seenCodes.has(key)) {
          errors.push(translate(lang, 'security.importValue', { line: row.line, detail: translate(lang, 'error.alreadyExists', { field: `"${code}"` }) + ` (${seenCodes.get(key)})` }));
          continue;
        }
        seenCodes.set(key, row.line);
        const t = def.table as typeof authFunctions;
        const [same] = await tx.select({ id: t.id }).from(t).where(eq(t.code, code));
        existing = same?.id;
        if (!same && (row.level === 'function' || row.level === 'operation')) {
          const other = row.level === 'function' ? authOperations : authFunctions;
          const [clash] = await tx.select({ id: other.id }).from(other).where(eq(other.code, code));
          if (clash) { errors.push(translate(lang, 'security.importValue', { line: row.line, detail: translate(lang, 'error.alreadyExists', { field: `"${code}"` }) })); continue; }
        }
      } else {
        const [same] = await tx.select({ id: authUrls.id }).from(authUrls).where(and(
          eq(authUrls.operationId, data.operationId as number), eq(authUrls.content, data.content as string), eq(authUrls.accessMode, data.accessMode as string)));
        existing = same?.id;
      }
      let id = existing;
      if (id === undefined) {
        const [ins] = await tx.insert(def.table).values(data as never).returning({ id: def.table.id });
        id = ins.id;
        result.inserted++; result.byLevel[row.level].inserted++;
      } else {
        result.skipped++; result.byLevel[row.level].skipped++;
      }
      if (typeof label === 'number') labels[row.level].set(label, id);
    }
    if (errors.length) throw new AppError(400, errors.slice(0, 30).join('\n'));
    return result;
  });
}

const sqlValue = (v: unknown): string => {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') return String(v);
  return `'${String(v).replace(/'/g, "''")}'`;
};

/** The tree as SQL text: one INSERT per row, parents before children, ids as labels. */
export async function exportSql(db: Db): Promise<string> {
  const tree = await loadTree(db);
  const lines = [
    '-- Bencao authority tree (apps, modules, functions, operations, URLs)',
    `-- exported ${new Date().toISOString()}; ids are labels local to this file`,
  ];
  const walk = (nodes: AuthTreeNode[]) => {
    for (const n of nodes) {
      const cols = Object.entries(COLUMNS[n.level]);
      const data = n.data as Record<string, unknown>;
      lines.push(`INSERT INTO ${LEVELS[n.level].sqlName} (${cols.map(([c]) => c).join(', ')}) VALUES (${cols.map(([, f]) => sqlValue(data[f])).join(', ')});`);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return lines.join('\n') + '\n';
}

export const zipSql = (text: string, name = 'authority-tree.txt') => Buffer.from(zipSync({ [name]: strToU8(text) }));
