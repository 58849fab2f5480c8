import { and, asc, eq, getTableColumns, inArray, isNull, or, sql, type SQL, type Table } from 'drizzle-orm';
import type { InstanceAction, InstanceStatus } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { execute } from '../../../db/execute';
import { accounts, formDrafts, wfDefinitions, wfExecutions, wfHistory, wfInstances, wfJobs, wfTaskCandidates, wfTasks, wfVersions } from '../../../db/schema/index';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import { commonService } from '../../common/service';
import type { WorkflowSettings } from '@bencao/contracts';
import { activeAccountSql, activeListenersJson, resolveParticipants, settingsOf, workflowEvent, type ActiveListener, type WorkflowEvent } from '../admin/index';
import { evalCondition, nameOf, type ModelElement, type ModelFlow, type ProcessModel, type TimerSpec } from './model';
import { addDuration, dueAtOf, parseCycle, parseDuration, parseIsoDate, plusWorkingDays, type AddWorkingDays } from './time';
import { ConditionError, conditionFailure } from './incidents';
import { CelLimitError } from '@bencao/contracts/celBudget';

/**
 * The interpreter. Every change to an instance runs in one transaction that first takes the instance
 * row lock (SELECT … FOR UPDATE), so two server processes never advance an instance twice. State is
 * rows: one execution per activity instance (running = a token is there), tasks, jobs, history.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type InstanceRow = typeof wfInstances.$inferSelect;
export type ExecutionRow = typeof wfExecutions.$inferSelect;
export type TaskRow = typeof wfTasks.$inferSelect;
export type JobRow = typeof wfJobs.$inferSelect;

export interface Actor { accountId: number | null; name: string | null }
export const SYSTEM: Actor = { accountId: null, name: null };

const MAX_CALL_DEPTH = 10;
const ACTIVE: InstanceStatus[] = ['running', 'suspended'];
const MI_BODY = 'multiInstanceBody';

interface Ctx {
  tx: Tx;
  now: Date;
  inst: InstanceRow;
  model: ProcessModel;
  actor: Actor;
  depth: number;
}

// ---------- models of versions (immutable: cached by version id) ----------

// keyed by version id + definition key + version number: one process may hold several databases (tests, bench)
const modelCache = new Map<string, ProcessModel>();
export async function modelOf(q: Tx | Db, versionId: number, definitionKey: string, version: number): Promise<ProcessModel> {
  const key = `${versionId}|${definitionKey}|${version}`;
  const hit = modelCache.get(key);
  if (hit) return hit;
  const [v] = await q.select({ model: wfVersions.model }).from(wfVersions).where(eq(wfVersions.id, versionId));
  if (!v) throw notFound();
  const model = v.model as ProcessModel;
  if (modelCache.size > 500) modelCache.clear();
  modelCache.set(key, model);
  return model;
}

// ---------- small helpers ----------

export const illegal = (action: InstanceAction | 'complete', target: 'instance' | 'execution', status: string) =>
  new AppError(409, 'workflow.illegalAction', { action: `workflow.action.${action}`, target: `workflow.target.${target}`, status: `workflow.status.${status}` });

/**
 * Locks the instance `start` names and, first, every instance above it (call activities), outermost
 * first: a child that completes advances its parent, and a parent that is hung up or ended cascades to
 * its children, so every path takes the locks parent before child — two processes never wait on each
 * other in opposite orders. `parent_instance_id` never changes, so the chain can be read before the locks.
 */
async function lockChain(tx: Tx, start: ReturnType<typeof sql>): Promise<InstanceRow | undefined> {
  const rows = await tx.select({ i: wfInstances }).from(wfInstances)
    .innerJoin(sql`(with recursive up(id, depth) as (
        select i.id, 0 from wf_instances i where i.id = ${start}
        union all
        select p.parent_instance_id, up.depth + 1 from up join wf_instances p on p.id = up.id where p.parent_instance_id is not null
      ) select id, depth from up) chain`, sql`chain.id = ${wfInstances.id}`)
    .orderBy(sql`chain.depth desc`)
    .for('update', { of: wfInstances });
  return rows.at(-1)?.i;
}

/**
 * `lockChain` for the common case in one plain statement: an instance without a parent is locked by
 * `SELECT … FOR UPDATE` alone, and the same statement reads the settings and the enabled listeners the
 * step will need (they are not guarded by the instance lock; `shared()` answers them from here).
 * An instance with a parent (or none at all) falls back to `lockChain`.
 */
async function lockAt(tx: Tx, start: ReturnType<typeof sql>): Promise<InstanceRow | undefined> {
  const [r] = await tx.select({
    i: wfInstances,
    settings: sql<unknown>`(select value from wf_settings where id = 1)`,
    listeners: sql<ActiveListener[] | null>`${activeListenersJson}`,
  }).from(wfInstances)
    .where(and(sql`${wfInstances.id} = ${start}`, isNull(wfInstances.parentInstanceId)))
    .for('update', { of: wfInstances });
  if (!r) return lockChain(tx, start);
  txState(tx).shared ??= Promise.resolve({ settings: settingsOf(r.settings), listeners: r.listeners ?? [] });
  return r.i;
}

/**
 * `lockAt` and the read of a task with its execution in one statement, for a task of an instance without
 * a parent (else undefined: the caller locks the chain and reads them after). The instance row is locked
 * first, by the materialized CTE; the task and execution rows are then locked too (`FOR NO KEY UPDATE`,
 * as the completion's own updates of them would), so a change committed while this statement waited for
 * the instance lock is re-read (PostgreSQL re-checks a locked row that changed against its newest version)
 * and the answer is as fresh as a read sent after the lock. Every writer of those rows holds the instance
 * lock, taken first here too, so the extra locks add no new wait order.
 */
async function lockWithTask(tx: Tx, taskId: number, now: Date): Promise<{ inst: InstanceRow; task: TaskRow; ex: ExecutionRow } | undefined> {
  const res = await execute<{ i: Record<string, unknown>; settings: unknown; listeners: ActiveListener[] | null; t: Record<string, unknown>; e: Record<string, unknown>; starter_active: boolean | null }>(tx, sql`
    with l as materialized (
      select i, (select value from wf_settings where id = 1) as settings, ${activeListenersJson} as listeners
        from wf_instances i
       where i.id = (select instance_id from wf_tasks where id = ${taskId}) and i.parent_instance_id is null
         for update of i)
    select row_to_json(l.i) as i, l.settings, l.listeners, row_to_json(t) as t, row_to_json(e) as e,
           (select ${activeAccountSql(now)} from accounts a where a.id = (l.i).starter_id) as starter_active
      from l join wf_tasks t on t.id = ${taskId} join wf_executions e on e.id = t.execution_id
       for no key update of t, e`);
  const r = res.rows[0];
  if (!r) return undefined;
  const st = txState(tx);
  st.shared ??= Promise.resolve({ settings: settingsOf(r.settings), listeners: r.listeners ?? [] });
  // whether the starter may take a task, known without a query of its own (the starter is the commonest participant)
  const starterId = (r.i as { starter_id: number | null }).starter_id;
  if (starterId !== null && r.starter_active !== null) st.knownAccounts = { now, active: new Map([[starterId, r.starter_active]]) };
  return { inst: rowOf<InstanceRow>(wfInstances, r.i), task: rowOf<TaskRow>(wfTasks, r.t), ex: rowOf<ExecutionRow>(wfExecutions, r.e) };
}

async function lockInstance(tx: Tx, id: number): Promise<InstanceRow> {
  const row = await lockAt(tx, sql`${id}`);
  if (!row) throw notFound();
  return row;
}

async function ctxFor(tx: Tx, instanceId: number, now: Date, actor: Actor, depth = 0): Promise<Ctx> {
  const inst = await lockInstance(tx, instanceId);
  return { tx, now, inst, model: await modelOf(tx, inst.versionId, inst.definitionKey, inst.version), actor, depth };
}

/** the step's context on the instance of a task, with the task and its execution as they are under the lock */
async function ctxForTask(tx: Tx, taskId: number, now: Date, actor: Actor): Promise<{ c: Ctx; task: TaskRow; ex: ExecutionRow }> {
  let locked = await lockWithTask(tx, taskId, now);
  if (!locked) {
    // an instance with a parent (the lock chain), or no such task
    const inst = await lockAt(tx, sql`(select instance_id from wf_tasks where id = ${taskId})`);
    if (!inst) throw notFound();
    const [r] = await tx.select({ task: wfTasks, ex: wfExecutions }).from(wfTasks)
      .innerJoin(wfExecutions, eq(wfExecutions.id, wfTasks.executionId)).where(eq(wfTasks.id, taskId));
    locked = { inst, ...r };
  }
  const { inst, task, ex } = locked;
  return { c: { tx, now, inst, model: await modelOf(tx, inst.versionId, inst.definitionKey, inst.version), actor, depth: 0 }, task, ex };
}

// ---------- what one transaction loads once and writes at the end ----------

