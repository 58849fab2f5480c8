import { describe, expect, it } from 'vitest';
import { mergeVariables, rowsToVariables, variablesToRows, VariableRowError } from './variables';

describe('the start form\'s typed rows', () => {
  it('keeps each value in its type', () => {
    expect(rowsToVariables([
      { name: 'amount', kind: 'number', number: 68000 },
      { name: 'urgent', kind: 'boolean', flag: true },
      { name: 'reason', kind: 'text', text: '实验室耗材' },
      { name: 'note' },
    ])).toEqual({ amount: 68000, urgent: true, reason: '实验室耗材', note: '' });
  });

  it('skips rows without a name and trims names', () => {
    expect(rowsToVariables([{ name: '  ', kind: 'text', text: 'x' }, { name: ' a ', kind: 'text', text: 'y' }])).toEqual({ a: 'y' });
  });

  it('names the row and the problem', () => {
    const problem = (rows: Parameters<typeof rowsToVariables>[0]) => {
      try { rowsToVariables(rows); } catch (e) { return e instanceof VariableRowError ? [e.row, e.problem] : e; }
      return null;
    };
    expect(problem([{ name: '1st', kind: 'text' }])).toEqual([0, 'name']);
    expect(problem([{ name: 'a', kind: 'text' }, { name: 'a', kind: 'number', number: 1 }])).toEqual([1, 'duplicate']);
    expect(problem([{ name: 'amount', kind: 'number', number: null }])).toEqual([0, 'number']);
    expect(problem([{ name: 'amount', kind: 'number', number: Number.NaN }])).toEqual([0, 'number']);
  });

  it('opens saved variables as rows and keeps what rows cannot show', () => {
    const { rows, kept } = variablesToRows({ amount: 5, ok: false, who: 'li', items: [1, 2], nothing: null });
    expect(rows).toEqual([
      { name: 'amount', kind: 'number', number: 5 }, { name: 'ok', kind: 'boolean', flag: false }, { name: 'who', kind: 'text', text: 'li' },
    ]);
    expect(kept).toEqual({ items: [1, 2], nothing: null });
    expect(mergeVariables(kept, [...rows, { name: 'amount', kind: 'number' as const, number: 6 }].slice(1))).toEqual({ items: [1, 2], nothing: null, ok: false, who: 'li', amount: 6 });
  });
});
