import { describe, expect, it } from 'vitest';
import { arrange, move, parsePrefs, readPrefs, serverPrefsKey } from './columnSettings';

const cols = ['name', 'status', 'createdAt', 'actions'].map((key) => ({ key }));
const keyOf = (c: { key: string }) => c.key;

describe('column settings of a list', () => {
  it('keeps the saved order and hides what the operator hid', () => {
    const r = arrange(cols, keyOf, { order: ['status', 'name', 'createdAt', 'actions'], hidden: ['createdAt'] });
    expect(r.all.map(keyOf)).toEqual(['status', 'name', 'createdAt', 'actions']);
    expect(r.visible.map(keyOf)).toEqual(['status', 'name', 'actions']);
  });

  it('shows a column added by a new release after the saved ones, and forgets a removed one', () => {
    const r = arrange(cols, keyOf, { order: ['gone', 'status', 'name'], hidden: ['gone'] });
    expect(r.all.map(keyOf)).toEqual(['status', 'name', 'createdAt', 'actions']);
  });

  it('moves a column one place and not past either end', () => {
    expect(move(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 'x', 1)).toEqual(['a', 'b', 'c']);
  });

  it('reads broken or foreign storage as "no preference"', () => {
    for (const raw of ['{', '"x"', '{"order":1}', null]) expect(readPrefs({ getItem: () => raw }, 'k')).toEqual({ order: [], hidden: [] });
    expect(readPrefs({ getItem: () => '{"order":["a",2],"hidden":["b"]}' }, 'k')).toEqual({ order: ['a'], hidden: ['b'] });
  });

  it('reads the server\'s copy with the density, under a key the preferences API takes', () => {
    expect(parsePrefs({ order: ['a'], hidden: [], density: 'large' })).toEqual({ order: ['a'], hidden: [], density: 'large' });
    expect(parsePrefs({ order: [], hidden: [], density: 'huge' })).toEqual({ order: [], hidden: [] });
    expect(parsePrefs(null)).toEqual({ order: [], hidden: [] });
    expect(serverPrefsKey('security.accounts')).toMatch(/^[A-Za-z][A-Za-z0-9_.:-]*$/);
  });
});
