import { and, asc, eq, inArray } from 'drizzle-orm';
import { translate, type Lang, type MigrationHistoryData, type MigrationStep } from '@bencao/contracts';
import { accounts, wfExecutions, wfInstances, wfJobs, wfTaskCandidates, wfTasks } from '../../../db/schema/index';
import { engineSteps, modelOf, type EngineCtx, type ExecutionRow, type Tx } from '../engine/runtime';
import type { ModelElement, ProcessModel } from '../engine/model';

/**
 * Moves one instance, already locked by the caller's transaction, from its version to `target` (docs/WORKFLOW.md,
 * "Migrating running instances"). Every check is made here, under the lock, on the instance as it is now: what the
 * operator saw in the dry run may have moved on since. Answers the steps and the reasons it is refused; the caller
 * rolls the transaction back when anything is refused (and always for a dry run).
 */

const MI_BODY = 'multiInstanceBody';
const ACTIVE = ['running', 'suspended'] as const;

export interface TargetVersion { id: number; definitionId: number; definitionKey: string; version: number }
export interface InstanceMigration { steps: MigrationStep[]; refused: string[] }

/** the target node of a source node: the operator's mapping, else the same id when the target has it */
export function mappedNode(mapping: Record<string, string>, target: ProcessModel, sourceId: string): { id: string | null; auto: boolean } {
  if (mapping[sourceId]) return { id: mapping[sourceId], auto: false };
  return target.elements[sourceId] ? { id: sourceId, auto: true } : { id: null, auto: false };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const label = (el: ModelElement | undefined, id: string) => el?.name ?? id;

export async function migrateLockedInstance(c: EngineCtx, target: TargetVersion, mapping: Record<string, string>, lang: Lang): Promise<InstanceMigration> {
  const tx: Tx = c.tx;
  const t = (key: string, params: Record<string, string | number> = {}) => translate(lang, key, params);
  const steps: MigrationStep[] = [];
  const refused: string[] = [];
  const source = c.model;
  const targetModel = await modelOf(tx, target.id, target.definitionKey, target.version);

  const execs = await tx.select().from(wfExecutions)
    .where(and(eq(wfExecutions.instanceId, c.inst.id), inArray(wfExecutions.status, [...ACTIVE]))).orderBy(asc(wfExecutions.id));
  const byId = new Map(execs.map((e) => [e.id, e]));
  const isMiChild = (e: ExecutionRow) => e.parentId !== null && byId.get(e.parentId)?.elementType === MI_BODY;

  // ---- where each token goes, and whether it may ----
  const moveTo = new Map<number, string>();
  for (const e of execs) {
    const el = source.elements[e.elementId];
    const name = label(el, e.elementId);
    const m = mappedNode(mapping, targetModel, e.elementId);
    if (!m.id) { refused.push(t('workflow.migration.unmapped', { name, version: target.version })); continue; }
    const to = targetModel.elements[m.id];
    if (!to) { refused.push(t('workflow.migration.badTarget', { name, target: m.id, version: target.version })); continue; }
    const toName = label(to, m.id);
    if (e.elementType === MI_BODY || isMiChild(e)) {
      if (to.type !== 'bpmn:UserTask' || !to.multi || !el?.multi || to.multi.sequential !== el.multi.sequential) {
        if (e.elementType === MI_BODY) refused.push(t('workflow.migration.multiDiffers', { name, target: toName }));
        continue;
      }
    } else if (to.type !== e.elementType || (to.type === 'bpmn:UserTask' && !!to.multi !== !!el?.multi)) {
      refused.push(t(to.type === e.elementType ? 'workflow.migration.multiDiffers' : 'workflow.migration.typeDiffers', { name, target: toName }));
      continue;
    }
    if (!isMiChild(e)) {
      const parent = e.parentId === null ? null : byId.get(e.parentId) ?? null;
      const expectedScope = parent ? mappedNode(mapping, targetModel, parent.elementId).id : null;
      if ((to.scope ?? null) !== expectedScope) { refused.push(t('workflow.migration.scopeDiffers', { name, target: toName })); continue; }
    }
    if (e.joining && e.incomingFlowId) {
      const f = targetModel.flows[e.incomingFlowId];
      if (!f || f.target !== m.id) { refused.push(t('workflow.migration.joinFlow', { name, version: target.version })); continue; }
    }
    moveTo.set(e.id, m.id);
  }

  // ---- open tasks: same node rule → same people; another rule → the target's participants now ----
  const tasks = execs.length ? await tx.select().from(wfTasks)
    .where(and(eq(wfTasks.instanceId, c.inst.id), inArray(wfTasks.status, ['open', 'suspended']))).orderBy(asc(wfTasks.id)) : [];
  const cands = tasks.length ? await tx.select().from(wfTaskCandidates).where(inArray(wfTaskCandidates.taskId, tasks.map((x) => x.id))) : [];
  const peopleOf = async (ids: number[]) => {
    if (!ids.length) return '—';
    const rows = await tx.select({ id: accounts.id, name: accounts.userName }).from(accounts).where(inArray(accounts.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)?.name ?? String(id)).join(lang === 'zh' || lang === 'ja' ? '、' : ', ');
  };
  const targetCtx: EngineCtx = { ...c, model: targetModel };
  const taskPlans: { id: number; elementId: string; el: ModelElement; people: number[] | null }[] = [];
  for (const task of tasks) {
    const ex = byId.get(task.executionId);
    const toId = ex ? moveTo.get(ex.id) : undefined;
    if (!ex || !toId) continue;
    const from = source.elements[task.elementId];
    const to = targetModel.elements[toId];
    const current = task.assigneeId !== null ? [task.assigneeId] : cands.filter((x) => x.taskId === task.id).map((x) => x.accountId);
    if (isMiChild(ex)) { taskPlans.push({ id: task.id, elementId: toId, el: to, people: null }); continue; }
    if (sameJson(from?.assignment?.rule, to.assignment?.rule)) {
      steps.push({ kind: 'task', from: task.elementId, to: toId, message: t('workflow.migration.step.taskKept', { name: task.name, target: label(to, toId), people: await peopleOf(current) }) });
      taskPlans.push({ id: task.id, elementId: toId, el: to, people: null });
      continue;
    }
    let ids: number[] | null;
    try { ids = await engineSteps.participants(targetCtx, to); } catch { ids = null; }
    if (!ids) { refused.push(t('workflow.migration.noParticipants', { name: label(to, toId) })); continue; }
    steps.push({ kind: 'task', from: task.elementId, to: toId, message: t('workflow.migration.step.taskReassigned', { name: task.name, target: label(to, toId), people: await peopleOf(ids) }) });
    taskPlans.push({ id: task.id, elementId: toId, el: to, people: ids });
  }
  for (const e of execs) {
    const toId = moveTo.get(e.id);
    if (!toId || isMiChild(e)) continue;
    const name = label(source.elements[e.elementId], e.elementId);
    const target_ = label(targetModel.elements[toId], toId);
    if (e.elementType === MI_BODY) {
      steps.push({ kind: 'countersign', from: e.elementId, to: toId, message: t('workflow.migration.step.countersign', { name, target: target_, done: e.loop?.completed ?? 0, total: e.loop?.total ?? 0 }) });
    } else if (e.elementType !== 'bpmn:UserTask') {
      steps.push({ kind: 'token', from: e.elementId, to: toId, message: t('workflow.migration.step.token', { name, target: target_ }) });
    }
  }

  // ---- timers and service calls of the moving activity instances ----
  const jobs = execs.length ? await tx.select().from(wfJobs)
    .where(and(eq(wfJobs.instanceId, c.inst.id), inArray(wfJobs.status, ['pending', 'held']), inArray(wfJobs.executionId, execs.map((e) => e.id))))
    .orderBy(asc(wfJobs.id)) : [];
  const keepJobs: { id: number; elementId: string }[] = [];
  const cancelJobs: number[] = [];
  const newTimers: { ex: ExecutionRow; elementId: string; boundary: boolean }[] = [];
  const fmt = (d: Date) => d.toISOString().replace('.000Z', 'Z');
  for (const e of execs) {
    const toId = moveTo.get(e.id);
    if (!toId) continue;
    const to = targetModel.elements[toId];
    const mine = jobs.filter((j) => j.executionId === e.id);
    const boundariesSeen = new Set<string>();
    for (const j of mine) {
      if (j.kind !== 'timer') {
        // deadlines, reminders and service calls stay as they are, on the node's new id (their handlers read the node by it)
        if (j.elementId === e.elementId && toId !== e.elementId) keepJobs.push({ id: j.id, elementId: toId });
        if (j.kind !== 'serviceTask') continue;
        steps.push({ kind: 'job', from: e.elementId, to: toId, message: t('workflow.migration.step.job', { name: label(source.elements[e.elementId], e.elementId), target: label(to, toId) }) });
        continue;
      }
      const srcTimerId = j.elementId ?? e.elementId;
      const srcTimer = source.elements[srcTimerId];
      const name = label(srcTimer, srcTimerId);
      const boundary = !!(j.payload as { boundary?: boolean }).boundary;
      const toTimerId = boundary ? mappedNode(mapping, targetModel, srcTimerId).id : toId;
      const toTimer = toTimerId ? targetModel.elements[toTimerId] : undefined;
      const valid = !!toTimer?.timer && (!boundary || (to.boundaries ?? []).includes(toTimerId!));
      if (!valid) {
        cancelJobs.push(j.id);
        steps.push({ kind: 'timer', from: srcTimerId, to: null, message: t('workflow.migration.step.timerCancelled', { name }) });
        continue;
      }
      boundariesSeen.add(toTimerId!);
      if (sameJson(srcTimer?.timer, toTimer!.timer) && (!boundary || srcTimer?.cancelActivity === toTimer!.cancelActivity)) {
        keepJobs.push({ id: j.id, elementId: toTimerId! });
        steps.push({ kind: 'timer', from: srcTimerId, to: toTimerId, message: t('workflow.migration.step.timerKept', { name, due: fmt(j.dueAt) }) });
      } else {
        cancelJobs.push(j.id);
        newTimers.push({ ex: e, elementId: toTimerId!, boundary });
      }
    }
    // boundary timers the target adds to the node (armed on the activity instance that carries them: not on a countersign's signers)
    if (!isMiChild(e)) {
      for (const b of to.boundaries ?? []) {
        if (!boundariesSeen.has(b) && targetModel.elements[b]?.timer) newTimers.push({ ex: e, elementId: b, boundary: true });
      }
    }
  }
  for (const nt of newTimers) {
    const el = targetModel.elements[nt.elementId];
    const due = await engineSteps.timerDue(targetCtx, el.timer!);
    steps.push({ kind: 'timer', from: nt.elementId, to: nt.elementId, message: t('workflow.migration.step.timerNew', { name: label(el, nt.elementId), due: fmt(due) }) });
    (nt as { due?: Date }).due = due;
  }

  if (refused.length) return { steps, refused };

  // ---- apply (the caller rolls back a dry run) ----
  for (const e of execs) {
    const toId = moveTo.get(e.id)!;
    if (toId !== e.elementId) await tx.update(wfExecutions).set({ elementId: toId }).where(eq(wfExecutions.id, e.id));
  }
  for (const p of taskPlans) {
    await tx.update(wfTasks).set({
      elementId: p.elementId, name: p.el.name ?? p.elementId, formKey: p.el.formKey ?? null, buttons: p.el.buttons ?? null,
      ...(p.people ? { assigneeId: p.people.length === 1 ? p.people[0] : null } : {}),
    }).where(eq(wfTasks.id, p.id));
    if (p.people) {
      await tx.delete(wfTaskCandidates).where(eq(wfTaskCandidates.taskId, p.id));
      if (p.people.length > 1) await tx.insert(wfTaskCandidates).values(p.people.map((accountId) => ({ taskId: p.id, accountId })));
    }
  }
  for (const k of keepJobs) await tx.update(wfJobs).set({ elementId: k.elementId, definitionId: target.definitionId }).where(eq(wfJobs.id, k.id));
  if (cancelJobs.length) await tx.update(wfJobs).set({ status: 'cancelled', doneAt: c.now }).where(inArray(wfJobs.id, cancelJobs));
  const fromVersion = { id: c.inst.versionId, version: c.inst.version };
  c.inst.versionId = target.id;
  c.inst.version = target.version;
  c.model = targetModel;
  for (const nt of newTimers) {
    await engineSteps.addJob(c, { kind: 'timer', executionId: nt.ex.id, elementId: nt.elementId, dueAt: (nt as { due?: Date }).due!, payload: nt.boundary ? { boundary: true } : {} });
  }
  const seen = new Set<string>();
  const data: MigrationHistoryData = {
    fromVersion: fromVersion.version, toVersion: target.version, fromVersionId: fromVersion.id, toVersionId: target.id,
    mapping: execs.flatMap((e) => {
      const to = moveTo.get(e.id)!;
      if (seen.has(e.elementId)) return [];
      seen.add(e.elementId);
      return [{ from: e.elementId, fromName: source.elements[e.elementId]?.name ?? null, to, toName: targetModel.elements[to]?.name ?? null }];
    }),
  };
  await tx.update(wfInstances).set({ versionId: target.id, version: target.version }).where(eq(wfInstances.id, c.inst.id));
  engineSteps.hist(c, 'migrate', { data: data as unknown as Record<string, unknown> });
  return { steps, refused };
}
