import { sql } from 'drizzle-orm';
import type { PageContent } from '@bencao/contracts';
import type { Db } from '../client';
import { portalAssignments, portalNodes } from '../schema/index';

/** The console's former fixed dashboard as a portal page: figures, the week's operations, shortcuts. */
export const DEFAULT_HOME: PageContent = {
  widgets: [
    { i: 'stats', widget: 'loginStats', settings: {} },
    { i: 'week', widget: 'operationsWeek', settings: {} },
    { i: 'shortcuts', widget: 'shortcuts', settings: { paths: [] } },
    { i: 'todo', widget: 'todo', settings: { limit: 5 } },
    { i: 'calendar', widget: 'calendar', settings: { days: 5 } },
  ],
  layouts: {
    lg: [
      { i: 'stats', x: 0, y: 0, w: 12, h: 3 },
      { i: 'week', x: 0, y: 3, w: 7, h: 8 },
      { i: 'shortcuts', x: 7, y: 3, w: 5, h: 8 },
      { i: 'todo', x: 0, y: 11, w: 8, h: 7 },
      { i: 'calendar', x: 8, y: 11, w: 4, h: 7 },
    ],
    md: [], sm: [],
  },
};

/** A published default home page assigned to everyone, when the portal has no page yet. */
export async function seedPortal(db: Db) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(portalNodes);
  if (n) return;
  const [dir] = await db.insert(portalNodes).values({ kind: 'dir', name: '默认门户' }).returning();
  const [page] = await db.insert(portalNodes).values({
    parentId: dir.id, kind: 'page', name: '工作台', draft: DEFAULT_HOME, published: DEFAULT_HOME, publishedVersion: 1, publishedAt: new Date(),
  }).returning();
  await db.insert(portalAssignments).values({ pageId: page.id, scopeType: 'everyone', scopeIds: [], priority: 0, isDefault: true, locked: false });
}