interface TxState {
  /** the settings and the enabled listeners, read in one query the first time a step needs either */
  shared?: Promise<{ settings: WorkflowSettings; listeners: ActiveListener[] }>;
  /** history rows, inserted in one statement by `flushHistory` (save() calls it) */
  history: (typeof wfHistory.$inferInsert)[];
  /** new jobs (timers, deadlines, reminders), written with the history; `flushJobs` first wherever jobs are changed */
  jobs: (typeof wfJobs.$inferInsert)[];
  /** other data-modifying statements whose rows nothing in the step reads back (notifications: `queueWrite`), written with the history */
  writes: SQL[];
  /** accounts whose activeness a statement already read (at `now`): participants' rules resolve them without a query */
  knownAccounts?: { now: Date; active: ReadonlyMap<number, boolean> };
  /** a group of timers fired in one transaction: save() leaves the history to one write at the group's end */
  deferHistory?: boolean;
  /**
   * the end of the activity a token just left (`endSql`), not yet sent: `leave` hands it to the next user
   * task's insert (one statement); `flushEnding` sends it alone wherever anything else could read it first
   */
  ending?: SQL;
}
const txStates = new WeakMap<object, TxState>();
function txState(tx: Tx): TxState {
  let st = txStates.get(tx);
  if (!st) txStates.set(tx, (st = { history: [], jobs: [], writes: [] }));
  return st;
}
/** sends the deferred end of an activity (see `TxState.ending`) on its own */
async function flushEnding(tx: Tx) {
  const st = txStates.get(tx);
  const ending = st?.ending;
  if (!ending) return;
  st.ending = undefined;
  await execute(tx, sql`with ${ending} select 1`);
}
/** the WITH items of a deferred end (taken), or null */
function takeEnding(tx: Tx): SQL | null {
  const st = txStates.get(tx);
  const ending = st?.ending ?? null;
  if (st) st.ending = undefined;
  return ending;
}

