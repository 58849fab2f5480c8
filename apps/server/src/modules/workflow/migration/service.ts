import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
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
import { mappedNode, migrateLockedInstance } from './migrateInstance';

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

export function migrationService(db: Db) {
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
    const chosen = input.all
      ? await db.select({ id: wfInstances.id, versionId: wfInstances.versionId, businessKey: wfInstances.businessKey }).from(wfInstances)
        .where(and(eq(wfInstances.versionId, source.id), inArray(wfInstances.status, [...ACTIVE]), scope)).orderBy(asc(wfInstances.id)).limit(MAX_MIGRATION_INSTANCES)
      : await db.select({ id: wfInstances.id, versionId: wfInstances.versionId, businessKey: wfInstances.businessKey }).from(wfInstances)
        .where(and(inArray(wfInstances.id, [...new Set(input.instanceIds ?? [])]), scope));
    return { source, target, sourceModel, targetModel, chosen };
  }

  /** the source nodes where the chosen instances' tokens and open tasks sit now, and where each would go */
  async function sourceNodesOf(instanceIds: number[], sourceModel: ProcessModel, targetModel: ProcessModel, mapping: Record<string, string>): Promise<MigrationSourceNode[]> {
    if (!instanceIds.length) return [];
    const rows = await db.selectDistinct({ elementId: wfExecutions.elementId }).from(wfExecutions)
      .where(and(inArray(wfExecutions.instanceId, instanceIds), inArray(wfExecutions.status, [...ACTIVE])));
    return rows.map((r) => r.elementId).filter((id) => sourceModel.elements[id]).sort().map((id) => {
      const el = sourceModel.elements[id];
      const m = mappedNode(mapping, targetModel, id);
      return { id, name: el.name, type: el.type, mappedTo: m.id, auto: m.auto };
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
    const { source, target, sourceModel, targetModel, chosen } = await prepare(input, lang, o.dataScope);
    const onSource = chosen.filter((i) => i.versionId === source.id).map((i) => i.id);
    const sourceNodes = await sourceNodesOf(onSource, sourceModel, targetModel, input.mapping);
    const unmapped = sourceNodes.find((n) => !n.mappedTo);
    if (unmapped && !o.dryRun) {
      throw badRequest('error.validation', { field: 'mapping', rule: translate(lang, 'workflow.migration.unmapped', { name: unmapped.name ?? unmapped.id, version: target.version }) });
    }
    const found = new Map(chosen.map((i) => [i.id, i]));
    const ids = input.all ? chosen.map((i) => i.id) : [...new Set(input.instanceIds ?? [])];
    const instances: MigrationInstanceOutcome[] = [];
    for (const id of ids) {
      const outcome: MigrationInstanceOutcome = { instanceId: id, businessKey: found.get(id)?.businessKey ?? null, status: null, ok: false, steps: [], refused: [] };
      instances.push(outcome);
      if (!found.has(id)) { outcome.refused.push(translate(lang, 'workflow.migration.notFound')); continue; }
      try {
        await db.transaction(async (tx) => {
          const c = await engineSteps.ctxFor(tx, id, o.now, o.actor);
          outcome.status = c.inst.status;
          if (!ACTIVE.includes(c.inst.status as (typeof ACTIVE)[number])) {
            outcome.refused.push(translate(lang, 'workflow.migration.notActive', { status: translate(lang, `workflow.status.${c.inst.status}`) }));
          } else if (c.inst.versionId === target.id) {
            outcome.refused.push(translate(lang, 'workflow.migration.sameVersion', { version: target.version }));
          } else if (c.inst.versionId !== source.id) {
            outcome.refused.push(translate(lang, 'workflow.migration.notOfSource', { version: c.inst.version }));
          } else {
            const r = await migrateLockedInstance(c, target, input.mapping, lang);
            outcome.steps = r.steps;
            outcome.refused.push(...r.refused);
          }
          if (outcome.refused.length || o.dryRun) throw new Rollback();
          await engineSteps.save(c, true);
        });
        outcome.ok = true;
      } catch (e) {
        if (e instanceof Rollback) outcome.ok = o.dryRun && !outcome.refused.length;
        else outcome.refused.push(translate(lang, 'workflow.migration.failed', { reason: e instanceof AppError ? appErrorText(lang, e) : translate(lang, 'error.system') }));
      }
    }
    return {
      dryRun: o.dryRun, fromVersion: source.version, toVersion: target.version, sourceNodes, targetNodes: targetNodesOf(targetModel), instances,
      migrated: o.dryRun ? 0 : instances.filter((i) => i.ok).length,
    };
  }

  return { version, candidates, run };
}
