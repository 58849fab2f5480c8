/**
 * Which columns of a list an operator shows, in what order, and how dense the table is; kept per
 * account and list on the server (`/api/system/preferences/list:<id>`), so they follow the operator to
 * another browser and one operator's choice does not change another's screen. The browser keeps a copy
 * to draw the first paint with.
 */
export type Density = 'small' | 'middle' | 'large';
export interface ColumnPrefs { order: string[]; hidden: string[]; density?: Density }

export const EMPTY_PREFS: ColumnPrefs = { order: [], hidden: [] };

export const prefsKey = (accountId: number | string | undefined, listId: string) => `bencao:list:${accountId ?? 'anon'}:${listId}`;
/** the key of a list's preferences on the server */
export const serverPrefsKey = (listId: string) => `list:${listId}`;

const DENSITIES: readonly string[] = ['small', 'middle', 'large'];

/** A stored value as preferences; anything else (foreign, broken) is "no preference". */
export function parsePrefs(v: unknown): ColumnPrefs {
  const x = v as Partial<ColumnPrefs> | null;
  if (!x || typeof x !== 'object' || !Array.isArray(x.order) || !Array.isArray(x.hidden)) return EMPTY_PREFS;
  const prefs: ColumnPrefs = { order: x.order.filter((k): k is string => typeof k === 'string'), hidden: x.hidden.filter((k): k is string => typeof k === 'string') };
  if (typeof x.density === 'string' && DENSITIES.includes(x.density)) prefs.density = x.density;
  return prefs;
}

export function readPrefs(storage: Pick<Storage, 'getItem'>, key: string): ColumnPrefs {
  try {
    return parsePrefs(JSON.parse(storage.getItem(key) ?? 'null'));
  } catch {
    return EMPTY_PREFS;
  }
}

/**
 * The columns in the operator's order: known keys first as saved, columns the screen gained since
 * (a new release) after them in their own order; keys of removed columns are ignored.
 */
export function arrange<C>(columns: C[], keyOf: (c: C) => string, prefs: ColumnPrefs): { all: C[]; visible: C[] } {
  const byKey = new Map(columns.map((c) => [keyOf(c), c]));
  const known = prefs.order.filter((k) => byKey.has(k));
  const rest = columns.map(keyOf).filter((k) => !known.includes(k));
  const all = [...known, ...rest].map((k) => byKey.get(k)!);
  const hidden = new Set(prefs.hidden);
  return { all, visible: all.filter((c) => !hidden.has(keyOf(c))) };
}

/** Moves one key a place up (-1) or down (+1) in the full order. */
export function move(order: string[], key: string, by: -1 | 1): string[] {
  const i = order.indexOf(key);
  const j = i + by;
  if (i < 0 || j < 0 || j >= order.length) return order;
  const next = [...order];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