/** a row of `table` from `row_to_json(…)` of it (column names as keys), mapped as drizzle maps a selected row */
const columnsCache = new WeakMap<Table, [string, { name: string; mapFromDriverValue(v: unknown): unknown }][]>();
function rowOf<T>(table: Table, raw: Record<string, unknown>): T {
  let cols = columnsCache.get(table);
  if (!cols) columnsCache.set(table, (cols = Object.entries(getTableColumns(table))));
  const out: Record<string, unknown> = {};
  for (const [key, col] of cols) {
    const v = raw[col.name];
    out[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
  }
  return out as T;
}
function shared(tx: Tx) {
  const st = txState(tx);
  st.shared ??= execute<{ settings: unknown; listeners: ActiveListener[] }>(tx, 
    sql`select (select value from wf_settings where id = 1) as settings, ${activeListenersJson} as listeners`,
  ).then((r) => ({ settings: settingsOf(r.rows[0]?.settings), listeners: r.rows[0]?.listeners ?? [] }));
  return st.shared;
}
/** the workflow settings as this transaction first saw them */
export const settingsIn = async (tx: Tx) => (await shared(tx)).settings;

/** history is buffered per transaction and written by `flushHistory` (save() calls it; so must any step that reads wf_history back) */
function hist(c: Ctx, action: string, f: { executionId?: number | null; taskId?: number | null; elementId?: string | null; comment?: string | null; data?: Record<string, unknown> | null; actor?: Actor } = {}) {
  const actor = f.actor ?? c.actor;
  txState(c.tx).history.push({
    instanceId: c.inst.id, executionId: f.executionId ?? null, taskId: f.taskId ?? null, elementId: f.elementId ?? null,
    actorId: actor.accountId, actorName: actor.name, action, comment: f.comment ?? null, data: f.data ?? null, at: c.now,
  });
}
/** writes the buffered history and the buffered new jobs: one statement (a data-modifying WITH) when there are both */
export async function flushHistory(tx: Tx) {
  await flushEnding(tx);
  const st = txState(tx);
  if (st.writes.length) {
    await execute(tx, sql`with ${pendingWrites(tx)} select 1`);
    return;
  }
  const history = st.history.splice(0);
  const jobs = st.jobs.splice(0);
  if (history.length && jobs.length) {
    await execute(tx, sql`with h as (${historyInsert(history)}) ${tx.insert(wfJobs).values(jobs).getSQL()}`);
  } else if (history.length) await execute(tx, historyInsert(history));
  else if (jobs.length) await tx.insert(wfJobs).values(jobs);
}
/** new jobs are buffered per transaction (`queueJobs`) and written by `flushHistory`; every step that changes jobs flushes them first */
export function queueJobs(tx: Tx, rows: (typeof wfJobs.$inferInsert)[]) {
  txState(tx).jobs.push(...rows);
}
/** a data-modifying statement whose rows nothing in this transaction reads back: written with the history (save() or `flushHistory`) */
export function queueWrite(tx: Tx, statement: SQL) {
  txState(tx).writes.push(statement);
}
async function flushJobs(tx: Tx) {
  if (txState(tx).jobs.length) await flushHistory(tx);
}

async function emit(c: Ctx, type: WorkflowEvent['type'], extra: Partial<WorkflowEvent> = {}) {
  await workflowEvent(c.tx, {
    type, definitionKey: c.inst.definitionKey, definitionName: c.inst.definitionName, instanceId: c.inst.id,
    businessKey: c.inst.businessKey, starterAccountId: c.inst.starterId, variables: c.inst.variables, at: c.now, ...extra,
  }, (await shared(c.tx)).listeners);
}

const addWorkingDaysOf = (tx: Tx): AddWorkingDays => async (date, days) =>
  (await commonService(tx as unknown as Db).addWorkingDays(date, days)).result;

async function timerDue(c: Ctx, spec: TimerSpec): Promise<Date> {
  switch (spec.kind) {
    case 'duration': return addDuration(c.now, parseDuration(spec.value)!);
    case 'date': return parseIsoDate(spec.value)!;
    case 'workingDays': return plusWorkingDays(c.now, spec.days, addWorkingDaysOf(c.tx));
    case 'cycle': {
      const cy = parseCycle(spec.value)!;
      return cy.start && cy.start > c.now ? cy.start : addDuration(c.now, cy.duration);
    }
  }
}

async function addJob(c: Ctx, j: { kind: string; executionId?: number | null; elementId?: string | null; dueAt: Date; payload?: Record<string, unknown> }) {
  queueJobs(c.tx, [{
    kind: j.kind, instanceId: c.inst.id, executionId: j.executionId ?? null, elementId: j.elementId ?? null, definitionId: c.inst.definitionId,
    dueAt: j.dueAt, payload: j.payload ?? {}, status: c.inst.status === 'suspended' ? 'held' : 'pending', createdAt: c.now,
  }]);
}

async function newExec(c: Ctx, el: { id: string; type: string }, parentId: number | null, flowId: string | null, extra: Partial<typeof wfExecutions.$inferInsert> = {}) {
  await flushEnding(c.tx);
  const [row] = await c.tx.insert(wfExecutions).values({
    instanceId: c.inst.id, parentId, elementId: el.id, elementType: el.type, status: 'running', incomingFlowId: flowId, startedAt: c.now, ...extra,
  }).returning();
  return row;
}

/**
 * ends an activity instance and cancels its timers, deadline and service call (one statement); `also`: a
 * data-modifying statement of the same step that goes with it (the completed task's row)
 */
async function endExec(c: Ctx, id: number, status: InstanceStatus = 'completed', also?: SQL) {
  await flushJobs(c.tx);
  await flushEnding(c.tx);
  await execute(c.tx, sql`with ${endSql(c, id, status, also)} select 1`);
}
/** `endExec`'s writes as WITH items (the buffered jobs must have been written: the cancelling update would not see them) */
function endSql(c: Ctx, id: number, status: InstanceStatus, also?: SQL): SQL {
  return sql`ended as (
      update wf_executions set status = ${status}, ended_at = ${c.now.toISOString()}::timestamptz, joining = false where id = ${id})${also ? sql`, also as (${also})` : sql``},
    cancelled as (update wf_jobs set status = 'cancelled'
     where execution_id = ${id} and status in ('pending', 'held') and kind in ('timer', 'taskDue', 'serviceTask'))`;
}

const scopeIs = (parentId: number | null) => (parentId === null ? isNull(wfExecutions.parentId) : eq(wfExecutions.parentId, parentId));

// ---------- flows ----------

function cond(c: Ctx, f: ModelFlow): boolean {
  if (!f.condition) return true;
  try {
    return evalCondition(f.condition, c.inst.variables);
  } catch (e) {
    const why = e instanceof CelLimitError && e.key === 'cel.budget' ? { key: 'workflow.conditionBudget', params: e.params } : conditionFailure((e as Error).message);
    throw new ConditionError(c.inst.id, f.id, f.source, why.key, { name: f.name ?? f.id, ...why.params });
  }
}

/** the flows a token leaves `el` by: exclusive takes the first, others every true one; the default when none */
function selectFlows(c: Ctx, el: ModelElement): ModelFlow[] {
  const outs = el.outgoing.map((id) => c.model.flows[id]).filter(Boolean);
  if (el.type === 'bpmn:ParallelGateway') return outs;
  const candidates = outs.filter((f) => f.id !== el.defaultFlow);
  let taken: ModelFlow[];
  if (el.type === 'bpmn:ExclusiveGateway') {
    const first = candidates.find((f) => cond(c, f));
    taken = first ? [first] : [];
  } else {
    taken = candidates.filter((f) => cond(c, f));
  }
  if (!taken.length && el.defaultFlow && c.model.flows[el.defaultFlow]) taken = [c.model.flows[el.defaultFlow]];
  if (!taken.length && outs.length) throw badRequest('workflow.noFlowTaken', { name: el.name ?? el.id });
  return taken;
}

async function take(c: Ctx, flows: ModelFlow[], parentId: number | null) {
  for (const f of flows) await enter(c, f.target, parentId, f.id);
}

/** completes the activity instance and moves its token on */
async function leave(c: Ctx, ex: ExecutionRow, el: ModelElement, flows?: ModelFlow[], also?: SQL): Promise<void> {
  const out = flows ?? selectFlows(c, el);
  const next = out.length === 1 ? c.model.elements[out[0].target] : undefined;
  const st = txState(c.tx);
  if (next?.type === 'bpmn:UserTask' && !next.multi && !st.jobs.length && !st.ending) {
    // on to a user task: this activity's end is written by the statement inserting the next one (its
    // participants' lookup in between reads accounts only)
    st.ending = endSql(c, ex.id, 'completed', also);
    return enter(c, out[0].target, ex.parentId, out[0].id);
  }
  await endExec(c, ex.id, 'completed', also);
  if (!out.length) return scopeMaybeDone(c, ex.parentId);
  await take(c, out, ex.parentId);
}

// ---------- entering elements ----------

async function enter(c: Ctx, elementId: string, parentId: number | null, flowId: string | null): Promise<void> {
  const el = c.model.elements[elementId];
  if (!el) throw badRequest('workflow.problem.noOutgoing', { name: elementId });
  switch (el.type) {
    case 'bpmn:StartEvent': {
      const ex = await newExec(c, el, parentId, flowId);
      return leave(c, ex, el);
    }
    case 'bpmn:EndEvent': {
      // entered and left at once: written completed (a new activity instance has no timers to cancel)
      await newExec(c, el, parentId, flowId, { status: 'completed', endedAt: c.now });
      if (el.terminate) return terminateScope(c, parentId);
      return scopeMaybeDone(c, parentId);
    }
    case 'bpmn:UserTask':
      return el.multi ? enterMulti(c, el, parentId, flowId) : enterUserTask(c, el, parentId, flowId);
    case 'bpmn:ServiceTask': {
      const ex = await newExec(c, el, parentId, flowId);
      await armBoundaries(c, el, ex);
      await addJob(c, { kind: 'serviceTask', executionId: ex.id, elementId: el.id, dueAt: c.now });
      return;
    }
    case 'bpmn:ExclusiveGateway': {
      const ex = await newExec(c, el, parentId, flowId);
      return leave(c, ex, el);
    }
    case 'bpmn:ParallelGateway': {
      if (el.incoming.length <= 1) {
        const ex = await newExec(c, el, parentId, flowId);
        return leave(c, ex, el);
      }
      await newExec(c, el, parentId, flowId, { joining: true });
      const waiting = await c.tx.select().from(wfExecutions).where(and(
        eq(wfExecutions.instanceId, c.inst.id), eq(wfExecutions.elementId, el.id), scopeIs(parentId),
        eq(wfExecutions.joining, true), eq(wfExecutions.status, 'running'),
      )).orderBy(asc(wfExecutions.id));
      const perFlow = new Map<string, ExecutionRow>();
      for (const w of waiting) if (!perFlow.has(w.incomingFlowId ?? '')) perFlow.set(w.incomingFlowId ?? '', w);
      if (perFlow.size < el.incoming.length) return;
      for (const w of perFlow.values()) await endExec(c, w.id);
      return take(c, selectFlows(c, el), parentId);
    }
    case 'bpmn:InclusiveGateway': {
      if (el.incoming.length <= 1) {
        const ex = await newExec(c, el, parentId, flowId);
        return leave(c, ex, el);
      }
      // the join fires in settle() once no other token of the scope can still reach it
      await newExec(c, el, parentId, flowId, { joining: true });
      return;
    }
    case 'bpmn:SubProcess': {
      const ex = await newExec(c, el, parentId, flowId);
      await armBoundaries(c, el, ex);
      for (const s of el.starts ?? []) await enter(c, s, ex.id, null);
      return;
    }
    case 'bpmn:CallActivity': {
      const ex = await newExec(c, el, parentId, flowId);
      await armBoundaries(c, el, ex);
      return startChild(c, el, ex);
    }
    case 'bpmn:IntermediateCatchEvent': {
      const ex = await newExec(c, el, parentId, flowId);
      await addJob(c, { kind: 'timer', executionId: ex.id, elementId: el.id, dueAt: await timerDue(c, el.timer!) });
      return;
    }
    case 'bpmn:BoundaryEvent': {
      const ex = await newExec(c, el, parentId, flowId);
      return leave(c, ex, el);
    }
    default:
      throw badRequest('workflow.problem.unsupported', { name: el.name ?? el.id, type: el.type });
  }
}

async function armBoundaries(c: Ctx, el: ModelElement, ex: ExecutionRow) {
  for (const b of el.boundaries ?? []) {
    const be = c.model.elements[b];
    if (be?.timer) await addJob(c, { kind: 'timer', executionId: ex.id, elementId: b, dueAt: await timerDue(c, be.timer), payload: { boundary: true } });
  }
}

// ---------- participants and user tasks ----------

/** the administrator account (onEmpty "admin"): the account `admin`, else the first administrator */
async function administratorId(tx: Tx): Promise<number | null> {
  const [a] = await tx.select({ id: accounts.id }).from(accounts)
    .where(or(eq(accounts.userId, 'admin'), eq(accounts.isAdmin, true))).orderBy(sql`${accounts.userId} <> 'admin'`, asc(accounts.id)).limit(1);
  return a?.id ?? null;
}

/** the accounts of a user task, `onEmpty` applied: null = skip the task */
async function participants(c: Ctx, el: ModelElement): Promise<number[] | null> {
  const a = el.assignment;
  let ids: number[] = [];
  if (a) {
    const known = txState(c.tx).knownAccounts;
    ids = (await resolveParticipants(c.tx, a.rule, { instanceId: c.inst.id, starterAccountId: c.inst.starterId, variables: c.inst.variables, now: c.now,
      knownActive: known?.now.getTime() === c.now.getTime() ? known.active : undefined })).accountIds;
  }
  if (ids.length) return ids;
  const onEmpty = a?.onEmpty ?? 'admin';
  if (onEmpty === 'skip') return null;
  const admin = onEmpty === 'admin' ? await administratorId(c.tx) : null;
  if (!admin) throw badRequest('workflow.noParticipantsFound', { name: el.name ?? el.id });
  return [admin];
}

async function enterUserTask(c: Ctx, el: ModelElement, parentId: number | null, flowId: string | null) {
  const ids = await participants(c, el);
  if (ids === null) {
    const ex = await newExec(c, el, parentId, flowId);
    await hist(c, 'skip', { executionId: ex.id, elementId: el.id });
    return leave(c, ex, el);
  }
  const { ex, task } = await newTask(c, el, parentId, flowId, ids, null, true);
  if (el.assignment?.autoPassSameApprover && ids.length === 1 && ids[0] === c.inst.lastApproverId) {
    await c.tx.update(wfTasks).set({ status: 'completed', completedAt: c.now, completedBy: ids[0], outcome: 'autoPass' }).where(eq(wfTasks.id, task.id));
    await hist(c, 'autoPass', { executionId: ex.id, taskId: task.id, elementId: el.id, actor: { accountId: ids[0], name: null } });
    await emit(c, 'taskComplete', { elementId: el.id, taskId: task.id, taskName: task.name, assigneeAccountId: ids[0] });
    return taskDone(c, ex, el);
  }
}

/** a new user task's deadline: the node's `dueIn`, else the settings' default hours (none: null) */
async function taskDueAt(c: Ctx, el: ModelElement): Promise<Date | null> {
  if (el.dueIn) return dueAtOf(el.dueIn, c.now, addWorkingDaysOf(c.tx));
  const hours = (await settingsIn(c.tx)).timeout.defaultDueHours;
  return hours > 0 ? new Date(c.now.getTime() + hours * 3_600_000) : null;
}

/** creates the task of the activity instance `ex` (already written) for `ids` */
async function createTask(c: Ctx, el: ModelElement, ex: ExecutionRow, ids: number[]): Promise<TaskRow> {
  const dueAt = await taskDueAt(c, el);
  const [task] = await c.tx.insert(wfTasks).values({
    instanceId: c.inst.id, executionId: ex.id, elementId: el.id, name: el.name ?? el.id, definitionKey: c.inst.definitionKey,
    assigneeId: ids.length === 1 ? ids[0] : null, status: c.inst.status === 'suspended' ? 'suspended' : 'open',
    formKey: el.formKey ?? null, buttons: el.buttons ?? null, dueAt, createdAt: c.now,
  }).returning();
  if (ids.length > 1) await c.tx.insert(wfTaskCandidates).values(ids.map((accountId) => ({ taskId: task.id, accountId })));
  await taskCreated(c, el, ex, task, ids);
  return task;
}

/**
 * enters a user task in one statement: its activity instance, its task and candidates inserted together
 * (with the end of the activity the token left, when `leave` deferred it); `boundaries`: arm the node's
 * boundary timers on it (not for the children of a multi-instance body, whose body has them)
 */
async function newTask(c: Ctx, el: ModelElement, parentId: number | null, flowId: string | null, ids: number[], loopCounter: number | null, boundaries: boolean) {
  const dueAt = await taskDueAt(c, el);
  const now = c.now.toISOString();
  const ending = takeEnding(c.tx);
  const res = await execute<{ e: Record<string, unknown>; t: Record<string, unknown> }>(c.tx, sql`with ${ending ? sql`${ending}, ` : sql``}e as (
      insert into wf_executions (instance_id, parent_id, element_id, element_type, status, incoming_flow_id, loop_counter, started_at)
      values (${c.inst.id}, ${parentId}, ${el.id}, ${el.type}, 'running', ${flowId}, ${loopCounter}, ${now}) returning *),
    t as (
      insert into wf_tasks (instance_id, execution_id, element_id, name, definition_key, assignee_id, status, form_key, buttons, due_at, created_at)
      values (${c.inst.id}, (select id from e), ${el.id}, ${el.name ?? el.id}, ${c.inst.definitionKey}, ${ids.length === 1 ? ids[0] : null},
        ${c.inst.status === 'suspended' ? 'suspended' : 'open'}, ${el.formKey ?? null}, ${el.buttons ?? null}, ${dueAt ? dueAt.toISOString() : null}, ${now}) returning *)${
    ids.length > 1 ? sql`,
    cand as (insert into wf_task_candidates (task_id, account_id) select t.id, a from t, unnest(${`{${ids.join(',')}}`}::int[]) a)` : sql``}
    select row_to_json(e) as e, row_to_json(t) as t from e, t`);
  const ex = rowOf<ExecutionRow>(wfExecutions, res.rows[0].e);
  const task = rowOf<TaskRow>(wfTasks, res.rows[0].t);
  if (boundaries) await armBoundaries(c, el, ex);
  await taskCreated(c, el, ex, task, ids);
  return { ex, task };
}

/** what follows a task's insert: history, events, its deadline job, the hooks (notifications, reminders) */
async function taskCreated(c: Ctx, el: ModelElement, ex: ExecutionRow, task: TaskRow, ids: number[]) {
  const name = task.name;
  await hist(c, 'taskCreate', { executionId: ex.id, taskId: task.id, elementId: el.id, data: { assigneeId: task.assigneeId, candidateIds: ids.length > 1 ? ids : [] } });
  await emit(c, 'taskCreate', { elementId: el.id, taskId: task.id, taskName: name, assigneeAccountId: task.assigneeId });
  if (task.assigneeId) await emit(c, 'taskAssign', { elementId: el.id, taskId: task.id, taskName: name, assigneeAccountId: task.assigneeId });
  if (task.dueAt) await addJob(c, { kind: 'taskDue', executionId: ex.id, elementId: el.id, dueAt: task.dueAt, payload: { taskId: task.id } });
  for (const h of taskCreatedHooks) await h(c, task);
}

/** called in the transaction for every task created (modules/workflow/tasks: notifications, reminders) */
export type TaskCreatedHook = (c: Ctx, task: TaskRow) => Promise<void>;
const taskCreatedHooks: TaskCreatedHook[] = [];
export function onTaskCreated(h: TaskCreatedHook) { if (!taskCreatedHooks.includes(h)) taskCreatedHooks.push(h); }

// ---------- multi-instance user tasks ----------

async function enterMulti(c: Ctx, el: ModelElement, parentId: number | null, flowId: string | null) {
  const ids = await participants(c, el);
  if (ids === null) {
    const ex = await newExec(c, { id: el.id, type: MI_BODY }, parentId, flowId);
    await hist(c, 'skip', { executionId: ex.id, elementId: el.id });
    return leave(c, ex, el);
  }
  const sequential = !!el.multi?.sequential;
  const body = await newExec(c, { id: el.id, type: MI_BODY }, parentId, flowId, {
    loop: { total: ids.length, completed: 0, assignees: ids, next: sequential ? 1 : ids.length },
  });
  await armBoundaries(c, el, body);
  for (let i = 0; i < (sequential ? 1 : ids.length); i++) await miChild(c, el, body, i);
}

async function miChild(c: Ctx, el: ModelElement, body: ExecutionRow, i: number) {
  await newTask(c, el, body.id, null, [body.loop!.assignees[i]], i, false);
}

/** a user task's activity instance is done: multi-instance bookkeeping, else move on */
async function taskDone(c: Ctx, ex: ExecutionRow, el: ModelElement) {
  if (ex.parentId === null) return leave(c, ex, el);
  const [body] = await c.tx.select().from(wfExecutions).where(eq(wfExecutions.id, ex.parentId));
  if (!body || body.elementType !== MI_BODY) return leave(c, ex, el);
  await endExec(c, ex.id);
  const loop = { ...body.loop! };
  loop.completed++;
  const m = el.multi!;
  const done = m.completion === 'any' ? loop.completed >= 1
    : m.completion === 'ratio' ? loop.completed / loop.total >= m.ratio - 1e-9
      : loop.completed >= loop.total;
  if (!done && m.sequential && loop.next < loop.total) {
    const i = loop.next++;
    await c.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, body.id));
    return miChild(c, el, { ...body, loop }, i);
  }
  await c.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, body.id));
  const others = await c.tx.select({ id: wfExecutions.id }).from(wfExecutions)
    .where(and(eq(wfExecutions.parentId, body.id), inArray(wfExecutions.status, ACTIVE)));
  if (!done && others.length) return;
  for (const o of others) await cancelTree(c, o.id, 'terminated');
  return leave(c, { ...body, loop }, el);
}

