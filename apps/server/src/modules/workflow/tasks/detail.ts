import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  translate, type Lang, type TaskActionCode, type TaskActivity, type TaskButton, type TaskDetail, type TaskImportance, type TaskSummary,
} from '@bencao/contracts';
import type { Db } from '../../../db/client';
import {
  accounts, wfAttachments, wfCc, wfExecutions, wfHistory, wfInstances, wfPluginButtons, wfTaskCandidates, wfTaskDelegations, wfTasks, wfTaskUserState, wfVersions,
} from '../../../db/schema/index';
import { AppError, notFound } from '../../../platform/errors';
import type { WorkflowAccess } from '../admin/index';
import { buttonOnTask } from '../admin/plugins';
import { modelOf, type InstanceRow, type TaskRow } from '../engine/runtime';
import { withArrivalPeople } from '../engine/arrivalPeople';
import { isResubmitTask, mayWithdraw, returnTargets, tookPart } from './actions';
import { roleOf } from './guards';
import { manifestsOf } from './signatures';
import { shownVariables } from './integrity';

/** The task detail (`GET /tasks/:id`) and the read-only view of an instance (`GET /instances/:id/view`). */

export interface Viewer { accountId: number; lang: Lang; access: WorkflowAccess; mayMonitor: boolean }

/** starter, participant, candidate, CC recipient, delegation owner, or a monitor of the process */
export async function canView(db: Db, inst: InstanceRow, v: Viewer): Promise<boolean> {
  if (inst.starterId === v.accountId) return true;
  if (await tookPart(db, inst.id, v.accountId)) return true;
  const [c] = await db.select({ id: wfCc.id }).from(wfCc).where(and(eq(wfCc.instanceId, inst.id), eq(wfCc.accountId, v.accountId))).limit(1);
  if (c) return true;
  const [cand] = await db.select({ t: wfTaskCandidates.taskId }).from(wfTaskCandidates).innerJoin(wfTasks, eq(wfTasks.id, wfTaskCandidates.taskId))
    .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTaskCandidates.accountId, v.accountId))).limit(1);
  if (cand) return true;
  const [d] = await db.select({ t: wfTaskDelegations.taskId }).from(wfTaskDelegations).innerJoin(wfTasks, eq(wfTasks.id, wfTaskDelegations.taskId))
    .where(and(eq(wfTasks.instanceId, inst.id), eq(wfTaskDelegations.ownerId, v.accountId))).limit(1);
  if (d) return true;
  return v.mayMonitor && (await v.access.canMonitor(inst.definitionKey));
}

export async function instanceRow(db: Db, id: number): Promise<InstanceRow> {
  const [i] = await db.select().from(wfInstances).where(eq(wfInstances.id, id));
  if (!i) throw notFound();
  return i;
}

/** a task and its instance in one read (an action's checks before its transaction) */
export async function taskAndInstance(db: Db, taskId: number): Promise<{ task: TaskRow; inst: InstanceRow }> {
  const [r] = await db.select({ task: wfTasks, inst: wfInstances }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId))
    .where(eq(wfTasks.id, taskId));
  if (!r) throw notFound();
  return r;
}

export async function mustView(db: Db, inst: InstanceRow, v: Viewer) {
  if (!(await canView(db, inst, v))) throw new AppError(403, 'workflow.task.cannotView');
}

async function buttonsOf(db: Db, task: TaskRow, lang: Lang): Promise<TaskButton[]> {
  const rows = await db.select().from(wfPluginButtons).where(eq(wfPluginButtons.enabled, true)).orderBy(asc(wfPluginButtons.seq), asc(wfPluginButtons.code));
  return rows.filter((r) => buttonOnTask(r, task))
    .map((r) => {
      const label = r.label as unknown as Partial<Record<Lang, string>> | string | null;
      const name = typeof label === 'string' ? label : label?.[lang] || label?.zh || label?.en || r.code;
      return { id: r.id, code: r.code, name };
    });
}

