import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  mayUseWidget, type AssignmentInput, type Lang, type PageContent, type PortalAssignment, type PortalHome, type PortalNode,
  type PortalNodeInput, type PortalOverlay, type PortalPage, type PortalScope, type WidgetInstance,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import {
  accountRoleGroups, accountRoles, accounts, organNodes, organs, portalAssignments, portalFrameHosts, portalNodes,
  portalOverlays, roleGrants, roleGroupRoles, roles, staff,
} from '../../db/schema/index';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { ALL, hasAuthority } from '../../platform/auth/authorities';
import { sanitizeBody } from '../cms/sanitize';
import { seedName } from '../../db/seed/seedNames';
import { seededNameLike } from '../../db/seed/seedNameSearch';
import { applyOverlay, completeLayouts } from './layout';

type NodeRow = typeof portalNodes.$inferSelect;
type AssignmentRow = typeof portalAssignments.$inferSelect;

export interface Actor { accountId: number; authorities: Set<string> }

const EMPTY: PageContent = { widgets: [], layouts: { lg: [], md: [], sm: [] } };
const SCOPE_RANK: Record<PortalScope, number> = { user: 3, organ: 2, role: 1, everyone: 0 };

function toNode(r: NodeRow): PortalNode {
  return {
    id: r.id, parentId: r.parentId, kind: r.kind, name: r.name, url: r.url, seq: r.seq, maintainers: r.maintainers,
    publishedVersion: r.publishedVersion, publishedAt: r.publishedAt?.toISOString() ?? null,
    hasDraftChanges: r.kind === 'page' && (r.publishedVersion === 0 || (!!r.draftChangedAt && (!r.publishedAt || r.draftChangedAt > r.publishedAt))),
  };
}

