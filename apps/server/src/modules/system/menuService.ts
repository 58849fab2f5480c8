import { asc, inArray } from 'drizzle-orm';
import type { AltMenuNode, Lang, MenuItem } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { menuActionResources, menuActions, menus } from '../../db/schema/index';
import { hasAuthority } from '../../platform/auth/authorities';

/**
 * The menu items a user may see: leaves whose authority the user holds (a leaf without authority
 * is open to every logged-in user), the groups above them, and the actions the user holds.
 */
export async function menusFor(db: Db, authorities: Set<string>, lang: Lang, menuTypeId = 'console'): Promise<MenuItem[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.seq), asc(menus.id));
  const ofType = rows.filter((m) => m.menuTypeId === menuTypeId);
  const ids = ofType.map((m) => m.id);
  const actions = ids.length ? await db.select().from(menuActions).where(inArray(menuActions.menuId, ids)).orderBy(asc(menuActions.seq), asc(menuActions.id)) : [];
  const actionIds = actions.map((a) => a.id);
  const resources = actionIds.length ? await db.select().from(menuActionResources).where(inArray(menuActionResources.actionId, actionIds)) : [];

  const allowed = (authority: string | null) => !authority || hasAuthority(authorities, authority);
  const visible = new Set<number>();
  const byId = new Map(ofType.map((m) => [m.id, m]));
  for (const m of ofType) {
    if (!m.isLeaf || !m.authority && !m.path || !allowed(m.authority)) continue;
    for (let cur: typeof m | undefined = m; cur && !visible.has(cur.id); cur = cur.parentId ? byId.get(cur.parentId) : undefined) visible.add(cur.id);
  }
  return ofType.filter((m) => visible.has(m.id)).map((m) => ({
    menuId: m.id, parentId: m.parentId, menuCode: m.menuCode,
    menuName: m.names[lang] ?? m.menuName, names: m.names,
    path: m.path, scheme: m.scheme, icon: m.icon, level: m.level, authority: m.authority, target: m.target, seq: m.seq,
    actionList: actions.filter((a) => a.menuId === m.id && allowed(a.actionCode)).map((a) => ({
      actionName: a.actionName, actionCode: a.actionCode,
      resourceList: resources.filter((r) => r.actionId === a.id).map((r) => ({ path: r.path, authorityId: r.authorityId })),
    })),
  }));
}

/** The same menu in the alternative node shape of SPEC §3. */
export function toAltNodes(items: MenuItem[], hiddenIds: Set<number> = new Set()): AltMenuNode[] {
  const parents = new Set(items.map((m) => m.parentId).filter((p): p is number => p !== null));
  return items.map((m) => ({
    id: String(m.menuId),
    parentId: m.parentId === null ? null : String(m.parentId),
    url: m.path ? (/^https?:/.test(m.path) ? m.path : `/${m.path}`) : null,
    text: m.menuName,
    icon: m.icon,
    hidden: hiddenIds.has(m.menuId),
    isLeaf: !parents.has(m.menuId),
    functionCode: m.authority,
    componentPath: m.path && !/^https?:/.test(m.path) ? m.path : null,
    appCode: 'bencao',
  }));
}
