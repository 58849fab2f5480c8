import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type {
  NotificationKind, TaskAddSignInput, TaskCcInput, TaskDecisionInput, TaskHandOverInput, TaskRemoveSignInput, TaskReturnInput,
} from '@bencao/contracts';
import type { Db } from '../../../db/client';
import {
  accounts, wfCc, wfExecutions, wfHistory, wfInstances, wfSignLinks, wfTaskCandidates, wfTaskDelegations, wfTasks, wfUrges,
} from '../../../db/schema/index';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import { workflowSettings } from '../admin/index';
import { engineSteps as E, onTaskCreated, queueJobs, queueWrite, settingsIn, type Actor, type EngineCtx, type ExecutionRow, type TaskRow, type Tx } from '../engine/runtime';
import type { ModelElement, ProcessModel } from '../engine/model';
import { notify, type NotificationParams } from '../../notification/service';
import { mustBeOpen, mustHold, otherAccount, roleOf } from './guards';

/**
 * The approval actions (issue 11). Each runs in one transaction holding the instance row lock (the
 * engine's rule), checks who may act and the state under that lock, writes history, then lets the
 * engine settle and save. Tasks the step created are announced to their people, with reminders armed.
 */

type Ctx = EngineCtx;
export interface Me { accountId: number; name: string }
const ACTIVE = ['running', 'suspended'] as const;
const MI_BODY = 'multiInstanceBody';
const START_TYPE = 'bpmn:StartEvent';
export const URGE_INTERVAL_MINUTES = 10;
export const REMINDER_JOB = 'workflow.taskReminder';

const actorOf = (me: Me): Actor => ({ accountId: me.accountId, name: me.name });
const link = (taskId: number) => `/bpm/task/todo?task=${taskId}`;
const viewLink = (instanceId: number) => `/bpm/task/done?instance=${instanceId}`;

function paramsOf(c: Ctx, extra: NotificationParams = {}): NotificationParams {
  return { definitionName: c.inst.definitionName, businessKey: c.inst.businessKey ?? '-', actor: c.actor.name ?? '', ...extra };
}

/**
 * What a step writes besides the engine's rows, in the same transaction (the node's form data, the signature
 * manifest): run once the step is saved, so it sees the data as the step leaves it; if it fails, nothing of
 * the step stands (21 CFR Part 11: no approval without its data and its signature).
 */
export type InTransaction = (tx: Tx, c: Ctx) => Promise<void>;
interface StepOptions { arrival?: NotificationKind; inTransaction?: InTransaction }

/** how tasks created inside a step are announced (a return announces "returned to you") */
const arrivals = new WeakMap<object, NotificationKind>();

/** runs `fn` on the locked instance, then settles and saves; the starter hears when it completed */
async function step<T>(db: Db, instanceId: number, now: Date, me: Me, fn: (c: Ctx) => Promise<T>, opts: StepOptions = {}): Promise<T> {
  return stepOn(db, (tx) => E.ctxFor(tx, instanceId, now, actorOf(me)), now, fn, opts);
}

async function stepOn<T>(db: Db, open: (tx: Tx) => Promise<Ctx>, now: Date, fn: (c: Ctx) => Promise<T>, opts: StepOptions = {}): Promise<T> {
  return db.transaction(async (tx) => {
    const c = await open(tx);
    if (opts.arrival) arrivals.set(c, opts.arrival);
    const wasRunning = c.inst.status === 'running';
    const out = await fn(c);
    await E.settle(c);
    // not the transaction's last statement (db/transactionRoundTrips.ts): the hook and the notification follow
    await E.save(c);
    if (opts.inTransaction) await opts.inTransaction(c.tx, c);
    if (wasRunning && c.inst.status === 'completed' && c.inst.starterId) {
      await notify(tx, { accountIds: [c.inst.starterId], kind: 'processEnded', params: paramsOf(c), link: viewLink(c.inst.id) }, now);
    }
    return out;
  });
}

/** every task the engine creates (any route, timers, starts) is announced to its people, with reminders armed */
async function announce(c: Ctx, t: TaskRow) {
  const el = c.model.elements[t.elementId];
  // passed at once by the engine (same approver as the previous step): nothing to announce
  if (el?.assignment?.autoPassSameApprover && t.assigneeId !== null && t.assigneeId === c.inst.lastApproverId) return;
  if (t.status !== 'open') return;
  const people = t.assigneeId ? [t.assigneeId]
    : (await c.tx.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, t.id))).map((r) => r.a);
  // the settings this transaction read with the instance lock (no second read); the row written with the step's history
  await notify(c.tx, { accountIds: people, kind: arrivals.get(c) ?? 'taskArrived', params: paramsOf(c, { taskName: t.name }), link: link(t.id) }, c.now,
    await settingsIn(c.tx), (insert) => queueWrite(c.tx, insert));
  await armReminders(c, t);
}
onTaskCreated(announce);

