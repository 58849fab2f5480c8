import { and, desc, eq } from 'drizzle-orm';
import type { TaskDraft, TaskDraftInput, TaskDraftUpdate } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { wfDefinitions, wfDrafts, wfInstances } from '../../../db/schema/index';
import { AppError, notFound } from '../../../platform/errors';
import type { WorkflowAccess } from '../admin/index';
import { engineSteps as E } from '../engine/runtime';
import { step, type InTransaction, type Me } from './actions';

/**
 * Drafts: an instance in status notStarted on the definition's newest version (the monitor lists it and
 * may terminate it); submitting runs it from its start events like a direct start.
 */

async function definitionToStart(db: Db, definitionId: number, access: WorkflowAccess) {
  const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, definitionId));
  if (!d || !d.latestVersionId) throw notFound();
  if (d.status !== 'active') throw new AppError(409, 'workflow.definitionSuspended', { name: d.name });
  if (!(await access.canStart(d.key))) throw new AppError(403, 'workflow.cannotStart', { name: d.name });
  return d;
}

async function myDraft(db: Db, instanceId: number, me: Me) {
  const [i] = await db.select().from(wfInstances).where(eq(wfInstances.id, instanceId));
  if (!i) throw notFound();
  if (i.starterId !== me.accountId) throw new AppError(409, 'workflow.draft.notYours');
  if (i.status !== 'notStarted') throw new AppError(409, 'workflow.draft.notDraft');
  return i;
}

export function draftService(db: Db, now: () => Date) {
  return {
    async create(input: TaskDraftInput, me: Me, access: WorkflowAccess) {
      const d = await definitionToStart(db, input.definitionId, access);
      const t = now();
      return db.transaction(async (tx) => {
        const [i] = await tx.insert(wfInstances).values({
          definitionId: d.id, versionId: d.latestVersionId!, definitionKey: d.key, definitionName: d.name, version: d.latestVersion,
          businessKey: input.businessKey, status: 'notStarted', starterId: me.accountId, starterName: me.name, variables: input.variables,
          startedAt: t, updatedAt: t,
        }).returning();
        await tx.insert(wfDrafts).values({ instanceId: i.id, comment: input.comment, updatedAt: t });
        return { instanceId: i.id };
      });
    },
    async update(instanceId: number, input: TaskDraftUpdate, me: Me) {
      await myDraft(db, instanceId, me);
      const t = now();
      await db.transaction(async (tx) => {
        // still a draft when written: a submit that started it meanwhile (it holds the row) keeps the data that routed it
        const [kept] = await tx.update(wfInstances).set({ businessKey: input.businessKey, variables: input.variables, updatedAt: t })
          .where(and(eq(wfInstances.id, instanceId), eq(wfInstances.status, 'notStarted'))).returning({ id: wfInstances.id });
        if (!kept) throw new AppError(409, 'workflow.draft.notDraft');
        await tx.insert(wfDrafts).values({ instanceId, comment: input.comment, updatedAt: t })
          .onConflictDoUpdate({ target: wfDrafts.instanceId, set: { comment: input.comment, updatedAt: t } });
      });
      return { instanceId };
    },
    async remove(instanceId: number, me: Me) {
      await myDraft(db, instanceId, me);
      const gone = await db.delete(wfInstances).where(and(eq(wfInstances.id, instanceId), eq(wfInstances.status, 'notStarted'))).returning({ id: wfInstances.id });
      // submitted meanwhile: it runs, and the caller is told so rather than "deleted"
      if (!gone.length) throw new AppError(409, 'workflow.draft.notDraft');
      await db.delete(wfDrafts).where(eq(wfDrafts.instanceId, instanceId));
      return { instanceId };
    },
    async list(me: Me): Promise<TaskDraft[]> {
      const rows = await db.select({ i: wfInstances, comment: wfDrafts.comment }).from(wfInstances).leftJoin(wfDrafts, eq(wfDrafts.instanceId, wfInstances.id))
        .where(and(eq(wfInstances.starterId, me.accountId), eq(wfInstances.status, 'notStarted'))).orderBy(desc(wfInstances.updatedAt), desc(wfInstances.id));
      return rows.map(({ i, comment }) => ({
        instanceId: i.id, definitionId: i.definitionId, definitionKey: i.definitionKey, definitionName: i.definitionName, businessKey: i.businessKey,
        variables: i.variables, comment: comment ?? null, updatedAt: i.updatedAt.toISOString(),
      }));
    },
    /**
     * runs the draft: start events entered under the instance lock, the start written to history with its comment;
     * `variables` (the start form under its model name) join the draft's before any condition is read;
     * `inTransaction` (the start form's document) is written in the same transaction
     */
    async submit(instanceId: number, me: Me, access: WorkflowAccess, variables: Record<string, unknown> = {}, inTransaction?: InTransaction) {
      const draft = await myDraft(db, instanceId, me);
      await definitionToStart(db, draft.definitionId, access);
      const [meta] = await db.select().from(wfDrafts).where(eq(wfDrafts.instanceId, instanceId));
      return step(db, instanceId, now(), me, async (c) => {
        if (c.inst.status !== 'notStarted') throw new AppError(409, 'workflow.draft.notDraft');
        c.inst.status = 'running';
        c.inst.startedAt = c.now;
        c.inst.variables = { ...c.inst.variables, ...variables };
        await c.tx.update(wfInstances).set({ status: 'running', startedAt: c.now }).where(eq(wfInstances.id, c.inst.id));
        await E.hist(c, 'start', { comment: meta?.comment ?? null, data: { businessKey: c.inst.businessKey, parentInstanceId: null } });
        await E.emit(c, 'processStart');
        for (const s of c.model.starts) await E.enter(c, s, null, null);
        await c.tx.delete(wfDrafts).where(eq(wfDrafts.instanceId, c.inst.id));
        return { instanceId: c.inst.id };
      }, { inTransaction }).then(async (r) => {
        const [i] = await db.select({ status: wfInstances.status }).from(wfInstances).where(eq(wfInstances.id, r.instanceId));
        return { instanceId: r.instanceId, status: i.status };
      });
    },
  };
}
