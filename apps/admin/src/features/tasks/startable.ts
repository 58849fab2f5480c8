import type { StartableDefinition } from '@bencao/contracts';

export interface StartableGroup { key: string; category: string | null; items: StartableDefinition[] }

/** the few most recently started shown at the top with the favourites */
export const RECENT_SHOWN = 6;

/**
 * The New page's sections: first the favourites and the recently started ones (favourites first, then the
 * most recent), then every category by name with its processes by name, the uncategorised last. A pinned
 * process also stays in its category, where people look for it the first time.
 */
export function groupStartable(list: readonly StartableDefinition[]): StartableGroup[] {
  const byName = (a: StartableDefinition, b: StartableDefinition) => a.name.localeCompare(b.name) || a.definitionId - b.definitionId;
  const favourites = list.filter((d) => d.favourite).sort(byName);
  const recent = list
    .filter((d) => !d.favourite && d.lastStartedAt)
    .sort((a, b) => b.lastStartedAt!.localeCompare(a.lastStartedAt!) || byName(a, b))
    .slice(0, RECENT_SHOWN);
  const groups: StartableGroup[] = [];
  if (favourites.length || recent.length) groups.push({ key: 'pinned', category: null, items: [...favourites, ...recent] });
  const categories = new Map<string | null, StartableDefinition[]>();
  for (const d of list) {
    const c = d.category?.trim() || null;
    categories.set(c, [...(categories.get(c) ?? []), d]);
  }
  const names = [...categories.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
  for (const c of names) groups.push({ key: `category:${c ?? ''}`, category: c, items: categories.get(c)!.sort(byName) });
  return groups;
}
