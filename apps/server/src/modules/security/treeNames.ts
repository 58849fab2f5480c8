import { LANGS, type Lang, type TreeLevel } from '@bencao/contracts';
import { MENU_TREE, type SeedMenu } from '../../db/seed/menuTree';

type Names = SeedMenu['names'];

/** The console application the menu seed creates (seedMenus.ts), named in the four languages. */
const APP_NAMES: Record<string, Names> = {
  bencao: ['Bencao console', '本草控制台', 'Consola Bencao', 'Bencao コンソール'],
};

/**
 * The names the product ships for the nodes it seeds (from menuTree.ts), by level and code, and the
 * standard names of action suffixes (`:add`, `:edit`, `:export`, …) as the menu tree words them.
 */
function catalogue() {
  const byCode = new Map<string, Names>(Object.entries(APP_NAMES).map(([code, n]) => [`app ${code}`, n]));
  const bySuffix = new Map<string, Names>();
  const walk = (m: SeedMenu) => {
    if (m.children) {
      byCode.set(`module ${m.code}`, m.names);
      m.children.forEach(walk);
    } else if (m.authority) {
      byCode.set(`function ${m.authority}`, m.names);
    }
    for (const a of m.actions ?? []) {
      byCode.set(`operation ${a.code}`, a.names);
      const suffix = a.code.slice(a.code.lastIndexOf(':') + 1);
      if (!bySuffix.has(suffix)) bySuffix.set(suffix, a.names);
    }
  };
  MENU_TREE.forEach(walk);
  return { byCode, bySuffix };
}

let cached: ReturnType<typeof catalogue> | null = null;

/**
 * How an authority-tree node reads in the operator's language. A node still carrying the name the
 * product seeded (in any of the four languages) is shown in `lang`; a name an operator typed is the
 * operator's content and is shown as typed.
 */
export function treeNodeName(level: TreeLevel, code: string | null | undefined, stored: string, lang: Lang): string {
  if (!code) return stored;
  cached ??= catalogue();
  const known = cached.byCode.get(`${level} ${code}`)
    ?? (level === 'operation' ? cached.bySuffix.get(code.slice(code.lastIndexOf(':') + 1)) : undefined);
  return known && known.includes(stored) ? known[LANGS.indexOf(lang)] : stored;
}