/** a reminder before the deadline (settings: hours before) and one at the deadline */
export async function armReminders(c: Ctx, t: TaskRow) {
  if (!t.dueAt) return;
  // the settings this transaction already read with the instance lock
  const s = await settingsIn(c.tx);
  const rows: { dueAt: Date; at: 'before' | 'due' }[] = [{ dueAt: t.dueAt, at: 'due' }];
  if (s.reminder.enabled && s.reminder.beforeDueHours > 0) {
    const before = new Date(t.dueAt.getTime() - s.reminder.beforeDueHours * 3_600_000);
    if (before > c.now) rows.push({ dueAt: before, at: 'before' });
  }
  // written with the step's history (one statement when the step saves)
  queueJobs(c.tx, rows.map((r) => ({
    kind: REMINDER_JOB, instanceId: c.inst.id, executionId: t.executionId, elementId: t.elementId, definitionId: c.inst.definitionId,
    dueAt: r.dueAt, payload: { taskId: t.id, at: r.at }, createdAt: c.now,
  })));
}

/** the reminder job: notifies the people of a task still open */
export async function fireReminder(db: Db, payload: Record<string, unknown>, now: Date) {
  const taskId = Number(payload.taskId);
  const [row] = await db.select({ t: wfTasks, i: wfInstances }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId)).where(eq(wfTasks.id, taskId));
  if (!row || row.t.status !== 'open' || row.i.status !== 'running') return;
  const people = row.t.assigneeId ? [row.t.assigneeId]
    : (await db.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, taskId))).map((r) => r.a);
  await notify(db, {
    accountIds: people, kind: payload.at === 'before' ? 'taskDueSoon' : 'taskOverdue', link: link(taskId),
    params: { taskName: row.t.name, definitionName: row.i.definitionName, businessKey: row.i.businessKey ?? '-', dueAt: row.t.dueAt?.toISOString().slice(0, 16).replace('T', ' ') + ' UTC' },
  }, now);
}

/**
 * runs an action on a task: the instance lock first, then the task and its execution as they are under the lock
 * (one statement with the lock for an instance without a parent)
 */
async function onTask<T>(db: Db, taskId: number, now: Date, me: Me, fn: (c: Ctx, task: TaskRow, ex: ExecutionRow) => Promise<T>, opts: StepOptions = {}) {
  let located!: { task: TaskRow; ex: ExecutionRow };
  return stepOn(db, async (tx) => {
    const { c, ...rows } = await E.ctxForTask(tx, taskId, now, actorOf(me));
    located = rows;
    return c;
  }, now, async (c) => {
    mustBeOpen(c.inst, located.task);
    return fn(c, located.task, located.ex);
  }, opts);
}

async function execOf(c: Ctx, id: number): Promise<ExecutionRow> {
  const [ex] = await c.tx.select().from(wfExecutions).where(eq(wfExecutions.id, id));
  if (!ex) throw notFound();
  return ex;
}

async function bodyOf(c: Ctx, ex: ExecutionRow): Promise<ExecutionRow | null> {
  if (ex.parentId === null) return null;
  const parent = await execOf(c, ex.parentId);
  return parent.elementType === MI_BODY ? parent : null;
}

/** the task row is done by the caller (without moving the token) */
async function closeTask(c: Ctx, task: TaskRow, outcome: string, comment: string | null, variables: Record<string, unknown> = {}) {
  await c.tx.update(wfTasks).set({
    status: 'completed', completedAt: c.now, completedBy: c.actor.accountId, completedByName: c.actor.name, outcome, comment,
    assigneeId: task.assigneeId ?? c.actor.accountId,
  }).where(eq(wfTasks.id, task.id));
  await c.tx.delete(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id));
  c.inst.variables = { ...c.inst.variables, ...variables, outcome };
  if (c.actor.accountId !== null) c.inst.lastApproverId = c.actor.accountId;
}

async function waitForSigners(c: Ctx, task: TaskRow) {
  const pending = await c.tx.select({ id: wfTasks.id }).from(wfSignLinks).innerJoin(wfTasks, eq(wfTasks.id, wfSignLinks.taskId))
    .where(and(eq(wfSignLinks.waitingTaskId, task.id), inArray(wfTasks.status, ['open', 'suspended'])));
  if (pending.length) throw new AppError(409, 'workflow.task.waitingForSigners');
}

/**
 * a request returned to its starter (the task of the start event) is a resubmit task: the starter resubmits
 * or revokes it, nothing else (400, before anything changed)
 */
