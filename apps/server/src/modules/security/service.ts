import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AccountBatchResult, AccountCreateInput, AccountUpdateInput, EffectiveAuthority, Lang, PasswordPolicy, RoleGroupInput, RoleInput, TreeLevel,
  accountQuerySchema, keywordQuerySchema, roleQuerySchema,
} from '@bencao/contracts';
import { translate } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { seededNameLike } from '../../db/seed/seedNameSearch';
import {
  accountRoleGroups, accountRoles, accounts, authApps, authFunctions, authModules, authOperations,
  passwordPolicy, roleGrants, roleGroupRoles, roleGroups, roles,
} from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../platform/errors';
import { indexedOrder, offsetOf, orderBy, pageRead } from '../../platform/paging';
import { keywordIn } from '../../platform/keywordSearch';
import { listCount } from '../../platform/cappedCount';
import { ALL, privilegedAccounts } from '../../platform/auth/authorities';
import { assertPolicy, hashPassword, loadPolicy } from '../../platform/auth/passwords';
import type { SessionStore } from '../../platform/auth/sessions';
import { treeService } from './tree';
import { treeNodeName } from './treeNames';
import { accountScopeWhere, dataScopeOf, organSubtree, staffInScope, type DataScopeOf } from './dataScope';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const uniq = <T>(xs: T[]) => [...new Set(xs)];

/** The caller of a service method: who acts, with which authorities, in which language. */
export interface Actor { accountId: number; sessionId: string; authorities: Set<string>; lang: Lang }