// ---------- call activities ----------

async function startChild(c: Ctx, el: ModelElement, ex: ExecutionRow) {
  if (c.depth + 1 > MAX_CALL_DEPTH) throw badRequest('workflow.callDepth', { max: MAX_CALL_DEPTH });
  const [def] = await c.tx.select().from(wfDefinitions).where(eq(wfDefinitions.key, el.calledElement ?? ''));
  if (!def || !def.latestVersionId) throw badRequest('workflow.notPublished', { name: el.calledElement ?? '' });
  await createInstance(c.tx, {
    definition: def, versionId: def.latestVersionId, now: c.now, actor: c.actor, businessKey: c.inst.businessKey,
    variables: { ...c.inst.variables }, starterId: c.inst.starterId, starterName: c.inst.starterName,
    parentInstanceId: c.inst.id, parentExecutionId: ex.id, depth: c.depth + 1,
  });
}

// ---------- scopes ----------

/** a token of the scope ended: when none is left, the scope (sub-process or process) completes */
async function scopeMaybeDone(c: Ctx, scopeId: number | null): Promise<void> {
  const [{ n }] = await c.tx.select({ n: sql<number>`count(*)::int` }).from(wfExecutions)
    .where(and(eq(wfExecutions.instanceId, c.inst.id), scopeIs(scopeId), inArray(wfExecutions.status, ACTIVE)));
  if (n > 0) return;
  if (scopeId === null) return finishProcess(c, 'completed');
  const [scope] = await c.tx.select().from(wfExecutions).where(eq(wfExecutions.id, scopeId));
  if (!scope || !ACTIVE.includes(scope.status)) return;
  return leave(c, scope, c.model.elements[scope.elementId]);
}

/** a terminate end event: every other token of the scope ends, then the scope completes */
async function terminateScope(c: Ctx, scopeId: number | null) {
  const rows = await c.tx.select({ id: wfExecutions.id }).from(wfExecutions)
    .where(and(eq(wfExecutions.instanceId, c.inst.id), scopeIs(scopeId), inArray(wfExecutions.status, ACTIVE)));
  for (const r of rows) await cancelTree(c, r.id, 'terminated');
  return scopeMaybeDone(c, scopeId);
}

async function descendants(tx: Tx, id: number): Promise<number[]> {
  const res = await execute<{ id: number }>(tx, sql`
    with recursive d(id) as (select id from wf_executions where id = ${id}
      union all select e.id from wf_executions e join d on e.parent_id = d.id)
    select id from d`);
  return res.rows.map((r) => Number(r.id));
}

/** ends an activity instance and everything under it (tasks, timers, called instances) with `status` */
async function cancelTree(c: Ctx, id: number, status: InstanceStatus) {
  const ids = await descendants(c.tx, id);
  const active = await c.tx.select({ id: wfExecutions.id }).from(wfExecutions).where(and(inArray(wfExecutions.id, ids), inArray(wfExecutions.status, ACTIVE)));
  const activeIds = active.map((r) => r.id);
  if (!activeIds.length) return;
  await flushJobs(c.tx);
  await c.tx.update(wfExecutions).set({ status, endedAt: c.now, joining: false }).where(inArray(wfExecutions.id, activeIds));
  await c.tx.update(wfTasks).set({ status: 'cancelled', completedAt: c.now }).where(and(inArray(wfTasks.executionId, activeIds), inArray(wfTasks.status, ['open', 'suspended'])));
  await c.tx.update(wfJobs).set({ status: 'cancelled' }).where(and(inArray(wfJobs.executionId, activeIds), inArray(wfJobs.status, ['pending', 'held'])));
  const children = await c.tx.select({ id: wfInstances.id }).from(wfInstances)
    .where(and(inArray(wfInstances.parentExecutionId, activeIds), inArray(wfInstances.status, ['running', 'suspended', 'notStarted'])));
  for (const ch of children) {
    const cc = await ctxFor(c.tx, ch.id, c.now, c.actor, c.depth + 1);
    await endInstance(cc, status === 'interrupted' ? 'interrupted' : 'terminated', false);
    await save(cc);
  }
}