export const isResubmitTask = (model: ProcessModel, task: Pick<TaskRow, 'elementId'>) => model.elements[task.elementId]?.type === START_TYPE;
export function mustNotBeResubmit(model: ProcessModel, task: Pick<TaskRow, 'elementId'>) {
  if (isResubmitTask(model, task)) throw badRequest('workflow.task.resubmitOnly');
}

// ---------- approve, reject ----------

export function approve(db: Db, taskId: number, me: Me, input: TaskDecisionInput, now: Date, inTransaction?: InTransaction) {
  return onTask(db, taskId, now, me, async (c, task, ex) => {
    mustNotBeResubmit(c.model, task);
    await mustHold(c.tx, task, me.accountId);
    await waitForSigners(c, task);
    await c.tx.delete(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id));
    await E.finishTask(c, task, ex, c.actor, { variables: input.variables, comment: input.comment, outcome: 'approve' });
    return { instanceId: c.inst.id, status: c.inst.status };
  }, { inTransaction }).then((r) => ({ instanceId: r.instanceId, status: r.status }));
}

/** do the flows after `el` (through gateways) look at `outcome`? then a rejection follows them */
function routesOutcome(model: ProcessModel, el: ModelElement, depth = 0): boolean {
  if (depth > 4) return false;
  return el.outgoing.some((fid) => {
    const f = model.flows[fid];
    if (!f) return false;
    if (f.condition && /\boutcome\b/.test(f.condition)) return true;
    const t = model.elements[f.target];
    return !!t && /Gateway$/.test(t.type) && routesOutcome(model, t, depth + 1);
  });
}

/**
 * reject (驳回): where the process routes on `outcome` the token follows it; otherwise the process ends
 * rejected. In a multi-instance node: or-sign — the rejection completes the node (credited to the one who
 * rejected, the others' tasks are cancelled); countersign and ratio — one rejection vetoes the node.
 */