export function securityService(db: Db, store: SessionStore) {
  const tree = treeService(db);

  async function assertIds(table: typeof roles | typeof roleGroups | typeof accounts, ids: number[], field: string) {
    if (!ids.length) return;
    const found = new Set((await db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id));
    const missing = uniq(ids).filter((i) => !found.has(i));
    if (missing.length) throw new AppError(400, 'security.unknownIds', { field, ids: missing.join(', ') });
  }

  const isSuperActor = (actor: Actor) => actor.authorities.has(ALL);

  /**
   * A delegated administrator gives only what it holds: never the super role (nor a role group
   * holding it), and no role carrying an authority it does not hold itself.
   */
  async function assertMayGiveRoles(actor: Actor, roleIds: number[], groupIds: number[] = []) {
    if (isSuperActor(actor)) return;
    const viaGroups = groupIds.length
      ? (await db.select({ roleId: roleGroupRoles.roleId }).from(roleGroupRoles).where(inArray(roleGroupRoles.groupId, uniq(groupIds)))).map((r) => r.roleId)
      : [];
    const all = uniq([...roleIds, ...viaGroups]);
    if (!all.length) return;
    const rs = await db.select({ id: roles.id, code: roles.code, isSuper: roles.isSuper }).from(roles).where(inArray(roles.id, all));
    if (rs.some((r) => r.isSuper)) throw new AppError(403, 'security.superGive');
    const grants = await db.select({ roleId: roleGrants.roleId, authority: roleGrants.authority }).from(roleGrants).where(inArray(roleGrants.roleId, all));
    for (const r of rs) {
      const beyond = grants.filter((g) => g.roleId === r.id && !actor.authorities.has(g.authority)).map((g) => g.authority).sort();
      if (beyond.length) throw new AppError(403, 'security.roleBeyond', { role: r.code, codes: beyond.slice(0, 20).join(', ') });
    }
  }

  const scopeOf = (actor: Actor) => dataScopeOf(db, actor.accountId, actor.authorities);

  /** the accounts among `ids` the actor's data scope holds */
  async function visibleIds(actor: Actor, ids: number[], scope?: DataScopeOf | null): Promise<Set<number>> {
    const sc = scope === undefined ? await scopeOf(actor) : scope;
    if (!ids.length) return new Set();
    const rows = await db.select({ id: accounts.id }).from(accounts).where(and(inArray(accounts.id, uniq(ids)), accountScopeWhere(sc)));
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Only a holder of `*` acts on an account holding the super role or the administrator flag, and
   * nobody acts on an account outside their data scope (answered as not found: its existence is not told).
   */
  /** an account is linked only to staff within the actor's scope (else a delegated administrator could move itself, and so its scope, elsewhere) */
  async function assertStaffInScope(actor: Actor, staffId: number | null | undefined) {
    if (staffId == null || isSuperActor(actor)) return;
    if (!(await staffInScope(db, await scopeOf(actor), staffId))) throw new AppError(403, 'dataScope.staffBeyond');
  }

  async function assertMayActOn(actor: Actor, ids: number[]) {
    if (isSuperActor(actor)) return;
    const visible = await visibleIds(actor, ids);
    if (uniq(ids).some((i) => !visible.has(i))) throw notFound();
    if ((await privilegedAccounts(db, ids)).length) throw new AppError(403, 'security.superAccount');
  }

  /** A delegated administrator with a limited data scope gives only "self" or organs within its own scope. */
  async function assertMayGiveScope(actor: Actor, input: RoleInput) {
    const scope = await scopeOf(actor);
    if (!scope || input.dataScope === 'self') return;
    const mine = new Set(scope.units);
    if (input.dataScope !== 'custom' || input.dataScopeOrganIds.some((o) => !mine.has(o))) throw new AppError(403, 'accounts.scopeBeyond');
  }

  async function assertOrgans(ids: number[]) {
    if (!ids.length) return;
    const found = new Set((await db.execute<{ id: number }>(sql`select id from organs where id in (${sql.join(uniq(ids).map((i) => sql`${i}`), sql`, `)})`)).rows.map((r) => Number(r.id)));
    const missing = uniq(ids).filter((i) => !found.has(i));
    if (missing.length) throw new AppError(400, 'security.unknownIds', { field: 'dataScopeOrganIds', ids: missing.join(', ') });
  }

  /** Roles the actor holds, directly or through a role group. */
  async function rolesOf(accountId: number): Promise<Set<number>> {
    const [direct, viaGroups] = await Promise.all([
      db.select({ id: accountRoles.roleId }).from(accountRoles).where(eq(accountRoles.accountId, accountId)),
      db.select({ id: roleGroupRoles.roleId }).from(accountRoleGroups)
        .innerJoin(roleGroupRoles, eq(roleGroupRoles.groupId, accountRoleGroups.groupId)).where(eq(accountRoleGroups.accountId, accountId)),
    ]);
    return new Set([...direct, ...viaGroups].map((r) => r.id));
  }

  // ---------- roles ----------
  async function getRole(id: number) {
    const [r] = await db.select().from(roles).where(eq(roles.id, id));
    if (!r) throw notFound();
    return r;
  }
  const assertNotSuper = (r: { isSuper: boolean }) => { if (r.isSuper) throw new AppError(403, 'security.superRole'); };

  async function listRoles(q: z.infer<typeof roleQuerySchema>) {
    const conds: (SQL | undefined)[] = [
      q.keyword ? or(ilike(roles.code, like(q.keyword)), ilike(roles.name, like(q.keyword)), seededNameLike('role', roles.code, roles.name, q.keyword)) : undefined,
      q.roleType ? eq(roles.roleType, q.roleType) : undefined,
      q.scope ? eq(roles.scope, q.scope) : undefined,
    ];
    const where = and(...conds);
    const holders = sql<number>`(select count(*)::int from ${accountRoles} ar where ar.role_id = roles.id)`;
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: roles.id, code: roles.code, name: roles.name, roleType: roles.roleType, positionType: roles.positionType,
        scope: roles.scope, organId: roles.organId, isSuper: roles.isSuper, note: roles.note, createdAt: roles.createdAt,
        dataScope: roles.dataScope, dataScopeOrganIds: roles.dataScopeOrganIds,
        accountCount: holders,
        grantCount: sql<number>`(select count(*)::int from ${roleGrants} g where g.role_id = roles.id)`,
      }).from(roles).where(where)
        .orderBy(...orderBy(q, { code: roles.code, name: roles.name, roleType: roles.roleType, scope: roles.scope, createdAt: roles.createdAt }, asc(roles.id)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(roles).where(where),
    ]);
    return { total: n, records };
  }

  async function createRole(actor: Actor, input: RoleInput) {
    const [dup] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, input.code));
    if (dup) throw conflict(`"${input.code}"`);
    await assertOrgans(input.dataScopeOrganIds);
    await assertMayGiveScope(actor, input);
    const [r] = await db.insert(roles).values(input).returning();
    return r;
  }

  async function updateRole(actor: Actor, id: number, input: RoleInput) {
    const r = await getRole(id);
    assertNotSuper(r);
    const [dup] = await db.select({ id: roles.id }).from(roles).where(eq(roles.code, input.code));
    if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
    await assertOrgans(input.dataScopeOrganIds);
    const unchanged = r.dataScope === input.dataScope && [...r.dataScopeOrganIds].sort().join() === [...input.dataScopeOrganIds].sort().join();
    if (!unchanged) await assertMayGiveScope(actor, input);
    const [row] = await db.update(roles).set(input).where(eq(roles.id, id)).returning();
    return row;
  }

  /** SPEC §6: a role granted to an account cannot be deleted; the message names the accounts. */
  async function deleteRoles(ids: number[]) {
    const rows = await db.select().from(roles).where(inArray(roles.id, ids));
    if (rows.length !== uniq(ids).length) throw notFound();
    for (const r of rows) {
      assertNotSuper(r);
      const holders = await db.select({ userId: accounts.userId, userName: accounts.userName }).from(accountRoles)
        .innerJoin(accounts, eq(accounts.id, accountRoles.accountId)).where(eq(accountRoles.roleId, r.id)).orderBy(asc(accounts.userId));
      if (holders.length) {
        const names = holders.slice(0, 10).map((h) => `${h.userId} (${h.userName})`).join(', ') + (holders.length > 10 ? ` … +${holders.length - 10}` : '');
        throw new AppError(400, 'security.roleInUse', { role: r.code, accounts: names });
      }
      const groups = await db.select({ code: roleGroups.code }).from(roleGroupRoles)
        .innerJoin(roleGroups, eq(roleGroups.id, roleGroupRoles.groupId)).where(eq(roleGroupRoles.roleId, r.id));
      if (groups.length) throw new AppError(400, 'security.roleInGroups', { role: r.code, groups: groups.map((g) => g.code).join(', ') });
    }
    await db.delete(roles).where(inArray(roles.id, ids));
    return rows.length;
  }

  /** The grant tree: apps → modules → functions → operations; functions and operations are checkable by their code. */
  async function grantTree(roleId: number, lang: Lang = 'zh') {
    const named = (level: TreeLevel, row: { code: string; name: string }) => treeNodeName(level, row.code, row.name, lang);
    const r = await getRole(roleId);
    const [apps, mods, fns, ops, granted] = await Promise.all([
      db.select().from(authApps).orderBy(asc(authApps.seq), asc(authApps.id)),
      db.select().from(authModules).orderBy(asc(authModules.seq), asc(authModules.id)),
      db.select().from(authFunctions).orderBy(asc(authFunctions.seq), asc(authFunctions.id)),
      db.select().from(authOperations).orderBy(asc(authOperations.seq), asc(authOperations.id)),
      db.select({ a: roleGrants.authority }).from(roleGrants).where(eq(roleGrants.roleId, roleId)),
    ]);
    const tree = apps.map((a) => ({
      key: `app-${a.id}`, title: named('app', a), code: a.code, level: 'app', checkable: false,
      children: mods.filter((m) => m.appId === a.id).map((m) => ({
        key: `module-${m.id}`, title: named('module', m), code: m.code, level: 'module', checkable: false,
        children: fns.filter((f) => f.moduleId === m.id).map((f) => ({
          key: f.code, title: named('function', f), code: f.code, level: 'function', checkable: true,
          children: ops.filter((o) => o.functionId === f.id).map((o) => ({ key: o.code, title: named('operation', o), code: o.code, level: 'operation', checkable: true })),
        })),
      })),
    }));
    return { role: r, tree, checked: r.isSuper ? [ALL] : granted.map((g) => g.a).sort() };
  }

  /**
   * Replaces the grants of a role. A granter that does not hold `*` changes only authorities it holds
   * (what it does not hold stays as it is, granted or not) and never a role it holds itself.
   */
  async function setGrants(actor: Actor, roleId: number, authorities: string[]) {
    const r = await getRole(roleId);
    assertNotSuper(r);
    const known = await tree.authorityCodes();
    const wanted = uniq(authorities);
    const unknown = wanted.filter((a) => !known.has(a));
    if (unknown.length) throw new AppError(400, 'security.unknownAuthority', { codes: unknown.slice(0, 20).join(', ') });
    if (!isSuperActor(actor)) {
      if ((await rolesOf(actor.accountId)).has(roleId)) throw new AppError(403, 'security.grantOwnRole', { role: r.code });
      const before = new Set((await db.select({ a: roleGrants.authority }).from(roleGrants).where(eq(roleGrants.roleId, roleId))).map((g) => g.a));
      const wantedSet = new Set(wanted);
      const changed = [...wanted.filter((a) => !before.has(a)), ...[...before].filter((a) => !wantedSet.has(a))];
      const beyond = changed.filter((a) => !actor.authorities.has(a)).sort();
      if (beyond.length) throw new AppError(403, 'security.grantBeyond', { codes: beyond.slice(0, 20).join(', ') });
    }
    await db.transaction(async (tx) => {
      await tx.delete(roleGrants).where(eq(roleGrants.roleId, roleId));
      if (wanted.length) await tx.insert(roleGrants).values(wanted.map((authority) => ({ roleId, authority })));
    });
    return wanted.length;
  }

  async function roleAccounts(roleId: number) {
    await getRole(roleId);
    return db.select({ id: accounts.id, userId: accounts.userId, userName: accounts.userName, status: accounts.status })
      .from(accountRoles).innerJoin(accounts, eq(accounts.id, accountRoles.accountId))
      .where(eq(accountRoles.roleId, roleId)).orderBy(asc(accounts.userId));
  }

  /** Batch authorization: one role to many accounts, or many roles to one account (adds; keeps what is there). */
  async function grantRoles(actor: Actor, pairs: { accountId: number; roleId: number }[]) {
    const roleIds = uniq(pairs.map((p) => p.roleId));
    const accountIds = uniq(pairs.map((p) => p.accountId));
    await assertIds(roles, roleIds, 'roleIds');
    await assertIds(accounts, accountIds, 'accountIds');
    await assertMayActOn(actor, accountIds);
    await assertMayGiveRoles(actor, roleIds);
    const rows = await db.insert(accountRoles).values(pairs).onConflictDoNothing().returning();
    return rows.length;
  }

  async function revokeRole(actor: Actor, roleId: number, accountIds: number[]) {
    await getRole(roleId);
    await assertMayActOn(actor, accountIds);
    await db.delete(accountRoles).where(and(eq(accountRoles.roleId, roleId), inArray(accountRoles.accountId, accountIds)));
  }

  // ---------- accounts ----------
  const accountColumns = {
    id: accounts.id, userId: accounts.userId, userName: accounts.userName, status: accounts.status, staffId: accounts.staffId,
    isAdmin: accounts.isAdmin, manageRange: accounts.manageRange, maxSessions: accounts.maxSessions,
    ipPolicyEnabled: accounts.ipPolicyEnabled, ipPolicy: accounts.ipPolicy, email: accounts.email, mobile: accounts.mobile,
    failedLogins: accounts.failedLogins, lockedUntil: accounts.lockedUntil, mustChangePassword: accounts.mustChangePassword,
    passwordChangedAt: accounts.passwordChangedAt, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt,
  };

  async function getAccount(id: number) {
    const [a] = await db.select(accountColumns).from(accounts).where(eq(accounts.id, id));
    if (!a) throw notFound();
    const [rs, gs] = await Promise.all([
      db.select({ id: roles.id, code: roles.code, name: roles.name }).from(accountRoles).innerJoin(roles, eq(roles.id, accountRoles.roleId)).where(eq(accountRoles.accountId, id)),
      db.select({ id: roleGroups.id, code: roleGroups.code, name: roleGroups.name }).from(accountRoleGroups).innerJoin(roleGroups, eq(roleGroups.id, accountRoleGroups.groupId)).where(eq(accountRoleGroups.accountId, id)),
    ]);
    return { ...a, roles: rs, groups: gs, roleIds: rs.map((r) => r.id), groupIds: gs.map((g) => g.id) };
  }

  /** an account the actor's data scope holds (else not found) */
  async function readAccount(actor: Actor, id: number) {
    if (!(await visibleIds(actor, [id])).has(id)) throw notFound();
    return getAccount(id);
  }

  async function listAccounts(actor: Actor, q: z.infer<typeof accountQuerySchema>) {
    const inOrgans = q.organId ? await organSubtree(db, [q.organId]) : null;
    const where = and(
      accountScopeWhere(await scopeOf(actor)),
      inOrgans ? sql`exists (select 1 from staff s where s.id = accounts.staff_id and s.position_id in (${sql.join(inOrgans.map((o) => sql`${o}`), sql`, `)}))` : undefined,
      q.keyword ? keywordIn([accounts.userId, accounts.userName, accounts.email, accounts.mobile], q.keyword) : undefined,
      q.status ? eq(accounts.status, q.status) : undefined,
      q.roleId ? sql`exists (select 1 from ${accountRoles} ar where ar.account_id = accounts.id and ar.role_id = ${q.roleId})` : undefined,
    );
    // one statement: the page in an index's order (ACCOUNT_SORTS, migration 0041) with its capped count alongside
    // (none for a list the planner expects far past it: `listCount`)
    const countRows = db.select({ one: sql`1` }).from(accounts).where(where).getSQL();
    const count = await listCount(db, countRows, q);
    const order = indexedOrder(q, { userId: accounts.userId, userName: accounts.userName, status: accounts.status, createdAt: accounts.createdAt, maxSessions: accounts.maxSessions }, [asc(accounts.id)], accounts.id);
    const page = pageRead(q, accounts, accounts.id, where, order);
    const rows = await db.select({
      ...accountColumns,
      roleNames: sql<string | null>`(select string_agg(r.name, ', ' order by r.name) from ${accountRoles} ar join ${roles} r on r.id = ar.role_id where ar.account_id = accounts.id)`,
      total: count.column,
    }).from(accounts).where(page.where).orderBy(...order).limit(q.limit).offset(page.offset);
    return { ...(await count.total(rows[0]?.total, rows.length)), records: rows.map(({ total: _, ...r }) => r) };
  }

  async function createAccount(actor: Actor, input: AccountCreateInput) {
    const [dup] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, input.userId));
    if (dup) throw conflict(`"${input.userId}"`);
    assertPolicy(input.password, await loadPolicy(db), actor.lang);
    if (input.isAdmin && !isSuperActor(actor)) throw new AppError(403, 'security.superGive');
    await assertIds(roles, input.roleIds, 'roleIds');
    await assertIds(roleGroups, input.groupIds, 'groupIds');
    await assertMayGiveRoles(actor, input.roleIds, input.groupIds);
    await assertStaffInScope(actor, input.staffId);
    const { password, confirmPassword: _c, roleIds, groupIds, ...fields } = input;
    const passwordHash = await hashPassword(password);
    const id = await db.transaction(async (tx) => {
      const [acc] = await tx.insert(accounts).values({ ...fields, passwordHash, lockedUntil: null }).returning({ id: accounts.id });
      if (roleIds.length) await tx.insert(accountRoles).values(uniq(roleIds).map((roleId) => ({ accountId: acc.id, roleId })));
      if (groupIds.length) await tx.insert(accountRoleGroups).values(uniq(groupIds).map((groupId) => ({ accountId: acc.id, groupId })));
      return acc.id;
    });
    return getAccount(id);
  }

  /** Changes only the fields it is given (a partial update leaves the others as they are). */
  async function updateAccount(actor: Actor, id: number, input: AccountUpdateInput) {
    const before = await getAccount(id);
    await assertMayActOn(actor, [id]);
    if (input.isAdmin !== undefined && input.isAdmin !== before.isAdmin && !isSuperActor(actor)) throw new AppError(403, 'security.superGive');
    if (id === actor.accountId && input.status === 'lock') throw new AppError(400, 'security.selfAccount');
    if (input.staffId !== undefined && input.staffId !== before.staffId) await assertStaffInScope(actor, input.staffId);
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as AccountUpdateInput;
    const ipPolicyEnabled = given.ipPolicyEnabled ?? before.ipPolicyEnabled;
    const ipPolicy = given.ipPolicy !== undefined ? given.ipPolicy : before.ipPolicy;
    if (ipPolicyEnabled && !ipPolicy) throw new AppError(400, 'security.ipPolicyRequired');
    const locking = before.status !== 'lock' && given.status === 'lock';
    const unlocking = before.status === 'lock' && given.status === 'normal';
    await db.update(accounts).set({
      ...given, updatedAt: new Date(),
      ...(locking ? { lockedUntil: null } : {}),
      ...(unlocking ? { failedLogins: 0, lockedUntil: null } : {}),
    }).where(eq(accounts.id, id));
    // A locked account is out at once.
    if (locking) await store.endAllOf(id, 'locked');
    return getAccount(id);
  }

  async function deleteAccounts(actor: Actor, ids: number[]) {
    if (ids.includes(actor.accountId)) throw new AppError(400, 'security.selfAccount');
    await assertIds(accounts, ids, 'ids');
    await assertMayActOn(actor, ids);
    await db.delete(accounts).where(inArray(accounts.id, ids));
    return uniq(ids).length;
  }

  /**
   * Lock, unlock or reset the password of many accounts in one request: each selected account is done
   * or refused with its reason (outside the data scope, a super administrator for a delegated one,
   * oneself for a lock, not locked for an unlock); what is done is done in one transaction.
   */
  async function batch(actor: Actor, ids: number[], action: 'lock' | 'unlock' | 'resetPassword', password?: string): Promise<AccountBatchResult> {
    if (action === 'resetPassword') assertPolicy(password!, await loadPolicy(db), actor.lang);
    const wanted = uniq(ids);
    const rows = await db.select({ id: accounts.id, userId: accounts.userId, status: accounts.status }).from(accounts).where(inArray(accounts.id, wanted));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const visible = await visibleIds(actor, wanted);
    const privileged = isSuperActor(actor) ? new Set<number>() : new Set(await privilegedAccounts(db, wanted));
    const result: AccountBatchResult = { done: [], refused: [] };
    const t = (key: Parameters<typeof translate>[1]) => translate(actor.lang, key);
    for (const id of wanted) {
      const r = byId.get(id);
      const reason = !r || !visible.has(id) ? t('error.notFound')
        : privileged.has(id) ? t('security.superAccount')
          : action === 'lock' && id === actor.accountId ? t('security.selfAccount')
            : action === 'unlock' && r.status !== 'lock' ? t('security.notLocked')
              : null;
      if (reason) result.refused.push({ id, userId: r && visible.has(id) ? r.userId : null, reason });
      else result.done.push({ id, userId: r!.userId });
    }
    const doneIds = result.done.map((d) => d.id);
    if (!doneIds.length) return result;
    const now = new Date();
    const passwordHash = action === 'resetPassword' ? await hashPassword(password!) : null;
    await db.transaction(async (tx) => {
      if (action === 'lock') await tx.update(accounts).set({ status: 'lock', lockedUntil: null, updatedAt: now }).where(inArray(accounts.id, doneIds));
      if (action === 'unlock') await tx.update(accounts).set({ status: 'normal', failedLogins: 0, lockedUntil: null, updatedAt: now }).where(inArray(accounts.id, doneIds));
      if (passwordHash) {
        await tx.update(accounts).set({ passwordHash, passwordChangedAt: now, mustChangePassword: true, failedLogins: 0, updatedAt: now })
          .where(inArray(accounts.id, doneIds));
      }
    });
    if (action !== 'unlock') {
      for (const id of doneIds) await store.endAllOf(id, action === 'lock' ? 'locked' : 'passwordChanged', id === actor.accountId ? actor.sessionId : undefined);
    }
    return result;
  }

  async function unlock(actor: Actor, id: number) {
    const a = await getAccount(id);
    await assertMayActOn(actor, [id]);
    if (a.status !== 'lock') throw new AppError(400, 'security.notLocked');
    await db.update(accounts).set({ status: 'normal', failedLogins: 0, lockedUntil: null, updatedAt: new Date() }).where(eq(accounts.id, id));
    return getAccount(id);
  }

  /** A new password chosen by an administrator: it must be changed at the next login; current sessions end. */
  async function resetPassword(actor: Actor, id: number, password: string) {
    await getAccount(id);
    await assertMayActOn(actor, [id]);
    assertPolicy(password, await loadPolicy(db), actor.lang);
    await db.update(accounts).set({ passwordHash: await hashPassword(password), passwordChangedAt: new Date(), mustChangePassword: true, failedLogins: 0, updatedAt: new Date() })
      .where(eq(accounts.id, id));
    await store.endAllOf(id, 'passwordChanged', id === actor.accountId ? actor.sessionId : undefined);
  }

  /** Replaces the roles and role groups of an account. */
  async function assign(actor: Actor, id: number, roleIds: number[], groupIds: number[]) {
    const before = await getAccount(id);
    await assertIds(roles, roleIds, 'roleIds');
    await assertIds(roleGroups, groupIds, 'groupIds');
    await assertMayActOn(actor, [id]);
    await assertMayGiveRoles(actor, roleIds.filter((r) => !before.roleIds.includes(r)), groupIds.filter((g) => !before.groupIds.includes(g)));
    await db.transaction(async (tx) => {
      await tx.delete(accountRoles).where(eq(accountRoles.accountId, id));
      await tx.delete(accountRoleGroups).where(eq(accountRoleGroups.accountId, id));
      if (roleIds.length) await tx.insert(accountRoles).values(uniq(roleIds).map((roleId) => ({ accountId: id, roleId })));
      if (groupIds.length) await tx.insert(accountRoleGroups).values(uniq(groupIds).map((groupId) => ({ accountId: id, groupId })));
    });
    return getAccount(id);
  }

  /** Every authority the account holds and where each comes from (role, role group's role, administrator flag). */
  async function effectiveAuthorities(id: number, lang: Lang = 'zh'): Promise<{ all: boolean; authorities: EffectiveAuthority[] }> {
    const a = await getAccount(id);
    const res = await db.execute<{ authority: string; role_code: string; role_name: string; is_super: boolean; group_code: string | null; group_name: string | null }>(sql`
      with my_roles as (
        select ar.role_id, null::text as group_code, null::text as group_name from account_roles ar where ar.account_id = ${id}
        union all
        select rgr.role_id, g.code, g.name from account_role_groups arg
          join role_groups g on g.id = arg.group_id
          join role_group_roles rgr on rgr.group_id = arg.group_id
         where arg.account_id = ${id}
      )
      select coalesce(gr.authority, '*') as authority, r.code as role_code, r.name as role_name, r.is_super, m.group_code, m.group_name
        from my_roles m join roles r on r.id = m.role_id
        left join role_grants gr on gr.role_id = r.id
       where gr.authority is not null or r.is_super
       order by 1`);
    const [fns, ops] = await Promise.all([
      db.select({ code: authFunctions.code, name: authFunctions.name }).from(authFunctions),
      db.select({ code: authOperations.code, name: authOperations.name }).from(authOperations),
    ]);
    const names = new Map([
      ...fns.map((r) => [r.code, treeNodeName('function', r.code, r.name, lang)] as const),
      ...ops.map((r) => [r.code, treeNodeName('operation', r.code, r.name, lang)] as const),
    ]);
    const out = new Map<string, EffectiveAuthority>();
    if (a.isAdmin) out.set(ALL, { authority: ALL, name: null, sources: [{ kind: 'admin' }] });
    for (const r of res.rows) {
      const e = out.get(r.authority) ?? { authority: r.authority, name: names.get(r.authority) ?? null, sources: [] };
      e.sources.push(r.group_code
        ? { kind: 'group', roleCode: r.role_code, roleName: r.role_name, groupCode: r.group_code, groupName: r.group_name ?? undefined }
        : { kind: 'role', roleCode: r.role_code, roleName: r.role_name });
      out.set(r.authority, e);
    }
    return { all: out.has(ALL), authorities: [...out.values()] };
  }

  // ---------- role groups ----------
  async function getGroup(id: number) {
    const [g] = await db.select().from(roleGroups).where(eq(roleGroups.id, id));
    if (!g) throw notFound();
    const rs = await db.select({ id: roles.id, code: roles.code, name: roles.name }).from(roleGroupRoles)
      .innerJoin(roles, eq(roles.id, roleGroupRoles.roleId)).where(eq(roleGroupRoles.groupId, id)).orderBy(asc(roles.code));
    return { ...g, roles: rs, roleIds: rs.map((r) => r.id) };
  }

  async function listGroups(q: z.infer<typeof keywordQuerySchema>) {
    const where = q.keyword ? or(ilike(roleGroups.code, like(q.keyword)), ilike(roleGroups.name, like(q.keyword))) : undefined;
    const [records, [{ n }]] = await Promise.all([
      db.select({
        id: roleGroups.id, code: roleGroups.code, name: roleGroups.name, note: roleGroups.note,
        roleNames: sql<string | null>`(select string_agg(r.name, ', ' order by r.name) from ${roleGroupRoles} x join ${roles} r on r.id = x.role_id where x.group_id = role_groups.id)`,
        accountCount: sql<number>`(select count(*)::int from ${accountRoleGroups} x where x.group_id = role_groups.id)`,
      }).from(roleGroups).where(where)
        .orderBy(...orderBy(q, { code: roleGroups.code, name: roleGroups.name }, asc(roleGroups.id))).limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(roleGroups).where(where),
    ]);
    return { total: n, records };
  }

  async function saveGroup(actor: Actor, id: number | null, input: RoleGroupInput) {
    const [dup] = await db.select({ id: roleGroups.id }).from(roleGroups).where(eq(roleGroups.code, input.code));
    if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
    await assertIds(roles, input.roleIds, 'roleIds');
    const before = id ? await getGroup(id) : null;
    await assertMayGiveRoles(actor, input.roleIds.filter((r) => !before?.roleIds.includes(r)));
    const { roleIds, ...fields } = input;
    const gid = await db.transaction(async (tx) => {
      let gid = id;
      if (gid === null) [{ id: gid }] = await tx.insert(roleGroups).values(fields).returning({ id: roleGroups.id });
      else await tx.update(roleGroups).set(fields).where(eq(roleGroups.id, gid));
      await tx.delete(roleGroupRoles).where(eq(roleGroupRoles.groupId, gid!));
      if (roleIds.length) await tx.insert(roleGroupRoles).values(uniq(roleIds).map((roleId) => ({ groupId: gid!, roleId })));
      return gid!;
    });
    return getGroup(gid);
  }

  async function deleteGroups(ids: number[]) {
    await assertIds(roleGroups, ids, 'ids');
    await db.delete(roleGroups).where(inArray(roleGroups.id, ids));
    return uniq(ids).length;
  }

  // ---------- policy ----------
  const getPolicy = () => loadPolicy(db);
  async function setPolicy(p: PasswordPolicy) {
    await db.update(passwordPolicy).set({ ...p, updatedAt: new Date() }).where(eq(passwordPolicy.id, 1));
    return loadPolicy(db);
  }

  return {
    tree,
    listRoles, getRole, createRole, updateRole, deleteRoles, grantTree, setGrants, roleAccounts, grantRoles, revokeRole,
    assertMayGiveRoles, listAccounts, getAccount, readAccount, batch, createAccount, updateAccount, deleteAccounts, unlock, resetPassword, assign, effectiveAuthorities,
    listGroups, getGroup, saveGroup, deleteGroups,
    getPolicy, setPolicy,
  };
}
