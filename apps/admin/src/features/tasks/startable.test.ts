import { describe, expect, it } from 'vitest';
import type { StartableDefinition } from '@bencao/contracts';
import { groupStartable, RECENT_SHOWN } from './startable';

let next = 1;
const def = (name: string, extra: Partial<StartableDefinition> = {}): StartableDefinition => ({
  definitionId: next++, key: `k${next}`, name, category: null, description: null, version: 1, favourite: false, lastStartedAt: null, ...extra,
});

describe('the New page\'s sections', () => {
  it('puts favourites, then the most recently started, first; then categories by name, the uncategorised last', () => {
    const list = [
      def('Leave', { category: 'HR', lastStartedAt: '2026-01-02T00:00:00Z' }),
      def('Purchase', { category: 'Finance', favourite: true }),
      def('Expense', { category: 'Finance', lastStartedAt: '2026-01-05T00:00:00Z' }),
      def('Misc'),
      def('Contract', { category: 'Finance' }),
    ];
    const groups = groupStartable(list);
    expect(groups.map((g) => [g.key, g.items.map((d) => d.name)])).toEqual([
      ['pinned', ['Purchase', 'Expense', 'Leave']],
      ['category:Finance', ['Contract', 'Expense', 'Purchase']],
      ['category:HR', ['Leave']],
      ['category:', ['Misc']],
    ]);
  });

  it('has no pinned section when nothing is a favourite or was started', () => {
    expect(groupStartable([def('A', { category: 'X' })]).map((g) => g.key)).toEqual(['category:X']);
    expect(groupStartable([])).toEqual([]);
  });

  it('shows only the few most recent', () => {
    const many = Array.from({ length: RECENT_SHOWN + 3 }, (_, i) => def(`P${i}`, { lastStartedAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z` }));
    const pinned = groupStartable(many)[0];
    expect(pinned.items).toHaveLength(RECENT_SHOWN);
    expect(pinned.items[0].name).toBe(`P${RECENT_SHOWN + 2}`);
  });
});
