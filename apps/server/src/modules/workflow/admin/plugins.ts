import { coerceFormValue } from '../../../platform/formCoercion';
import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PLUGIN_SETTINGS_SCHEMAS, formatIssue, translate, type Lang, type PluginKind, type PluginResult,
  type pluginButtonQuerySchema, type pluginButtonSchema, type pluginTypeQuerySchema, type pluginTypeSchema,
} from '@bencao/contracts';
import { wfInstances, wfPluginButtons, wfPluginTypes, wfTaskCandidates, wfTasks } from '../../../db/schema/index';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { environmentMailer } from '../../../platform/mail';
import { OutboundRefused, assertOutboundUrl, outboundRequest, type OutboundResponse } from '../../../platform/outbound';
import { offsetOf, orderBy } from '../../../platform/paging';
import { celLimitError, evalCel, firstLine } from './cel';
import { escapeHtml, mailReceivers, pathValue, render, templateOf } from './template';
import type { Db } from '../../../db/client';
import type { PluginContext, Q } from './types';

/**
 * Plugin types (a capability of a kind implemented here, with default settings) and plugin buttons
 * (a labelled action on tasks of given nodes that runs a plugin type). `runPlugin` serves service
 * tasks (`bencao:plugin` + `bencao:settings`) and buttons.
 */

type TypeRow = typeof wfPluginTypes.$inferSelect;

/** Runs a plugin type with settings (over the type's defaults, key by key). Throws an AppError (400) when it fails. */
export async function runPlugin(db: Q, typeCode: string, settings: Record<string, unknown>, ctx: PluginContext): Promise<PluginResult> {
  const [type] = await db.select().from(wfPluginTypes).where(eq(wfPluginTypes.code, typeCode));
  if (!type || !type.enabled) throw badRequest('workflow.pluginUnknown', { code: typeCode });
  return runKind(db, type.kind as PluginKind, { ...(type.settings ?? {}), ...(settings ?? {}) }, ctx);
}

const lang = (ctx: PluginContext): Lang => ctx.lang ?? 'en';
const issueText = (issue: z.core.$ZodIssue, l: Lang) => `${issue.path.join('.') || '-'}: ${formatIssue(issue as never, l)}`;

function settingsOf<K extends PluginKind>(kind: K, raw: Record<string, unknown>, ctx: PluginContext): z.output<(typeof PLUGIN_SETTINGS_SCHEMAS)[K]> {
  const parsed = PLUGIN_SETTINGS_SCHEMAS[kind].safeParse(raw);
  if (!parsed.success) throw badRequest('workflow.pluginSettings', { detail: issueText(parsed.error.issues[0], lang(ctx)) });
  return parsed.data as z.output<(typeof PLUGIN_SETTINGS_SCHEMAS)[K]>;
}

async function runKind(db: Q, kind: PluginKind, raw: Record<string, unknown>, ctx: PluginContext): Promise<PluginResult> {
  switch (kind) {
    case 'httpCall': return httpCall(db, settingsOf('httpCall', raw, ctx), ctx);
    case 'setVariables': return setVariables(settingsOf('setVariables', raw, ctx), ctx);
    case 'mail': return mail(db, settingsOf('mail', raw, ctx), ctx);
    case 'print': return print(settingsOf('print', raw, ctx), ctx);
    default: throw badRequest('workflow.pluginUnknown', { code: String(kind) });
  }
}

const scopeOf = (ctx: PluginContext) => ({
  variables: ctx.variables ?? {}, instanceId: ctx.instanceId, definitionKey: ctx.definitionKey, taskId: ctx.taskId ?? null,
  starter: ctx.starterAccountId, actor: ctx.actorAccountId ?? null, now: ctx.now.toISOString(),
});

