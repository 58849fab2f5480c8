import { and, asc, desc, eq, gte, inArray, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  legalActions, type InstanceStatus, type WorkflowExecution, type WorkflowInstance, type WorkflowInstanceDetail, type WorkflowInstanceQuery,
  type WorkflowTask, type Lang,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accounts, wfExecutions, wfHistory, wfInstances, wfJobs, wfTaskCandidates, wfTasks, wfVersions } from '../../db/schema/index';
import { AppError, notFound } from '../../platform/errors';
import { indexedOrder, offsetOf } from '../../platform/paging';
import { cappedCountSql, countCapOf, settleCount } from '../../platform/cappedCount';
import { modelOf, type InstanceRow } from './engine/runtime';
import { jobErrorIn } from './engine/incidents';
import { withArrivalPeople } from './engine/arrivalPeople';
import { accountIdInScope, type DataScopeOf } from '../security/dataScope';

/** The monitor: instance lists and details, job retries, a user's open tasks. */

const hasIncident = sql<boolean>`exists(select 1 from wf_jobs j where j.instance_id = "wf_instances"."id" and j.status = 'failed')`;

function instanceView(r: InstanceRow & { hasIncident: boolean }): WorkflowInstance {
  return {
    id: r.id, definitionId: r.definitionId, definitionKey: r.definitionKey, definitionName: r.definitionName, version: r.version,
    versionId: r.versionId, businessKey: r.businessKey, status: r.status, starterId: r.starterId, starterName: r.starterName,
    parentInstanceId: r.parentInstanceId, currentNodes: r.currentNodes, startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null, hasIncident: !!r.hasIncident,
  };
}