export function reject(db: Db, taskId: number, me: Me, input: TaskDecisionInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    mustNotBeResubmit(c.model, task);
    await mustHold(c.tx, task, me.accountId);
    await waitForSigners(c, task);
    const el = c.model.elements[task.elementId];
    const ex = await execOf(c, task.executionId);
    const body = await bodyOf(c, ex);
    await closeTask(c, task, 'reject', input.comment, input.variables);
    await E.hist(c, 'taskComplete', { executionId: ex.id, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { outcome: 'reject', variables: input.variables } });
    await E.emit(c, 'taskComplete', { elementId: task.elementId, taskId: task.id, taskName: task.name, assigneeAccountId: me.accountId });
    let leaving = ex;
    if (body) {
      await E.endExec(c, ex.id);
      const others = await c.tx.select({ id: wfExecutions.id }).from(wfExecutions).where(and(eq(wfExecutions.parentId, body.id), inArray(wfExecutions.status, [...ACTIVE])));
      for (const o of others) await E.cancelTree(c, o.id, 'terminated');
      leaving = { ...body, loop: body.loop ? { ...body.loop, completed: body.loop.completed + 1 } : body.loop };
      await c.tx.update(wfExecutions).set({ loop: leaving.loop }).where(eq(wfExecutions.id, body.id));
    }
    if (routesOutcome(c.model, el)) await E.leave(c, leaving, el);
    else {
      await E.endInstance(c, 'terminated', true);
      await E.hist(c, 'reject', { taskId: task.id, elementId: task.elementId, comment: input.comment });
      if (c.inst.starterId && c.inst.starterId !== me.accountId) {
        await notify(c.tx, { accountIds: [c.inst.starterId], kind: 'rejected', params: paramsOf(c), link: viewLink(c.inst.id) }, c.now);
      }
    }
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

// ---------- return and withdraw: rewinding to a node already passed ----------

/** the scope execution id a task's node lives in (a multi-instance node's body is skipped) */
async function scopeOfTask(c: Ctx, task: TaskRow): Promise<number | null> {
  const ex = await execOf(c, task.executionId);
  const body = await bodyOf(c, ex);
  return body ? body.parentId : ex.parentId;
}

export interface ReturnTarget { elementId: string; name: string }

/** nodes a task may go back to: user tasks already passed in its scope that lead to it, newest first; and the starter */
export async function returnTargets(c: Pick<Ctx, 'tx' | 'inst' | 'model'>, task: TaskRow): Promise<ReturnTarget[]> {
  const el = c.model.elements[task.elementId];
  const passed = await c.tx.select({ elementId: wfHistory.elementId }).from(wfHistory)
    .where(and(eq(wfHistory.instanceId, c.inst.id), inArray(wfHistory.action, ['taskComplete', 'autoPass']))).orderBy(desc(wfHistory.id));
  const out: ReturnTarget[] = [];
  for (const p of passed) {
    const t = p.elementId ? c.model.elements[p.elementId] : null;
    if (!t || t.id === el.id || t.type === START_TYPE || out.some((o) => o.elementId === t.id)) continue;
    if (t.type !== 'bpmn:UserTask' || t.scope !== el.scope || !E.canReach(c.model, t.id, el.id)) continue;
    out.push({ elementId: t.id, name: t.name ?? t.id });
  }
  const start = c.model.starts[0];
  if (c.inst.starterId && start && el.scope === null) out.push({ elementId: start, name: 'workflow.node.start' });
  return out;
}

/**
 * ends every token of the scope the target leads to (sibling branches of a parallel split, pending
 * instances of a multi-instance node, tokens waiting at a join that came from there), then enters the
 * target again; the start event gives the starter a task to resubmit.
 */
async function rewind(c: Ctx, targetId: string, scopeId: number | null) {
  const target = c.model.elements[targetId];
  const tokens = await c.tx.select().from(wfExecutions).where(and(
    eq(wfExecutions.instanceId, c.inst.id), scopeId === null ? isNull(wfExecutions.parentId) : eq(wfExecutions.parentId, scopeId),
    inArray(wfExecutions.status, [...ACTIVE]),
  ));
  const downstream = (elementId: string) => elementId === targetId || target.type === START_TYPE || E.canReach(c.model, targetId, elementId);
  const cancelled: TaskRow[] = [];
  for (const t of tokens) {
    const from = t.joining && t.incomingFlowId ? c.model.flows[t.incomingFlowId]?.source : null;
    const hit = t.joining && from ? downstream(from) : downstream(t.elementId);
    if (!hit) continue;
    const ids = await E.descendants(c.tx, t.id);
    cancelled.push(...await c.tx.select().from(wfTasks).where(and(inArray(wfTasks.executionId, ids), inArray(wfTasks.status, ['open', 'suspended']))));
    await E.cancelTree(c, t.id, 'terminated');
  }
  if (target.type === START_TYPE) {
    const ex = await E.newExec(c, target, null, null);
    await E.createTask(c, target, ex, [c.inst.starterId!]);
  } else {
    await E.enter(c, targetId, scopeId, null);
  }
  return cancelled;
}

export function returnTask(db: Db, taskId: number, me: Me, input: TaskReturnInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    mustNotBeResubmit(c.model, task);
    await mustHold(c.tx, task, me.accountId);
    const targets = await returnTargets(c, task);
    const start = c.model.starts[0];
    let target: ReturnTarget | undefined;
    if (input.target === 'previous') {
      target = targets.find((t) => t.elementId !== start);
      if (!target) throw new AppError(409, 'workflow.task.noPrevious');
    } else if (input.target === 'starter') {
      target = targets.find((t) => t.elementId === start);
      if (!target) throw new AppError(409, 'workflow.task.noPrevious');
    } else {
      target = targets.find((t) => t.elementId === input.target);
      if (!target) throw await whyNotReturnable(c, task, input.target);
    }
    const scopeId = target.elementId === start ? null : await scopeOfTask(c, task);
    await closeTask(c, task, 'return', input.comment);
    await E.hist(c, 'return', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { target: target.elementId } });
    await rewind(c, target.elementId, scopeId);
    return { instanceId: c.inst.id, status: c.inst.status };
  }, { arrival: 'returned' });
}

// ---------- resubmit, revoke: the starter's task after a return to the start ----------

async function mustBeResubmit(c: Ctx, task: TaskRow, me: Me) {
  if (!isResubmitTask(c.model, task)) throw badRequest('workflow.task.notResubmit');
  await mustHold(c.tx, task, me.accountId);
}

/**
 * resubmit (重新提交): the starter sends the returned request on again, with the start form's data
 * (checked by the route against the start form, as at the start) or, without a form, their variables
 */
export function resubmit(db: Db, taskId: number, me: Me, input: TaskDecisionInput, now: Date, inTransaction?: InTransaction) {
  return onTask(db, taskId, now, me, async (c, task) => {
    await mustBeResubmit(c, task, me);
    const ex = await execOf(c, task.executionId);
    await E.finishTask(c, task, ex, c.actor, { variables: input.variables, comment: input.comment, outcome: 'resubmit' });
    return { instanceId: c.inst.id, status: c.inst.status };
  }, { inTransaction });
}

