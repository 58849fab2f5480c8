import type { AltMenuNode } from '@bencao/contracts';
import type { AppRoute } from './types';
import { groupByParent, isExternal, pageSetOf, trimSlashes } from './menuRoutes';

/**
 * SPEC §2, the alternative builder: nodes with url, text, icon, hidden, isLeaf, functionCode,
 * componentPath and appCode. Leaves whose url is an http address are shown in an embedded frame;
 * a hidden node hides its children (they are left out of the sidebar but still routable).
 */
export function buildAltRoutes(nodes: AltMenuNode[]): AppRoute[] {
  const byParent = groupByParent(nodes, (n) => n.id, (n) => n.parentId);
  const build = (parentId: string | null, hiddenAbove: boolean): AppRoute[] => (byParent.get(parentId) ?? []).map((n) => {
    const hidden = hiddenAbove || n.hidden;
    const base = { authority: n.functionCode, code: n.id, title: n.text, icon: n.icon, hidden, children: [] as AppRoute[] };
    const kids = byParent.has(n.id) ? build(n.id, hidden) : [];
    if (!n.isLeaf && kids.length > 0) {
      const first = kids.find((k) => !k.hidden && k.kind !== 'external');
      return { ...base, path: `/${n.id}`, kind: 'group', children: kids, redirect: first?.redirect ?? first?.path };
    }
    if (isExternal(n.url)) return { ...base, path: `/frame/${encodeURIComponent(n.id)}`, kind: 'frame', url: n.url! };
    const pagePath = trimSlashes(n.componentPath || n.url || '');
    if (!pagePath) return { ...base, path: `/fallback/${encodeURIComponent(n.id)}`, kind: 'fallback' };
    return { ...base, path: '/' + trimSlashes(n.url || pagePath), kind: 'page', page: { set: pageSetOf(pagePath), path: pagePath } };
  });
  return build(null, false);
}
