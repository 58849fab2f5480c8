import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { authApps, authFunctions, authModules, authOperations, menuActionResources, menuActions, menuTypes, menus } from '../schema/index';
import { MENU_TREE, type SeedMenu } from './menuTree';

const namesOf = (n: SeedMenu['names']) => ({ en: n[0], zh: n[1], es: n[2], ja: n[3] });

/** Adds the menus, actions and authority tree entries that are missing; never changes existing ones. */
export async function seedMenus(db: Db) {
  await db.insert(menuTypes).values({ id: 'console', name: '控制台菜单', isPreset: true }).onConflictDoNothing();
  const existing = new Map((await db.select({ id: menus.id, code: menus.menuCode }).from(menus)).map((m) => [m.code, m.id]));
  const existingActions = new Set((await db.select({ code: menuActions.actionCode, menuId: menuActions.menuId }).from(menuActions)).map((a) => `${a.menuId}:${a.code}`));

  await db.insert(authApps).values({ code: 'bencao', name: 'Bencao console', context: '/console', seq: 0, serverHost: '127.0.0.1', transport: 'http', port: 8080 }).onConflictDoNothing();
  const [app] = await db.select().from(authApps).where(eq(authApps.code, 'bencao'));

  async function visit(node: SeedMenu, parentId: number | null, level: number, seq: number) {
    let id = existing.get(node.code);
    if (id === undefined) {
      const [row] = await db.insert(menus).values({
        menuTypeId: 'console', parentId, menuCode: node.code, menuName: node.names[1], names: namesOf(node.names),
        path: node.path ?? null, scheme: node.path ? '/' : null, icon: node.icon ?? null, level,
        authority: node.authority ?? null, target: node.target ?? null, seq, isLeaf: !node.children, hidden: node.hidden ?? false, appCode: 'bencao',
      }).returning({ id: menus.id });
      id = row.id;
    }
    if (node.children) {
      // A group is a module of the authority tree; its leaves are functions.
      await db.insert(authModules).values({ appId: app.id, code: node.code, name: node.names[1], seq }).onConflictDoNothing();
      for (const [i, child] of node.children.entries()) await visit(child, id, level + 1, i);
      return;
    }
    if (node.authority) {
      const [mod] = await db.select().from(authModules).where(eq(authModules.code, parentCodeOf(node.code)));
      if (mod) await db.insert(authFunctions).values({ moduleId: mod.id, code: node.authority, name: node.names[1], seq }).onConflictDoNothing();
      const [fn] = await db.select().from(authFunctions).where(eq(authFunctions.code, node.authority));
      for (const [i, a] of (node.actions ?? []).entries()) {
        if (fn) await db.insert(authOperations).values({ functionId: fn.id, code: a.code, name: a.names[1], seq: i }).onConflictDoNothing();
        if (existingActions.has(`${id}:${a.code}`)) continue;
        const [act] = await db.insert(menuActions).values({ menuId: id, actionName: a.names[1], actionCode: a.code, seq: i }).returning({ id: menuActions.id });
        for (const path of a.resources ?? []) await db.insert(menuActionResources).values({ actionId: act.id, path, authorityId: a.code });
      }
    }
  }
  const parentOf = new Map<string, string>();
  for (const g of MENU_TREE) for (const c of g.children ?? []) parentOf.set(c.code, g.code);
  const parentCodeOf = (code: string) => parentOf.get(code) ?? code;

  for (const [i, node] of MENU_TREE.entries()) await visit(node, null, 1, i);
}
