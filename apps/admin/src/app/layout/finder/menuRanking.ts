/** A menu the user may open, as the menu search lists it. */
export interface MenuEntry {
  path: string;
  label: string;
  /** the labels of the groups above it, outermost first */
  trail: string[];
  /** opens in a new window */
  url?: string;
  /** other spellings of the label a query may match as the label itself (its pinyin in the zh console) */
  keys?: string[];
}

/** Lower case without accents, so "configuracion" finds "Configuración". */
export const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** How far apart the query's characters lie in `text` when they appear in order; null when they do not. */
function spread(text: string, query: string): number | null {
  let at = -1;
  let first = -1;
  for (const ch of query) {
    at = text.indexOf(ch, at + 1);
    if (at < 0) return null;
    if (first < 0) first = at;
  }
  return at - first + 1 - query.length;
}

const wordStarts = (text: string) => text.split(/[\s/·\-_().:、（）]+/).filter(Boolean);

/** How well one query term matches a label: exact, prefix, word prefix, inside, then scattered in order. */
function termScore(label: string, term: string): number {
  if (label === term) return 100;
  if (label.startsWith(term)) return 80;
  if (wordStarts(label).some((w) => w.startsWith(term))) return 60;
  if (label.includes(term)) return 40;
  const gaps = spread(label, term);
  return gaps === null ? 0 : Math.max(1, 20 - gaps);
}

/**
 * The entries matching every term of the query, best first: a term that hits the menu's own label
 * counts fully, one that only hits a group above it counts a little (so "system acc" finds Accounts
 * under System). Ties keep the menu order. An empty query lists the menus in order.
 */
export function rankMenus(entries: MenuEntry[], query: string, limit = 20): MenuEntry[] {
  const terms = fold(query).split(/\s+/).filter(Boolean);
  if (!terms.length) return entries.slice(0, limit);
  const scored: { entry: MenuEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const label = fold(entry.label);
    const spellings = entry.keys ?? [];
    const groups = entry.trail.map(fold);
    let score = 0;
    for (const term of terms) {
      const own = Math.max(termScore(label, term), ...spellings.map((k) => termScore(k, term)));
      const above = Math.max(0, ...groups.map((g) => termScore(g, term))) / 4;
      const best = Math.max(own, above);
      if (best === 0) return;
      score += best;
    }
    scored.push({ entry, score: score - label.length / 100, index });
  });
  return scored.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit).map((s) => s.entry);
}