export function instanceService(db: Db) {
  /** `scope`: the definitions the caller may monitor; `dataScope`: the starters whose instances it sees (null: all) */
  async function list(q: WorkflowInstanceQuery, scope: { all: boolean; keys: string[] }, dataScope: DataScopeOf | null = null) {
    const conds: SQL[] = [];
    const starters = accountIdInScope(dataScope, wfInstances.starterId);
    if (starters) conds.push(starters);
    if (!scope.all) {
      if (!scope.keys.length) return { total: 0, records: [] };
      conds.push(inArray(wfInstances.definitionKey, scope.keys));
    }
    if (q.definitionKey) conds.push(eq(wfInstances.definitionKey, q.definitionKey));
    if (q.status) conds.push(eq(wfInstances.status, q.status));
    if (q.businessKey) conds.push(eq(wfInstances.businessKey, q.businessKey));
    if (q.starter) conds.push(sql`${wfInstances.starterId} in (select id from accounts where user_id = ${q.starter})`);
    if (q.startedFrom) conds.push(gte(wfInstances.startedAt, q.startedFrom));
    if (q.startedTo) conds.push(lte(wfInstances.startedAt, q.startedTo));
    const where = conds.length ? and(...conds) : undefined;
    // one statement: the page in the list's order straight from an index (the tie-break on id follows the
    // sort's direction, so the (filter, started_at, id) indexes are read in order, never sorted), the capped
    // count selected alongside (a plain page read measured cheaper than ids-first on both databases)
    // INSTANCE_SORTS, each in the order of an index: status and definition key by their (…, started_at, id)
    // indexes, ended_at and business_key by theirs (migration 0041)
    const sortable: Record<string, AnyColumn[]> = {
      id: [], startedAt: [wfInstances.startedAt], endedAt: [wfInstances.endedAt], status: [wfInstances.status, wfInstances.startedAt],
      definitionKey: [wfInstances.definitionKey, wfInstances.startedAt], businessKey: [wfInstances.businessKey],
    };
    const order = indexedOrder(q, sortable, [desc(wfInstances.startedAt), desc(wfInstances.id)], wfInstances.id);
    const countRows = sql`select 1 from wf_instances where ${where ?? sql`true`}`;
    const cap = countCapOf(q);
    const rows = await db.select({ i: wfInstances, hasIncident, total: cappedCountSql(countRows, cap).mapWith(Number) }).from(wfInstances)
      .where(where).orderBy(...order).limit(q.limit).offset(offsetOf(q));
    const total = await settleCount(db, countRows, cap, rows[0]?.total);
    return { total, records: rows.map((r) => instanceView({ ...r.i, hasIncident: r.hasIncident })) };
  }

  async function row(id: number, dataScope: DataScopeOf | null = null) {
    const [r] = await db.select().from(wfInstances).where(and(eq(wfInstances.id, id), accountIdInScope(dataScope, wfInstances.starterId)));
    if (!r) throw notFound();
    return r;
  }

  async function tasksOf(where: SQL): Promise<WorkflowTask[]> {
    const rows = await db.select({ t: wfTasks, assigneeName: accounts.userName }).from(wfTasks)
      .leftJoin(accounts, eq(accounts.id, wfTasks.assigneeId)).where(where).orderBy(asc(wfTasks.id));
    const ids = rows.map((r) => r.t.id);
    const cands = ids.length ? await db.select().from(wfTaskCandidates).where(inArray(wfTaskCandidates.taskId, ids)) : [];
    return rows.map(({ t, assigneeName }) => ({
      id: t.id, instanceId: t.instanceId, executionId: t.executionId, elementId: t.elementId, name: t.name, status: t.status,
      assigneeId: t.assigneeId, assigneeName: assigneeName ?? null, candidateIds: cands.filter((c) => c.taskId === t.id).map((c) => c.accountId),
      dueAt: t.dueAt?.toISOString() ?? null, createdAt: t.createdAt.toISOString(), completedAt: t.completedAt?.toISOString() ?? null,
      completedBy: t.completedByName, outcome: t.outcome,
    }));
  }

  async function detail(id: number, lang: Lang = 'en'): Promise<WorkflowInstanceDetail> {
    const inst = await row(id);
    const model = await modelOf(db, inst.versionId, inst.definitionKey, inst.version);
    const [[v], execs, tasks, history, jobs, children, [inc]] = await Promise.all([
      db.select({ xml: wfVersions.xml }).from(wfVersions).where(eq(wfVersions.id, inst.versionId)),
      db.select().from(wfExecutions).where(eq(wfExecutions.instanceId, id)).orderBy(asc(wfExecutions.id)),
      tasksOf(eq(wfTasks.instanceId, id)),
      db.select().from(wfHistory).where(eq(wfHistory.instanceId, id)).orderBy(asc(wfHistory.at), asc(wfHistory.id)),
      db.select().from(wfJobs).where(eq(wfJobs.instanceId, id)).orderBy(asc(wfJobs.id)),
      db.select({ id: wfInstances.id }).from(wfInstances).where(eq(wfInstances.parentInstanceId, id)).orderBy(asc(wfInstances.id)),
      db.select({ n: sql<number>`count(*)::int` }).from(wfJobs).where(and(eq(wfJobs.instanceId, id), eq(wfJobs.status, 'failed'))),
    ]);
    const finished = !['running', 'suspended', 'notStarted'].includes(inst.status);
    const executions: WorkflowExecution[] = execs.map((e) => ({
      id: e.id, parentId: e.parentId, elementId: e.elementId, elementType: e.elementType, elementName: model.elements[e.elementId]?.name ?? null,
      status: e.status, loopCounter: e.loopCounter, startedAt: e.startedAt.toISOString(), endedAt: e.endedAt?.toISOString() ?? null,
      actions: finished ? [] : legalActions(e.status as InstanceStatus, 'execution'),
    }));
    const active = new Set(execs.filter((e) => e.status === 'running' || e.status === 'suspended').map((e) => e.elementId));
    return {
      ...instanceView({ ...inst, hasIncident: inc.n > 0 }),
      xml: v?.xml ?? '',
      variables: inst.variables,
      actions: legalActions(inst.status),
      executions,
      tasks,
      history: await withArrivalPeople(db, history.map((h) => ({
        id: h.id, executionId: h.executionId, taskId: h.taskId, elementId: h.elementId, action: h.action, actorName: h.actorName,
        comment: h.comment, data: h.data, at: h.at.toISOString(),
      })), lang),
      jobs: jobs.map((j) => ({
        id: j.id, kind: j.kind, instanceId: j.instanceId, executionId: j.executionId, elementId: j.elementId, status: j.status,
        dueAt: j.dueAt.toISOString(), attempts: j.attempts, maxAttempts: j.maxAttempts, lastError: jobErrorIn(lang, j.payload, j.lastError),
      })),
      completedNodeIds: [...new Set(execs.filter((e) => e.status === 'completed' && model.elements[e.elementId]).map((e) => e.elementId))],
      activeNodeIds: [...active].filter((x) => model.elements[x]),
      takenFlowIds: [...new Set(execs.map((e) => e.incomingFlowId).filter((f): f is string => !!f))],
      childInstanceIds: children.map((c) => c.id),
    };
  }

  async function jobRow(jobId: number) {
    const [j] = await db.select().from(wfJobs).where(eq(wfJobs.id, jobId));
    if (!j) throw notFound();
    return j;
  }

  /** a failed job runs again at the runner's next pass */
  async function retryJob(jobId: number, now: Date) {
    const rows = await db.update(wfJobs).set({ status: 'pending', attempts: 0, dueAt: now, lockedBy: null, leaseUntil: null })
      .where(and(eq(wfJobs.id, jobId), eq(wfJobs.status, 'failed'))).returning({ id: wfJobs.id });
    if (!rows.length) {
      await jobRow(jobId);
      throw new AppError(409, 'workflow.jobNotFailed');
    }
    return { id: jobId, status: 'pending' };
  }

  async function task(taskId: number) {
    const [t] = await db.select().from(wfTasks).where(eq(wfTasks.id, taskId));
    if (!t) throw notFound();
    return t;
  }

  async function execution(execId: number) {
    const [e] = await db.select({ id: wfExecutions.id, instanceId: wfExecutions.instanceId }).from(wfExecutions).where(eq(wfExecutions.id, execId));
    if (!e) throw notFound();
    return e;
  }

  return { list, row, detail, retryJob, jobRow, task, execution };
}
