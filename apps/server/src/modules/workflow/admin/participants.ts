import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { participantRuleSchema, type MessageParams, type ParticipantRule, type participantQuerySchema, type participantSchema } from '@bencao/contracts';
import { accounts, wfParticipants } from '../../../db/schema/index';
import { execute } from '../../../db/execute';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { offsetOf, orderBy } from '../../../platform/paging';
import { celLimitError, evalCel } from './cel';
import type { ParticipantContext, Q } from './types';

/**
 * Participants' rules → accounts. Every kind ends in `activeAccounts`: distinct accounts that are not
 * locked (status normal, or a timed lock that has run out at `ctx.now`), ascending by id.
 */

const MAX_SAVED_DEPTH = 5;

export async function resolveParticipants(db: Q, rule: ParticipantRule, ctx: ParticipantContext): Promise<{ accountIds: number[] }> {
  const candidates = await candidatesOf(db, rule, ctx, 0);
  return { accountIds: await activeAccounts(db, candidates, ctx.now, ctx.knownActive) };
}

/** account ids (unfiltered) a rule designates */
async function candidatesOf(db: Q, rule: ParticipantRule, ctx: ParticipantContext, depth: number): Promise<number[]> {
  switch (rule.kind) {
    case 'user':
      return rule.accountIds;
    case 'starter':
      return ctx.starterAccountId ? [ctx.starterAccountId] : [];
    case 'role':
      return accountsOfRoles(db, rule.roles);
    case 'position':
      return accountsOfStaff(db, sql`select id from staff where position_id in (${sqlList(rule.positionIds)})`);
    case 'organ': {
      const viewId = await viewOf(db, rule.viewId);
      const organs = !viewId ? rule.organIds : rule.includeChildren ? await subtree(db, viewId, rule.organIds) : await withPositions(db, viewId, rule.organIds);
      return accountsOfStaff(db, sql`select id from staff where position_id in (${sqlList(organs)})`);
    }
    case 'starterLeader':
      return starterLeader(db, ctx.starterAccountId, rule.levels, rule.viewId);
    case 'formField':
      return accountsOfValues(db, ctx.variables?.[rule.field]);
    case 'expression': {
      let value: unknown;
      try {
        value = evalCel(rule.expression, { variables: ctx.variables ?? {}, starter: ctx.starterAccountId, instanceId: ctx.instanceId });
      } catch (e) {
        throw celLimitError(e) ?? e;
      }
      return accountsOfValues(db, value);
    }
    case 'saved': {
      if (depth >= MAX_SAVED_DEPTH) return [];
      const [row] = await db.select({ rule: wfParticipants.rule }).from(wfParticipants).where(eq(wfParticipants.id, rule.ruleId));
      if (!row) return [];
      const parsed = participantRuleSchema.safeParse(row.rule);
      if (parsed.success) return candidatesOf(db, parsed.data, ctx, depth + 1);
      // a rule stored around the API with an expression over the limits fails the step, never runs
      const limit = parsed.error.issues.find((i) => i.message.startsWith('cel.'));
      if (limit) throw new AppError(400, limit.message, (limit as { params?: MessageParams }).params ?? {});
      return [];
    }
  }
}

const sqlList = (ids: number[]) => (ids.length ? sql.join(ids.map((i) => sql`${i}`), sql`, `) : sql`null`);
const rowsOf = async <T extends Record<string, unknown>>(db: Q, query: SQL) => (await execute<T>(db, query)).rows;

/** an account of `accounts a` may take part at `now`: not locked, or its timed lock has run out */
export const activeAccountSql = (now: Date) =>
  sql`(a.status = 'normal' or (a.status = 'lock' and a.locked_until is not null and a.locked_until <= ${now.toISOString()}::timestamptz))`;

export async function activeAccounts(db: Q, ids: number[], now: Date, known?: ReadonlyMap<number, boolean>): Promise<number[]> {
  const distinct = [...new Set(ids.filter((i) => Number.isSafeInteger(i) && i > 0))];
  if (!distinct.length) return [];
  if (known && distinct.every((id) => known.has(id))) return distinct.filter((id) => known.get(id)).sort((x, y) => x - y);
  // written as SQL (each new user task asks it): drizzle's select builder cost more than the query's own execution
  const rows = await rowsOf<{ id: number }>(db, sql`select id from accounts a where id in (${sqlList(distinct)}) and ${activeAccountSql(now)} order by id`);
  return rows.map((r) => Number(r.id));
}

