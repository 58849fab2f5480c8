import { and, asc, count, eq, gt, inArray, type SQL } from 'drizzle-orm';
import {
  translate, type Lang, type MigrationInstanceOutcome, type MigrationNode, type MigrationResult, type MigrationSourceNode,
  type WorkflowInstance, type WorkflowMigrationInput, type WorkflowMigrationInstanceQuery, MAX_MIGRATION_INSTANCES,
} from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { wfDefinitions, wfExecutions, wfInstances, wfVersions } from '../../../db/schema/index';
import { AppError, badRequest, notFound } from '../../../platform/errors';
import { offsetOf } from '../../../platform/paging';
import { accountIdInScope, type DataScopeOf } from '../../security/dataScope';
import { engineSteps, modelOf, type Actor } from '../engine/runtime';
import type { ProcessModel } from '../engine/model';
import { kindProblem, mappedNode, migrateLockedInstance, processNames } from './migrateInstance';

/**
 * Instance migration (docs/WORKFLOW.md, "Migrating running instances"): the instances of a version to
 * choose from, and the dry run / apply of a migration, one transaction per instance.
 */

const ACTIVE = ['running', 'suspended'] as const;
/** node kinds a token can wait at: what the operator may map to */
const WAITING_TYPES = new Set(['bpmn:UserTask', 'bpmn:ServiceTask', 'bpmn:SubProcess', 'bpmn:CallActivity', 'bpmn:IntermediateCatchEvent',
  'bpmn:ParallelGateway', 'bpmn:InclusiveGateway']);

/** thrown inside an instance's transaction to roll it back (a dry run, or a refusal) */
class Rollback extends Error {}

const appErrorText = (lang: Lang, e: AppError) =>
  translate(lang, e.key, Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, typeof v === 'string' ? translate(lang, v) : v])));

