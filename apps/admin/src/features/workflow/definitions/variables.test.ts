import { describe, expect, it } from 'vitest';
import { rowsToVariables, showValue, VariableError } from './variables';

describe('start variables', () => {
  it('turns typed rows into variables, skipping rows without a name', () => {
    expect(rowsToVariables([
      { name: 'amount', type: 'number', value: ' 52000.5 ' }, { name: 'urgent', type: 'boolean', value: 'TRUE' },
      { name: 'dept', type: 'string', value: 'R&D' }, { name: 'items', type: 'json', value: '[{"sku":"A1","qty":2}]' },
      { name: '', type: 'number', value: 'x' }, { name: 'note' },
    ])).toEqual({ amount: 52000.5, urgent: true, dept: 'R&D', items: [{ sku: 'A1', qty: 2 }], note: '' });
  });

  it('names the row and the reason of a bad value, a bad name or a name twice', () => {
    const reason = (rows: Parameters<typeof rowsToVariables>[0]) => {
      try { rowsToVariables(rows); return null; } catch (e) { return e instanceof VariableError ? [e.row, e.reason] : e; }
    };
    expect(reason([{ name: 'a', type: 'number', value: '12abc' }])).toEqual([0, 'number']);
    expect(reason([{ name: 'a', type: 'number', value: '' }])).toEqual([0, 'number']);
    expect(reason([{ name: 'ok', value: '1' }, { name: 'b', type: 'boolean', value: 'yes' }])).toEqual([1, 'boolean']);
    expect(reason([{ name: 'c', type: 'json', value: '{x' }])).toEqual([0, 'json']);
    expect(reason([{ name: '1abc', value: '' }])).toEqual([0, 'name']);
    expect(reason([{ name: 'a b', value: '' }])).toEqual([0, 'name']);
    expect(reason([{ name: 'x', value: '1' }, { name: ' x ', value: '2' }])).toEqual([1, 'duplicate']);
  });

  it('shows values on one line', () => {
    expect(showValue('text')).toBe('text');
    expect(showValue(3)).toBe('3');
    expect(showValue({ a: [1] })).toBe('{"a":[1]}');
    expect(showValue(null)).toBe('null');
  });
});
