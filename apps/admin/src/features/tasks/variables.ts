/**
 * The start form and the task's variables until the form designer (issue 12) lands: rows of a name, a type
 * (text, number, yes/no) and a value, turned into the variables object the engine stores, and back.
 */
export const VARIABLE_KINDS = ['text', 'number', 'boolean'] as const;
export type VariableKind = (typeof VARIABLE_KINDS)[number];

export interface VariableRow { name?: string; kind?: VariableKind; text?: string; number?: number | null; flag?: boolean }

/** the engine's variable names are CEL identifiers */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type RowProblem = 'name' | 'duplicate' | 'number';
export class VariableRowError extends Error {
  constructor(readonly row: number, readonly problem: RowProblem) { super(`row ${row + 1}: ${problem}`); }
}

/** Rows → variables; a row without a name is skipped; a bad name, a name twice or a missing number throws. */
export function rowsToVariables(rows: readonly VariableRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    const name = row.name?.trim() ?? '';
    if (!name) return;
    if (!VARIABLE_NAME.test(name)) throw new VariableRowError(i, 'name');
    if (Object.hasOwn(out, name)) throw new VariableRowError(i, 'duplicate');
    switch (row.kind ?? 'text') {
      case 'number':
        if (typeof row.number !== 'number' || !Number.isFinite(row.number)) throw new VariableRowError(i, 'number');
        out[name] = row.number;
        break;
      case 'boolean':
        out[name] = row.flag === true;
        break;
      default:
        out[name] = row.text ?? '';
    }
  });
  return out;
}

/**
 * Variables → rows (a draft opened again, a task's variables to edit). Values of other types (lists,
 * objects, null) are not rows: they are kept as they are and merged back by {@link mergeVariables}.
 */
export function variablesToRows(vars: Record<string, unknown>): { rows: VariableRow[]; kept: Record<string, unknown> } {
  const rows: VariableRow[] = [];
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(vars)) {
    if (typeof value === 'number') rows.push({ name, kind: 'number', number: value });
    else if (typeof value === 'boolean') rows.push({ name, kind: 'boolean', flag: value });
    else if (typeof value === 'string') rows.push({ name, kind: 'text', text: value });
    else kept[name] = value;
  }
  return { rows, kept };
}

/** What the rows say, over what could not be shown as rows. */
export function mergeVariables(kept: Record<string, unknown>, rows: readonly VariableRow[]): Record<string, unknown> {
  return { ...kept, ...rowsToVariables(rows) };
}

/** A value as one line of text (read-only views). */
export function showValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
