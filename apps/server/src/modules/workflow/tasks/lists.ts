import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  CcRecord, DoneTask, EndedInstance, StartableDefinition, StartedInstance, TaskActivity, TaskImportance, TaskListQuery, TaskProgress,
  TaskUserOption, TodoCount, TodoQuery, TodoTask,
} from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { accounts, wfCc, wfDefinitions, wfFavourites, wfInstances, wfTaskDelegations, wfTasks, wfTaskUserState, wfTodo } from '../../../db/schema/index';
import { offsetOf } from '../../../platform/paging';
import { cappedCountSql, countCapOf, listCapOf, listTotal, settleCount } from '../../../platform/cappedCount';
import { containsPattern } from '../../../platform/keywordSearch';
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

export function taskLists(db: Db, now: () => Date) {
  /**
   * The to-do reads wf_todo (migration 0050): one row per person and open task in their to-do, with what
   * the filters and sorts need, kept by triggers. Every sort is an index on (account, sort column, task id),
   * and the filters on importance, activity and process have one by arrival, so a page is read in order and
   * the read stops at it; a keyword of three characters or more goes through the trigram indexes.
   */
  const todoWhere = (accountId: number, q: Partial<TodoQuery>): SQL => {
    const w: (SQL | undefined)[] = [eq(wfTodo.accountId, accountId)];
    if (q.importance) w.push(eq(wfTodo.importance, q.importance));
    if (q.activity) w.push(eq(wfTodo.activity, q.activity));
    if (q.status === 1 || q.status === 2) w.push(eq(wfTodo.progress, q.status));
    if (q.status === 3) w.push(sql`false`);
    if (q.definitionKey) w.push(eq(wfTodo.definitionKey, q.definitionKey));
    if (q.starter) w.push(or(ilike(wfTodo.starterName, like(q.starter)), sql`${wfTodo.starterId} in (select id from accounts where user_id = ${q.starter})`));
    if (q.arrivedFrom) w.push(sql`${wfTodo.createdAt} >= ${q.arrivedFrom.toISOString()}::timestamptz`);
    if (q.arrivedTo) w.push(sql`${wfTodo.createdAt} <= ${q.arrivedTo.toISOString()}::timestamptz`);
    if (q.overdue) w.push(sql`${wfTodo.dueAt} < ${now().toISOString()}::timestamptz`);
    // three characters or more: the columns' trigram indexes; fewer: tested along the sort's index (no short-keyword
    // index here, it made filing a task three times dearer — migration 0050)
    if (q.keyword) w.push(or(...[wfTodo.name, wfTodo.definitionName, wfTodo.businessKey].map((c) => ilike(c, containsPattern(q.keyword!))))!);
    return and(...w)!;
  };
  /**
   * The list's order: the sort's column (arrival newest first; due date, importance and process name
   * ascending unless asked otherwise), ties by task id in the same direction — by importance, newest first
   * whichever way, as tasks of one importance read best. No due date: last ascending, first descending.
   */
  const todoOrder = (q: TodoQuery): SQL[] => {
    const sort = q.sort ?? 'arrivedAt';
    const d = dir(q.order, sort === 'arrivedAt' ? 'desc' : 'asc');
    const col = { arrivedAt: wfTodo.createdAt, dueAt: wfTodo.dueAt, importance: wfTodo.importance, definitionName: wfTodo.definitionName }[sort];
    return [d(col), sort === 'importance' ? desc(wfTodo.taskId) : d(wfTodo.taskId)];
  };

  return {
    async todo(accountId: number, q: TodoQuery): Promise<{ total: number; records: TodoTask[]; approximate?: true }> {
      const where = todoWhere(accountId, q);
      const order = todoOrder(q);
      const countRows = db.select({ one: sql`1` }).from(wfTodo).where(where).getSQL();
      // exact up to ten pages past the one shown and at most 10,000 rows; past that the planner's estimate
      const cap = Math.max(listCapOf(q), 1000);
      // one statement: the page's task ids read from the order's index (not the rows it skips), its rows, the capped count
      // (a subquery with a limit: its few ids are joined to the other tables by their keys, whatever their size)
      const page = db.select({ id: wfTodo.taskId }).from(wfTodo).where(where).orderBy(...order).limit(q.limit).offset(offsetOf(q)).as('page');
      const rows = await db.select({
        t: wfTasks, total: cappedCountSql(countRows, cap).mapWith(Number), definitionName: wfTodo.definitionName, businessKey: wfTodo.businessKey,
        starterName: wfTodo.starterName, variables: wfInstances.variables, activity: wfTodo.activity, importance: wfTodo.importance,
        progress: wfTodo.progress, delegated: sql<boolean>`${wfTaskDelegations.taskId} is not null`,
      }).from(page).innerJoin(wfTodo, and(eq(wfTodo.accountId, accountId), eq(wfTodo.taskId, page.id)))
        .innerJoin(wfTasks, eq(wfTasks.id, page.id)).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
        .leftJoin(wfTaskDelegations, and(eq(wfTaskDelegations.taskId, page.id), eq(wfTaskDelegations.delegateId, accountId)))
        .orderBy(...order);
      // counted exactly: that count, also on a page past the end; estimated: "about", never below the page shown
      const settled = await settleCount(db, countRows, cap, rows[0]?.total);
      const total = settled <= cap ? { total: settled } : await listTotal(db, countRows, cap, settled, q, rows.length);
      const t0 = now().getTime();
      return {
        ...total,
        records: rows.map((r) => ({
          id: r.t.id, name: r.t.name, elementId: r.t.elementId, instanceId: r.t.instanceId, definitionKey: r.t.definitionKey,
          definitionName: r.definitionName, businessKey: r.businessKey, starterName: r.starterName, arrivedAt: r.t.createdAt.toISOString(),
          dueAt: iso(r.t.dueAt), overdue: !!r.t.dueAt && r.t.dueAt.getTime() < t0, importance: r.importance as TaskImportance,
          status: r.progress as TaskProgress, activity: r.activity as TaskActivity,
          candidate: r.t.assigneeId === null, delegated: !!r.delegated, batchApprove: r.t.assigneeId !== null && !r.t.formKey && !r.delegated,
          amount: amountOf(r.variables),
        })),
      };
    },

    async todoCount(accountId: number): Promise<TodoCount> {
      const rows = await db.select({ activity: wfTodo.activity, n: sql<number>`count(*)::int`, overdue: sql<number>`count(*) filter (where ${wfTodo.dueAt} < ${now().toISOString()}::timestamptz)::int` })
        .from(wfTodo).where(eq(wfTodo.accountId, accountId)).groupBy(wfTodo.activity);
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
