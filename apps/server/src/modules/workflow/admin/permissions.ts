import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_WORKFLOW_PERMISSION, grantSchema, type Grant, type permissionQuerySchema, type WorkflowPermission } from '@bencao/contracts';
import { wfDefinitions, wfPermissions } from '../../../db/schema/index';
import type { AuthContext } from '../../../platform/guard';
import { ALL } from '../../../platform/auth/authorities';
import { offsetOf } from '../../../platform/paging';
import type { Q } from './types';

/**
 * Who may start, monitor and administer a process definition (by key). A definition without a saved
 * permission is open to everyone who holds the screens' authorities; a saved one lists roles (held
 * directly or through a role group), organs (the account's position inside one, sub-organs included,
 * in any view) and accounts, or says everyone. A holder of `*` may do everything.
 */

export interface WorkflowAccess {
  canStart(definitionKey: string): Promise<boolean>;
  canMonitor(definitionKey: string): Promise<boolean>;
  canAdminister(definitionKey: string): Promise<boolean>;
  /** the definitions whose instances the user may monitor: `all` (then `keys` is empty), or the keys */
  monitorableKeys(): Promise<{ all: boolean; keys: string[] }>;
}

type Action = 'start' | 'monitor' | 'administer';

interface Who { accountId: number; roleIds: Set<number>; organIds: Set<number> }

async function whoIs(db: Q, accountId: number): Promise<Who> {
  const [roles, organs] = await Promise.all([
    db.execute<{ id: number }>(sql`
      select role_id as id from account_roles where account_id = ${accountId}
      union
      select rgr.role_id from account_role_groups arg join role_group_roles rgr on rgr.group_id = arg.group_id where arg.account_id = ${accountId}`),
    db.execute<{ id: number }>(sql`
      with recursive up(id, view_id) as (
        select n.organ_id, n.view_id from accounts a join staff s on s.id = a.staff_id
          join organ_nodes n on n.organ_id = s.position_id
         where a.id = ${accountId}
        union
        select n.parent_id, n.view_id from up join organ_nodes n on n.organ_id = up.id and n.view_id = up.view_id
         where n.parent_id is not null
      )
      select id from up
      union
      select s.position_id from accounts a join staff s on s.id = a.staff_id where a.id = ${accountId} and s.position_id is not null`),
  ]);
  return { accountId, roleIds: new Set(roles.rows.map((r) => Number(r.id))), organIds: new Set(organs.rows.map((r) => Number(r.id))) };
}

export const grantAllows = (g: Grant, who: Who) =>
  g.everyone || g.accountIds.includes(who.accountId) || g.roleIds.some((r) => who.roleIds.has(r)) || g.organIds.some((o) => who.organIds.has(o));

const parseGrant = (v: unknown, fallback: Grant): Grant => {
  const p = grantSchema.safeParse(v);
  return p.success ? p.data : fallback;
};
const rowToPermission = (r: typeof wfPermissions.$inferSelect): WorkflowPermission => ({
  start: parseGrant(r.start, { everyone: false, roleIds: [], organIds: [], accountIds: [] }),
  monitor: parseGrant(r.monitor, { everyone: false, roleIds: [], organIds: [], accountIds: [] }),
  administer: parseGrant(r.administer, { everyone: false, roleIds: [], organIds: [], accountIds: [] }),
});

/** The access of the request's user (the guard's AuthContext, or just its account id and authorities). */
export function workflowAccess(db: Q, auth: Pick<AuthContext, 'accountId' | 'authorities'> & { isAdmin?: boolean }): WorkflowAccess {
  const superUser = auth.isAdmin === true || auth.authorities.has(ALL);
  let who: Promise<Who> | null = null;
  const me = () => (who ??= whoIs(db, auth.accountId));
  const perms = new Map<string, Promise<WorkflowPermission>>();
  const permissionOf = (key: string) => {
    let p = perms.get(key);
    if (!p) {
      p = db.select().from(wfPermissions).where(eq(wfPermissions.definitionKey, key)).then(([r]) => (r ? rowToPermission(r) : DEFAULT_WORKFLOW_PERMISSION));
      perms.set(key, p);
    }
    return p;
  };
  const can = (action: Action) => async (key: string) => {
    if (superUser) return true;
    const p = await permissionOf(key);
    if (p[action].everyone) return true;
    return grantAllows(p[action], await me());
  };
  return {
    canStart: can('start'),
    canMonitor: can('monitor'),
    canAdminister: can('administer'),
    async monitorableKeys() {
      if (superUser) return { all: true, keys: [] };
      const [defs, rows] = await Promise.all([
        db.select({ key: wfDefinitions.key }).from(wfDefinitions).orderBy(asc(wfDefinitions.key)),
        db.select().from(wfPermissions),
      ]);
      const saved = new Map(rows.map((r) => [r.definitionKey, rowToPermission(r)]));
      if (![...saved.values()].some((p) => !p.monitor.everyone)) return { all: true, keys: [] };
      const w = await me();
      return { all: false, keys: defs.map((d) => d.key).filter((k) => { const p = saved.get(k); return !p || grantAllows(p.monitor, w); }) };
    },
  };
}

// ---------- the console (`/api/workflow/permissions`) ----------

export async function getPermission(db: Q, definitionKey: string): Promise<WorkflowPermission & { definitionKey: string; saved: boolean }> {
  const [r] = await db.select().from(wfPermissions).where(eq(wfPermissions.definitionKey, definitionKey));
  return { definitionKey, saved: !!r, ...(r ? rowToPermission(r) : DEFAULT_WORKFLOW_PERMISSION) };
}

export async function savePermission(db: Q, definitionKey: string, p: WorkflowPermission, now: Date) {
  const values = { start: p.start, monitor: p.monitor, administer: p.administer, updatedAt: now };
  await db.insert(wfPermissions).values({ definitionKey, ...values })
    .onConflictDoUpdate({ target: wfPermissions.definitionKey, set: values });
  return getPermission(db, definitionKey);
}

const summary = (g: Grant) => ({ everyone: g.everyone, roles: g.roleIds.length, organs: g.organIds.length, accounts: g.accountIds.length });

/** Every definition key (definitions and saved permissions) with a summary of who may do what. */
export async function listPermissions(db: Q, q: z.infer<typeof permissionQuerySchema>) {
  const kw = q.keyword?.toLowerCase() ?? '';
  const [defs, rows] = await Promise.all([
    db.select({ key: wfDefinitions.key, name: wfDefinitions.name }).from(wfDefinitions),
    db.select().from(wfPermissions),
  ]);
  const names = new Map(defs.map((d) => [d.key, d.name]));
  const saved = new Map(rows.map((r) => [r.definitionKey, rowToPermission(r)]));
  const keys = [...new Set([...names.keys(), ...saved.keys()])].sort()
    .filter((k) => !kw || k.toLowerCase().includes(kw) || (names.get(k) ?? '').toLowerCase().includes(kw));
  const records = keys.slice(offsetOf(q), offsetOf(q) + q.limit).map((k) => {
    const p = saved.get(k) ?? DEFAULT_WORKFLOW_PERMISSION;
    return { definitionKey: k, definitionName: names.get(k) ?? null, saved: saved.has(k), start: summary(p.start), monitor: summary(p.monitor), administer: summary(p.administer) };
  });
  return { total: keys.length, records };
}

export async function deletePermission(db: Q, definitionKey: string) {
  await db.delete(wfPermissions).where(eq(wfPermissions.definitionKey, definitionKey));
  return getPermission(db, definitionKey);
}
