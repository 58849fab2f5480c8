/** The start dialog's variables: rows of name, type and text, turned into the JSON the engine stores. */
export const VARIABLE_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];
export interface VariableRow { name?: string; type?: VariableType; value?: string }

/** A CEL identifier, as the engine's variable names. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export class VariableError extends Error {
  constructor(readonly row: number, readonly reason: 'name' | 'duplicate' | 'number' | 'boolean' | 'json') { super(`row ${row + 1}: ${reason}`); }
}

/** One row's value in its type; throws a {@link VariableError} naming the row and what is wrong. */
export function variableValue(row: VariableRow, index: number): unknown {
  const text = row.value ?? '';
  switch (row.type ?? 'string') {
    case 'number': {
      const n = Number(text.trim());
      if (!text.trim() || !Number.isFinite(n)) throw new VariableError(index, 'number');
      return n;
    }
    case 'boolean': {
      const s = text.trim().toLowerCase();
      if (s === 'true') return true;
      if (s === 'false') return false;
      throw new VariableError(index, 'boolean');
    }
    case 'json':
      try { return JSON.parse(text) as unknown; } catch { throw new VariableError(index, 'json'); }
    default:
      return text;
  }
}

/** Rows → variables (rows without a name are skipped); throws on a bad name, a name twice or a bad value. */
export function rowsToVariables(rows: readonly VariableRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  rows.forEach((row, i) => {
    const name = row.name?.trim() ?? '';
    if (!name) return;
    if (!VARIABLE_NAME.test(name)) throw new VariableError(i, 'name');
    if (Object.hasOwn(out, name)) throw new VariableError(i, 'duplicate');
    out[name] = variableValue(row, i);
  });
  return out;
}

/** A variable's value as one line of text (the monitor's variables table). */
export function showValue(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}
