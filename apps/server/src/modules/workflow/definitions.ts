import { and, desc, eq, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  hasXmlDtd, translate, type Lang, type PublishProblem, type WorkflowDefinition, type WorkflowDefinitionInput, type WorkflowDefinitionQuery,
  type WorkflowDefinitionCopy, type WorkflowDefinitionUpdate, type WorkflowStartInput, type WorkflowVersion,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { wfDefinitions, wfInstances, wfVersions } from '../../db/schema/index';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { compileBpmn, type Problem, type ProcessModel } from './engine/model';
import { armTimerStarts, createInstance, type Actor, type Tx } from './engine/runtime';
import { renameProcess } from './definitionCopy';
import { formTypeProblems } from './engine/formTypes';
import { outboundProblems } from './definitionOutbound';

/**
 * Process definitions and their versions: a definition keeps a draft; publishing checks the draft
 * against the supported subset and stores an immutable version (XML + compiled model). Instances
 * stay on the version they started on.
 */

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
type DefRow = typeof wfDefinitions.$inferSelect;

/** 400 listing every problem of a diagram, each translated (routes answer it with `data.problems`) */
export class PublishError extends Error {
  constructor(readonly problems: Problem[]) { super('publish'); }
  translated(lang: Lang): PublishProblem[] {
    return this.problems.map((p) => ({
      elementId: p.elementId,
      // a parameter naming an expression limit (cel.*) or an outbound refusal (detail: outbound.*) is that text, with the problem's params
      message: translate(lang, p.key, Object.fromEntries(Object.entries(p.params ?? {}).map(([k, v]) => [k,
        typeof v === 'string' && (v.startsWith('cel.') || (k === 'detail' && v.startsWith('outbound.'))) ? translate(lang, v, p.params) : v]))),
    }));
  }
}

async function latestXml(db: Db, d: DefRow): Promise<string | null> {
  if (!d.latestVersionId) return null;
  const [v] = await db.select({ xml: wfVersions.xml }).from(wfVersions).where(eq(wfVersions.id, d.latestVersionId));
  return v?.xml ?? null;
}

function view(d: DefRow, latestXmlText: string | null): WorkflowDefinition {
  return {
    id: d.id, key: d.key, name: d.name, category: d.category, description: d.description, status: d.status,
    latestVersion: d.latestVersion, latestVersionId: d.latestVersionId,
    hasDraftChanges: d.draftXml !== null && d.draftXml !== latestXmlText,
    createdBy: d.createdBy, createdAt: d.createdAt.toISOString(), updatedAt: d.updatedAt.toISOString(),
    publishedAt: d.publishedAt?.toISOString() ?? null,
  };
}

/** the process id and name written in a diagram (import) */
function processOf(xml: string): { id: string; name: string | null } | null {
  const m = /<(?:[A-Za-z0-9_]+:)?process\b([^>]*)>/.exec(xml);
  if (!m || !/<(?:[A-Za-z0-9_]+:)?definitions\b/.test(xml)) return null;
  const attr = (n: string) => new RegExp(`\\s${n}="([^"]*)"`).exec(m[1])?.[1] ?? null;
  const id = attr('id');
  if (!id) return null;
  const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const name = attr('name');
  return { id: unescape(id), name: name ? unescape(name) : null };
}

export function definitionService(db: Db, now: () => Date) {
  async function get(id: number) {
    const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, id));
    if (!d) throw notFound();
    return d;
  }

  async function list(q: WorkflowDefinitionQuery) {
    const conds = [];
    if (q.keyword) conds.push(or(ilike(wfDefinitions.key, like(q.keyword)), ilike(wfDefinitions.name, like(q.keyword))));
    if (q.category) conds.push(eq(wfDefinitions.category, q.category));
    if (q.status) conds.push(eq(wfDefinitions.status, q.status));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [{ n }]] = await Promise.all([
      db.select({ d: wfDefinitions, latestXml: wfVersions.xml }).from(wfDefinitions)
        .leftJoin(wfVersions, eq(wfVersions.id, wfDefinitions.latestVersionId)).where(where)
        .orderBy(...orderBy(q, { key: wfDefinitions.key, name: wfDefinitions.name, category: wfDefinitions.category, status: wfDefinitions.status, latestVersion: wfDefinitions.latestVersion, updatedAt: wfDefinitions.updatedAt, publishedAt: wfDefinitions.publishedAt }, desc(wfDefinitions.updatedAt)), desc(wfDefinitions.id))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(wfDefinitions).where(where),
    ]);
    return { total: n, records: rows.map((r) => view(r.d, r.latestXml)) };
  }

  async function detail(id: number) {
    const d = await get(id);
    return { ...view(d, await latestXml(db, d)), xml: d.draftXml ?? (await latestXml(db, d)) };
  }

  /** Saving a diagram: a URL it writes for the server to call must pass the outbound rule (PublishError listing the tasks). */
  async function checkSavedXml(xml: string | null | undefined) {
    if (!xml) return;
    const { model } = await compileBpmn(xml, () => true);
    const problems = model ? await outboundProblems(db, model) : [];
    if (problems.length) throw new PublishError(problems);
  }

  async function create(input: WorkflowDefinitionInput, actor: Actor) {
    await checkSavedXml(input.xml);
    const [dup] = await db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, input.key));
    if (dup) throw conflict('workflow.key');
    const t = now();
    const [d] = await db.insert(wfDefinitions).values({
      key: input.key, name: input.name, category: input.category, description: input.description, draftXml: input.xml,
      createdBy: actor.name, createdAt: t, updatedAt: t,
    }).returning();
    return view(d, null);
  }

  /** a new definition (draft only) holding the diagram the original's modeler shows, under its own key and name */
  async function copy(id: number, input: WorkflowDefinitionCopy, actor: Actor) {
    const d = await get(id);
    const source = d.draftXml ?? (await latestXml(db, d));
    const xml = source ? await renameProcess(source, input.key, input.name) : null;
    return create({ key: input.key, name: input.name, category: input.category, description: d.description, xml }, actor);
  }

  async function update(id: number, input: WorkflowDefinitionUpdate) {
    const d = await get(id);
    if (input.key !== undefined && input.key !== d.key) {
      // the key names the process for call activities and permissions: fixed once published
      if (d.latestVersion > 0) throw new AppError(409, 'error.alreadyExists', { field: 'workflow.key' });
      const [dup] = await db.select({ id: wfDefinitions.id }).from(wfDefinitions).where(eq(wfDefinitions.key, input.key));
      if (dup) throw conflict('workflow.key');
    }
    await checkSavedXml(input.xml);
    const set: Partial<typeof wfDefinitions.$inferInsert> = { updatedAt: now() };
    if (input.key !== undefined) set.key = input.key;
    if (input.name !== undefined) set.name = input.name;
    if (input.category !== undefined) set.category = input.category;
    if (input.description !== undefined) set.description = input.description;
    if (input.xml !== undefined) set.draftXml = input.xml;
    const [row] = await db.update(wfDefinitions).set(set).where(eq(wfDefinitions.id, id)).returning();
    return view(row, await latestXml(db, row));
  }

  async function remove(id: number) {
    const d = await get(id);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(wfInstances)
      .where(and(eq(wfInstances.definitionId, id), inArray(wfInstances.status, ['running', 'suspended', 'notStarted'])));
    if (n > 0) throw new AppError(409, 'workflow.definitionInUse', { name: d.name });
    await db.delete(wfDefinitions).where(eq(wfDefinitions.id, id));
    return { deleted: 1 };
  }

  async function publishedKeys(): Promise<Set<string>> {
    const rows = await db.select({ key: wfDefinitions.key }).from(wfDefinitions).where(isNotNull(wfDefinitions.latestVersionId));
    return new Set(rows.map((r) => r.key));
  }

  /** compiles `xml`; throws PublishError listing every problem */
  async function compile(key: string, xml: string | null): Promise<ProcessModel> {
    if (!xml || !xml.trim()) throw new PublishError([{ elementId: null, key: 'workflow.publishDraftEmpty' }]);
    // a draft saved before DTDs were refused on save
    if (hasXmlDtd(xml)) throw new PublishError([{ elementId: null, key: 'workflow.problem.doctype' }]);
    const keys = await publishedKeys();
    const { model, problems } = await compileBpmn(xml, (k) => k === key || keys.has(k));
    if (model) problems.push(...await formTypeProblems(db, model), ...await outboundProblems(db, model));
    if (problems.length || !model) throw new PublishError(problems);
    return model;
  }

  async function storeVersion(d: DefRow, xml: string, model: ProcessModel, actor: Actor) {
    const t = now();
    return db.transaction(async (tx) => {
      const [cur] = await tx.select().from(wfDefinitions).where(eq(wfDefinitions.id, d.id)).for('update');
      const version = cur.latestVersion + 1;
      const [v] = await tx.insert(wfVersions).values({
        definitionId: d.id, definitionKey: cur.key, version, name: cur.name, xml, model, publishedBy: actor.name, publishedAt: t,
      }).returning();
      await tx.update(wfDefinitions).set({ latestVersion: version, latestVersionId: v.id, publishedAt: t, updatedAt: t, draftXml: xml })
        .where(eq(wfDefinitions.id, d.id));
      await armTimerStarts(tx, d.id, v.id, model, t);
      return { id: v.id, version };
    });
  }

  async function publish(id: number, actor: Actor) {
    const d = await get(id);
    const model = await compile(d.key, d.draftXml);
    return storeVersion(d, d.draftXml!, model, actor);
  }

  /** publishes an older version's XML again as the newest version (checked again: called processes may have changed) */
  async function republish(versionId: number, actor: Actor) {
    const [v] = await db.select().from(wfVersions).where(eq(wfVersions.id, versionId));
    if (!v) throw notFound();
    const d = await get(v.definitionId);
    const model = await compile(d.key, v.xml);
    return storeVersion(d, v.xml, model, actor);
  }

  async function setStatus(id: number, status: 'active' | 'suspended') {
    const d = await get(id);
    if (d.status === status) throw new AppError(409, status === 'suspended' ? 'workflow.definitionSuspended' : 'workflow.definitionNotSuspended', { name: d.name });
    await db.update(wfDefinitions).set({ status, updatedAt: now() }).where(eq(wfDefinitions.id, id));
    return { id, status };
  }

  async function versions(id: number): Promise<WorkflowVersion[]> {
    await get(id);
    const rows = await db.select({
      id: wfVersions.id, definitionId: wfVersions.definitionId, definitionKey: wfVersions.definitionKey, version: wfVersions.version,
      name: wfVersions.name, publishedBy: wfVersions.publishedBy, publishedAt: wfVersions.publishedAt,
      instanceCount: sql<number>`(select count(*)::int from wf_instances i where i.version_id = "wf_versions"."id")`,
    }).from(wfVersions).where(eq(wfVersions.definitionId, id)).orderBy(desc(wfVersions.version));
    return rows.map((r) => ({ ...r, publishedAt: r.publishedAt.toISOString() }));
  }

  async function version(versionId: number) {
    const [v] = await db.select().from(wfVersions).where(eq(wfVersions.id, versionId));
    if (!v) throw notFound();
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(wfInstances).where(eq(wfInstances.versionId, versionId));
    return {
      id: v.id, definitionId: v.definitionId, definitionKey: v.definitionKey, version: v.version, name: v.name,
      publishedBy: v.publishedBy, publishedAt: v.publishedAt.toISOString(), instanceCount: n, xml: v.xml,
    };
  }

  async function exportXml(id: number) {
    const d = await get(id);
    const xml = d.draftXml ?? (await latestXml(db, d));
    if (!xml) throw notFound();
    return { key: d.key, xml };
  }

  /** a .bpmn file: its process id is the key; an existing definition gets it as its draft */
  async function importXml(xml: string, actor: Actor) {
    const p = processOf(xml);
    if (!p || !/^[A-Za-z_][A-Za-z0-9_.\-]*$/.test(p.id) || p.id.length > 64) throw badRequest('workflow.importInvalid');
    const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.key, p.id));
    if (d) return update(d.id, { xml });
    return create({ key: p.id, name: (p.name ?? p.id).slice(0, 100), category: null, description: null, xml }, actor);
  }

  /** starts an instance of the newest version; `inTransaction` (the start form's store) commits with it or not at all */
  async function start(id: number, actor: Actor, input: WorkflowStartInput, inTransaction?: (tx: Tx, instanceId: number) => Promise<unknown>) {
    const d = await get(id);
    if (!d.latestVersionId) throw badRequest('workflow.notPublished', { name: d.name });
    if (d.status === 'suspended') throw new AppError(409, 'workflow.definitionSuspended', { name: d.name });
    const inst = await db.transaction(async (tx) => {
      const created = await createInstance(tx, {
        definition: d, versionId: d.latestVersionId!, now: now(), actor, businessKey: input.businessKey, variables: input.variables ?? {},
        starterId: actor.accountId, starterName: actor.name,
      });
      if (inTransaction) await inTransaction(tx, created.id);
      return created;
    });
    return { id: inst.id, status: inst.status, version: inst.version, currentNodes: inst.currentNodes };
  }

  return { get, list, detail, create, copy, update, remove, publish, republish, setStatus, versions, version, exportXml, importXml, start, compile };
}
export type DefinitionService = ReturnType<typeof definitionService>;
