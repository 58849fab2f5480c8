/**
 * Which columns of a list an operator shows, and in what order; kept per user and per list in the
 * browser, so one operator's choice does not change another's screen.
 */
export interface ColumnPrefs { order: string[]; hidden: string[] }

export const EMPTY_PREFS: ColumnPrefs = { order: [], hidden: [] };

export const prefsKey = (accountId: number | string | undefined, listId: string) => `bencao:list:${accountId ?? 'anon'}:${listId}`;

export function readPrefs(storage: Pick<Storage, 'getItem'>, key: string): ColumnPrefs {
  try {
    const v = JSON.parse(storage.getItem(key) ?? 'null') as Partial<ColumnPrefs> | null;
    if (!v || !Array.isArray(v.order) || !Array.isArray(v.hidden)) return EMPTY_PREFS;
    return { order: v.order.filter((k): k is string => typeof k === 'string'), hidden: v.hidden.filter((k): k is string => typeof k === 'string') };
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
