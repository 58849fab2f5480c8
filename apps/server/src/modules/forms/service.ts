import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SERVER_VALUED, dataFields, fieldLabel, formFields, translate,
  type FormBinding, type FormChartPoint, type FormChartQuery, type FormExport, type FormField, type FormInput, type FormSchema, type FormSummary, type Lang,
  formDataQuerySchema, formQuerySchema, textOf,
} from '@bencao/contracts';
import { columnSums, schemaCelProblems, type FormData } from '@bencao/contracts/forms/cel';
import type { Db } from '../../db/client';
import { dictItems, dicts, formData, formDataHistory, formDrafts, formVersions, forms, serialRules } from '../../db/schema/index';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { offsetOf, orderBy } from '../../platform/paging';
import { commonService } from '../common/service';
import { checkDocument, dataForNode, defaultsOf, dictCodesOf, diffOf, effectivePermission, fromFormEncoding, schemaForNode } from './validate';
import { exportTime } from '../../platform/exportTime';

export interface FormsActor { userId: string; lang: Lang }
export interface VersionRef { formId: number; version: number }

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `versionsKnown`: the published versions already read (a version never changes once published); a service made for
 * one transaction may share its maker's, so it reads none again
 */
export function formsService(db: Db, versionsKnown: Map<string, typeof formVersions.$inferSelect> = new Map()) {
  const common = commonService(db);

  // ───────────── forms ─────────────

  function summary(r: typeof forms.$inferSelect): FormSummary {
    return {
      id: r.id, name: r.name, description: r.description, category: r.category, action: r.action, status: r.status,
      version: r.version, dirty: r.status === 'draft' && r.version > 0,
      updatedAt: r.updatedAt.toISOString(), updatedBy: r.updatedBy,
    };
  }

  async function list(q: z.infer<typeof formQuerySchema>) {
    const where = and(
      q.keyword ? or(ilike(forms.name, like(q.keyword)), ilike(forms.description, like(q.keyword)), sql`${forms.id}::text = ${q.keyword}`) : undefined,
      q.category ? eq(forms.category, q.category) : undefined,
      q.status ? eq(forms.status, q.status) : undefined,
      q.published === 'true' ? sql`${forms.version} > 0` : undefined,
    );
    const [rows, [{ n }]] = await Promise.all([
      db.select().from(forms).where(where)
        .orderBy(...orderBy(q, { id: forms.id, name: forms.name, category: forms.category, version: forms.version, status: forms.status, updatedAt: forms.updatedAt }, desc(forms.updatedAt)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(forms).where(where),
    ]);
    return { total: n, records: rows.map((r) => summary(r)) };
  }

  async function row(id: number) {
    const [f] = await db.select().from(forms).where(eq(forms.id, id));
    if (!f) throw notFound();
    return f;
  }

  async function get(id: number) {
    const f = await row(id);
    return { ...summary(f), actionTarget: f.actionTarget, url: f.url, modelName: f.modelName, schema: f.schema };
  }

  function checkSchema(schema: FormSchema, lang: Lang) {
    const problems = schemaCelProblems(schema);
    const first = problems[0];
    // a limit of the expression budget (contracts' celBudget.ts) in the caller's language, else CEL's reason
    if (first) throw badRequest(translate(lang, 'forms.celInvalid', { key: first.key, reason: first.limit ? translate(lang, first.limit.key, first.limit.params) : first.problem }));
    for (const f of formFields(schema)) {
      if (f.type === 'subTable' && !(f.columns ?? []).length) throw badRequest(translate(lang, 'error.validation', { field: fieldLabel(f, lang), rule: translate(lang, 'forms.noFields') }));
    }
  }

  const values = (input: FormInput) => ({
    name: input.name, description: input.description ?? null, category: input.category ?? null, action: input.action,
    actionTarget: input.actionTarget ?? null, url: input.url ?? null, modelName: input.modelName ?? null, schema: input.schema,
  });

  async function create(input: FormInput, actor: FormsActor) {
    checkSchema(input.schema, actor.lang);
    const [f] = await db.insert(forms).values({ ...values(input), status: 'draft', version: 0, updatedBy: actor.userId }).returning();
    return get(f.id);
  }

  /** Saving a published form keeps its versions; when anything changed, the form is a draft again until the next publish. */
  async function update(id: number, input: FormInput, actor: FormsActor) {
    const f = await row(id);
    checkSchema(input.schema, actor.lang);
    const latest = f.version ? await versionRow(id, f.version) : null;
    const status = latest && same(latest.schema, input.schema) && latest.name === input.name ? f.status : 'draft';
    await db.update(forms).set({ ...values(input), status, updatedBy: actor.userId, updatedAt: sql`now()` }).where(eq(forms.id, id));
    return get(id);
  }

  async function copy(id: number, actor: FormsActor) {
    const f = await row(id);
    const [c] = await db.insert(forms).values({
      name: translate(actor.lang, 'forms.copyName', { name: f.name }).slice(0, 100), description: f.description, category: f.category,
      action: f.action, actionTarget: f.actionTarget, url: f.url, modelName: f.modelName, schema: f.schema,
      status: 'draft', version: 0, updatedBy: actor.userId,
    }).returning();
    return get(c.id);
  }

  /** Forms with filled-in documents are kept (the documents refer to their versions). */
  async function remove(ids: number[]) {
    const rows = await db.select({ id: forms.id, name: forms.name }).from(forms).where(inArray(forms.id, ids));
    if (rows.length !== new Set(ids).size) throw notFound();
    const used = await db.select({ formId: formData.formId, n: sql<number>`count(*)::int` }).from(formData).where(inArray(formData.formId, ids)).groupBy(formData.formId);
    if (used.length) {
      const f = rows.find((r) => r.id === used[0].formId)!;
      throw new AppError(409, 'forms.hasData', { name: f.name, n: used[0].n });
    }
    await db.delete(forms).where(inArray(forms.id, ids));
    return rows.length;
  }

  async function exportForm(id: number): Promise<FormExport> {
    const f = await row(id);
    return {
      format: 'bencao-form', name: f.name, description: f.description ?? undefined, category: f.category ?? undefined, action: f.action,
      actionTarget: f.actionTarget ?? undefined, url: f.url ?? undefined, modelName: f.modelName ?? undefined, schema: f.schema,
    };
  }

  // ───────────── versions ─────────────

  // a published version is never changed: read once per service (a bound approval asked for it up to five times)
  const versionsRead = versionsKnown;
  async function versionRow(formId: number, version: number) {
    const key = `${formId}:${version}`;
    const known = versionsRead.get(key);
    if (known) return known;
    const [v] = await db.select().from(formVersions).where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
    if (v) {
      if (versionsRead.size >= 200) versionsRead.clear();
      versionsRead.set(key, v);
    }
    return v ?? null;
  }

  async function publish(id: number, actor: FormsActor) {
    const f = await row(id);
    if (!dataFields(f.schema).length) throw new AppError(409, 'forms.noFields');
    checkSchema(f.schema, actor.lang);
    if (f.version && f.status === 'published') throw new AppError(409, 'forms.unchanged', { version: f.version });
    const version = f.version + 1;
    await db.transaction(async (tx) => {
      await tx.insert(formVersions).values({ formId: id, version, name: f.name, schema: f.schema, publishedBy: actor.userId });
      await tx.update(forms).set({ version, status: 'published', updatedBy: actor.userId, updatedAt: sql`now()` }).where(eq(forms.id, id));
    });
    return get(id);
  }

  async function versions(id: number) {
    await row(id);
    return db.select({ version: formVersions.version, name: formVersions.name, publishedBy: formVersions.publishedBy, publishedAt: formVersions.publishedAt })
      .from(formVersions).where(eq(formVersions.formId, id)).orderBy(desc(formVersions.version));
  }

  /** A frozen version (404 when the form or the version does not exist). */
  async function getVersion(ref: VersionRef) {
    const v = await versionRow(ref.formId, ref.version);
    if (!v) {
      await row(ref.formId);
      throw new AppError(404, 'forms.versionMissing', { version: ref.version });
    }
    return { formId: v.formId, version: v.version, name: v.name, schema: v.schema, publishedAt: v.publishedAt };
  }

  /** The newest published version, ready to be filled in standalone. */
  async function fillable(id: number) {
    const f = await row(id);
    if (!f.version) throw new AppError(409, 'forms.notPublished', { name: f.name });
    const v = await getVersion({ formId: id, version: f.version });
    return { ...v, url: f.url, defaults: defaultsOf(v.schema) };
  }

  // ───────────── documents ─────────────

  /** The codes each dictionary the form takes options from holds now (checked on every submit). */
  async function dictValuesOf(schema: FormSchema): Promise<Record<string, ReadonlySet<string>>> {
    const codes = dictCodesOf(schema);
    if (!codes.length) return {};
    const rows = await db.select({ dict: dicts.code, code: dictItems.code }).from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId)).where(inArray(dicts.code, codes));
    const out: Record<string, Set<string>> = Object.fromEntries(codes.map((c) => [c, new Set<string>()]));
    for (const r of rows) out[r.dict].add(r.code);
    return out;
  }

  /** Serial numbers are drawn once, when the document is first stored. */
  async function drawSerials(schema: FormSchema, doc: FormData, lang: Lang) {
    for (const f of dataFields(schema)) {
      if (f.type !== 'serial' || doc[f.key]) continue;
      if (!f.serialRule) continue;
      const [rule] = await db.select({ id: serialRules.id }).from(serialRules).where(eq(serialRules.code, f.serialRule));
      if (!rule) throw badRequest(translate(lang, 'forms.serialMissing', { code: f.serialRule }));
      doc[f.key] = (await common.nextSerial(f.serialRule)).serialNo;
    }
  }

  async function submitStandalone(id: number, input: FormData, actor: FormsActor) {
    const f = await row(id);
    if (!f.version) throw new AppError(409, 'forms.notPublished', { name: f.name });
    if (f.url) throw new AppError(409, 'forms.externalUrl', { name: f.name });
    const v = await getVersion({ formId: id, version: f.version });
    const doc = checkDocument(v.schema, input, { lang: actor.lang, previous: defaultsOf(v.schema), cacheKey: `${id}@${v.version}`, dictValues: await dictValuesOf(v.schema) });
    await drawSerials(v.schema, doc, actor.lang);
    const [saved] = await db.insert(formData).values({ formId: id, version: v.version, data: doc, createdBy: actor.userId, updatedBy: actor.userId }).returning();
    await db.insert(formDataHistory).values({ dataId: saved.id, node: null, diff: diffOf({}, doc), changedBy: actor.userId });
    return { id: saved.id, version: v.version, data: doc };
  }

  function dataWhere(formId: number, q: Pick<z.infer<typeof formDataQuerySchema>, 'field' | 'value' | 'keyword' | 'version'>) {
    return and(
      eq(formData.formId, formId),
      q.version ? eq(formData.version, q.version) : undefined,
      q.field && q.value ? ilike(sql`${formData.data} ->> ${q.field}`, like(q.value)) : undefined,
      q.keyword ? ilike(sql`${formData.data}::text`, like(q.keyword)) : undefined,
    );
  }

  async function listData(formId: number, q: z.infer<typeof formDataQuerySchema>) {
    await row(formId);
    const where = dataWhere(formId, q);
    const [records, [{ n }]] = await Promise.all([
      db.select().from(formData).where(where)
        .orderBy(...orderBy(q, { id: formData.id, createdAt: formData.createdAt, updatedAt: formData.updatedAt, version: formData.version }, desc(formData.id)))
        .limit(q.limit).offset(offsetOf(q)),
      db.select({ n: sql<number>`count(*)::int` }).from(formData).where(where),
    ]);
    return { total: n, records };
  }

  async function getData(dataId: number) {
    const [d] = await db.select().from(formData).where(eq(formData.id, dataId));
    if (!d) throw notFound();
    const history = await db.select().from(formDataHistory).where(eq(formDataHistory.dataId, dataId)).orderBy(asc(formDataHistory.id));
    const v = await getVersion({ formId: d.formId, version: d.version });
    return { ...d, schema: v.schema, history };
  }

  /**
   * Every matching document as table rows: one column per top-level field of the newest version, labelled
   * in `lang`, times at the operator's `utcOffset`. With `subTableSheets` a sub-table's lines are a table
   * of their own (one row per line, led by the document's ID) instead of one cell of text.
   */
  async function exportRows(formId: number, q: Parameters<typeof dataWhere>[1] & { utcOffset?: number }, lang: Lang, opts: { subTableSheets?: boolean } = {}) {
    const utcOffset = q.utcOffset ?? 0;
    const f = await row(formId);
    const schema = f.version ? (await getVersion({ formId, version: f.version })).schema : f.schema;
    const fields = dataFields(schema);
    const rows = await db.select().from(formData).where(dataWhere(formId, q)).orderBy(asc(formData.id)).limit(50_000);
    // a sub-table gives its rows (as text), their count and each summed column's total
    const subHeader = (x: (typeof fields)[number]) => (x.type !== 'subTable' ? [] : [
      translate(lang, 'forms.col.rows', { table: fieldLabel(x, lang) }),
      ...(x.sumColumns ?? []).map((k) => {
        const col = x.columns?.find((c) => c.key === k);
        return translate(lang, 'forms.col.sum', { table: fieldLabel(x, lang), column: col ? fieldLabel(col, lang) : k });
      }),
    ]);
    const subCells = (x: (typeof fields)[number], v: unknown) => {
      if (x.type !== 'subTable') return [];
      const rows = Array.isArray(v) ? v : [];
      const sums = columnSums(x, rows);
      return [rows.length, ...(x.sumColumns ?? []).map((k) => sums[k] ?? 0)];
    };
    const inMain = (x: (typeof fields)[number]) => !(opts.subTableSheets && x.type === 'subTable');
    const header = ['ID', translate(lang, 'forms.col.version'), ...fields.flatMap((x) => [...(inMain(x) ? [fieldLabel(x, lang)] : []), ...subHeader(x)]), translate(lang, 'forms.col.createdBy'), translate(lang, 'forms.col.createdAt')];
    const cell = (field: (typeof fields)[number], v: unknown): string | number => {
      if (v === null || v === undefined) return '';
      if (field.type === 'subTable' && Array.isArray(v)) {
        return v.map((r: FormData) => (field.columns ?? []).map((c) => `${fieldLabel(c, lang)}: ${r[c.key] ?? ''}`).join(', ')).join('\n');
      }
      if (field.type === 'money' && typeof v === 'number') return v;
      if ((field.type === 'select' || field.type === 'radio' || field.type === 'checkbox') && field.options?.length) {
        const label = (x: unknown) => { const o = field.options!.find((p) => p.value === x); return o ? (o.label[lang] || o.label.zh || o.label.en || String(x)) : String(x); };
        return Array.isArray(v) ? v.map(label).join(', ') : label(v);
      }
      if (field.type === 'upload' && Array.isArray(v)) return v.map((x: { name?: string; url?: string }) => x.name || x.url).join(', ');
      if (Array.isArray(v)) return v.join(' ~ ');
      if (typeof v === 'boolean') return translate(lang, v ? 'forms.yes' : 'forms.no');
      return typeof v === 'number' ? v : String(v);
    };
    const body = rows.map((r) => [r.id, r.version, ...fields.flatMap((x) => [...(inMain(x) ? [cell(x, r.data[x.key])] : []), ...subCells(x, r.data[x.key])]), r.createdBy ?? '', exportTime(r.createdAt, utcOffset) ?? '']);
    const kinds = fields.flatMap((x) => [...(inMain(x) ? [x.type === 'money'] : []), ...subHeader(x).map(() => false)]);
    const subTables = !opts.subTableSheets ? [] : fields.filter((x) => x.type === 'subTable').map((x) => {
      const columns = x.columns ?? [];
      return {
        name: fieldLabel(x, lang),
        header: ['ID', '#', ...columns.map((c) => fieldLabel(c, lang))],
        body: rows.flatMap((r) => (Array.isArray(r.data[x.key]) ? r.data[x.key] as FormData[] : [])
          .map((line, i) => [r.id, i + 1, ...columns.map((c) => cell(c, line?.[c.key]))])),
        moneyColumns: columns.flatMap((c, i) => (c.type === 'money' ? [i + 2] : [])),
      };
    });
    return { name: f.name, header, body, moneyColumns: kinds.flatMap((money, i) => (money ? [i + 2] : [])), subTables };
  }

  // ───────────── a chart over the documents (portal widget) ─────────────

  /**
   * The documents grouped by a top-level field of the newest version (value kinds that read as one
   * value: text, choices, dates, switches, numbers), counted or a number field summed; option and
   * dictionary codes read as their labels. At most 100 groups, by their value.
   */
  async function chart(formId: number, q: FormChartQuery, lang: Lang): Promise<FormChartPoint[]> {
    const f = await row(formId);
    const schema = f.version ? (await getVersion({ formId, version: f.version })).schema : f.schema;
    const fields = dataFields(schema);
    const group = fields.find((x) => x.key === q.groupBy && GROUPABLE.includes(x.type));
    if (!group) throw badRequest(translate(lang, 'forms.chart.noField', { field: q.groupBy }));
    const summed = q.aggregate === 'sum' ? fields.find((x) => x.key === q.valueField && (x.type === 'number' || x.type === 'money')) : undefined;
    if (q.aggregate === 'sum' && !summed) throw badRequest(translate(lang, 'forms.chart.notNumber', { field: q.valueField ?? '' }));
    // the keys are checked field keys (letters, digits, _), so they may sit in the SQL text
    const at = (key: string) => sql.raw(`data -> '${key}'`);
    const value = summed
      ? sql<number>`coalesce(sum(case when jsonb_typeof(${at(summed.key)}) = 'number' then (${at(summed.key)})::text::numeric end), 0)::float8`
      : sql<number>`count(*)::int`;
    const rows = await db.select({ key: sql<string | null>`${at(group.key)} #>> '{}'`, value }).from(formData)
      .where(eq(formData.formId, formId)).groupBy(sql`1`).orderBy(sql`1`).limit(100);
    const names = group.dictCode ? await dictNames(group.dictCode) : new Map<string, string>();
    return rows.map((r) => ({ key: r.key, label: chartLabel(group, r.key, names, lang), value: Number(r.value) }));
  }

  async function dictNames(code: string) {
    const rows = await db.select({ code: dictItems.code, name: dictItems.name }).from(dictItems).innerJoin(dicts, eq(dicts.id, dictItems.dictId)).where(eq(dicts.code, code));
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  // ───────────── workflow binding (called by modules/workflow/tasks) ─────────────

  /**
   * The form a start event or user task shows: the frozen version with the fields hidden at this node
   * taken out, each remaining field's permission, and the document's visible values.
   */
  async function formForTask(binding: FormBinding, lang: Lang, dataId?: number | null, draftInstanceId?: number | null) {
    const v = await getVersion(binding);
    const node = schemaForNode(v.schema, binding);
    let data: FormData = defaultsOf(v.schema);
    if (dataId) {
      const [d] = await db.select().from(formData).where(eq(formData.id, dataId));
      if (d) data = d.data;
    } else if (draftInstanceId) {
      const [d] = await db.select().from(formDrafts).where(eq(formDrafts.instanceId, draftInstanceId));
      if (d && d.formId === v.formId && d.version === v.version) data = { ...data, ...d.data };
    }
    return { formId: v.formId, version: v.version, name: v.name, lang, schema: node.schema, permissions: node.permissions, data: dataForNode(v.schema, data, binding) };
  }

  /**
   * Checks what a node submits (400 naming a field the node may not write, or a broken rule) and
   * answers the whole document to store; nothing is written.
   */
  async function validateTaskSubmit(binding: FormBinding, input: FormData, lang: Lang, previous?: FormData | null) {
    const v = await getVersion(binding);
    return checkDocument(v.schema, input, { lang, binding, previous: previous ?? defaultsOf(v.schema), cacheKey: `${v.formId}@${v.version}`, dictValues: await dictValuesOf(v.schema) });
  }

  /**
   * Checks and stores a node's submission: the start event creates the instance's document
   * (`dataId` null), a task updates it; the change is kept as a diff in the history.
   */
  async function submitForNode(p: { binding: FormBinding; input: FormData; actor: FormsActor; node: string; processInstanceId: number | null; dataId?: number | null; previous?: FormData }) {
    const v = await getVersion(p.binding);
    let previous: FormData = p.previous ?? defaultsOf(v.schema);
    // `previous`: the document's data as the caller just read it in the same transaction
    if (p.dataId && !p.previous) {
      const [d] = await db.select().from(formData).where(eq(formData.id, p.dataId));
      if (!d) throw notFound();
      previous = d.data;
    }
    const doc = checkDocument(v.schema, p.input, { lang: p.actor.lang, binding: p.binding, previous, cacheKey: `${v.formId}@${v.version}`, dictValues: await dictValuesOf(v.schema) });
    await drawSerials(v.schema, doc, p.actor.lang);
    const diff = diffOf(p.dataId ? previous : {}, doc);
    let dataId = p.dataId ?? null;
    if (dataId) {
      await db.update(formData).set({ data: doc, updatedBy: p.actor.userId, updatedAt: sql`now()` }).where(eq(formData.id, dataId));
    } else {
      const [saved] = await db.insert(formData).values({ formId: v.formId, version: v.version, processInstanceId: p.processInstanceId, data: doc, createdBy: p.actor.userId, updatedBy: p.actor.userId }).returning();
      dataId = saved.id;
    }
    if (Object.keys(diff).length) await db.insert(formDataHistory).values({ dataId, node: p.node, diff, changedBy: p.actor.userId });
    return { dataId, data: doc };
  }

  /**
   * Keeps what a starter typed in a process draft's start form: only the fields the start may write,
   * as their kinds, unchecked (a draft may be incomplete); checked when the draft is submitted.
   */
  async function saveStartDraft(binding: FormBinding, instanceId: number, input: FormData) {
    const v = await getVersion(binding);
    const writable = new Map(dataFields(v.schema).filter((f) => ['write', 'required'].includes(effectivePermission(f, binding))).map((f) => [f.key, f]));
    const data = Object.fromEntries(Object.entries(fromFormEncoding(v.schema, input)).filter(([k]) => writable.has(k)));
    await db.insert(formDrafts).values({ instanceId, formId: v.formId, version: v.version, data })
      .onConflictDoUpdate({ target: formDrafts.instanceId, set: { formId: v.formId, version: v.version, data, updatedAt: sql`now()` } });
  }
  const removeStartDraft = (instanceId: number) => db.delete(formDrafts).where(eq(formDrafts.instanceId, instanceId));
  async function startDraftValues(instanceId: number): Promise<FormData | null> {
    const [d] = await db.select({ data: formDrafts.data }).from(formDrafts).where(eq(formDrafts.instanceId, instanceId));
    return d?.data ?? null;
  }

  /** The alias under which a form's submitted data is exposed to process conditions (SPEC §3 Form.modelName). */
  async function modelNameOf(formId: number) {
    const [f] = await db.select({ modelName: forms.modelName }).from(forms).where(eq(forms.id, formId));
    return f?.modelName ?? null;
  }

  /** The fields of a version a modeler's permission grid lists (key, label, type). */
  async function versionFields(ref: VersionRef, lang: Lang) {
    const v = await getVersion(ref);
    return dataFields(v.schema).map((f) => ({ key: f.key, label: fieldLabel(f, lang), type: f.type, serverValued: SERVER_VALUED.includes(f.type) }));
  }

  return {
    list, get, create, update, copy, remove, exportForm, publish, versions, getVersion, fillable,
    submitStandalone, listData, getData, exportRows, formForTask, validateTaskSubmit, submitForNode, versionFields,
    saveStartDraft, removeStartDraft, startDraftValues, modelNameOf, chart,
  };
}
export type FormsService = ReturnType<typeof formsService>;

/** Fields whose value is one thing to group by. */
const GROUPABLE: readonly FormField['type'][] = ['text', 'select', 'radio', 'switch', 'date', 'time', 'number', 'money', 'serial', 'computed', 'organ', 'user'];

/** How a group's stored value reads: an option's or dictionary item's label, yes / no, or the value itself. */
function chartLabel(f: FormField, key: string | null, dictNames: Map<string, string>, lang: Lang): string {
  if (key === null || key === '') return translate(lang, 'forms.chart.none');
  if (f.dictCode) return dictNames.get(key) ?? key;
  const option = f.options?.find((o) => o.value === key);
  if (option) return textOf(option.label, lang, key);
  if (f.type === 'switch') return translate(lang, key === 'true' ? 'forms.yes' : 'forms.no');
  return key;
}