/** revoke (撤销): the starter gives the returned request up; the instance ends (terminated, history `revoke`) */
export function revoke(db: Db, taskId: number, me: Me, comment: string | null, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    await mustBeResubmit(c, task, me);
    await closeTask(c, task, 'revoke', comment);
    await E.endInstance(c, 'terminated', true);
    await E.hist(c, 'revoke', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment });
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

/** why a task cannot go back to `targetId`: the node itself, not reached yet, or on another (completed) branch */
async function whyNotReturnable(c: Ctx, task: TaskRow, targetId: string): Promise<AppError> {
  const t = c.model.elements[targetId];
  const target = t?.name ?? targetId;
  if (!t || t.type !== 'bpmn:UserTask') return new AppError(409, 'workflow.task.badReturnTarget', { target });
  if (t.id === task.elementId) return new AppError(409, 'workflow.task.returnSelf', { target });
  const [passed] = await c.tx.select({ id: wfHistory.id }).from(wfHistory)
    .where(and(eq(wfHistory.instanceId, c.inst.id), eq(wfHistory.elementId, t.id), inArray(wfHistory.action, ['taskComplete', 'autoPass']))).limit(1);
  return new AppError(409, passed ? 'workflow.task.returnOtherBranch' : 'workflow.task.returnNotPassed', { target });
}

/** what the caller may withdraw: the node they completed last, or (the starter) the start, while nobody acted since */
async function withdrawTarget(c: Pick<Ctx, 'tx' | 'inst' | 'model'>, accountId: number, starterMayWithdraw: boolean): Promise<{ elementId: string; historyId: number; executionId: number | null } | 'nextActed' | null> {
  if (c.inst.status !== 'running') return null;
  const acts = await c.tx.select({ id: wfHistory.id, actorId: wfHistory.actorId, elementId: wfHistory.elementId, executionId: wfHistory.executionId, action: wfHistory.action })
    .from(wfHistory).where(and(eq(wfHistory.instanceId, c.inst.id), inArray(wfHistory.action, ['start', 'taskComplete', 'autoPass', 'return', 'reject', 'withdraw'])))
    .orderBy(desc(wfHistory.id)).limit(50);
  const mineAt = acts.findIndex((a) => a.actorId === accountId && a.action === 'taskComplete');
  if (mineAt >= 0) {
    const mine = acts[mineAt];
    const el = mine.elementId ? c.model.elements[mine.elementId] : null;
    if (!el || el.type === START_TYPE) return null;
    return mineAt === 0 ? { elementId: el.id, historyId: mine.id, executionId: mine.executionId } : 'nextActed';
  }
  if (c.inst.starterId === accountId && starterMayWithdraw && c.model.starts[0]) {
    const startAt = acts.findIndex((a) => a.action === 'start' || (a.action === 'taskComplete' && a.elementId === c.model.starts[0]));
    if (startAt < 0) return null;
    return startAt === 0 ? { elementId: c.model.starts[0], historyId: acts[0].id, executionId: null } : 'nextActed';
  }
  return null;
}

export async function mayWithdraw(c: Pick<Ctx, 'tx' | 'inst' | 'model'>, accountId: number) {
  const s = await workflowSettings(c.tx);
  const t = await withdrawTarget(c, accountId, s.starterMayWithdraw);
  return !!t && t !== 'nextActed';
}