async function httpCall(db: Q, s: z.output<typeof PLUGIN_SETTINGS_SCHEMAS.httpCall>, ctx: PluginContext): Promise<PluginResult> {
  const url = render(s.url, scopeOf(ctx), encodeURIComponent);
  const withBody = s.sendVariables && !['GET', 'DELETE'].includes(s.method);
  const headers: Record<string, string> = { accept: 'application/json', ...s.headers };
  if (withBody) headers['content-type'] = 'application/json';
  let res: OutboundResponse;
  try {
    res = await outboundRequest(db, url, {
      method: s.method, headers, timeoutMs: s.timeoutMs,
      body: withBody ? JSON.stringify({ instanceId: ctx.instanceId, definitionKey: ctx.definitionKey, taskId: ctx.taskId ?? null, variables: ctx.variables ?? {} }) : undefined,
    }, 'settings.url');
  } catch (e) {
    if (e instanceof OutboundRefused) throw e;
    throw badRequest('workflow.httpFailed', { detail: firstLine((e as Error)?.cause ?? e) });
  }
  const { text } = res;
  if (!res.ok) throw badRequest('workflow.httpFailed', { detail: `HTTP ${res.status}` });
  const entries = Object.entries(s.mapping);
  if (!entries.length) return { variables: {} };
  let json: unknown;
  try { json = JSON.parse(text); } catch { throw badRequest('workflow.httpFailed', { detail: 'the answer is not JSON' }); }
  const variables: Record<string, unknown> = {};
  for (const [name, path] of entries) variables[name] = pathValue(json, path) ?? null;
  return { variables };
}

function setVariables(s: z.output<typeof PLUGIN_SETTINGS_SCHEMAS.setVariables>, ctx: PluginContext): PluginResult {
  // in order: a later expression sees the variables set by the earlier ones
  const current = { ...(ctx.variables ?? {}) };
  const variables: Record<string, unknown> = {};
  for (const [name, expression] of Object.entries(s.expressions)) {
    try {
      variables[name] = evalCel(expression, { variables: current, starter: ctx.starterAccountId, instanceId: ctx.instanceId });
    } catch (e) {
      throw celLimitError(e) ?? badRequest('workflow.expression', { name, detail: firstLine(e) });
    }
    current[name] = variables[name];
  }
  return { variables };
}

async function mail(db: Q, s: z.output<typeof PLUGIN_SETTINGS_SCHEMAS.mail>, ctx: PluginContext): Promise<PluginResult> {
  const to = await mailReceivers(db, s.emails, s.rule, { instanceId: ctx.instanceId, starterAccountId: ctx.starterAccountId, variables: ctx.variables ?? {}, now: ctx.now });
  if (!to.length) throw badRequest('workflow.noReceiver');
  const mailer = environmentMailer();
  if (!mailer) throw badRequest('workflow.noSmtp');
  const t = templateOf(s.templates, s.lang);
  try {
    await mailer.send({ to, subject: render(t.subject, scopeOf(ctx)), text: render(t.body, scopeOf(ctx)) });
  } catch (e) {
    throw badRequest('workflow.mailFailed', { detail: firstLine(e) });
  }
  return { variables: {} };
}

