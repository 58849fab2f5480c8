import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { accounts, wfTaskCandidates, wfTaskDelegations, wfTasks } from '../../../db/schema/index';
import { AppError, notFound } from '../../../platform/errors';
import type { InstanceRow, TaskRow, Tx } from '../engine/runtime';

/** Who the caller is for a task, and the 409s of illegal task actions. */

export type TaskRole = 'assignee' | 'candidate' | 'delegate' | 'owner' | null;
type Q = Tx | Db;

export async function roleOf(q: Q, task: TaskRow, accountId: number): Promise<TaskRole> {
  const [d] = await q.select().from(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id));
  if (d && task.assigneeId === accountId && d.delegateId === accountId) return 'delegate';
  if (d && d.ownerId === accountId) return 'owner';
  if (task.assigneeId === accountId) return 'assignee';
  if (task.assigneeId === null) {
    const [c] = await q.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates)
      .where(and(eq(wfTaskCandidates.taskId, task.id), eq(wfTaskCandidates.accountId, accountId)));
    if (c) return 'candidate';
  }
  return null;
}

/** the task can still be acted on: open, in a running instance */
export function mustBeOpen(inst: InstanceRow, task: TaskRow) {
  if (inst.status !== 'running' || task.status === 'suspended') {
    throw new AppError(409, 'workflow.task.instanceNotActive', { status: `workflow.status.${inst.status === 'running' ? 'suspended' : inst.status}` });
  }
  if (task.status !== 'open') throw new AppError(409, 'workflow.task.alreadyCompleted', { status: `workflow.taskStatus.${task.status}` });
}

/** the caller must hold the task themselves (not offered, not delegated away, not a delegate) */
export async function mustHold(q: Q, task: TaskRow, accountId: number, allowDelegate = false): Promise<TaskRole> {
  const role = await roleOf(q, task, accountId);
  if (role === 'assignee' || (allowDelegate && role === 'delegate')) return role;
  if (role === 'candidate') throw new AppError(409, 'workflow.task.mustClaim');
  if (role === 'delegate') throw new AppError(409, 'workflow.task.onlyResolve');
  if (role === 'owner') {
    const [d] = await q.select().from(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id));
    const [a] = await q.select({ name: accounts.userName }).from(accounts).where(eq(accounts.id, d.delegateId));
    throw new AppError(409, 'workflow.task.delegatedAway', { name: a?.name ?? '' });
  }
  throw new AppError(409, 'workflow.task.notAssignee');
}

/** an active account other than the caller */
export async function otherAccount(q: Q, accountId: number, me: number) {
  if (accountId === me) throw new AppError(409, 'workflow.task.selfHandOver');
  const [a] = await q.select({ id: accounts.id, name: accounts.userName, status: accounts.status }).from(accounts).where(eq(accounts.id, accountId));
  if (!a || a.status !== 'normal') throw new AppError(409, 'workflow.task.unknownUser');
  return a;
}

export async function taskRow(q: Q, id: number): Promise<TaskRow> {
  const [t] = await q.select().from(wfTasks).where(eq(wfTasks.id, id));
  if (!t) throw notFound();
  return t;
}