export function portalService(db: Db, now: () => Date = () => new Date()) {
  async function node(id: number) {
    const [r] = await db.select().from(portalNodes).where(eq(portalNodes.id, id));
    if (!r) throw notFound();
    return r;
  }
  async function page(id: number) {
    const r = await node(id);
    if (r.kind !== 'page') throw badRequest('portal.notPage', { name: r.name });
    return r;
  }
  function mustMaintain(r: NodeRow, actor: Actor) {
    if (r.maintainers.length && !r.maintainers.includes(actor.accountId) && !actor.authorities.has(ALL)) {
      throw new AppError(403, 'portal.notMaintainer', { name: r.name });
    }
  }
  async function checkParent(parentId: number | null, selfId?: number) {
    if (parentId === null) return;
    let cur: number | null = parentId;
    const parent = await node(parentId).catch(() => { throw badRequest('portal.parentNotDir'); });
    if (parent.kind !== 'dir') throw badRequest('portal.parentNotDir');
    // no cycles: the new parent must not be the node itself or under it
    for (let hops = 0; cur !== null && hops < 100; hops++) {
      if (cur === selfId) throw badRequest('portal.parentNotDir');
      const [p]: { parentId: number | null }[] = await db.select({ parentId: portalNodes.parentId }).from(portalNodes).where(eq(portalNodes.id, cur));
      cur = p?.parentId ?? null;
    }
  }

  /** Server-side checks the schema cannot do: framed hosts on the allow-list; rich text sanitised. */
  async function vetWidgets(widgets: WidgetInstance[]) {
    const frames = widgets.filter((w) => w.widget === 'frame');
    if (frames.length) {
      const allowed = new Set((await db.select().from(portalFrameHosts)).map((h) => h.host));
      for (const w of frames) {
        const host = new URL(String(w.settings.url)).host.toLowerCase();
        if (!allowed.has(host)) throw badRequest('portal.frameHost', { host });
      }
    }
    for (const w of widgets) if (w.widget === 'richText') w.settings = { ...w.settings, html: sanitizeBody(String(w.settings.html ?? '')) };
  }

  // ---------- the user's side ----------

  async function rolesOf(accountId: number): Promise<number[]> {
    const direct = await db.select({ id: accountRoles.roleId }).from(accountRoles).where(eq(accountRoles.accountId, accountId));
    const viaGroups = await db.select({ id: roleGroupRoles.roleId }).from(accountRoleGroups)
      .innerJoin(roleGroupRoles, eq(roleGroupRoles.groupId, accountRoleGroups.groupId)).where(eq(accountRoleGroups.accountId, accountId));
    return [...new Set([...direct, ...viaGroups].map((r) => r.id))];
  }

  /** The organ of the user's position and every organ above it, in any view. */
  async function organsOf(accountId: number): Promise<number[]> {
    const [row] = await db.select({ organId: staff.positionId }).from(accounts).innerJoin(staff, eq(staff.id, accounts.staffId)).where(eq(accounts.id, accountId));
    if (!row?.organId) return [];
    const found = new Set<number>([row.organId]);
    let frontier = [row.organId];
    while (frontier.length) {
      const ups = await db.select({ parentId: organNodes.parentId }).from(organNodes).where(inArray(organNodes.organId, frontier));
      frontier = ups.map((u) => u.parentId).filter((p): p is number => p !== null && !found.has(p));
      frontier.forEach((p) => found.add(p));
    }
    return [...found];
  }

  /** The published pages assigned to the user, best first: user > organ > role > everyone, then default, priority, the newest assignment. */
  async function applicable(accountId: number) {
    const [roleIds, organIds] = await Promise.all([rolesOf(accountId), organsOf(accountId)]);
    const rows = await db.select({ a: portalAssignments, name: portalNodes.name, version: portalNodes.publishedVersion })
      .from(portalAssignments).innerJoin(portalNodes, eq(portalNodes.id, portalAssignments.pageId));
    const reaches = (a: AssignmentRow) => a.scopeType === 'everyone'
      || (a.scopeType === 'user' && a.scopeIds.includes(accountId))
      || (a.scopeType === 'organ' && a.scopeIds.some((i) => organIds.includes(i)))
      || (a.scopeType === 'role' && a.scopeIds.some((i) => roleIds.includes(i)));
    return rows.filter((r) => r.version > 0 && reaches(r.a)).sort((x, y) =>
      SCOPE_RANK[y.a.scopeType] - SCOPE_RANK[x.a.scopeType] || Number(y.a.isDefault) - Number(x.a.isDefault)
      || y.a.priority - x.a.priority || y.a.id - x.a.id);
  }

  /** A page as the user sees it; the first (best) assignment reaching them for that page decides the lock. */
  async function pageFor(actor: Actor, pageId?: number) {
    const list = await applicable(actor.accountId);
    const chosen = pageId === undefined ? list[0] : list.find((r) => r.a.pageId === pageId);
    if (!chosen) {
      if (pageId === undefined) return null;
      throw new AppError(403, 'portal.notAssigned');
    }
    const others = [...new Map(list.filter((r) => r.a.pageId !== chosen.a.pageId).map((r) => [r.a.pageId, { pageId: r.a.pageId, name: r.name }])).values()];
    return { assignment: chosen.a, others };
  }

  const mayFor = (authorities: Set<string>) => (w: WidgetInstance) => mayUseWidget(w.widget, (a) => hasAuthority(authorities, a));

  async function home(actor: Actor, pageId?: number): Promise<PortalHome | null> {
    const found = await pageFor(actor, pageId);
    if (!found) return null;
    const p = await node(found.assignment.pageId);
    const locked = found.assignment.locked;
    const [ov] = locked ? [] : await db.select().from(portalOverlays).where(and(eq(portalOverlays.accountId, actor.accountId), eq(portalOverlays.pageId, p.id)));
    const r = applyOverlay(p.published ?? EMPTY, ov?.overlay ?? null, mayFor(actor.authorities));
    return { pageId: p.id, name: p.name, locked, personalised: !!ov, ...r, others: found.others };
  }

  async function saveOverlay(actor: Actor, pageId: number, overlay: PortalOverlay) {
    const found = await pageFor(actor, pageId);
    if (!found) throw new AppError(403, 'portal.notAssigned');
    if (found.assignment.locked) throw new AppError(409, 'portal.locked');
    const may = mayFor(actor.authorities);
    for (const w of overlay.added) if (!may(w)) throw badRequest('portal.widgetNotAllowed', { widget: w.widget });
    await vetWidgets(overlay.added);
    await db.insert(portalOverlays).values({ accountId: actor.accountId, pageId, overlay, updatedAt: now() })
      .onConflictDoUpdate({ target: [portalOverlays.accountId, portalOverlays.pageId], set: { overlay, updatedAt: now() } });
    return home(actor, pageId);
  }

  async function resetOverlay(actor: Actor, pageId: number) {
    const found = await pageFor(actor, pageId);
    if (!found) throw new AppError(403, 'portal.notAssigned');
    if (found.assignment.locked) throw new AppError(409, 'portal.locked');
    await db.delete(portalOverlays).where(and(eq(portalOverlays.accountId, actor.accountId), eq(portalOverlays.pageId, pageId)));
    return home(actor, pageId);
  }

  // ---------- the page manager ----------

  async function nodes(): Promise<PortalNode[]> {
    return (await db.select().from(portalNodes).orderBy(asc(portalNodes.seq), asc(portalNodes.id))).map(toNode);
  }

  async function getPage(id: number): Promise<PortalPage> {
    const r = await page(id);
    return { ...toNode(r), draft: r.draft ?? EMPTY, published: r.published };
  }

  async function createNode(input: PortalNodeInput) {
    await checkParent(input.parentId);
    const [r] = await db.insert(portalNodes).values({ ...input, draft: input.kind === 'page' ? EMPTY : null }).returning();
    return toNode(r);
  }

  async function updateNode(id: number, input: PortalNodeInput, actor: Actor) {
    const r = await node(id);
    mustMaintain(r, actor);
    await checkParent(input.parentId, id);
    const [u] = await db.update(portalNodes).set({ parentId: input.parentId, name: input.name, url: r.kind === 'url' ? input.url : null, seq: input.seq, maintainers: input.maintainers })
      .where(eq(portalNodes.id, id)).returning();
    return toNode(u);
  }

  async function deleteNode(id: number, actor: Actor) {
    const r = await node(id);
    mustMaintain(r, actor);
    const [{ n: children }] = await db.select({ n: sql<number>`count(*)::int` }).from(portalNodes).where(eq(portalNodes.parentId, id));
    if (children) throw new AppError(409, 'portal.hasChildren', { name: r.name });
    const [{ n: uses }] = await db.select({ n: sql<number>`count(*)::int` }).from(portalAssignments).where(eq(portalAssignments.pageId, id));
    if (uses) throw new AppError(409, 'portal.inUse', { name: r.name, n: uses });
    await db.delete(portalNodes).where(eq(portalNodes.id, id));
  }

  async function saveDraft(id: number, content: PageContent, actor: Actor) {
    const r = await page(id);
    mustMaintain(r, actor);
    await vetWidgets(content.widgets);
    const draft = { widgets: content.widgets, layouts: completeLayouts(content.widgets, content.layouts) };
    await db.update(portalNodes).set({ draft, draftChangedAt: now() }).where(eq(portalNodes.id, id));
    return getPage(id);
  }

  async function publish(id: number, actor: Actor) {
    const r = await page(id);
    mustMaintain(r, actor);
    if (!r.draft?.widgets.length) throw new AppError(409, 'portal.emptyPage');
    await db.update(portalNodes).set({ published: r.draft, publishedVersion: sql`${portalNodes.publishedVersion} + 1`, publishedAt: now() })
      .where(eq(portalNodes.id, id));
    return getPage(id);
  }

  /** The page as the holders of one role would see it (draft or published), widgets filtered by the role's grants. */
  async function preview(id: number, roleId: number, draft: boolean) {
    const r = await page(id);
    const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
    if (!role) throw notFound();
    const grants = new Set(role.isSuper ? [ALL] : (await db.select({ a: roleGrants.authority }).from(roleGrants).where(eq(roleGrants.roleId, roleId))).map((g) => g.a));
    const content = (draft ? r.draft : r.published) ?? EMPTY;
    if (!draft && !r.published) throw new AppError(409, 'portal.notPublished', { name: r.name });
    return { pageId: r.id, name: r.name, ...applyOverlay(content, null, mayFor(grants)) };
  }

  // ---------- assignments ----------

  async function assignments(): Promise<PortalAssignment[]> {
    const rows = await db.select({ a: portalAssignments, pageName: portalNodes.name }).from(portalAssignments)
      .innerJoin(portalNodes, eq(portalNodes.id, portalAssignments.pageId)).orderBy(asc(portalAssignments.id));
    const ids = (t: PortalScope) => [...new Set(rows.filter((r) => r.a.scopeType === t).flatMap((r) => r.a.scopeIds))];
    const [rs, os, us] = await Promise.all([
      ids('role').length ? db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, ids('role'))) : [],
      ids('organ').length ? db.select({ id: organs.id, name: organs.name }).from(organs).where(inArray(organs.id, ids('organ'))) : [],
      ids('user').length ? db.select({ id: accounts.id, name: accounts.userName }).from(accounts).where(inArray(accounts.id, ids('user'))) : [],
    ]);
    const names = { role: new Map(rs.map((x) => [x.id, x.name])), organ: new Map(os.map((x) => [x.id, x.name])), user: new Map(us.map((x) => [x.id, x.name])) };
    return rows.map(({ a, pageName }) => ({
      id: a.id, pageId: a.pageId, scopeType: a.scopeType, scopeIds: a.scopeIds, priority: a.priority, isDefault: a.isDefault, locked: a.locked,
      pageName, scopeNames: a.scopeType === 'everyone' ? [] : a.scopeIds.map((i) => names[a.scopeType as 'role'].get(i) ?? `#${i}`),
    }));
  }

  /** the assignment that already gives the page to one of these scopes, and the scope it shares */
  async function duplicateOf(tx: Pick<Db, 'select'>, pageId: number, scopeType: PortalScope, scopeIds: number[], selfId?: number) {
    const others = (await tx.select().from(portalAssignments)
      .where(and(eq(portalAssignments.pageId, pageId), eq(portalAssignments.scopeType, scopeType))).orderBy(asc(portalAssignments.id)))
      .filter((a) => a.id !== selfId);
    for (const other of others) {
      if (scopeType === 'everyone') return { id: other.id, shared: undefined };
      const shared = scopeIds.find((i) => other.scopeIds.includes(i));
      if (shared !== undefined) return { id: other.id, shared };
    }
    return null;
  }

  /** A page given twice to the same role, organ, account or everyone: refused, naming the assignment that already does it. */
  async function refuseDuplicate(pageId: number, scopeType: PortalScope, dup: { id: number; shared?: number }, lang: Lang) {
    const page = seedName('portalNode', (await node(pageId)).name, lang);
    if (dup.shared === undefined) throw new AppError(409, 'portal.assignedEveryoneAlready', { page, id: dup.id });
    const [named] = await scopeOptions(scopeType as 'role' | 'organ' | 'user', '', [dup.shared]);
    const name = named && scopeType !== 'user' ? seedName(scopeType as 'role' | 'organ', named.name, lang, named.code) : named?.name;
    throw new AppError(409, 'portal.assignedAlready', { page, names: name ?? `#${dup.shared}`, id: dup.id });
  }

  /** `lang`: the caller's, for the seeded names in a refusal */
  async function saveAssignment(input: AssignmentInput, id?: number, lang: Lang = 'zh') {
    await page(input.pageId);
    const values = { ...input, scopeIds: input.scopeType === 'everyone' ? [] : [...new Set(input.scopeIds)] };
    // the check and the write under the page's row lock: two saves at once cannot both pass the check
    const saved = await db.transaction(async (tx) => {
      await tx.select({ id: portalNodes.id }).from(portalNodes).where(eq(portalNodes.id, values.pageId)).for('update');
      const dup = await duplicateOf(tx, values.pageId, values.scopeType, values.scopeIds, id);
      if (dup) return { dup };
      if (id === undefined) return { row: (await tx.insert(portalAssignments).values(values).returning())[0] };
      return { row: (await tx.update(portalAssignments).set(values).where(eq(portalAssignments.id, id)).returning())[0] };
    });
    if ('dup' in saved) return refuseDuplicate(values.pageId, values.scopeType, saved.dup!, lang);
    if (!saved.row) throw notFound();
    return saved.row;
  }

  async function deleteAssignment(id: number) {
    const r = await db.delete(portalAssignments).where(eq(portalAssignments.id, id)).returning();
    if (!r.length) throw notFound();
  }

  /**
   * Roles, organs or accounts by name or code, for the assignment and preview pickers; a seeded role or organ
   * also by its name in the four languages (the picker shows it in the operator's).
   */
  async function scopeOptions(type: 'role' | 'organ' | 'user', keyword = '', ids: number[] = []) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const pick = <T extends { id: number; name: string; code: string }>(rows: T[]) => rows.map(({ id, name, code }) => ({ id, name, code }));
    if (type === 'role') {
      return pick(await db.select({ id: roles.id, name: roles.name, code: roles.code }).from(roles)
        .where(ids.length ? inArray(roles.id, ids) : or(ilike(roles.name, like), ilike(roles.code, like), keyword ? seededNameLike('role', roles.code, roles.name, keyword) : undefined)).orderBy(asc(roles.id)).limit(50));
    }
    if (type === 'organ') {
      return pick(await db.select({ id: organs.id, name: organs.name, code: organs.code }).from(organs)
        .where(ids.length ? inArray(organs.id, ids) : or(ilike(organs.name, like), ilike(organs.code, like), keyword ? seededNameLike('organ', organs.code, organs.name, keyword) : undefined)).orderBy(asc(organs.id)).limit(50));
    }
    return pick(await db.select({ id: accounts.id, name: accounts.userName, code: accounts.userId }).from(accounts)
      .where(ids.length ? inArray(accounts.id, ids) : or(ilike(accounts.userName, like), ilike(accounts.userId, like))).orderBy(asc(accounts.id)).limit(50));
  }

  // ---------- framed hosts ----------

  const frameHosts = async () => (await db.select().from(portalFrameHosts).orderBy(asc(portalFrameHosts.host))).map((h) => h.host);
  async function setFrameHosts(hosts: string[]) {
    await db.transaction(async (tx) => {
      await tx.delete(portalFrameHosts);
      if (hosts.length) await tx.insert(portalFrameHosts).values([...new Set(hosts)].map((host) => ({ host })));
    });
    return frameHosts();
  }

  return {
    home, saveOverlay, resetOverlay, nodes, getPage, createNode, updateNode, deleteNode, saveDraft, publish, preview,
    assignments, saveAssignment, deleteAssignment, frameHosts, setFrameHosts, scopeOptions,
  };
}