function print(s: z.output<typeof PLUGIN_SETTINGS_SCHEMAS.print>, ctx: PluginContext): PluginResult {
  const L = lang(ctx);
  const vars = ctx.variables ?? {};
  const names = s.fields.length ? s.fields : Object.keys(vars).sort();
  const title = s.title || translate(L, 'workflow.print.title', { id: ctx.instanceId ?? '' });
  const cell = (v: unknown) => escapeHtml(v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const rows = names.map((n) => `<tr><th>${escapeHtml(n)}</th><td>${cell(vars[n])}</td></tr>`).join('\n');
  const html = `<!doctype html>
<html lang="${L}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:24px}h1{font-size:20px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:6px 10px;text-align:left;vertical-align:top}
th{width:30%;background:#f5f5f5}.meta{color:#666;font-size:12px;margin-bottom:12px}@media print{button{display:none}}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<div class="meta">${escapeHtml(translate(L, 'workflow.print.meta', { key: ctx.definitionKey ?? '', id: ctx.instanceId ?? '', at: ctx.now.toISOString() }))}</div>
<table>
${rows}
</table>
<p><button onclick="window.print()">${escapeHtml(translate(L, 'workflow.print.button'))}</button></p>
</body></html>`;
  return { html };
}

// ---------- plugin types (CRUD) ----------

const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const typeView = (r: TypeRow) => ({ id: r.id, code: r.code, name: r.name, kind: r.kind, settings: r.settings, enabled: r.enabled, builtIn: r.builtIn, note: r.note, createdAt: r.createdAt, updatedAt: r.updatedAt });

export async function listPluginTypes(db: Q, q: z.infer<typeof pluginTypeQuerySchema>) {
  const where = and(
    q.keyword ? or(ilike(wfPluginTypes.code, like(q.keyword)), ilike(wfPluginTypes.name, like(q.keyword))) : undefined,
    q.kind ? eq(wfPluginTypes.kind, q.kind) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(wfPluginTypes).where(where)
      .orderBy(...orderBy(q, { code: wfPluginTypes.code, name: wfPluginTypes.name, kind: wfPluginTypes.kind, updatedAt: wfPluginTypes.updatedAt }, asc(wfPluginTypes.code)), asc(wfPluginTypes.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(wfPluginTypes).where(where),
  ]);
  return { total: n, records: rows.map(typeView) };
}

export async function getPluginType(db: Q, id: number) {
  const [r] = await db.select().from(wfPluginTypes).where(eq(wfPluginTypes.id, id));
  if (!r) throw notFound();
  return typeView(r);
}

/** The type's default settings must be valid for its kind once the run-time settings are added; checked loosely (partial). */
function checkTypeSettings(kind: PluginKind, settings: Record<string, unknown>, lang: Lang): Record<string, unknown> {
  // a form-encoded body brings every setting as text: typed by the kind's schema first, as the route does for its own fields
  const schema = PLUGIN_SETTINGS_SCHEMAS[kind].partial();
  const parsed = schema.safeParse(coerceFormValue(schema, settings));
  if (!parsed.success) throw badRequest('workflow.pluginSettings', { detail: issueText(parsed.error.issues[0], lang) });
  return { ...settings, ...(parsed.data as Record<string, unknown>) };
}

export async function savePluginType(db: Q, id: number | null, given: z.output<typeof pluginTypeSchema>, lang: Lang) {
  const input = { ...given, settings: checkTypeSettings(given.kind, given.settings, lang) };
  if (input.kind === 'httpCall' && typeof input.settings.url === 'string') await assertOutboundUrl(db, input.settings.url, 'settings.url');
  const [dup] = await db.select({ id: wfPluginTypes.id }).from(wfPluginTypes).where(eq(wfPluginTypes.code, input.code));
  if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
  const now = new Date();
  if (id === null) {
    const [r] = await db.insert(wfPluginTypes).values({ ...input, builtIn: false, updatedAt: now }).returning();
    return typeView(r);
  }
  const [old] = await db.select().from(wfPluginTypes).where(eq(wfPluginTypes.id, id));
  if (!old) throw notFound();
  if (old.builtIn && (old.code !== input.code || old.kind !== input.kind)) throw badRequest('workflow.builtInType');
  const [r] = await db.update(wfPluginTypes).set({ ...input, updatedAt: now }).where(eq(wfPluginTypes.id, id)).returning();
  if (old.code !== input.code) await db.update(wfPluginButtons).set({ pluginTypeCode: input.code }).where(eq(wfPluginButtons.pluginTypeCode, old.code));
  return typeView(r);
}

export async function deletePluginTypes(db: Q, ids: number[]) {
  const rows = await db.select().from(wfPluginTypes).where(inArray(wfPluginTypes.id, ids));
  if (!rows.length) throw notFound();
  const builtIn = rows.find((r) => r.builtIn);
  if (builtIn) throw badRequest('workflow.builtInType');
  const [used] = await db.select({ code: wfPluginButtons.code }).from(wfPluginButtons).where(inArray(wfPluginButtons.pluginTypeCode, rows.map((r) => r.code))).limit(1);
  if (used) throw badRequest('workflow.typeInUse', { button: used.code });
  await db.delete(wfPluginTypes).where(inArray(wfPluginTypes.id, rows.map((r) => r.id)));
  return { deleted: rows.length };
}

// ---------- plugin buttons ----------

type ButtonRow = typeof wfPluginButtons.$inferSelect;
const buttonView = (r: ButtonRow) => ({
  id: r.id, code: r.code, label: r.label, pluginTypeCode: r.pluginTypeCode, settings: r.settings, definitionKey: r.definitionKey,
  nodeIds: r.nodeIds, confirm: r.confirm, confirmText: r.confirmText, seq: r.seq, enabled: r.enabled, createdAt: r.createdAt, updatedAt: r.updatedAt,
});

export async function listPluginButtons(db: Q, q: z.infer<typeof pluginButtonQuerySchema>) {
  const where = and(
    q.keyword ? or(ilike(wfPluginButtons.code, like(q.keyword)), sql`${wfPluginButtons.label}::text ilike ${like(q.keyword)}`) : undefined,
    q.definitionKey ? eq(wfPluginButtons.definitionKey, q.definitionKey) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(wfPluginButtons).where(where)
      .orderBy(...orderBy(q, { code: wfPluginButtons.code, seq: wfPluginButtons.seq, definitionKey: wfPluginButtons.definitionKey, pluginTypeCode: wfPluginButtons.pluginTypeCode, updatedAt: wfPluginButtons.updatedAt }, asc(wfPluginButtons.seq)), asc(wfPluginButtons.code))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(wfPluginButtons).where(where),
  ]);
  return { total: n, records: rows.map(buttonView) };
}

export async function getPluginButton(db: Q, id: number) {
  const [r] = await db.select().from(wfPluginButtons).where(eq(wfPluginButtons.id, id));
  if (!r) throw notFound();
  return buttonView(r);
}

export async function savePluginButton(db: Q, id: number | null, input: z.output<typeof pluginButtonSchema>) {
  const [type] = await db.select({ id: wfPluginTypes.id, kind: wfPluginTypes.kind }).from(wfPluginTypes).where(eq(wfPluginTypes.code, input.pluginTypeCode));
  if (!type) throw badRequest('workflow.pluginUnknown', { code: input.pluginTypeCode });
  if (type.kind === 'httpCall' && typeof input.settings.url === 'string') await assertOutboundUrl(db, input.settings.url, 'settings.url');
  const [dup] = await db.select({ id: wfPluginButtons.id }).from(wfPluginButtons).where(eq(wfPluginButtons.code, input.code));
  if (dup && dup.id !== id) throw conflict(`"${input.code}"`);
  const values = { ...input, updatedAt: new Date() };
  if (id === null) return buttonView((await db.insert(wfPluginButtons).values(values).returning())[0]);
  const [r] = await db.update(wfPluginButtons).set(values).where(eq(wfPluginButtons.id, id)).returning();
  if (!r) throw notFound();
  return buttonView(r);
}

export async function deletePluginButtons(db: Q, ids: number[]) {
  const rows = await db.delete(wfPluginButtons).where(inArray(wfPluginButtons.id, ids)).returning({ id: wfPluginButtons.id });
  if (!rows.length) throw notFound();
  return { deleted: rows.length };
}

/**
 * Is a button offered on a task? Named by the node (`bencao:buttons`), or configured for the task's process
 * (no process: every process) and node (no nodes: every user task — the list's "all processes · all user tasks").
 */
export function buttonOnTask(
  button: Pick<ButtonRow, 'code' | 'definitionKey' | 'nodeIds'>,
  task: { definitionKey: string; elementId: string; buttons?: string | null },
): boolean {
  const named = (task.buttons ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (named.includes(button.code)) return true;
  return (button.definitionKey === null || button.definitionKey === task.definitionKey) && (!button.nodeIds.length || button.nodeIds.includes(task.elementId));
}

/** The enabled buttons shown on a task at `elementId` of `definitionKey`, in display order. */
export async function pluginButtonsFor(db: Q, definitionKey: string, elementId: string) {
  const rows = await db.select().from(wfPluginButtons)
    .where(and(eq(wfPluginButtons.enabled, true), or(isNull(wfPluginButtons.definitionKey), eq(wfPluginButtons.definitionKey, definitionKey))))
    .orderBy(asc(wfPluginButtons.seq), asc(wfPluginButtons.code));
  return rows.filter((r) => buttonOnTask(r, { definitionKey, elementId })).map(buttonView);
}

/**
 * `POST /plugin-buttons/:code/run {taskId}`: the task must be open and the caller's (assignee, or a
 * candidate of an unassigned task), the button enabled on its node. Variables the plugin sets are
 * merged into the instance's.
 */
export async function runPluginButton(db: Q & Pick<Db, 'transaction'>, code: string, taskId: number, actorAccountId: number, lang: Lang, now: Date): Promise<PluginResult> {
  const [button] = await db.select().from(wfPluginButtons).where(eq(wfPluginButtons.code, code));
  if (!button || !button.enabled) throw notFound();
  const [task] = await db.select({
    id: wfTasks.id, status: wfTasks.status, assigneeId: wfTasks.assigneeId, elementId: wfTasks.elementId, definitionKey: wfTasks.definitionKey, buttons: wfTasks.buttons,
    instanceId: wfTasks.instanceId, variables: wfInstances.variables, starterId: wfInstances.starterId,
  }).from(wfTasks).innerJoin(wfInstances, eq(wfInstances.id, wfTasks.instanceId)).where(eq(wfTasks.id, taskId));
  if (!task) throw notFound();
  let mine = task.status === 'open' && task.assigneeId === actorAccountId;
  if (!mine && task.status === 'open' && task.assigneeId === null) {
    const [c] = await db.select({ a: wfTaskCandidates.accountId }).from(wfTaskCandidates)
      .where(and(eq(wfTaskCandidates.taskId, taskId), eq(wfTaskCandidates.accountId, actorAccountId)));
    mine = !!c;
  }
  if (!mine) throw new AppError(403, 'workflow.notYourTask');
  if (!buttonOnTask(button, task)) throw badRequest('workflow.buttonNotAllowed', { button: code });
  const result = await runPlugin(db, button.pluginTypeCode, button.settings, {
    instanceId: task.instanceId, definitionKey: task.definitionKey, taskId, starterAccountId: task.starterId,
    actorAccountId, variables: task.variables ?? {}, lang, now,
  });
  if (result.variables && Object.keys(result.variables).length) {
    const variables = result.variables;
    await db.transaction(async (tx) => {
      // under the instance's lock, as the engine's steps take it: a task completed meanwhile (an approval, a signature
      // over the data) keeps the data it was completed with
      await tx.execute(sql`select id from wf_instances where id = ${task.instanceId} for update`);
      const [current] = await tx.select({ status: wfTasks.status }).from(wfTasks).where(eq(wfTasks.id, taskId));
      if (current?.status !== 'open') throw new AppError(409, 'workflow.taskNotOpen', { status: `workflow.taskStatus.${current?.status ?? 'completed'}` });
      await tx.update(wfInstances).set({ variables: sql`${wfInstances.variables} || ${JSON.stringify(variables)}::jsonb`, updatedAt: now })
        .where(eq(wfInstances.id, task.instanceId));
    });
  }
  return result;
}
