import { formFields, type FormField, type FormSchema } from './schema';
import { boundedCel, CelLimitError } from '../celBudget';

/**
 * CEL over a form's data, the same in the console and on the server: `data` is the document by
 * field key, `sums` the column totals of the sub-tables (`sums.items.amount`). Numbers are CEL
 * doubles, so write `data.qty * 2.0`, and `data.amount > 1000` compares as expected.
 */
const cel = boundedCel({
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 500, maxDepth: 64, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 16 },
}, 2000);
cel.env.registerVariable('data', 'map');
cel.env.registerVariable('sums', 'map');

/** Parses and type-checks an expression, within the limits of ../celBudget.ts; throws with a one-line reason. */
export const parseFormCel = (expression: string) => cel.parse(expression);

/** The reason an expression is not valid CEL or breaks a limit, or null. */
export function celProblem(expression: string): string | null {
  return cel.problem(expression)?.message ?? null;
}

// JS → CEL: every number is a double; CEL → JS: BigInt → number, Map → object
const toCel = (v: unknown): unknown => {
  if (typeof v === 'number') return v;
  if (Array.isArray(v)) return v.map(toCel);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined).map(([k, x]) => [k, toCel(x)]));
  return v;
};
const fromCel = (v: unknown): unknown => {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(fromCel);
  if (v instanceof Map) return Object.fromEntries([...v.entries()].map(([k, x]) => [String(k), fromCel(x)]));
  return v;
};

export type FormData = Record<string, unknown>;
export type ColumnSums = Record<string, Record<string, number>>;

/** Evaluates; throws (one line) when the expression does not parse or fails on this data. */
export function evalFormCel(expression: string, data: FormData, sums: ColumnSums = {}): unknown {
  return fromCel(parseFormCel(expression).evaluate({ data: toCel(data), sums: toCel(sums) }));
}

/** A condition: true only when the expression evaluates to true (an error counts as false). */
export function celCondition(expression: string | undefined, data: FormData, sums: ColumnSums = {}): boolean {
  if (!expression) return false;
  try {
    return evalFormCel(expression, data, sums) === true;
  } catch {
    return false;
  }
}

const round = (n: number, precision = 2) => Math.round(n * 10 ** precision) / 10 ** precision;
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** The totals of a sub-table's summed columns. */
export function columnSums(table: FormField, rows: unknown): Record<string, number> {
  const list = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  const out: Record<string, number> = {};
  for (const key of table.sumColumns ?? []) {
    const col = table.columns?.find((c) => c.key === key);
    out[key] = round(list.reduce((s, r) => { const n = num(r?.[key]); return Number.isFinite(n) ? s + n : s; }, 0), col?.precision ?? 2);
  }
  return out;
}

function computedValue(f: FormField, data: FormData, sums: ColumnSums): unknown {
  if (!f.expression) return null;
  try {
    const v = evalFormCel(f.expression, data, sums);
    return typeof v === 'number' ? (Number.isFinite(v) ? round(v, f.precision ?? 2) : null) : v ?? null;
  } catch {
    return null;
  }
}

/**
 * The document with every computed field (also those in sub-table rows, over the row as `data`)
 * and the column sums recomputed; fields are computed in reading order, so a computed field may
 * use one above it.
 */
export function recompute(schema: Pick<FormSchema, 'nodes'>, input: FormData): { data: FormData; sums: ColumnSums } {
  const data: FormData = { ...input };
  const sums: ColumnSums = {};
  const fields = formFields(schema);
  for (const t of fields) {
    if (t.type !== 'subTable') continue;
    const computedCols = (t.columns ?? []).filter((c) => c.type === 'computed');
    if (computedCols.length && Array.isArray(data[t.key])) {
      data[t.key] = (data[t.key] as FormData[]).map((row) => {
        const r = { ...row };
        for (const c of computedCols) r[c.key] = computedValue(c, r, {});
        return r;
      });
    }
    sums[t.key] = columnSums(t, data[t.key]);
  }
  for (const f of fields) if (f.type === 'computed') data[f.key] = computedValue(f, data, sums);
  return { data, sums };
}

/** Whether a field shows on this data (its `hidden` flag, then its `visibleWhen`). */
export function isFieldVisible(f: FormField, data: FormData, sums: ColumnSums = {}): boolean {
  if (f.hidden) return false;
  return f.visibleWhen ? celCondition(f.visibleWhen, data, sums) : true;
}

/** Whether a field must be filled on this data (`required`, or `requiredWhen` holds). */
export function isFieldRequired(f: FormField, data: FormData, sums: ColumnSums = {}): boolean {
  return !!f.required || celCondition(f.requiredWhen, data, sums);
}

/** Every CEL expression of the schema that does not parse or breaks a limit (`limit`), with the field key and the reason. */
export function schemaCelProblems(schema: Pick<FormSchema, 'nodes'>): { key: string; problem: string; limit?: CelLimitError }[] {
  const out: { key: string; problem: string; limit?: CelLimitError }[] = [];
  const check = (key: string, e?: string) => {
    const p = e ? cel.problem(e) : null;
    if (p) out.push({ key, problem: p.message, limit: p instanceof CelLimitError ? p : undefined });
  };
  for (const f of formFields(schema)) {
    check(f.key, f.visibleWhen);
    check(f.key, f.requiredWhen);
    check(f.key, f.expression);
    for (const c of f.columns ?? []) check(`${f.key}.${c.key}`, c.expression);
  }
  return out;
}
