import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ALL } from '../../platform/auth/authorities';

/**
 * Roles' data scope (issue 16). Organ-owned rows are placed by the administrative view (`organ_views`
 * code `admin`, seeded in every profile). An account belongs to the "unit" of its staff member's
 * position: the organ right above the position (a position type holds staff), or the organ itself when
 * it is not a position. A holder of several roles sees the union; `*` and any role of scope `all` see
 * everything; everyone sees their own account.
 */

const adminView = sql`(select v.id from organ_views v where v.code = 'admin')`;

/** the unit organ of the staff member `staffId` (null without staff, position or place in the view) */
export const unitOfStaff = (staffId: SQL) => sql<number | null>`(
  select case when t.holds_staff then n.parent_id else o.id end
    from staff s join organs o on o.id = s.position_id join organ_types t on t.code = o.type_code
    left join organ_nodes n on n.organ_id = o.id and n.view_id = ${adminView}
   where s.id = ${staffId})`;

/** the organs `rootIds` and every organ below them in the administrative view */
export async function organSubtree(db: Db, rootIds: number[]): Promise<number[]> {
  if (!rootIds.length) return [];
  const res = await db.execute<{ id: number }>(sql`
    with recursive t(id) as (
      select unnest(${`{${rootIds.join(',')}}`}::integer[])
      union
      select n.organ_id from organ_nodes n join t on n.parent_id = t.id where n.view_id = ${adminView})
    select id from t`);
  return res.rows.map((r) => Number(r.id));
}

/** What an account may see: null = everything, else its own account and the accounts of `units`. */
export interface DataScopeOf { self: number; units: number[] }

export async function dataScopeOf(db: Db, accountId: number, authorities: Set<string>): Promise<DataScopeOf | null> {
  if (authorities.has(ALL)) return null;
  const res = await db.execute<{ data_scope: string; data_scope_organ_ids: number[] | string }>(sql`
    select r.data_scope, r.data_scope_organ_ids from roles r
     where r.id in (select role_id from account_roles where account_id = ${accountId}
                    union select rgr.role_id from account_role_groups arg join role_group_roles rgr on rgr.group_id = arg.group_id
                     where arg.account_id = ${accountId})`);
  const scopes = res.rows;
  if (scopes.some((r) => r.data_scope === 'all')) return null;
  const [{ unit }] = (await db.execute<{ unit: number | null }>(sql`select ${unitOfStaff(sql`a.staff_id`)} as unit from accounts a where a.id = ${accountId}`)).rows;
  const own = unit === null || unit === undefined ? [] : [Number(unit)];
  const units = new Set<number>();
  for (const r of scopes) {
    if (r.data_scope === 'organ') own.forEach((u) => units.add(u));
    if (r.data_scope === 'organTree') (await organSubtree(db, own)).forEach((u) => units.add(u));
    if (r.data_scope === 'custom') pgIntArray(r.data_scope_organ_ids).forEach((u) => units.add(u));
  }
  return { self: accountId, units: [...units] };
}

/** PGlite answers integer[] as an array, node-postgres too; a text form "{1,2}" is read as well */
const pgIntArray = (v: number[] | string | null): number[] =>
  (Array.isArray(v) ? v.map(Number) : typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number) : []);

/** the condition on `accounts` rows for a scope (undefined: no limit) */
export function accountScopeWhere(scope: DataScopeOf | null): SQL | undefined {
  if (!scope) return undefined;
  if (!scope.units.length) return sql`accounts.id = ${scope.self}`;
  return sql`(accounts.id = ${scope.self} or ${unitOfStaff(sql`accounts.staff_id`)} in (${sql.join(scope.units.map((u) => sql`${u}`), sql`, `)}))`;
}

/** `accountId` (a column of account ids) is an account within the scope (undefined: no limit) */
export function accountIdInScope(scope: DataScopeOf | null, accountId: SQL | AnyColumn): SQL | undefined {
  if (!scope) return undefined;
  return sql`${accountId} in (select accounts.id from accounts where ${accountScopeWhere(scope)})`;
}

/** `userId` (a column of user ids, e.g. a log's) names an account within the scope (undefined: no limit) */
export function userIdInScope(scope: DataScopeOf | null, userId: SQL | AnyColumn): SQL | undefined {
  if (!scope) return undefined;
  return sql`${userId} in (select accounts.user_id from accounts where ${accountScopeWhere(scope)})`;
}

/** the condition on `staff` rows: staff on positions of the scope's units, and the caller's own staff member */
export function staffScopeWhere(scope: DataScopeOf | null): SQL | undefined {
  if (!scope) return undefined;
  const mine = sql`staff.id = (select a.staff_id from accounts a where a.id = ${scope.self})`;
  if (!scope.units.length) return mine;
  return sql`(${mine} or ${unitOfStaff(sql`staff.id`)} in (${sql.join(scope.units.map((u) => sql`${u}`), sql`, `)}))`;
}

/** whether the staff member `staffId` is within the scope (an account linked to it stays inside the scope) */
export async function staffInScope(db: Db, scope: DataScopeOf | null, staffId: number): Promise<boolean> {
  if (!scope) return true;
  const res = await db.execute(sql`select 1 from staff where staff.id = ${staffId} and ${staffScopeWhere(scope)}`);
  return res.rows.length > 0;
}

/** whether staff placed on `positionId` would be within the scope (a limited scope places staff only inside it) */
export async function positionInScope(db: Db, scope: DataScopeOf | null, positionId: number | null): Promise<boolean> {
  if (!scope) return true;
  if (positionId === null || !scope.units.length) return false;
  const [{ unit }] = (await db.execute<{ unit: number | null }>(sql`
    select (select case when t.holds_staff then n.parent_id else o.id end
              from organs o join organ_types t on t.code = o.type_code
              left join organ_nodes n on n.organ_id = o.id and n.view_id = ${adminView}
             where o.id = ${positionId}) as unit`)).rows;
  return unit !== null && unit !== undefined && scope.units.includes(Number(unit));
}

/** The organs of the administrative view without positions, for the accounts screen's tree (parents first). */
export async function accountOrganTree(db: Db): Promise<{ id: number; parentId: number | null; code: string; name: string }[]> {
  const res = await db.execute<{ id: number; parent_id: number | null; code: string; name: string }>(sql`
    select o.id, n.parent_id, o.code, o.name from organ_nodes n
      join organs o on o.id = n.organ_id join organ_types t on t.code = o.type_code
     where n.view_id = ${adminView} and not t.holds_staff
     order by n.parent_id nulls first, n.seq, o.id`);
  return res.rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), code: r.code, name: r.name }));
}