/** withdraw (撤回): exactly one of this and the next node's action wins — both hold the instance lock */
export function withdraw(db: Db, instanceId: number, me: Me, comment: string | null, now: Date) {
  return step(db, instanceId, now, me, async (c) => {
    if (c.inst.status !== 'running') throw new AppError(409, 'workflow.task.instanceNotActive', { status: `workflow.status.${c.inst.status}` });
    const s = await workflowSettings(c.tx);
    const t = await withdrawTarget(c, me.accountId, s.starterMayWithdraw);
    if (t === 'nextActed') throw new AppError(409, 'workflow.withdraw.nextActed');
    if (!t) {
      if (c.inst.starterId === me.accountId && !s.starterMayWithdraw) throw new AppError(409, 'workflow.withdraw.starterDisabled');
      throw new AppError(409, 'workflow.withdraw.notAllowed');
    }
    let scopeId: number | null = null;
    if (t.executionId !== null) {
      const ex = await execOf(c, t.executionId);
      const body = await bodyOf(c, ex);
      scopeId = body ? body.parentId : ex.parentId;
    }
    await E.hist(c, 'withdraw', { elementId: t.elementId, comment, data: { target: t.elementId } });
    const cancelled = await rewind(c, t.elementId, scopeId);
    for (const task of cancelled) {
      const people = task.assigneeId ? [task.assigneeId] : (await c.tx.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, task.id))).map((r) => r.a);
      await notify(c.tx, { accountIds: people.filter((p) => p !== me.accountId), kind: 'withdrawn', params: paramsOf(c, { taskName: task.name }), link: viewLink(c.inst.id) }, c.now);
    }
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

// ---------- void, urge ----------

export function voidInstance(db: Db, instanceId: number, me: Me, comment: string | null, now: Date) {
  return step(db, instanceId, now, me, async (c) => {
    if (c.inst.starterId !== me.accountId) throw new AppError(409, 'workflow.void.notStarter');
    if (!['running', 'suspended', 'notStarted'].includes(c.inst.status)) throw new AppError(409, 'workflow.task.instanceNotActive', { status: `workflow.status.${c.inst.status}` });
    const open = await c.tx.select().from(wfTasks).where(and(eq(wfTasks.instanceId, c.inst.id), inArray(wfTasks.status, ['open', 'suspended'])));
    await E.endInstance(c, 'terminated', true);
    await E.hist(c, 'void', { comment });
    const people = open.flatMap((t) => (t.assigneeId ? [t.assigneeId] : []));
    await notify(c.tx, { accountIds: people.filter((p) => p !== me.accountId), kind: 'voided', params: paramsOf(c), link: viewLink(c.inst.id) }, c.now);
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

/** people who took part: acted in its history or held one of its tasks */
export async function tookPart(q: Ctx['tx'] | Db, instanceId: number, accountId: number) {
  const [h] = await q.select({ id: wfHistory.id }).from(wfHistory).where(and(eq(wfHistory.instanceId, instanceId), eq(wfHistory.actorId, accountId))).limit(1);
  if (h) return true;
  const [t] = await q.select({ id: wfTasks.id }).from(wfTasks).where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.assigneeId, accountId))).limit(1);
  return !!t;
}

/** urge (催办): the current assignees are notified; once per instance every URGE_INTERVAL_MINUTES (a row, changed atomically) */
export function urge(db: Db, instanceId: number, me: Me, comment: string | null, now: Date) {
  return step(db, instanceId, now, me, async (c) => {
    if (c.inst.status !== 'running') throw new AppError(409, 'workflow.task.instanceNotActive', { status: `workflow.status.${c.inst.status}` });
    if (c.inst.starterId !== me.accountId && !(await tookPart(c.tx, c.inst.id, me.accountId))) throw new AppError(409, 'workflow.urge.notAllowed');
    const open = await c.tx.select().from(wfTasks).where(and(eq(wfTasks.instanceId, c.inst.id), eq(wfTasks.status, 'open')));
    const people = new Map<number, string>();
    for (const t of open) {
      const ids = t.assigneeId ? [t.assigneeId] : (await c.tx.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, t.id))).map((r) => r.a);
      for (const id of ids) if (id !== me.accountId && !people.has(id)) people.set(id, t.name);
    }
    if (!people.size) throw new AppError(409, 'workflow.urge.nobody');
    const earliest = new Date(now.getTime() - URGE_INTERVAL_MINUTES * 60_000);
    const [won] = await c.tx.insert(wfUrges).values({ instanceId: c.inst.id, count: 1, lastAt: now })
      .onConflictDoUpdate({ target: wfUrges.instanceId, set: { count: sql`${wfUrges.count} + 1`, lastAt: now }, where: sql`${wfUrges.lastAt} <= ${earliest.toISOString()}::timestamptz` })
      .returning({ count: wfUrges.count });
    if (!won) {
      const [u] = await c.tx.select().from(wfUrges).where(eq(wfUrges.instanceId, c.inst.id));
      const minutes = Math.max(1, Math.ceil((u.lastAt.getTime() + URGE_INTERVAL_MINUTES * 60_000 - now.getTime()) / 60_000));
      throw new AppError(409, 'workflow.urge.tooSoon', { minutes });
    }
    await E.hist(c, 'urge', { comment, data: { accountIds: [...people.keys()], count: won.count } });
    for (const [id, taskName] of people) await notify(c.tx, { accountIds: [id], kind: 'urge', params: paramsOf(c, { taskName }), link: null }, c.now);
    return { instanceId: c.inst.id, status: c.inst.status, notified: people.size };
  });
}

// ---------- transfer, delegate, resolve, claim, unclaim, cc ----------

export function transfer(db: Db, taskId: number, me: Me, input: TaskHandOverInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    mustNotBeResubmit(c.model, task);
    await mustHold(c.tx, task, me.accountId);
    const to = await otherAccount(c.tx, input.userId, me.accountId);
    await c.tx.update(wfTasks).set({ assigneeId: to.id }).where(eq(wfTasks.id, task.id));
    await E.hist(c, 'transfer', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { to: to.id, toName: to.name } });
    await notify(c.tx, { accountIds: [to.id], kind: 'transferred', params: paramsOf(c, { taskName: task.name }), link: link(task.id) }, c.now);
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

