import type { AltMenuNode } from '@bencao/contracts';
import type { AppRoute } from './types';
import { isExternal, pageSetOf } from './menuRoutes';

const clean = (path: string) => '/' + path.replace(/^\/+/, '').replace(/\/+$/, '');

/**
 * SPEC §2, the alternative builder: nodes with url, text, icon, hidden, isLeaf, functionCode,
 * componentPath and appCode. Leaves whose url is an http address are shown in an embedded frame;
 * a hidden node hides its children (they are left out of the sidebar but still routable).
 */
export function buildAltRoutes(nodes: AltMenuNode[]): AppRoute[] {
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<string | null, AltMenuNode[]>();
  for (const n of nodes) {
    const parent = n.parentId !== null && ids.has(n.parentId) ? n.parentId : null;
    const list = byParent.get(parent);
    if (list) list.push(n); else byParent.set(parent, [n]);
  }
  const build = (parentId: string | null, hiddenAbove: boolean): AppRoute[] => (byParent.get(parentId) ?? []).map((n) => {
    const hidden = hiddenAbove || n.hidden;
    const base = { authority: n.functionCode, code: n.id, title: n.text, icon: n.icon, hidden, children: [] as AppRoute[] };
    const kids = byParent.has(n.id) ? build(n.id, hidden) : [];
    if (!n.isLeaf && kids.length > 0) {
      const first = kids.find((k) => !k.hidden && k.kind !== 'external');
      return { ...base, path: `/${n.id}`, kind: 'group', children: kids, redirect: first?.redirect ?? first?.path };
    }
    if (isExternal(n.url)) return { ...base, path: `/frame/${encodeURIComponent(n.id)}`, kind: 'frame', url: n.url! };
    const pagePath = (n.componentPath || n.url || '').replace(/^\/+/, '');
    if (!pagePath) return { ...base, path: `/fallback/${encodeURIComponent(n.id)}`, kind: 'fallback' };
    return { ...base, path: clean(n.url || pagePath), kind: 'page', page: { set: pageSetOf(pagePath), path: pagePath } };
  });
  return build(null, false);
}