async function accountsOfRoles(db: Q, roles: (number | string)[]): Promise<number[]> {
  const ids = roles.filter((r): r is number => typeof r === 'number');
  const codes = roles.filter((r): r is string => typeof r === 'string');
  const rows = await rowsOf<{ id: number }>(db, sql`
    with wanted as (
      select id from roles where id in (${sqlList(ids)})
      ${codes.length ? sql`union select id from roles where code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})` : sql``}
    )
    select ar.account_id as id from account_roles ar join wanted w on w.id = ar.role_id
    union
    select arg.account_id as id from account_role_groups arg
      join role_group_roles rgr on rgr.group_id = arg.group_id
      join wanted w on w.id = rgr.role_id`);
  return rows.map((r) => Number(r.id));
}

async function accountsOfStaff(db: Q, staffIds: SQL): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(db, sql`select id from accounts where staff_id in (${staffIds})`);
  return rows.map((r) => Number(r.id));
}

/** the given view, else the administrative view (`admin`), else the first one */
async function viewOf(db: Q, viewId: number | null): Promise<number | null> {
  if (viewId) return viewId;
  const rows = await rowsOf<{ id: number }>(db, sql`select id from organ_views order by (code = 'admin') desc, id limit 1`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** the organs and everything under them in a view */
export async function subtree(db: Q, viewId: number, organIds: number[]): Promise<number[]> {
  if (!organIds.length) return [];
  const rows = await rowsOf<{ id: number }>(db, sql`
    with recursive t(id) as (
      select unnest(array[${sqlList(organIds)}]::int[])
      union
      select n.organ_id from organ_nodes n join t on n.parent_id = t.id where n.view_id = ${viewId}
    ) select id from t`);
  return rows.map((r) => Number(r.id));
}

/** the organs and the positions directly under them (their own staff, without sub-organs) */
async function withPositions(db: Q, viewId: number, organIds: number[]): Promise<number[]> {
  if (!organIds.length) return [];
  const rows = await rowsOf<{ id: number }>(db, sql`
    select n.organ_id as id from organ_nodes n join organs o on o.id = n.organ_id join organ_types t on t.code = o.type_code
     where n.view_id = ${viewId} and n.parent_id in (${sqlList(organIds)}) and t.holds_staff`);
  return [...organIds, ...rows.map((r) => Number(r.id))];
}

/**
 * The principal of the organ `levels` steps above the starter's position in the view (1: the organ
 * holding the position). The principal names a staff member by code or name; one inside that organ
 * is preferred to a namesake elsewhere.
 */
async function starterLeader(db: Q, starterAccountId: number | null, levels: number, view: number | null): Promise<number[]> {
  if (!starterAccountId) return [];
  const viewId = await viewOf(db, view);
  if (!viewId) return [];
  const rows = await rowsOf<{ organ_id: number; principal: string | null }>(db, sql`
    with recursive up(organ_id, depth) as (
      select n.parent_id, 1 from accounts a
        join staff s on s.id = a.staff_id
        join organ_nodes n on n.organ_id = s.position_id and n.view_id = ${viewId}
       where a.id = ${starterAccountId} and n.parent_id is not null
      union all
      select n.parent_id, up.depth + 1 from up
        join organ_nodes n on n.organ_id = up.organ_id and n.view_id = ${viewId}
       where up.depth < ${levels} and n.parent_id is not null
    )
    select up.organ_id, o.principal from up join organs o on o.id = up.organ_id where up.depth = ${levels}`);
  const target = rows[0];
  if (!target?.principal) return [];
  const inside = await subtree(db, viewId, [Number(target.organ_id)]);
  const staffRows = await rowsOf<{ id: number }>(db, sql`
    select s.id from staff s
     where s.code = ${target.principal} or s.name = ${target.principal}
     order by (s.position_id in (${sqlList(inside)})) desc nulls last, (s.code = ${target.principal}) desc, s.id
     limit 1`);
  if (!staffRows[0]) return [];
  return accountsOfStaff(db, sql`${Number(staffRows[0].id)}`);
}

/** a variable's or an expression's value: account ids (numbers) or user ids (strings), alone or in a list */
async function accountsOfValues(db: Q, value: unknown): Promise<number[]> {
  const items = (Array.isArray(value) ? value : [value]).flat();
  const ids: number[] = [];
  const userIds: string[] = [];
  for (const v of items) {
    if (typeof v === 'number' && Number.isSafeInteger(v)) ids.push(v);
    else if (typeof v === 'bigint') ids.push(Number(v));
    else if (typeof v === 'string' && v.trim()) {
      userIds.push(v.trim());
      if (/^\d{1,9}$/.test(v.trim())) ids.push(Number(v.trim()));
    }
  }
  if (userIds.length) {
    const rows = await db.select({ id: accounts.id }).from(accounts).where(inArray(accounts.userId, userIds));
    // a digit string is a user id when such an account exists, else an account id
    const found = new Set((await db.select({ userId: accounts.userId }).from(accounts).where(inArray(accounts.userId, userIds))).map((r) => r.userId));
    const numericAsUserId = new Set(userIds.filter((u) => found.has(u) && /^\d{1,9}$/.test(u)).map(Number));
    return [...ids.filter((i) => !numericAsUserId.has(i)), ...rows.map((r) => r.id)];
  }
  return ids;
}

// ---------- saved rules (CRUD) ----------

type Row = typeof wfParticipants.$inferSelect;
const view = (r: Row) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind, rule: r.rule as ParticipantRule, note: r.note, createdAt: r.createdAt, updatedAt: r.updatedAt });
const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listParticipants(db: Q, q: z.infer<typeof participantQuerySchema>) {
  const where = and(
    q.keyword ? or(ilike(wfParticipants.code, like(q.keyword)), ilike(wfParticipants.name, like(q.keyword))) : undefined,
    q.kind ? eq(wfParticipants.kind, q.kind) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(wfParticipants).where(where)
      .orderBy(...orderBy(q, { code: wfParticipants.code, name: wfParticipants.name, kind: wfParticipants.kind, updatedAt: wfParticipants.updatedAt }, asc(wfParticipants.code)), asc(wfParticipants.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(wfParticipants).where(where),
  ]);
  return { total: n, records: rows.map(view) };
}

export async function getParticipant(db: Q, id: number) {
  const [row] = await db.select().from(wfParticipants).where(eq(wfParticipants.id, id));
  if (!row) throw notFound();
  return view(row);
}

export async function saveParticipant(db: Q, id: number | null, input: z.output<typeof participantSchema>) {
  const [dup] = await db.select({ id: wfParticipants.id }).from(wfParticipants).where(eq(wfParticipants.code, input.code));
  if (dup && dup.id !== id) throw conflict('workflow.field.code');
  if (input.rule.kind === 'saved' && id !== null && input.rule.ruleId === id) throw badRequest('workflow.savedSelf');
  const values = { code: input.code, name: input.name, kind: input.rule.kind, rule: input.rule, note: input.note, updatedAt: new Date() };
  if (id === null) {
    const [row] = await db.insert(wfParticipants).values(values).returning();
    return view(row);
  }
  const [row] = await db.update(wfParticipants).set(values).where(eq(wfParticipants.id, id)).returning();
  if (!row) throw notFound();
  return view(row);
}

export async function deleteParticipants(db: Q, ids: number[]) {
  const rows = await db.delete(wfParticipants).where(inArray(wfParticipants.id, ids)).returning({ id: wfParticipants.id });
  if (!rows.length) throw notFound();
  return { deleted: rows.length };
}

/** `POST /participants/preview`: the accounts a rule gives for a starter and variables */
export async function previewParticipants(db: Q, rule: ParticipantRule, starterAccountId: number | null, variables: Record<string, unknown>, now: Date) {
  const { accountIds } = await resolveParticipants(db, rule, { instanceId: null, starterAccountId, variables, now });
  if (!accountIds.length) return { accounts: [] };
  const rows = await db.select({ id: accounts.id, userId: accounts.userId, userName: accounts.userName }).from(accounts)
    .where(inArray(accounts.id, accountIds)).orderBy(asc(accounts.id));
  return { accounts: rows };
}