export function delegate(db: Db, taskId: number, me: Me, input: TaskHandOverInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    mustNotBeResubmit(c.model, task);
    await mustHold(c.tx, task, me.accountId);
    const to = await otherAccount(c.tx, input.userId, me.accountId);
    await c.tx.insert(wfTaskDelegations).values({ taskId: task.id, ownerId: me.accountId, ownerName: me.name, delegateId: to.id, createdAt: c.now });
    await c.tx.update(wfTasks).set({ assigneeId: to.id }).where(eq(wfTasks.id, task.id));
    await E.hist(c, 'delegate', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { to: to.id, toName: to.name } });
    await notify(c.tx, { accountIds: [to.id], kind: 'delegated', params: paramsOf(c, { taskName: task.name }), link: link(task.id) }, c.now);
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

/** the delegate gives the task back to its owner, with their comment and variables */
export function resolve(db: Db, taskId: number, me: Me, input: TaskDecisionInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    const role = await roleOf(c.tx, task, me.accountId);
    if (role !== 'delegate') throw new AppError(409, 'workflow.task.notDelegated');
    const [d] = await c.tx.select().from(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id));
    await c.tx.update(wfTasks).set({ assigneeId: d.ownerId }).where(eq(wfTasks.id, task.id));
    await c.tx.delete(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id));
    c.inst.variables = { ...c.inst.variables, ...input.variables };
    await E.hist(c, 'resolve', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { to: d.ownerId, toName: d.ownerName, variables: input.variables } });
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

export function claim(db: Db, taskId: number, me: Me, comment: string | null, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    const role = await roleOf(c.tx, task, me.accountId);
    if (role !== 'candidate') throw new AppError(409, task.assigneeId ? 'workflow.task.alreadyCompleted' : 'workflow.task.notCandidate', { status: 'workflow.taskStatus.claimed' });
    await c.tx.update(wfTasks).set({ assigneeId: me.accountId, claimedAt: c.now }).where(and(eq(wfTasks.id, task.id), isNull(wfTasks.assigneeId)));
    await E.hist(c, 'claim', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment });
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

export function unclaim(db: Db, taskId: number, me: Me, comment: string | null, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    const [cand] = await c.tx.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, task.id)).limit(1);
    if (task.assigneeId !== me.accountId || !task.claimedAt || !cand) throw new AppError(409, 'workflow.task.notClaimed');
    await c.tx.update(wfTasks).set({ assigneeId: null, claimedAt: null }).where(eq(wfTasks.id, task.id));
    await E.hist(c, 'unclaim', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment });
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

export function cc(db: Db, taskId: number, me: Me, input: TaskCcInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    await mustHold(c.tx, task, me.accountId, true);
    const people = await c.tx.select({ id: accounts.id, name: accounts.userName, status: accounts.status }).from(accounts).where(inArray(accounts.id, input.userIds));
    if (people.length !== new Set(input.userIds).size || people.some((p) => p.status !== 'normal')) throw new AppError(409, 'workflow.task.unknownUser');
    await c.tx.insert(wfCc).values(people.map((p) => ({
      instanceId: c.inst.id, taskId: task.id, accountId: p.id, fromId: me.accountId, fromName: me.name, elementId: task.elementId,
      elementName: task.name, comment: input.comment, createdAt: c.now,
    })));
    await E.hist(c, 'cc', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { to: people.map((p) => p.id), toNames: people.map((p) => p.name) } });
    await notify(c.tx, { accountIds: people.map((p) => p.id), kind: 'cc', params: paramsOf(c), link: `/bpm/task/done?cc=${c.inst.id}` }, c.now);
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

// ---------- add-sign, remove-sign (multi-instance nodes) ----------

async function miOf(c: Ctx, task: TaskRow) {
  const el = c.model.elements[task.elementId];
  const ex = await execOf(c, task.executionId);
  const body = await bodyOf(c, ex);
  if (!el.multi || !body || !body.loop) throw new AppError(409, 'workflow.task.notMultiInstance');
  return { el, ex, body, loop: { ...body.loop, assignees: [...body.loop.assignees] } };
}

async function nameOfAccount(c: Ctx, id: number) {
  const [a] = await c.tx.select({ name: accounts.userName }).from(accounts).where(eq(accounts.id, id));
  return a?.name ?? String(id);
}