/** the process ended normally: history, listeners, and the waiting call activity of a parent moves on */
async function finishProcess(c: Ctx, status: InstanceStatus) {
  c.inst.status = status;
  c.inst.endedAt = c.now;
  await flushJobs(c.tx);
  await c.tx.update(wfJobs).set({ status: 'cancelled' }).where(and(eq(wfJobs.instanceId, c.inst.id), inArray(wfJobs.status, ['pending', 'held'])));
  await hist(c, 'end', { data: { status } });
  await emit(c, 'processEnd');
  if (status === 'completed' && c.inst.parentInstanceId && c.inst.parentExecutionId) {
    await save(c);
    const pc = await ctxFor(c.tx, c.inst.parentInstanceId, c.now, c.actor, Math.max(0, c.depth - 1));
    const [pex] = await c.tx.select().from(wfExecutions).where(eq(wfExecutions.id, c.inst.parentExecutionId));
    if (pex && pex.status === 'running' && pc.inst.status === 'running') {
      pc.inst.variables = { ...pc.inst.variables, ...c.inst.variables };
      await leave(pc, pex, pc.model.elements[pex.elementId]);
      await settle(pc);
    }
    await save(pc);
  }
}

// ---------- inclusive joins ----------

const reachCache = new WeakMap<ProcessModel, Map<string, boolean>>();
/** can a token at `from` still arrive at `to` (same scope; boundary events count)? */
function canReach(model: ProcessModel, from: string, to: string): boolean {
  let cache = reachCache.get(model);
  if (!cache) reachCache.set(model, (cache = new Map()));
  const key = `${from}>${to}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const seen = new Set<string>();
  const stack = [from];
  let found = false;
  while (stack.length && !found) {
    const id = stack.pop()!;
    const el = model.elements[id];
    if (!el) continue;
    const next = [...el.outgoing.map((f) => model.flows[f]?.target), ...(el.boundaries ?? [])];
    for (const n of next) {
      if (!n || seen.has(n)) continue;
      if (n === to) { found = true; break; }
      seen.add(n);
      stack.push(n);
    }
  }
  cache.set(key, found);
  return found;
}

/** fires every inclusive join that no other token of its scope can still reach */
const hasInclusiveJoin = (m: ProcessModel) => Object.values(m.elements).some((e) => e.type === 'bpmn:InclusiveGateway' && e.incoming.length > 1);
async function settle(c: Ctx) {
  if (c.inst.status !== 'running' || !hasInclusiveJoin(c.model)) return;
  for (let round = 0; round < 100; round++) {
    const joins = await c.tx.select().from(wfExecutions).where(and(
      eq(wfExecutions.instanceId, c.inst.id), eq(wfExecutions.joining, true), eq(wfExecutions.status, 'running'),
      eq(wfExecutions.elementType, 'bpmn:InclusiveGateway'),
    )).orderBy(asc(wfExecutions.id));
    if (!joins.length) return;
    let fired = false;
    const groups = new Map<string, ExecutionRow[]>();
    for (const j of joins) {
      const k = `${j.elementId}|${j.parentId ?? ''}`;
      groups.set(k, [...(groups.get(k) ?? []), j]);
    }
    for (const rows of groups.values()) {
      const { elementId, parentId } = rows[0];
      const tokens = await c.tx.select({ elementId: wfExecutions.elementId, joining: wfExecutions.joining }).from(wfExecutions).where(and(
        eq(wfExecutions.instanceId, c.inst.id), scopeIs(parentId), inArray(wfExecutions.status, ACTIVE),
      ));
      const blocked = tokens.some((t) => !(t.joining && t.elementId === elementId) && canReach(c.model, t.elementId, elementId));
      if (blocked) continue;
      for (const r of rows) await endExec(c, r.id);
      await take(c, selectFlows(c, c.model.elements[elementId]), parentId);
      fired = true;
      break;
    }
    if (!fired) return;
  }
}

// ---------- saving ----------

/** element id → shown name, for the elements whose name differs from their id (per immutable model) */
const namesCache = new WeakMap<ProcessModel, string>();
function namesJson(model: ProcessModel): string {
  let json = namesCache.get(model);
  if (json === undefined) {
    const names: Record<string, string> = {};
    for (const id of Object.keys(model.elements)) { const n = nameOf(model, id); if (n !== id) names[id] = n; }
    namesCache.set(model, (json = JSON.stringify(names)));
  }
  return json;
}

/** the history rows' insert, written as SQL (every completion and timer sends one: drizzle's insert builder cost ~4× the template) */
function historyInsert(rows: (typeof wfHistory.$inferInsert)[]): SQL {
  return sql`insert into wf_history (instance_id, execution_id, task_id, element_id, actor_id, actor_name, action, comment, data, at) values ${sql.join(rows.map((h) => sql`(${h.instanceId}, ${h.executionId ?? null}, ${h.taskId ?? null}, ${h.elementId ?? null}, ${h.actorId ?? null}, ${h.actorName ?? null}, ${h.action}, ${h.comment ?? null}, ${h.data == null ? null : JSON.stringify(h.data)}::jsonb, ${h.at.toISOString()}::timestamptz)`), sql`, `)}`;
}

/** the buffered history and new jobs as data-modifying WITH items (taken from the buffers); null when both are empty */
function pendingWrites(tx: Tx) {
  const st = txState(tx);
  const history = st.history.splice(0);
  const jobs = st.jobs.splice(0);
  const items = [
    ...(history.length ? [sql`h as (${historyInsert(history)})`] : []),
    ...(jobs.length ? [sql`j as (${tx.insert(wfJobs).values(jobs).getSQL()})`] : []),
    ...st.writes.splice(0).map((w, i) => sql`w${sql.raw(String(i))} as (${w})`),
  ];
  return items.length ? sql.join(items, sql`, `) : null;
}

/**
 * writes the instance row with its current nodes computed by the same statement, and the buffered history
 * and new jobs with it (one statement: a data-modifying WITH); `last`: the transaction's last statement, which
 * commits it (db/execute.ts)
 */
async function save(c: Ctx, last = false) {
  await flushEnding(c.tx);
  const writes = txState(c.tx).deferHistory ? null : pendingWrites(c.tx);
  // the names of the active activities (sub-processes aside), each once, in the order they were entered
  const currentNodes = sql<string[]>`(select coalesce(jsonb_agg(s.n order by s.m), '[]'::jsonb) from (
      select coalesce(${namesJson(c.model)}::jsonb ->> e.element_id, e.element_id) as n, min(e.id) as m from wf_executions e
       where e.instance_id = ${c.inst.id} and e.status in ('running', 'suspended') and e.element_type <> 'bpmn:SubProcess'
       group by 1) s)`;
  // written as SQL, not with drizzle's update builder: it runs once per step
  const update = sql`update wf_instances set status = ${c.inst.status}, variables = ${JSON.stringify(c.inst.variables)}::jsonb, current_nodes = ${currentNodes},
      ended_at = ${c.inst.endedAt ? c.inst.endedAt.toISOString() : null}::timestamptz, last_approver_id = ${c.inst.lastApproverId}::int, updated_at = ${c.now.toISOString()}::timestamptz
    where id = ${c.inst.id} returning current_nodes`;
  c.inst.currentNodes = (await execute<{ current_nodes: string[] }>(c.tx, writes ? sql`with ${writes} ${update}` : update, { last })).rows[0]?.current_nodes ?? [];
  c.inst.updatedAt = c.now;
}

/**
 * `save()` for several instances at once (a group of timers): their rows in one multi-row UPDATE, with the
 * buffered history and new jobs in the same statement; just the buffers when there is no instance
 */
async function saveMany(tx: Tx, cs: Ctx[], now: Date) {
  await flushEnding(tx);
  if (!cs.length) return flushHistory(tx);
  const writes = pendingWrites(tx);
  const values = sql.join(cs.map((c) => sql`(${c.inst.id}::int, ${c.inst.status}::text, ${JSON.stringify(c.inst.variables)}::jsonb, ${namesJson(c.model)}::jsonb,
    ${c.inst.endedAt ? c.inst.endedAt.toISOString() : null}::timestamptz, ${c.inst.lastApproverId}::int)`), sql`, `);
  const res = await execute<{ id: number; current_nodes: string[] }>(tx, sql`${writes ? sql`with ${writes} ` : sql``}update wf_instances i
       set status = v.status, variables = v.variables, ended_at = v.ended_at, last_approver_id = v.last_approver_id, updated_at = ${now.toISOString()}::timestamptz,
           current_nodes = (select coalesce(jsonb_agg(s.n order by s.m), '[]'::jsonb) from (
             select coalesce(v.names ->> e.element_id, e.element_id) as n, min(e.id) as m from wf_executions e
              where e.instance_id = i.id and e.status in ('running', 'suspended') and e.element_type <> 'bpmn:SubProcess'
              group by 1) s)
      from (values ${values}) v(id, status, variables, names, ended_at, last_approver_id)
     where i.id = v.id
    returning i.id, i.current_nodes`);
  const nodes = new Map(res.rows.map((r) => [Number(r.id), r.current_nodes]));
  for (const c of cs) { c.inst.currentNodes = nodes.get(c.inst.id) ?? []; c.inst.updatedAt = now; }
}

// ---------- operations ----------

export interface CreateInstanceInput {
  definition: typeof wfDefinitions.$inferSelect;
  versionId: number;
  now: Date;
  actor: Actor;
  businessKey: string | null;
  variables: Record<string, unknown>;
  starterId: number | null;
  starterName: string | null;
  parentInstanceId?: number | null;
  parentExecutionId?: number | null;
  depth?: number;
  /** a timer start event; default: the none start events */
  startElementId?: string;
}

/** creates and runs a new instance inside `tx` (its row is new, so nobody else can hold its lock) */
export async function createInstance(tx: Tx, i: CreateInstanceInput): Promise<InstanceRow> {
  const [v] = await tx.select({ version: wfVersions.version }).from(wfVersions).where(eq(wfVersions.id, i.versionId));
  const model = await modelOf(tx, i.versionId, i.definition.key, v.version);
  const [inst] = await tx.insert(wfInstances).values({
    definitionId: i.definition.id, versionId: i.versionId, definitionKey: i.definition.key, definitionName: i.definition.name,
    version: v.version, businessKey: i.businessKey, status: 'running', starterId: i.starterId, starterName: i.starterName,
    variables: i.variables, parentInstanceId: i.parentInstanceId ?? null, parentExecutionId: i.parentExecutionId ?? null,
    startedAt: i.now, updatedAt: i.now,
  }).returning();
  await execute(tx, sql`select id from wf_instances where id = ${inst.id} for update`);
  const c: Ctx = { tx, now: i.now, inst, model, actor: i.actor, depth: i.depth ?? 0 };
  await hist(c, 'start', { data: { businessKey: i.businessKey, parentInstanceId: i.parentInstanceId ?? null } });
  await emit(c, 'processStart');
  const starts = i.startElementId ? [i.startElementId] : model.starts;
  for (const s of starts) await enter(c, s, null, null);
  await settle(c);
  await save(c);
  return c.inst;
}

/** completes a user task: 409 when it is no longer open; the caller checked who may */
/**
 * `check`: the caller's own refusals (a node that must be signed, variables a form-bound process does not take),
 * run on the rows as they are under the lock, before anything is written — no read of its own before the transaction
 */
export async function completeTask(db: Db, taskId: number, actor: Actor, input: { variables: Record<string, unknown>; comment: string | null; outcome: string | null }, now: Date, mayOverride: boolean,
  check?: (task: TaskRow, model: ProcessModel) => void) {
  return db.transaction(async (tx) => {
    // the instance row lock first (found through the task), then the task and its execution as they are under the lock
    const { c, task, ex } = await ctxForTask(tx, taskId, now, actor);
    check?.(task, c.model);
    if (task.status !== 'open') {
      if (task.status === 'suspended' || c.inst.status !== 'running') throw new AppError(409, 'workflow.instanceNotRunning', { status: `workflow.status.${c.inst.status === 'running' ? 'suspended' : c.inst.status}` });
      throw new AppError(409, 'workflow.taskNotOpen', { status: `workflow.taskStatus.${task.status}` });
    }
    if (c.inst.status !== 'running') throw new AppError(409, 'workflow.instanceNotRunning', { status: `workflow.status.${c.inst.status}` });
    if (!mayOverride && task.assigneeId !== actor.accountId) {
      const cand = task.assigneeId === null && actor.accountId !== null
        ? await tx.select().from(wfTaskCandidates).where(and(eq(wfTaskCandidates.taskId, taskId), eq(wfTaskCandidates.accountId, actor.accountId)))
        : [];
      if (!cand.length) throw new AppError(403, 'workflow.notYourTask');
    }
    if (ex.status !== 'running') throw illegal('complete' as InstanceAction, 'execution', ex.status);
    await keepOverwrites(c, task, input.variables);
    await finishTask(c, task, ex, actor, input);
    await settle(c);
    // the transaction's last statement: its COMMIT goes with it (nothing below can fail)
    await save(c, true);
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

/**
 * A plain completion may set variables (a process without forms has no other data), so a value it changes is
 * kept in the history as a `dataChange` (variable, old, new, who, when) like a form's field — the record shows
 * who moved the data that routes the process, as engines keep every variable update in their history.
 */
async function keepOverwrites(c: Ctx, task: TaskRow, variables: Record<string, unknown>) {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changes = Object.entries(variables ?? {})
    .filter(([k, v]) => k in c.inst.variables && !same(c.inst.variables[k], v))
    .map(([k, v]) => ({ field: k, label: { zh: k, en: k, es: k, ja: k }, old: c.inst.variables[k] ?? null, new: v ?? null }));
  if (changes.length) await hist(c, 'dataChange', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, data: { changes } });
}

async function finishTask(c: Ctx, task: TaskRow, ex: ExecutionRow, actor: Actor, input: { variables: Record<string, unknown>; comment: string | null; outcome: string | null }) {
  const done = c.tx.update(wfTasks).set({
    status: 'completed', completedAt: c.now, completedBy: actor.accountId, completedByName: actor.name,
    outcome: input.outcome, comment: input.comment, assigneeId: task.assigneeId ?? actor.accountId,
  }).where(eq(wfTasks.id, task.id));
  // a task outside a multi-instance body: its row is written by the statement that ends its activity instance
  // (nothing in between reads tasks: the history is buffered, listeners' invocations and participants read no task); else now
  const el = c.model.elements[task.elementId];
  const withEnd = ex.parentId === null && !!el;
  if (!withEnd) await done;
  c.inst.variables = { ...c.inst.variables, ...input.variables, ...(input.outcome ? { outcome: input.outcome } : {}) };
  if (actor.accountId !== null) c.inst.lastApproverId = actor.accountId;
  await hist(c, 'taskComplete', { executionId: ex.id, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { outcome: input.outcome, variables: input.variables }, actor });
  await emit(c, 'taskComplete', { elementId: task.elementId, taskId: task.id, taskName: task.name, assigneeAccountId: actor.accountId });
  if (withEnd) return leave(c, ex, el, undefined, done.getSQL());
  await taskDone(c, ex, el);
}

/**
 * Hands an open task to the organ leader of its assignee (one level up in the administrative view; for
 * a task offered to candidates, the leader of the first). History `escalate` {from, to}; `to` null and
 * the task unchanged when nobody is found.
 */
async function escalateTask(c: Ctx, t: TaskRow): Promise<number | null> {
  const from = t.assigneeId ?? (await c.tx.select({ id: wfTaskCandidates.accountId }).from(wfTaskCandidates)
    .where(eq(wfTaskCandidates.taskId, t.id)).orderBy(asc(wfTaskCandidates.accountId)).limit(1))[0]?.id ?? null;
  const leaders = from === null ? [] : (await resolveParticipants(c.tx, { kind: 'starterLeader', levels: 1, viewId: null },
    { instanceId: c.inst.id, starterAccountId: from, variables: c.inst.variables, now: c.now })).accountIds;
  const to = leaders.find((id) => id !== from) ?? null;
  await hist(c, 'escalate', { executionId: t.executionId, taskId: t.id, elementId: t.elementId, data: { from, to } });
  if (to === null) return null;
  await c.tx.update(wfTasks).set({ assigneeId: to }).where(eq(wfTasks.id, t.id));
  await c.tx.delete(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, t.id));
  await emit(c, 'taskAssign', { elementId: t.elementId, taskId: t.id, taskName: t.name, assigneeAccountId: to });
  return to;
}

/** takes the job row inside the transaction: false when another runner finished or took it */
export async function ownJob(tx: Tx, jobId: number, workerId: string): Promise<JobRow | null> {
  const [j] = await tx.select().from(wfJobs).where(eq(wfJobs.id, jobId)).for('update');
  return j && j.status === 'running' && j.lockedBy === workerId ? j : null;
}
/** marks the job done inside the transaction if it is still this runner's: null when another runner finished or took it */
async function takeJob(tx: Tx, jobId: number, workerId: string, now: Date): Promise<JobRow | null> {
  const [j] = await tx.update(wfJobs).set({ status: 'done', doneAt: now, lockedBy: null, leaseUntil: null })
    .where(and(eq(wfJobs.id, jobId), eq(wfJobs.status, 'running'), eq(wfJobs.lockedBy, workerId))).returning();
  return j ?? null;
}
export async function jobDone(tx: Tx, jobId: number, now: Date, status: 'done' | 'cancelled' | 'held' | 'pending' = 'done') {
  await tx.update(wfJobs).set({ status, doneAt: status === 'done' || status === 'cancelled' ? now : null, lockedBy: null, leaseUntil: null }).where(eq(wfJobs.id, jobId));
}

/**
 * timers (intermediate catch and boundary), task deadlines, service task continuations. Answers true when
 * the job's row was finished (done, held or cancelled) in the same transaction as its effect.
 */
export async function fireInstanceJob(db: Db, job: JobRow, workerId: string, now: Date, serviceVariables?: Record<string, unknown>): Promise<boolean> {
  const instanceId = job.instanceId;
  if (!instanceId) return false;
  await db.transaction(async (tx) => {
    const c = await ctxFor(tx, instanceId, now, SYSTEM);
    // done unless a check below holds or cancels it (all in this transaction)
    await fireLocked(c, await takeJob(tx, job.id, workerId, now), serviceVariables);
  });
  return true;
}

/**
 * Timers of instances without a parent, a group per transaction: the instances locked in id order by one
 * statement, the jobs taken by one, their activity instances read by one; each then fires exactly as
 * `fireInstanceJob` would, and the group's history is written by one statement. Answers the ids of the
 * jobs it finished; the caller runs the others (instances with a parent) one by one, and the whole group
 * one by one when this throws (nothing of it was written then).
 */
export async function fireTimerJobs(db: Db, jobs: JobRow[], workerId: string, now: Date): Promise<Set<number>> {
  const finished = new Set<number>();
  const instanceIds = [...new Set(jobs.flatMap((j) => (j.instanceId === null ? [] : [j.instanceId])))].sort((a, b) => a - b);
  if (!instanceIds.length) return finished;
  await db.transaction(async (tx) => {
    const locked = await tx.select({
      i: wfInstances,
      settings: sql<unknown>`(select value from wf_settings where id = 1)`,
      listeners: sql<ActiveListener[] | null>`${activeListenersJson}`,
    }).from(wfInstances)
      .where(and(inArray(wfInstances.id, instanceIds), isNull(wfInstances.parentInstanceId)))
      .orderBy(asc(wfInstances.id))
      .for('update', { of: wfInstances });
    if (!locked.length) return;
    const st = txState(tx);
    st.shared ??= Promise.resolve({ settings: settingsOf(locked[0].settings), listeners: locked[0].listeners ?? [] });
    const insts = new Map(locked.map((r) => [r.i.id, r.i]));
    const mine = jobs.filter((j) => j.instanceId !== null && insts.has(j.instanceId));
    const taken = new Map((await tx.update(wfJobs).set({ status: 'done', doneAt: now, lockedBy: null, leaseUntil: null })
      .where(and(inArray(wfJobs.id, mine.map((j) => j.id)), eq(wfJobs.status, 'running'), eq(wfJobs.lockedBy, workerId)))
      .returning()).map((j) => [j.id, j]));
    // an instance with one job of the group: its activity instance is read here with the others' (several: each reads its own after the previous fired)
    const perInstance = new Map<number, number>();
    for (const j of mine) perInstance.set(j.instanceId!, (perInstance.get(j.instanceId!) ?? 0) + 1);
    const single = [...taken.values()].filter((j) => perInstance.get(j.instanceId!) === 1 && j.executionId !== null);
    const execs = single.length ? await tx.select().from(wfExecutions).where(inArray(wfExecutions.id, single.map((j) => j.executionId!))) : [];
    const execById = new Map(execs.map((e) => [e.id, e]));
    const ctxs = new Map<number, Ctx>();
    // the instance rows of instances with one job of the group are written together at the end (one statement with the history)
    const deferred: Ctx[] = [];
    st.deferHistory = true;
    for (const job of mine) {
      const inst = insts.get(job.instanceId!)!;
      let c = ctxs.get(inst.id);
      if (!c) ctxs.set(inst.id, (c = { tx, now, inst, model: await modelOf(tx, inst.versionId, inst.definitionKey, inst.version), actor: SYSTEM, depth: 0 }));
      const j = taken.get(job.id) ?? null;
      const pre = j && perInstance.get(inst.id) === 1 ? (j.executionId === null ? null : execById.get(j.executionId) ?? null) : undefined;
      await fireLocked(c, j, undefined, pre, perInstance.get(inst.id) === 1 ? (x) => deferred.push(x) : undefined);
      finished.add(job.id);
    }
    st.deferHistory = false;
    await saveMany(tx, deferred, now);
  });
  return finished;
}

/**
 * a job's effect on its locked instance. `j`: the job as this runner took it, already marked done (null:
 * another runner finished or took it); `pre`: its activity instance when the caller read it under the lock.
 */
async function fireLocked(c: Ctx, j: JobRow | null, serviceVariables?: Record<string, unknown>, pre?: ExecutionRow | null, saveLater?: (c: Ctx) => void): Promise<void> {
  const { tx, now } = c;
  if (!j) return;
  if (c.inst.status === 'suspended') return jobDone(tx, j.id, now, 'held');
  if (c.inst.status !== 'running') return jobDone(tx, j.id, now, 'cancelled');
  const [ex] = pre !== undefined ? (pre ? [pre] : [])
    : j.executionId ? await tx.select().from(wfExecutions).where(eq(wfExecutions.id, j.executionId)) : [];
  if (!ex || !ACTIVE.includes(ex.status)) return jobDone(tx, j.id, now, 'cancelled');
  if (ex.status === 'suspended') return jobDone(tx, j.id, now, 'held');
  const el = c.model.elements[j.elementId ?? ''];
  if (!el) return jobDone(tx, j.id, now, 'cancelled');
  if (j.kind === 'taskDue') {
    const taskId = Number(j.payload.taskId);
    const [t] = await tx.select().from(wfTasks).where(eq(wfTasks.id, taskId));
    if (t && t.status === 'open') {
      // the node's timeout action, else the settings': notify only, pass, reject, or escalate the overdue task
      const action = el.timeoutAction ?? (await settingsIn(tx)).timeout.action;
      await hist(c, 'timeout', { executionId: ex.id, taskId, elementId: el.id, data: { action } });
      await emit(c, 'timeout', { elementId: el.id, taskId, taskName: t.name, assigneeAccountId: t.assigneeId });
      if (action === 'autoPass' || action === 'autoReject') {
        const outcome = action === 'autoPass' ? 'autoPass' : 'reject';
        await finishTask(c, t, ex, SYSTEM, { variables: {}, comment: null, outcome });
      } else if (action === 'escalate') {
        await escalateTask(c, t);
      }
    }
  } else if (j.kind === 'serviceTask') {
    c.inst.variables = { ...c.inst.variables, ...(serviceVariables ?? {}) };
    await hist(c, 'serviceTask', { executionId: ex.id, elementId: el.id, data: { variables: serviceVariables ?? {} } });
    await leave(c, ex, el);
  } else if (el.type === 'bpmn:BoundaryEvent') {
    await hist(c, 'timeout', { executionId: ex.id, elementId: el.id, data: { interrupting: el.cancelActivity !== false } });
    await emit(c, 'timeout', { elementId: el.attachedTo ?? el.id });
    if (el.cancelActivity !== false) await cancelTree(c, ex.id, 'interrupted');
    await enter(c, el.id, ex.parentId, null);
  } else {
    await hist(c, 'timer', { executionId: ex.id, elementId: el.id });
    await leave(c, ex, el);
  }
  await settle(c);
  if (saveLater) saveLater(c);
  else await save(c);
}

/** a timer start event: starts an instance on the definition's newest version and arms the next firing (the job's row is finished in the same transaction) */
export async function fireTimerStart(db: Db, job: JobRow, workerId: string, now: Date): Promise<true> {
  await db.transaction(async (tx) => {
    const j = await ownJob(tx, job.id, workerId);
    if (!j) return;
    await jobDone(tx, j.id, now);
    const [def] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, j.definitionId ?? 0)).for('update');
    if (!def || !def.latestVersionId || def.latestVersionId !== Number(j.payload.versionId)) return;
    if (def.status === 'active') {
      await createInstance(tx, {
        definition: def, versionId: def.latestVersionId, now, actor: SYSTEM, businessKey: null, variables: {},
        starterId: null, starterName: null, startElementId: j.elementId ?? undefined,
      });
    }
    const model = await modelOf(tx, def.latestVersionId, def.key, def.latestVersion);
    const spec = model.elements[j.elementId ?? '']?.timer;
    if (spec?.kind !== 'cycle') return;
    const cy = parseCycle(spec.value)!;
    const left = j.payload.remaining == null ? null : Number(j.payload.remaining) - 1;
    if (left !== null && left <= 0) return;
    await tx.insert(wfJobs).values({
      kind: 'timerStart', definitionId: def.id, elementId: j.elementId, dueAt: addDuration(j.dueAt, cy.duration),
      payload: { versionId: def.latestVersionId, remaining: left }, createdAt: now,
    });
  });
  return true;
}

/** arms the timer start events of a newly published version, cancelling the previous version's */
export async function armTimerStarts(tx: Tx, definitionId: number, versionId: number, model: ProcessModel, now: Date) {
  await tx.update(wfJobs).set({ status: 'cancelled' })
    .where(and(eq(wfJobs.definitionId, definitionId), eq(wfJobs.kind, 'timerStart'), inArray(wfJobs.status, ['pending', 'held'])));
  for (const id of model.timerStarts) {
    const spec = model.elements[id].timer!;
    let dueAt: Date;
    let remaining: number | null = null;
    if (spec.kind === 'cycle') {
      const cy = parseCycle(spec.value)!;
      dueAt = cy.start && cy.start > now ? cy.start : addDuration(now, cy.duration);
      remaining = cy.repeat;
    } else if (spec.kind === 'date') {
      dueAt = parseIsoDate(spec.value)!;
      remaining = 1;
    } else continue;
    await tx.insert(wfJobs).values({ kind: 'timerStart', definitionId, elementId: id, dueAt, payload: { versionId, remaining }, createdAt: now });
  }
}

// ---------- hang up, recover, interrupt, terminate, delete ----------

async function suspendInstance(c: Ctx) {
  c.inst.status = 'suspended';
  await flushJobs(c.tx);
  await c.tx.update(wfTasks).set({ status: 'suspended' }).where(and(eq(wfTasks.instanceId, c.inst.id), eq(wfTasks.status, 'open')));
  await c.tx.update(wfJobs).set({ status: 'held' }).where(and(eq(wfJobs.instanceId, c.inst.id), eq(wfJobs.status, 'pending')));
  await cascadeChildren(c, async (cc) => { if (cc.inst.status === 'running') await suspendInstance(cc); });
}

async function resumeInstance(c: Ctx) {
  c.inst.status = 'running';
  await flushJobs(c.tx);
  const suspendedExecs = c.tx.select({ id: wfExecutions.id }).from(wfExecutions).where(and(eq(wfExecutions.instanceId, c.inst.id), eq(wfExecutions.status, 'suspended')));
  await c.tx.update(wfTasks).set({ status: 'open' }).where(and(eq(wfTasks.instanceId, c.inst.id), eq(wfTasks.status, 'suspended'), sql`${wfTasks.executionId} not in ${suspendedExecs}`));
  // overdue timers fire at the runner's next pass
  await c.tx.update(wfJobs).set({ status: 'pending' }).where(and(eq(wfJobs.instanceId, c.inst.id), eq(wfJobs.status, 'held'),
    or(isNull(wfJobs.executionId), sql`${wfJobs.executionId} not in ${suspendedExecs}`)));
  await cascadeChildren(c, async (cc) => { if (cc.inst.status === 'suspended') await resumeInstance(cc); });
}

async function cascadeChildren(c: Ctx, fn: (cc: Ctx) => Promise<void>) {
  const children = await c.tx.select({ id: wfInstances.id }).from(wfInstances).where(eq(wfInstances.parentInstanceId, c.inst.id));
  for (const ch of children) {
    const cc = await ctxFor(c.tx, ch.id, c.now, c.actor, c.depth + 1);
    await fn(cc);
    await save(cc);
  }
}

async function endInstance(c: Ctx, status: 'interrupted' | 'terminated', history = true) {
  const execs = await c.tx.select({ id: wfExecutions.id }).from(wfExecutions).where(and(eq(wfExecutions.instanceId, c.inst.id), inArray(wfExecutions.status, ACTIVE)));
  const ids = execs.map((e) => e.id);
  if (ids.length) await c.tx.update(wfExecutions).set({ status, endedAt: c.now, joining: false }).where(inArray(wfExecutions.id, ids));
  await flushJobs(c.tx);
  await c.tx.update(wfTasks).set({ status: 'cancelled', completedAt: c.now }).where(and(eq(wfTasks.instanceId, c.inst.id), inArray(wfTasks.status, ['open', 'suspended'])));
  await c.tx.update(wfJobs).set({ status: 'cancelled' }).where(and(eq(wfJobs.instanceId, c.inst.id), inArray(wfJobs.status, ['pending', 'held', 'failed'])));
  // a draft ended from the monitor keeps none of what its starter typed
  await c.tx.delete(formDrafts).where(eq(formDrafts.instanceId, c.inst.id));
  c.inst.status = status;
  c.inst.endedAt = c.now;
  if (!history) await hist(c, status, { data: { cascade: true } });
  await emit(c, 'processEnd');
  await cascadeChildren(c, async (cc) => { if (ACTIVE.includes(cc.inst.status) || cc.inst.status === 'notStarted') await endInstance(cc, status, false); });
}

const ALLOWED: Record<InstanceAction, InstanceStatus[]> = {
  suspend: ['running'],
  resume: ['suspended'],
  interrupt: ['running', 'suspended', 'notStarted'],
  terminate: ['running', 'suspended', 'notStarted'],
  delete: ['completed', 'terminated', 'interrupted'],
};

export async function instanceAction(db: Db, id: number, action: Exclude<InstanceAction, 'delete'>, actor: Actor, now: Date, comment: string | null) {
  return db.transaction(async (tx) => {
    const c = await ctxFor(tx, id, now, actor);
    if (!ALLOWED[action].includes(c.inst.status)) throw illegal(action, 'instance', c.inst.status);
    if (action === 'suspend') await suspendInstance(c);
    else if (action === 'resume') await resumeInstance(c);
    else await endInstance(c, action === 'interrupt' ? 'interrupted' : 'terminated', true);
    await hist(c, action, { comment });
    if (action === 'resume') await settle(c);
    await save(c);
    return { id, status: c.inst.status };
  });
}

export async function deleteInstance(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const inst = await lockInstance(tx, id);
    if (!ALLOWED.delete.includes(inst.status)) throw illegal('delete', 'instance', inst.status);
    const all = await execute<{ id: number }>(tx, sql`
      with recursive d(id) as (select ${id}::int union all select i.id from wf_instances i join d on i.parent_instance_id = d.id)
      select id from d`);
    const ids = all.rows.map((r) => Number(r.id));
    await tx.delete(wfJobs).where(inArray(wfJobs.instanceId, ids));
    await tx.delete(wfInstances).where(inArray(wfInstances.id, ids));
    return { deleted: ids.length };
  });
}

/** the same actions on one activity instance (and everything under it) */
export async function executionAction(db: Db, execId: number, action: Exclude<InstanceAction, 'delete'>, actor: Actor, now: Date, comment: string | null) {
  return db.transaction(async (tx) => {
    const [peek] = await tx.select({ instanceId: wfExecutions.instanceId }).from(wfExecutions).where(eq(wfExecutions.id, execId));
    if (!peek) throw notFound();
    const c = await ctxFor(tx, peek.instanceId, now, actor);
    const [ex] = await tx.select().from(wfExecutions).where(eq(wfExecutions.id, execId));
    if (!ALLOWED[action].includes(ex.status)) throw illegal(action, 'execution', ex.status);
    if (!ACTIVE.includes(c.inst.status)) throw illegal(action, 'instance', c.inst.status);
    const ids = await descendants(tx, execId);
    await flushJobs(tx);
    if (action === 'suspend' || action === 'resume') {
      const [from, to] = action === 'suspend' ? ['running', 'suspended'] as const : ['suspended', 'running'] as const;
      await tx.update(wfExecutions).set({ status: to }).where(and(inArray(wfExecutions.id, ids), eq(wfExecutions.status, from)));
      const live = c.inst.status === 'running' && action === 'resume';
      if (action === 'suspend' || live) {
        await tx.update(wfTasks).set({ status: action === 'suspend' ? 'suspended' : 'open' })
          .where(and(inArray(wfTasks.executionId, ids), eq(wfTasks.status, action === 'suspend' ? 'open' : 'suspended')));
        await tx.update(wfJobs).set({ status: action === 'suspend' ? 'held' : 'pending' })
          .where(and(inArray(wfJobs.executionId, ids), eq(wfJobs.status, action === 'suspend' ? 'pending' : 'held')));
      }
    } else {
      const status = action === 'interrupt' ? 'interrupted' : 'terminated';
      await cancelTree(c, execId, status);
      // the token is gone: an empty scope ends the same way, up to the process
      let scopeId = ex.parentId;
      for (;;) {
        const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(wfExecutions)
          .where(and(eq(wfExecutions.instanceId, c.inst.id), scopeIs(scopeId), inArray(wfExecutions.status, ACTIVE)));
        if (n > 0) break;
        if (scopeId === null) {
          await endInstance(c, status, false);
          break;
        }
        const [scope] = await tx.select().from(wfExecutions).where(eq(wfExecutions.id, scopeId));
        if (scope.elementType === MI_BODY && scope.loop && scope.loop.completed > 0) {
          await leave(c, scope, c.model.elements[scope.elementId]);
          break;
        }
        await tx.update(wfExecutions).set({ status, endedAt: now }).where(eq(wfExecutions.id, scopeId));
        await flushJobs(tx);
        await tx.update(wfJobs).set({ status: 'cancelled' }).where(and(eq(wfJobs.executionId, scopeId), inArray(wfJobs.status, ['pending', 'held'])));
        scopeId = scope.parentId;
      }
    }
    await hist(c, `execution.${action}`, { executionId: execId, elementId: ex.elementId, comment });
    await settle(c);
    await save(c);
    return { id: execId };
  });
}

export { ALLOWED as ACTION_FROM };

/** the interpreter's steps for modules/workflow/tasks (approval actions), always under the instance lock */
export const engineSteps = { ctxFor, ctxForTask, hist, emit, newExec, endExec, createTask, cancelTree, enter, leave, settle, save, finishTask, taskDone, endInstance, participants, miChild, canReach, descendants, timerDue, addJob };
export type EngineCtx = Ctx;