/** `batchSize`: instances per request with `all` (config.migrationBatchSize), at most MAX_MIGRATION_INSTANCES */
export function migrationService(db: Db, o: { batchSize?: number } = {}) {
  const batchSize = Math.min(MAX_MIGRATION_INSTANCES, Math.max(1, Math.floor(o.batchSize ?? MAX_MIGRATION_INSTANCES) || MAX_MIGRATION_INSTANCES));
  async function version(id: number) {
    const [v] = await db.select({ id: wfVersions.id, definitionId: wfVersions.definitionId, definitionKey: wfVersions.definitionKey, version: wfVersions.version, name: wfDefinitions.name })
      .from(wfVersions).innerJoin(wfDefinitions, eq(wfDefinitions.id, wfVersions.definitionId)).where(eq(wfVersions.id, id));
    if (!v) throw notFound();
    return v;
  }

  /** the running and suspended instances of a version, oldest first */
  async function candidates(q: WorkflowMigrationInstanceQuery, dataScope: DataScopeOf | null): Promise<{ total: number; records: WorkflowInstance[] }> {
    const conds: (SQL | undefined)[] = [eq(wfInstances.versionId, q.versionId), inArray(wfInstances.status, [...ACTIVE]), accountIdInScope(dataScope, wfInstances.starterId)];
    if (q.businessKey) conds.push(eq(wfInstances.businessKey, q.businessKey));
    const where = and(...conds);
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(wfInstances).where(where).orderBy(asc(wfInstances.startedAt), asc(wfInstances.id)).limit(q.limit).offset(offsetOf(q)),
      db.select({ n: count() }).from(wfInstances).where(where),
    ]);
    return {
      total: Number(n),
      records: rows.map((r) => ({
        id: r.id, definitionId: r.definitionId, definitionKey: r.definitionKey, definitionName: r.definitionName, version: r.version,
        versionId: r.versionId, businessKey: r.businessKey, status: r.status, starterId: r.starterId, starterName: r.starterName,
        parentInstanceId: r.parentInstanceId, currentNodes: r.currentNodes, startedAt: r.startedAt.toISOString(),
        endedAt: r.endedAt?.toISOString() ?? null, hasIncident: false,
      })),
    };
  }

  /** checks the request as a whole (400 naming the field); answers the versions, models and chosen instances */
  async function prepare(input: WorkflowMigrationInput, lang: Lang, dataScope: DataScopeOf | null) {
    const source = await version(input.sourceVersionId);
    const target = await version(input.targetVersionId);
    if (target.definitionId !== source.definitionId) {
      throw badRequest('error.validation', { field: 'targetVersionId', rule: translate(lang, 'workflow.migration.otherProcess', { name: source.name }) });
    }
    const sourceModel = await modelOf(db, source.id, source.definitionKey, source.version);
    const targetModel = await modelOf(db, target.id, target.definitionKey, target.version);
    for (const [from, to] of Object.entries(input.mapping)) {
      if (!targetModel.elements[to]) {
        throw badRequest('error.validation', { field: `mapping.${from}`, rule: translate(lang, 'workflow.migration.badTarget', { name: sourceModel.elements[from]?.name ?? from, target: to, version: target.version }) });
      }
    }
    const scope = accountIdInScope(dataScope, wfInstances.starterId);
    const cols = { id: wfInstances.id, versionId: wfInstances.versionId, businessKey: wfInstances.businessKey };
    if (!input.all) {
      const chosen = await db.select(cols).from(wfInstances).where(and(inArray(wfInstances.id, [...new Set(input.instanceIds ?? [])]), scope));
      return { source, target, sourceModel, targetModel, chosen, matched: new Set(input.instanceIds ?? []).size };
    }
    // "all": the oldest instances by id after the previous batch's last one, so batches neither overlap nor skip; the true count besides
    const where = and(eq(wfInstances.versionId, source.id), inArray(wfInstances.status, [...ACTIVE]), scope, input.afterId ? gt(wfInstances.id, input.afterId) : undefined);
    const [chosen, [{ n }]] = await Promise.all([
      db.select(cols).from(wfInstances).where(where).orderBy(asc(wfInstances.id)).limit(batchSize),
      db.select({ n: count() }).from(wfInstances).where(where),
    ]);
    return { source, target, sourceModel, targetModel, chosen, matched: Number(n) };
  }

  /** the source nodes where the chosen instances' tokens and open tasks sit now, where each would go, and why it cannot */
  async function sourceNodesOf(instanceIds: number[], sourceModel: ProcessModel, targetModel: ProcessModel, targetVersion: number, mapping: Record<string, string>, lang: Lang): Promise<MigrationSourceNode[]> {
    if (!instanceIds.length) return [];
    const rows = await db.selectDistinct({ elementId: wfExecutions.elementId }).from(wfExecutions)
      .where(and(inArray(wfExecutions.instanceId, instanceIds), inArray(wfExecutions.status, [...ACTIVE])));
    const ids = rows.map((r) => r.elementId).filter((id) => sourceModel.elements[id]).sort();
    const calls = [...Object.values(sourceModel.elements), ...Object.values(targetModel.elements)].filter((e) => e.type === 'bpmn:CallActivity');
    const names = calls.length ? await processNames(db, calls.map((e) => e.calledElement ?? '')) : new Map<string, string>();
    return ids.map((id) => {
      const el = sourceModel.elements[id];
      const m = mappedNode(mapping, targetModel, id);
      const to = m.id ? targetModel.elements[m.id] : undefined;
      const name = el.name ?? id;
      const problem = !to
        ? (el.type === 'bpmn:CallActivity'
          ? translate(lang, 'workflow.migration.callUnmapped', { name, version: targetVersion, child: names.get(el.calledElement ?? '') ?? el.calledElement ?? '' })
          : translate(lang, 'workflow.migration.unmapped', { name, version: targetVersion }))
        : kindProblem(lang, el, to, targetVersion, names);
      return { id, name: el.name, type: el.type, mappedTo: m.id, auto: m.auto, problem };
    });
  }

  const targetNodesOf = (model: ProcessModel): MigrationNode[] =>
    Object.values(model.elements).filter((e) => WAITING_TYPES.has(e.type)).map((e) => ({ id: e.id, name: e.name, type: e.type }));

  /**
   * A dry run (each instance migrated and rolled back, so it answers exactly what the apply would do at that
   * moment) or the apply: one transaction per instance, under its row lock, re-checked there; one instance
   * refused or failing leaves the others migrated.
   */
  async function run(input: WorkflowMigrationInput, o: { dryRun: boolean; actor: Actor; now: Date; lang: Lang; dataScope: DataScopeOf | null }): Promise<MigrationResult> {
    const { lang } = o;
    const { source, target, sourceModel, targetModel, chosen, matched } = await prepare(input, lang, o.dataScope);
    const onSource = chosen.filter((i) => i.versionId === source.id).map((i) => i.id);
    const sourceNodes = await sourceNodesOf(onSource, sourceModel, targetModel, target.version, input.mapping, lang);
    // a node no instance can move from as mapped: the apply moves nothing (the dry run lists it with each instance's refusal)
    const wrong = sourceNodes.find((n) => n.problem);
    if (wrong && !o.dryRun) throw badRequest('error.validation', { field: wrong.mappedTo ? `mapping.${wrong.id}` : 'mapping', rule: wrong.problem! });
    const found = new Map(chosen.map((i) => [i.id, i]));
    const ids = input.all ? chosen.map((i) => i.id) : [...new Set(input.instanceIds ?? [])];
    const instances: MigrationInstanceOutcome[] = [];
    for (const id of ids) {
      const outcome: MigrationInstanceOutcome = { instanceId: id, businessKey: found.get(id)?.businessKey ?? null, status: null, ok: false, steps: [], refused: [], skipped: null };
      instances.push(outcome);
      if (!found.has(id)) { outcome.refused.push(translate(lang, 'workflow.migration.notFound')); continue; }
      try {
        await db.transaction(async (tx) => {
          const c = await engineSteps.ctxFor(tx, id, o.now, o.actor);
          outcome.status = c.inst.status;
          if (!ACTIVE.includes(c.inst.status as (typeof ACTIVE)[number])) {
            outcome.refused.push(translate(lang, 'workflow.migration.notActive', { status: translate(lang, `workflow.status.${c.inst.status}`) }));
          } else if (c.inst.versionId === target.id) {
            // migrated already (by an earlier batch or a parallel request): skipped, so running a migration again is harmless
            outcome.skipped = translate(lang, 'workflow.migration.sameVersion', { version: target.version });
          } else if (c.inst.versionId !== source.id) {
            outcome.refused.push(translate(lang, 'workflow.migration.notOfSource', { version: c.inst.version }));
          } else {
            const r = await migrateLockedInstance(c, target, input.mapping, lang);
            outcome.steps = r.steps;
            outcome.refused.push(...r.refused);
          }
          if (outcome.refused.length || outcome.skipped || o.dryRun) throw new Rollback();
          await engineSteps.save(c, true);
        });
        outcome.ok = true;
      } catch (e) {
        if (e instanceof Rollback) outcome.ok = o.dryRun && !outcome.refused.length && !outcome.skipped;
        else outcome.refused.push(translate(lang, 'workflow.migration.failed', { reason: e instanceof AppError ? appErrorText(lang, e) : translate(lang, 'error.system') }));
      }
    }
    const last = input.all ? chosen.at(-1)?.id ?? null : null;
    const remaining = input.all ? Math.max(0, matched - chosen.length) : 0;
    return {
      dryRun: o.dryRun, fromVersion: source.version, toVersion: target.version, sourceNodes, targetNodes: targetNodesOf(targetModel), instances,
      migrated: o.dryRun ? 0 : instances.filter((i) => i.ok).length, skipped: instances.filter((i) => i.skipped).length,
      matched, remaining, nextAfterId: remaining > 0 ? last : null,
    };
  }

  return { version, candidates, run };
}