/** the people of the node who have an open task or are still queued (sequential) */
async function pendingSigners(c: Ctx, body: ExecutionRow, loop: NonNullable<ExecutionRow['loop']>) {
  const open = await c.tx.select({ id: wfTasks.id, assigneeId: wfTasks.assigneeId, executionId: wfTasks.executionId }).from(wfTasks)
    .innerJoin(wfExecutions, eq(wfExecutions.id, wfTasks.executionId))
    .where(and(eq(wfExecutions.parentId, body.id), inArray(wfTasks.status, ['open', 'suspended'])));
  const queued = loop.assignees.slice(loop.next);
  return { open, queued };
}

export function addSign(db: Db, taskId: number, me: Me, input: TaskAddSignInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    await mustHold(c.tx, task, me.accountId);
    const { el, body, loop } = await miOf(c, task);
    const { open, queued } = await pendingSigners(c, body, loop);
    for (const id of input.userIds) {
      await otherAccount(c.tx, id, me.accountId);
      if (open.some((o) => o.assigneeId === id) || queued.includes(id)) throw new AppError(409, 'workflow.task.alreadySigner', { name: await nameOfAccount(c, id) });
    }
    const sequential = !!el.multi!.sequential;
    for (const id of input.userIds) {
      loop.total++;
      if (sequential && input.position === 'after') {
        loop.assignees.splice(loop.next, 0, id); // acts right after the current signer
        continue;
      }
      // parallel, or "before" in a sequential node: the signer's task is created now
      const i = sequential ? loop.next : loop.assignees.length;
      loop.assignees.splice(i, 0, id);
      if (sequential) loop.next++;
      else loop.next = loop.assignees.length;
      await c.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, body.id));
      const [{ before }] = await c.tx.select({ before: sql<number>`coalesce(max(${wfTasks.id}), 0)::int` }).from(wfTasks).where(eq(wfTasks.instanceId, c.inst.id));
      await E.miChild(c, el, { ...body, loop }, i);
      if (input.position === 'before') {
        const [created] = await c.tx.select({ id: wfTasks.id }).from(wfTasks).where(and(eq(wfTasks.instanceId, c.inst.id), gt(wfTasks.id, before)));
        if (created) await c.tx.insert(wfSignLinks).values({ taskId: created.id, waitingTaskId: task.id });
      }
    }
    await c.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, body.id));
    await E.hist(c, 'addSign', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { userIds: input.userIds, position: input.position } });
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

export function removeSign(db: Db, taskId: number, me: Me, input: TaskRemoveSignInput, now: Date) {
  return onTask(db, taskId, now, me, async (c, task) => {
    await mustHold(c.tx, task, me.accountId);
    const { el, body, loop } = await miOf(c, task);
    const { open, queued } = await pendingSigners(c, body, loop);
    const remaining = open.length + queued.length - input.userIds.length;
    for (const id of input.userIds) {
      if (id === me.accountId) throw new AppError(409, 'workflow.task.removeSelf');
      if (open.some((o) => o.assigneeId === id) || queued.includes(id)) continue;
      const [signed] = await c.tx.select({ id: wfTasks.id }).from(wfTasks).innerJoin(wfExecutions, eq(wfExecutions.id, wfTasks.executionId))
        .where(and(eq(wfExecutions.parentId, body.id), eq(wfTasks.assigneeId, id), eq(wfTasks.status, 'completed'))).limit(1);
      throw new AppError(409, signed ? 'workflow.task.alreadySigned' : 'workflow.task.notSigner', { name: await nameOfAccount(c, id) });
    }
    if (remaining < 1) throw new AppError(409, 'workflow.task.lastSigner');
    for (const id of input.userIds) {
      const o = open.find((x) => x.assigneeId === id);
      if (o) await E.cancelTree(c, o.executionId, 'terminated');
      else {
        const i = loop.assignees.indexOf(id, loop.next);
        if (i >= 0) loop.assignees.splice(i, 1);
      }
      loop.total--;
    }
    await c.tx.update(wfExecutions).set({ loop }).where(eq(wfExecutions.id, body.id));
    await E.hist(c, 'removeSign', { executionId: task.executionId, taskId: task.id, elementId: task.elementId, comment: input.comment, data: { userIds: input.userIds } });
    const m = el.multi!;
    const done = m.completion === 'any' ? loop.completed >= 1 : m.completion === 'ratio' ? loop.completed / loop.total >= m.ratio - 1e-9 : loop.completed >= loop.total;
    if (done) {
      const others = await c.tx.select({ id: wfExecutions.id }).from(wfExecutions).where(and(eq(wfExecutions.parentId, body.id), inArray(wfExecutions.status, [...ACTIVE])));
      for (const x of others) await E.cancelTree(c, x.id, 'terminated');
      await E.leave(c, { ...body, loop }, el);
    }
    return { instanceId: c.inst.id, status: c.inst.status };
  });
}

export { step, onTask };
