import { and, asc, eq, inArray } from 'drizzle-orm';
import { translate, type Lang, type MigrationHistoryData, type MigrationStep } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { accounts, wfDefinitions, wfExecutions, wfInstances, wfJobs, wfTaskCandidates, wfTasks } from '../../../db/schema/index';
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

/** the kind of node, worded for people ("user task", "countersign user task", …) */
export const kindText = (lang: Lang, el: ModelElement) =>
  translate(lang, `workflow.migration.kind.${el.type === 'bpmn:UserTask' && el.multi ? 'countersign' : el.type.replace('bpmn:', '')}`);

/** the definitions' names by key (a call activity's process), the key where there is none */
export async function processNames(q: Tx | Db, keys: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  const rows = wanted.length ? await q.select({ key: wfDefinitions.key, name: wfDefinitions.name }).from(wfDefinitions).where(inArray(wfDefinitions.key, wanted)) : [];
  return new Map(wanted.map((k) => [k, rows.find((r) => r.key === k)?.name ?? k]));
}

/**
 * Why a node of the source cannot be mapped to `to` whatever the instance's state, or null. Like Camunda's migration
 * plans, only a node of the same kind can take over what waits at a node: a task stays a task (a countersign a
 * countersign of the same way), a timer a timer, a call activity a call activity calling the same process. Moving
 * elsewhere would have to cancel what waits and start the other node, which is not a migration (docs/WORKFLOW.md).
 */
export function kindProblem(lang: Lang, from: ModelElement, to: ModelElement, version: number, names: Map<string, string>): string | null {
  const p = { name: label(from, from.id), target: label(to, to.id), version };
  if (from.type === 'bpmn:UserTask' && from.multi && (to.type !== 'bpmn:UserTask' || !to.multi || !!to.multi.sequential !== !!from.multi.sequential)) {
    return translate(lang, 'workflow.migration.multiDiffers', p);
  }
  if (from.type !== to.type || (from.type === 'bpmn:UserTask' && !!to.multi !== !!from.multi)) {
    return translate(lang, 'workflow.migration.typeDiffers', { ...p, kind: kindText(lang, from), targetKind: kindText(lang, to) });
  }
  if (from.type === 'bpmn:CallActivity' && (from.calledElement ?? '') !== (to.calledElement ?? '')) {
    return translate(lang, 'workflow.migration.callOther', { ...p, process: names.get(from.calledElement ?? '') ?? from.calledElement ?? '', targetProcess: names.get(to.calledElement ?? '') ?? to.calledElement ?? '' });
  }
  return null;
}

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
  // the called instances the call activities wait for: they stay on their own process's version, linked to the same activity instance
  const callIds = execs.filter((e) => e.elementType === 'bpmn:CallActivity').map((e) => e.id);
  const children = callIds.length ? await tx.select({
    id: wfInstances.id, parentExecutionId: wfInstances.parentExecutionId, definitionKey: wfInstances.definitionKey,
    definitionName: wfInstances.definitionName, version: wfInstances.version, status: wfInstances.status,
  }).from(wfInstances).where(and(inArray(wfInstances.parentExecutionId, callIds), inArray(wfInstances.status, ['running', 'suspended', 'notStarted'])))
    .orderBy(asc(wfInstances.id)) : [];
  const names = callIds.length ? await processNames(tx, [...Object.values(source.elements), ...Object.values(targetModel.elements)].map((x) => x.calledElement ?? '')) : new Map<string, string>();

  // ---- where each token goes, and whether it may ----
  const moveTo = new Map<number, string>();
  for (const e of execs) {
    const el = source.elements[e.elementId];
    const name = label(el, e.elementId);
    const m = mappedNode(mapping, targetModel, e.elementId);
    if (!m.id) {
      const waiting = children.filter((ch) => ch.parentExecutionId === e.id);
      refused.push(e.elementType === 'bpmn:CallActivity'
        ? t('workflow.migration.callUnmapped', { name, version: target.version, child: waiting.map((ch) => `#${ch.id} ${ch.definitionName}`).join(', ') || (el?.calledElement ?? '') })
        : t('workflow.migration.unmapped', { name, version: target.version }));
      continue;
    }
    const to = targetModel.elements[m.id];
    if (!to) { refused.push(t('workflow.migration.badTarget', { name, target: m.id, version: target.version })); continue; }
    const toName = label(to, m.id);
    if (!el) { refused.push(t('workflow.migration.unmapped', { name, version: target.version })); continue; }
    // a countersign's signers move with their body: the body reports a refusal once
    const kind = kindProblem(lang, el, to, target.version, names);
    if (kind) { if (!isMiChild(e)) refused.push(kind); continue; }
    if (e.elementType === 'bpmn:CallActivity') {
      const waiting = children.filter((ch) => ch.parentExecutionId === e.id);
      const other = waiting.find((ch) => ch.definitionKey !== to.calledElement);
      if (other) {
        refused.push(t('workflow.migration.callOther', { name, target: toName, version: target.version, process: other.definitionName, targetProcess: names.get(to.calledElement ?? '') ?? '' }));
        continue;
      }
      for (const ch of waiting) {
        steps.push({ kind: 'call', from: e.elementId, to: m.id, message: t('workflow.migration.step.call', { id: ch.id, process: ch.definitionName, version: ch.version, status: t(`workflow.status.${ch.status}`), target: toName }) });
      }
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
