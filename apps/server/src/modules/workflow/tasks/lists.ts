import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  CcRecord, DoneTask, EndedInstance, StartableDefinition, StartedInstance, TaskActivity, TaskImportance, TaskListQuery, TaskProgress,
  TaskUserOption, TodoCount, TodoQuery, TodoTask,
} from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { accounts, wfCc, wfDefinitions, wfFavourites, wfInstances, wfTaskDelegations, wfTasks, wfTaskUserState } from '../../../db/schema/index';
import { offsetOf } from '../../../platform/paging';
import { cappedCountSql, countCapOf, settleCount } from '../../../platform/cappedCount';
import type { WorkflowAccess } from '../admin/index';
import { amountOf } from './amount';

/** The lists of the task screens: New (startable), Todo, Done, Ended, Started, CC. */

const FINISHED = ['completed', 'terminated', 'interrupted'] as const;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const like = (s: string) => `%${s.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
const dir = (order: string | undefined, fallback: 'asc' | 'desc') => {
  const o = order === 'ascend' ? 'asc' : order === 'descend' ? 'desc' : order ?? fallback;
  return o === 'asc' ? asc : desc;
};

/** an unclaimed open task of `wf_tasks` (the row in scope) is offered to the account: a probe of the candidates' primary key */
const offeredTo = (accountId: number) => sql`exists (select 1 from wf_task_candidates c where c.task_id = wf_tasks.id and c.account_id = ${accountId})`;
/**
 * the caller's open tasks: assigned (index assignee, status, created_at, id), or offered to them while
 * unclaimed (the candidates' account index, or the partial index of unclaimed open tasks probing the
 * candidates: the planner picks) — two index lookups, not an OR over the table
 */
const mineRows = (accountId: number) => sql`select id from wf_tasks where assignee_id = ${accountId} and status = 'open'
  union all
  select id from wf_tasks where assignee_id is null and status = 'open' and ${offeredTo(accountId)}`;
const mine = (accountId: number) => sql`${wfTasks.id} in (${mineRows(accountId)})`;

const activityOf = sql<number>`coalesce(${wfTaskUserState.activity}, 1)`;
const importanceOf = sql<number>`coalesce(${wfTaskUserState.importance}, 2)`;

export function taskLists(db: Db, now: () => Date) {
  const todoWhere = (accountId: number, q: Partial<TodoQuery>): SQL => {
    const w: (SQL | undefined)[] = [mine(accountId)];
    if (q.importance) w.push(sql`${importanceOf} = ${q.importance}`);
    if (q.activity) w.push(sql`${activityOf} = ${q.activity}`);
    if (q.status === 1) w.push(and(isNull(wfTaskUserState.openedAt), isNull(wfTasks.claimedAt)));
    if (q.status === 2) w.push(or(sql`${wfTaskUserState.openedAt} is not null`, sql`${wfTasks.claimedAt} is not null`));
    if (q.status === 3) w.push(sql`false`);
    if (q.definitionKey) w.push(eq(wfTasks.definitionKey, q.definitionKey));
    if (q.starter) w.push(or(ilike(wfInstances.starterName, like(q.starter)), sql`${wfInstances.starterId} in (select id from accounts where user_id = ${q.starter})`));
    if (q.arrivedFrom) w.push(sql`${wfTasks.createdAt} >= ${q.arrivedFrom.toISOString()}::timestamptz`);
    if (q.arrivedTo) w.push(sql`${wfTasks.createdAt} <= ${q.arrivedTo.toISOString()}::timestamptz`);
    if (q.overdue) w.push(sql`${wfTasks.dueAt} < ${now().toISOString()}::timestamptz`);
    if (q.keyword) w.push(or(ilike(wfTasks.name, like(q.keyword)), ilike(wfInstances.definitionName, like(q.keyword)), ilike(wfInstances.businessKey, like(q.keyword))));
    return and(...w)!;
  };
  const todoFrom = (accountId: number, total: SQL) => db.select({
    t: wfTasks, total: sql<number>`${total}`.mapWith(Number), definitionName: wfInstances.definitionName, businessKey: wfInstances.businessKey, starterName: wfInstances.starterName,
    variables: wfInstances.variables, activity: activityOf, importance: importanceOf, openedAt: wfTaskUserState.openedAt, delegated: sql<boolean>`${wfTaskDelegations.taskId} is not null`,
  }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .leftJoin(wfTaskUserState, and(eq(wfTaskUserState.taskId, wfTasks.id), eq(wfTaskUserState.accountId, accountId)))
    .leftJoin(wfTaskDelegations, and(eq(wfTaskDelegations.taskId, wfTasks.id), eq(wfTaskDelegations.delegateId, accountId)));

  /**
   * The to-do page as most people open it (no filter, by arrival): two ordered index scans (assigned;
   * offered as a candidate), each cut at the page's end, merged — never a sort over every open task.
   */
  const unfiltered = (q: TodoQuery) => !q.importance && !q.activity && !q.status
    && !q.definitionKey && !q.starter && !q.arrivedFrom && !q.arrivedTo && !q.overdue && !q.keyword;
  const plainByArrival = (q: TodoQuery) => (q.sort ?? 'arrivedAt') === 'arrivedAt' && unfiltered(q);
  const todoPageByArrival = (accountId: number, q: TodoQuery, order: 'asc' | 'desc', total: SQL) => {
    const end = offsetOf(q) + q.limit;
    const o = sql.raw(order);
    const page = sql`select id from (
        (select id, created_at from wf_tasks where assignee_id = ${accountId} and status = 'open' order by created_at ${o}, id ${o} limit ${end})
        union all
        (select id, created_at from wf_tasks where assignee_id is null and status = 'open' and ${offeredTo(accountId)} order by created_at ${o}, id ${o} limit ${end})) mine
      order by created_at ${o}, id ${o} limit ${q.limit} offset ${offsetOf(q)}`;
    const d = order === 'asc' ? asc : desc;
    return todoFrom(accountId, total).where(sql`${wfTasks.id} in (${page})`).orderBy(d(wfTasks.createdAt), d(wfTasks.id));
  };

  /** the caller's open tasks offered to them while unclaimed, through their candidate rows by task id */
  const offeredRows = (accountId: number) => sql`select c.task_id as id from wf_task_candidates c join wf_tasks t on t.id = c.task_id
    where c.account_id = ${accountId} and t.assignee_id is null and t.status = 'open'`;
  /**
   * The to-do by importance, unfiltered: the list's order is (importance, id descending) with no mark
   * meaning medium (2). Each importance is read in id order and cut at the page's end — the high and low
   * marks from the caller's marks (index account, importance, task), the medium ones from their open
   * tasks (assigned: index assignee, id of open tasks; offered: the candidates' account, task index) less
   * those marked otherwise — and the three are laid end to end: never a sort over every open task.
   */
  const todoPageByImportance = (accountId: number, q: TodoQuery, order: 'asc' | 'desc', total: SQL) => {
    const end = offsetOf(q) + q.limit;
    const marked = (importance: number) => sql`(select ${importance} as r, s.task_id as id from wf_task_user_state s
        where s.account_id = ${accountId} and s.importance = ${importance} and exists (select 1 from wf_tasks where wf_tasks.id = s.task_id and status = 'open'
          and (assignee_id = ${accountId} or assignee_id is null and ${offeredTo(accountId)}))
        order by s.task_id desc limit ${end})`;
    const notMarked = sql`not exists (select 1 from wf_task_user_state s where s.task_id = m.id and s.account_id = ${accountId} and s.importance <> 2)`;
    const medium = sql`(select 2 as r, id from (
        (select id from wf_tasks m where assignee_id = ${accountId} and status = 'open' and ${notMarked} order by id desc limit ${end})
        union all
        (select id from (${offeredRows(accountId)}) m where ${notMarked} order by id desc limit ${end})) m
      order by id desc limit ${end})`;
    const page = sql`select id from (${marked(1)} union all ${medium} union all ${marked(3)}) p
      order by r ${sql.raw(order)}, id desc limit ${q.limit} offset ${offsetOf(q)}`;
    const d = order === 'asc' ? asc : desc;
    return todoFrom(accountId, total).where(sql`${wfTasks.id} in (${page})`).orderBy(d(importanceOf), desc(wfTasks.id));
  };
  /**
   * The to-do by due date, unfiltered: order (due date, id descending), no due date last when ascending
   * and first when descending (PostgreSQL's default, as the general query). The assigned tasks are read in
   * that order from an index per direction (migration 0048) and cut at the page's end; the offered ones,
   * few, are sorted.
   */
  const todoPageByDue = (accountId: number, q: TodoQuery, order: 'asc' | 'desc', total: SQL) => {
    const end = offsetOf(q) + q.limit;
    const o = sql.raw(order);
    const page = sql`select id from (
        (select id, due_at from wf_tasks where assignee_id = ${accountId} and status = 'open' order by due_at ${o}, id desc limit ${end})
        union all
        (select t.id, t.due_at from wf_tasks t where t.id in (${offeredRows(accountId)}) order by t.due_at ${o}, t.id desc limit ${end})) mine
      order by due_at ${o}, id desc limit ${q.limit} offset ${offsetOf(q)}`;
    const d = order === 'asc' ? asc : desc;
    return todoFrom(accountId, total).where(sql`${wfTasks.id} in (${page})`).orderBy(d(sql`${wfTasks.dueAt}`), desc(wfTasks.id));
  };

  return {
    async todo(accountId: number, q: TodoQuery): Promise<{ total: number; records: TodoTask[] }> {
      const where = todoWhere(accountId, q);
      const sorts: Record<string, SQL | typeof wfTasks.createdAt> = {
        arrivedAt: wfTasks.createdAt, dueAt: sql`${wfTasks.dueAt}`, importance: importanceOf, definitionName: sql`${wfInstances.definitionName}`,
      };
      const by = sorts[q.sort ?? 'arrivedAt'];
      const d = dir(q.order, q.sort === 'importance' || q.sort === 'definitionName' || q.sort === 'dueAt' ? 'asc' : 'desc');
      // one statement: the page with the capped count selected alongside (an EXPLAIN only past the cap)
      const plain = unfiltered(q);
      const countRows = plain ? mineRows(accountId) : db.select({ one: sql`1` }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
        .leftJoin(wfTaskUserState, and(eq(wfTaskUserState.taskId, wfTasks.id), eq(wfTaskUserState.accountId, accountId))).where(where).getSQL();
      const cap = countCapOf(q);
      const total = cappedCountSql(countRows, cap);
      const order = d === asc ? 'asc' : 'desc';
      const rows = await (plainByArrival(q) ? todoPageByArrival(accountId, q, order, total)
        : plain && q.sort === 'importance' ? todoPageByImportance(accountId, q, order, total)
        : plain && q.sort === 'dueAt' ? todoPageByDue(accountId, q, order, total)
        : todoFrom(accountId, total).where(where).orderBy(d(by), desc(wfTasks.id)).limit(q.limit).offset(offsetOf(q)));
      const n = await settleCount(db, countRows, cap, rows[0]?.total);
      const t0 = now().getTime();
      return {
        total: n,
        records: rows.map((r) => ({
          id: r.t.id, name: r.t.name, elementId: r.t.elementId, instanceId: r.t.instanceId, definitionKey: r.t.definitionKey,
          definitionName: r.definitionName, businessKey: r.businessKey, starterName: r.starterName, arrivedAt: r.t.createdAt.toISOString(),
          dueAt: iso(r.t.dueAt), overdue: !!r.t.dueAt && r.t.dueAt.getTime() < t0, importance: Number(r.importance) as TaskImportance,
          status: (r.openedAt || r.t.claimedAt ? 2 : 1) as TaskProgress, activity: Number(r.activity) as TaskActivity,
          candidate: r.t.assigneeId === null, delegated: !!r.delegated, batchApprove: r.t.assigneeId !== null && !r.t.formKey && !r.delegated,
          amount: amountOf(r.variables),
        })),
      };
    },

    async todoCount(accountId: number): Promise<TodoCount> {
      const rows = await db.select({ activity: activityOf, n: sql<number>`count(*)::int`, overdue: sql<number>`count(*) filter (where ${wfTasks.dueAt} < ${now().toISOString()}::timestamptz)::int` })
        .from(wfTasks).leftJoin(wfTaskUserState, and(eq(wfTaskUserState.taskId, wfTasks.id), eq(wfTaskUserState.accountId, accountId)))
        .where(mine(accountId)).groupBy(activityOf);
      const byActivity: Record<TaskActivity, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
      let total = 0;
      let overdue = 0;
      for (const r of rows) {
        byActivity[Number(r.activity) as TaskActivity] = r.n;
        total += r.n;
        overdue += r.overdue;
      }
      return { total, overdue, byActivity };
    },

    /** tasks the caller decided, handed over (transfer, delegate) or answered as a delegate; each once, at its latest act */
    async done(accountId: number, q: TaskListQuery): Promise<{ total: number; records: DoneTask[] }> {
      const acted = sql`(select distinct on (task_id) task_id, acted_at, outcome from (
          select id as task_id, completed_at as acted_at, outcome from wf_tasks where completed_by = ${accountId} and status = 'completed'
          union all
          select task_id, at, action from wf_history where actor_id = ${accountId} and action in ('transfer', 'delegate', 'resolve') and task_id is not null
        ) a order by task_id, acted_at desc) acted`;
      const w = and(
        q.definitionKey ? eq(wfTasks.definitionKey, q.definitionKey) : undefined,
        q.keyword ? or(ilike(wfTasks.name, like(q.keyword)), ilike(wfInstances.definitionName, like(q.keyword)), ilike(wfInstances.businessKey, like(q.keyword))) : undefined);
      const actedAt = sql<Date>`acted.acted_at`;
      const d = dir(q.order, 'desc');
      const countRows = db.select({ one: sql`1` }).from(acted)
        .innerJoin(wfTasks, sql`${wfTasks.id} = acted.task_id`).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId)).where(w).getSQL();
      const cap = countCapOf(q);
      const rows = await db.select({
        t: wfTasks, i: wfInstances, actedAt: sql<string>`acted.acted_at`, outcome: sql<string | null>`acted.outcome`, total: cappedCountSql(countRows, cap).mapWith(Number),
      }).from(acted)
        .innerJoin(wfTasks, sql`${wfTasks.id} = acted.task_id`).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId)).where(w)
        .orderBy(d(actedAt), desc(wfTasks.id)).limit(q.limit).offset(offsetOf(q));
      return {
        total: await settleCount(db, countRows, cap, rows[0]?.total),
        records: rows.map(({ t, i, actedAt: at, outcome }) => ({
          taskId: t.id, name: t.name, instanceId: i.id, definitionName: i.definitionName, businessKey: i.businessKey, starterName: i.starterName,
          actedAt: new Date(at).toISOString(), outcome, instanceStatus: i.status, currentNodes: i.currentNodes,
        })),
      };
    },

    /** finished instances the caller started or acted in */
    async ended(accountId: number, q: TaskListQuery): Promise<{ total: number; records: EndedInstance[] }> {
      const w = and(inArray(wfInstances.status, [...FINISHED]),
        or(eq(wfInstances.starterId, accountId), sql`${wfInstances.id} in (select instance_id from wf_tasks where completed_by = ${accountId})`),
        q.definitionKey ? eq(wfInstances.definitionKey, q.definitionKey) : undefined,
        q.keyword ? or(ilike(wfInstances.definitionName, like(q.keyword)), ilike(wfInstances.businessKey, like(q.keyword))) : undefined);
      return instances(w, q);
    },

    async started(accountId: number, q: TaskListQuery): Promise<{ total: number; records: StartedInstance[] }> {
      const w = and(eq(wfInstances.starterId, accountId), sql`${wfInstances.status} <> 'notStarted'`,
        q.definitionKey ? eq(wfInstances.definitionKey, q.definitionKey) : undefined,
        q.keyword ? or(ilike(wfInstances.definitionName, like(q.keyword)), ilike(wfInstances.businessKey, like(q.keyword))) : undefined);
      return instances(w, q, 'startedAt');
    },

    async cc(accountId: number, q: TaskListQuery): Promise<{ total: number; records: CcRecord[] }> {
      const w = and(eq(wfCc.accountId, accountId),
        q.definitionKey ? eq(wfInstances.definitionKey, q.definitionKey) : undefined,
        q.keyword ? or(ilike(wfInstances.definitionName, like(q.keyword)), ilike(wfInstances.businessKey, like(q.keyword))) : undefined);
      const countRows = db.select({ one: sql`1` }).from(wfCc).innerJoin(wfInstances, eq(wfInstances.id, wfCc.instanceId)).where(w).getSQL();
      const cap = countCapOf(q);
      const rows = await db.select({ c: wfCc, i: wfInstances, total: cappedCountSql(countRows, cap).mapWith(Number) }).from(wfCc)
        .innerJoin(wfInstances, eq(wfInstances.id, wfCc.instanceId)).where(w)
        .orderBy(dir(q.order, 'desc')(wfCc.createdAt), desc(wfCc.id)).limit(q.limit).offset(offsetOf(q));
      return {
        total: await settleCount(db, countRows, cap, rows[0]?.total),
        records: rows.map(({ c, i }) => ({
          id: c.id, instanceId: i.id, definitionName: i.definitionName, businessKey: i.businessKey, starterName: i.starterName, fromName: c.fromName,
          elementName: c.elementName, comment: c.comment, createdAt: c.createdAt.toISOString(), readAt: iso(c.readAt), instanceStatus: i.status,
        })),
      };
    },

    /** published, active definitions the caller may start; favourites, then recently started, first */
    async startable(accountId: number, access: WorkflowAccess, keyword?: string): Promise<StartableDefinition[]> {
      const rows = await db.select({
        d: wfDefinitions,
        favourite: sql<boolean>`exists (select 1 from wf_favourites f where f.account_id = ${accountId} and f.definition_id = ${wfDefinitions.id})`,
        lastStartedAt: sql<string | null>`(select max(started_at) from wf_instances i where i.definition_id = ${wfDefinitions.id} and i.starter_id = ${accountId} and i.status <> 'notStarted')`,
      }).from(wfDefinitions).where(and(sql`${wfDefinitions.latestVersionId} is not null`, eq(wfDefinitions.status, 'active'),
        keyword ? or(ilike(wfDefinitions.name, like(keyword)), ilike(wfDefinitions.key, like(keyword)), ilike(wfDefinitions.category, like(keyword)), ilike(wfDefinitions.description, like(keyword))) : undefined));
      const out: StartableDefinition[] = [];
      for (const r of rows) {
        if (!(await access.canStart(r.d.key))) continue;
        out.push({
          definitionId: r.d.id, key: r.d.key, name: r.d.name, category: r.d.category, description: r.d.description, version: r.d.latestVersion,
          favourite: !!r.favourite, lastStartedAt: r.lastStartedAt ? new Date(r.lastStartedAt).toISOString() : null,
        });
      }
      return out.sort((a, b) => Number(b.favourite) - Number(a.favourite) || (b.lastStartedAt ?? '').localeCompare(a.lastStartedAt ?? '') || a.name.localeCompare(b.name, 'zh'));
    },

    async setFavourite(accountId: number, definitionId: number, on: boolean) {
      if (on) await db.insert(wfFavourites).values({ accountId, definitionId, createdAt: now() }).onConflictDoNothing();
      else await db.delete(wfFavourites).where(and(eq(wfFavourites.accountId, accountId), eq(wfFavourites.definitionId, definitionId)));
      return { definitionId, favourite: on };
    },

    async users(keyword?: string): Promise<TaskUserOption[]> {
      return db.select({ id: accounts.id, userId: accounts.userId, userName: accounts.userName }).from(accounts)
        .where(and(eq(accounts.status, 'normal'), keyword ? or(ilike(accounts.userId, like(keyword)), ilike(accounts.userName, like(keyword))) : undefined))
        .orderBy(asc(accounts.userId)).limit(50);
    },
  };

  async function instances(w: SQL | undefined, q: TaskListQuery, by: 'endedAt' | 'startedAt' = 'endedAt') {
    const col = by === 'endedAt' ? wfInstances.endedAt : wfInstances.startedAt;
    const countRows = db.select({ one: sql`1` }).from(wfInstances).where(w).getSQL();
    const cap = countCapOf(q);
    const rows = await db.select({ i: wfInstances, total: cappedCountSql(countRows, cap).mapWith(Number) }).from(wfInstances).where(w)
      .orderBy(dir(q.order, 'desc')(col), desc(wfInstances.id)).limit(q.limit).offset(offsetOf(q));
    return {
      total: await settleCount(db, countRows, cap, rows[0]?.total),
      records: rows.map(({ i }) => ({
        instanceId: i.id, definitionKey: i.definitionKey, definitionName: i.definitionName, businessKey: i.businessKey, starterName: i.starterName,
        status: i.status, startedAt: i.startedAt.toISOString(), endedAt: iso(i.endedAt), currentNodes: i.currentNodes,
      })),
    };
  }
}

/** per-user filing of a task: activity bucket, importance, opened */
export async function setUserState(db: Db, taskId: number, accountId: number, set: { activity?: number; importance?: number; openedAt?: Date }) {
  await db.insert(wfTaskUserState).values({ taskId, accountId, activity: set.activity ?? 1, importance: set.importance ?? 2, openedAt: set.openedAt ?? null })
    .onConflictDoUpdate({ target: [wfTaskUserState.taskId, wfTaskUserState.accountId], set });
}