export async function detailOf(db: Db, inst: InstanceRow, task: TaskRow | null, v: Viewer, now: Date): Promise<TaskDetail> {
  const model = await modelOf(db, inst.versionId, inst.definitionKey, inst.version);
  const [[ver], execs, history, files] = await Promise.all([
    db.select({ xml: wfVersions.xml }).from(wfVersions).where(eq(wfVersions.id, inst.versionId)),
    db.select().from(wfExecutions).where(eq(wfExecutions.instanceId, inst.id)).orderBy(asc(wfExecutions.id)),
    db.select().from(wfHistory).where(eq(wfHistory.instanceId, inst.id)).orderBy(asc(wfHistory.at), asc(wfHistory.id)),
    db.select().from(wfAttachments).where(eq(wfAttachments.instanceId, inst.id)).orderBy(asc(wfAttachments.id)),
  ]);
  const actions: TaskActionCode[] = [];
  let summary: TaskSummary | null = null;
  const q = { tx: db as never, inst, model };
  const running = inst.status === 'running';
  let taskOpen = false;
  // the starter's own returned request: resubmit or revoke it (urge, withdraw and void would only repeat these)
  let resubmitting = false;
  if (task) {
    const role = await roleOf(db, task, v.accountId);
    taskOpen = running && task.status === 'open';
    const el = model.elements[task.elementId];
    const [ex] = execs.filter((e) => e.id === task.executionId);
    const body = ex?.parentId ? execs.find((e) => e.id === ex.parentId && e.elementType === 'multiInstanceBody') : undefined;
    resubmitting = taskOpen && role === 'assignee' && isResubmitTask(model, task);
    if (resubmitting) actions.push('resubmit', 'revoke', 'attach');
    else if (taskOpen && role === 'assignee') {
      actions.push('approve', 'reject', 'return', 'transfer', 'delegate', 'cc', 'attach');
      if (el?.multi && body) actions.push('addSign', 'removeSign');
      if (task.claimedAt) actions.push('unclaim');
    } else if (taskOpen && role === 'candidate') actions.push('claim');
    else if (taskOpen && role === 'delegate') actions.push('resolve', 'cc', 'attach');
    const [[state], [d]] = await Promise.all([
      db.select().from(wfTaskUserState).where(and(eq(wfTaskUserState.taskId, task.id), eq(wfTaskUserState.accountId, v.accountId))),
      db.select().from(wfTaskDelegations).where(eq(wfTaskDelegations.taskId, task.id)),
    ]);
    let people: NonNullable<TaskSummary['multiInstance']>['people'] = [];
    if (body?.loop) {
      const siblings = await db.select({ assigneeId: wfTasks.assigneeId, status: wfTasks.status }).from(wfTasks)
        .innerJoin(wfExecutions, eq(wfExecutions.id, wfTasks.executionId)).where(eq(wfExecutions.parentId, body.id)).orderBy(asc(wfTasks.id));
      const ids = [...new Set([...siblings.map((s) => s.assigneeId!).filter(Boolean), ...body.loop.assignees])];
      const names = new Map((ids.length ? await db.select({ id: accounts.id, name: accounts.userName }).from(accounts).where(inArray(accounts.id, ids)) : []).map((a) => [a.id, a.name]));
      people = ids.map((id) => {
        const s = siblings.filter((x) => x.assigneeId === id).at(-1);
        return { id, name: names.get(id) ?? String(id), status: s ? s.status : 'waiting' as const };
      });
    }
    const nameIds = [task.assigneeId, d?.ownerId].filter((x): x is number => !!x);
    const names = new Map((nameIds.length ? await db.select({ id: accounts.id, name: accounts.userName }).from(accounts).where(inArray(accounts.id, nameIds)) : []).map((a) => [a.id, a.name]));
    const targets = taskOpen && role === 'assignee' ? await returnTargets(q, task) : [];
    summary = {
      id: task.id, name: task.name, elementId: task.elementId, status: task.status, assigneeId: task.assigneeId,
      assigneeName: task.assigneeId ? names.get(task.assigneeId) ?? null : null, ownerId: d?.ownerId ?? null, ownerName: d?.ownerName ?? null,
      candidate: task.assigneeId === null, delegated: !!d, dueAt: task.dueAt?.toISOString() ?? null,
      overdue: !!task.dueAt && task.status === 'open' && task.dueAt < now, createdAt: task.createdAt.toISOString(),
      importance: (state?.importance ?? 2) as TaskImportance, activity: (state?.activity ?? 1) as TaskActivity,
      multiInstance: el?.multi && body ? { completion: el.multi.completion, ratio: el.multi.completion === 'ratio' ? el.multi.ratio : null, sequential: el.multi.sequential, people } : null,
      returnTargets: targets.map((t) => ({ elementId: t.elementId, name: translate(v.lang, t.name) })),
      signature: el?.signature ?? null,
    };
  }
  if (!resubmitting) {
    if (running && (inst.starterId === v.accountId || (await tookPart(db, inst.id, v.accountId)))) actions.push('urge');
    if (running && (await mayWithdraw(q, v.accountId))) actions.push('withdraw');
    if (inst.starterId === v.accountId && ['running', 'suspended'].includes(inst.status)) actions.push('void');
  }
  const active = new Set(execs.filter((e) => e.status === 'running' || e.status === 'suspended').map((e) => e.elementId));
  return {
    task: summary,
    instance: {
      id: inst.id, definitionId: inst.definitionId, definitionKey: inst.definitionKey, definitionName: inst.definitionName, version: inst.version,
      businessKey: inst.businessKey, status: inst.status, starterId: inst.starterId, starterName: inst.starterName, currentNodes: inst.currentNodes,
      startedAt: inst.startedAt.toISOString(), endedAt: inst.endedAt?.toISOString() ?? null,
    },
    // the engine's own variables (outcome, …) are not shown to people
    variables: shownVariables(inst.variables),
    form: null,
    history: await withArrivalPeople(db, history.map((h) => ({ action: h.action, actorName: h.actorName, at: h.at.toISOString(), comment: h.comment, elementId: h.elementId, data: h.data })), v.lang),
    xml: ver?.xml ?? '',
    path: {
      completed: [...new Set(execs.filter((e) => e.status === 'completed' && model.elements[e.elementId]).map((e) => e.elementId))],
      active: [...active].filter((x) => model.elements[x]),
      flows: [...new Set(execs.map((e) => e.incomingFlowId).filter((f): f is string => !!f))],
    },
    actions,
    buttons: task && taskOpen && actions.includes('approve') ? await buttonsOf(db, task, v.lang) : [],
    attachments: files.map((f) => ({
      id: f.id, fileName: f.fileName, mimeType: f.mimeType, size: f.size, uploaderName: f.uploaderName, taskId: f.taskId,
      createdAt: f.createdAt.toISOString(), url: `/api/workflow/attachments/${f.id}`,
      deletable: f.uploaderId === v.accountId && !!task && f.taskId === task.id && taskOpen,
    })),
    signatures: await manifestsOf(db, inst.id),
  };
}

/** marks CC rows of the instance read for the viewer */
export async function markCcRead(db: Db, instanceId: number, accountId: number, now: Date) {
  await db.update(wfCc).set({ readAt: now }).where(and(eq(wfCc.instanceId, instanceId), eq(wfCc.accountId, accountId), sql`${wfCc.readAt} is null`));
}
