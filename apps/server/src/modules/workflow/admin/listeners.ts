import { createHmac } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SECRET_MASK, listenerHttpSchema, listenerMailSchema, type invocationQuerySchema, type Listener, type listenerQuerySchema,
} from '@bencao/contracts';
import { wfJobs, wfListenerInvocations, wfListeners } from '../../../db/schema/index';
import { notFound } from '../../../platform/errors';
import { OutboundRefused, assertOutboundUrl, outboundRequest } from '../../../platform/outbound';
import { environmentMailer } from '../../../platform/mail';
import { offsetOf, orderBy } from '../../../platform/paging';
import { firstLine } from './cel';
import { mailReceivers, render, templateOf } from './template';
import type { Q, WorkflowEvent } from './types';

/**
 * Listeners: for each engine event (`workflowEvent`) every enabled listener whose scope and events
 * match gets an invocation row and a job of the engine's job table (kind `workflow.listener`), in
 * the caller's transaction. The job runner calls `runListenerInvocation`, which sends the HTTP
 * callback (JSON body signed with HMAC-SHA256 in `X-Bencao-Signature: sha256=<hex>`) or the mail and
 * records the outcome; a failure throws, so the engine retries the job with back-off, up to the
 * listener's retries.
 */

export const LISTENER_JOB_KIND = 'workflow.listener';
export const SIGNATURE_HEADER = 'x-bencao-signature';

type ListenerRow = typeof wfListeners.$inferSelect;

/** The listeners an event triggers: enabled, listening to the event, global or of its definition (and node). */
async function matching(db: Q, e: WorkflowEvent): Promise<ListenerRow[]> {
  return db.select().from(wfListeners).where(and(
    eq(wfListeners.enabled, true),
    sql`${wfListeners.events} @> ${JSON.stringify([e.type])}::jsonb`,
    or(
      eq(wfListeners.scope, 'global'),
      and(eq(wfListeners.scope, 'definition'), eq(wfListeners.definitionKey, e.definitionKey)),
      e.elementId ? and(eq(wfListeners.scope, 'node'), eq(wfListeners.definitionKey, e.definitionKey), eq(wfListeners.elementId, e.elementId)) : sql`false`,
    ),
  )).orderBy(asc(wfListeners.id));
}

/** the JSON body of an HTTP callback, and the scope of mail templates */
function eventBody(e: WorkflowEvent) {
  return {
    event: e.type, definitionKey: e.definitionKey, definitionName: e.definitionName ?? null, instanceId: e.instanceId,
    businessKey: e.businessKey ?? null, elementId: e.elementId ?? null, taskId: e.taskId ?? null, taskName: e.taskName ?? null,
    assignee: e.assigneeAccountId ?? null, starter: e.starterAccountId ?? null, at: e.at.toISOString(), variables: e.variables ?? {},
  };
}

/** What of a listener the engine needs to match and enqueue it. */
export type ActiveListener = Pick<ListenerRow, 'id' | 'scope' | 'definitionKey' | 'elementId' | 'events' | 'kind' | 'http' | 'mail'>;

/**
 * The enabled listeners as one JSON value (ordered by id), for a caller that loads them once per
 * transaction together with other small rows and passes them to `workflowEvent`.
 */
export const activeListenersJson = sql`(select coalesce(json_agg(json_build_object(
    'id', l.id, 'scope', l.scope, 'definitionKey', l.definition_key, 'elementId', l.element_id,
    'events', l.events, 'kind', l.kind, 'http', l.http, 'mail', l.mail) order by l.id), '[]'::json)
  from wf_listeners l where l.enabled)`;

/** the same matching as `matching`, over listeners already loaded */
const matchesEvent = (l: ActiveListener, e: WorkflowEvent) => l.events.includes(e.type) && (
  l.scope === 'global'
  || (l.scope === 'definition' && l.definitionKey === e.definitionKey)
  || (!!e.elementId && l.scope === 'node' && l.definitionKey === e.definitionKey && l.elementId === e.elementId));

/**
 * Records and enqueues the listeners an event triggers; answers the invocations' ids. `loaded`: the
 * enabled listeners (`activeListenersJson`) when the caller already has them (no query then).
 */
export async function workflowEvent(db: Q, e: WorkflowEvent, loaded?: ActiveListener[]): Promise<{ invocationIds: number[] }> {
  const listeners: ActiveListener[] = loaded ? loaded.filter((l) => matchesEvent(l, e)) : await matching(db, e);
  if (!listeners.length) return { invocationIds: [] };
  const invocationIds: number[] = [];
  for (const l of listeners) {
    const body = eventBody(e);
    let payload: Record<string, unknown>;
    let maxAttempts = 1;
    if (l.kind === 'http') {
      const http = listenerHttpSchema.safeParse(l.http);
      if (!http.success) continue;
      payload = { body };
      maxAttempts = http.data.retries + 1;
    } else {
      const mail = listenerMailSchema.safeParse(l.mail);
      if (!mail.success) continue;
      const to = await mailReceivers(db, mail.data.emails, mail.data.rule, {
        instanceId: e.instanceId, starterAccountId: e.starterAccountId ?? null, variables: e.variables ?? {}, now: e.at,
      });
      const t = templateOf(mail.data.templates, mail.data.lang);
      payload = { to, subject: render(t.subject, body), text: render(t.body, body) };
      maxAttempts = 3;
    }
    const [inv] = await db.insert(wfListenerInvocations).values({
      listenerId: l.id, event: e.type, definitionKey: e.definitionKey, instanceId: e.instanceId, taskId: e.taskId ?? null,
      payload, status: 'pending', createdAt: e.at, updatedAt: e.at,
    }).returning({ id: wfListenerInvocations.id });
    await db.insert(wfJobs).values({
      kind: LISTENER_JOB_KIND, instanceId: null, elementId: e.elementId ?? null, status: 'pending', dueAt: e.at,
      payload: { invocationId: inv.id, maxAttempts }, attempts: 0, maxAttempts, createdAt: e.at,
    });
    invocationIds.push(inv.id);
  }
  return { invocationIds };
}

export class ListenerDeliveryError extends Error {}

/**
 * One attempt of an invocation (the job handler). Records the attempt; throws when it failed so the
 * engine retries the job (the invocation is then `retrying`, or `failed` after the last attempt).
 */
export async function runListenerInvocation(db: Q, invocationId: number, now: Date, maxAttempts?: number): Promise<void> {
  const [row] = await db.select({ inv: wfListenerInvocations, listener: wfListeners }).from(wfListenerInvocations)
    .innerJoin(wfListeners, eq(wfListeners.id, wfListenerInvocations.listenerId)).where(eq(wfListenerInvocations.id, invocationId));
  if (!row || row.inv.status === 'succeeded' || row.inv.status === 'failed') return;
  const { inv, listener } = row;
  const attempt = inv.attempts + 1;
  const last = attempt >= (maxAttempts ?? (listener.kind === 'http' ? (listenerHttpSchema.safeParse(listener.http).data?.retries ?? 0) + 1 : 3));
  const payload = inv.payload as Record<string, unknown>;
  let responseStatus: number | null = null;
  let error: string | null = null;
  /** a failure no retry can mend (no receiver, no SMTP server): the invocation fails at once */
  let permanent = false;
  try {
    if (listener.kind === 'http') {
      const http = listenerHttpSchema.parse(listener.http);
      const text = JSON.stringify({ ...(payload.body as object), invocationId: inv.id, listenerId: listener.id, attempt });
      const headers: Record<string, string> = {
        'content-type': 'application/json', 'x-bencao-event': inv.event, 'x-bencao-delivery': String(inv.id),
      };
      if (http.secret) headers[SIGNATURE_HEADER] = `sha256=${createHmac('sha256', http.secret).update(text).digest('hex')}`;
      try {
        const res = await outboundRequest(db, http.url, { method: 'POST', headers, body: text, timeoutMs: http.timeoutMs }, 'http.url');
        responseStatus = res.status;
        if (!res.ok) error = `HTTP ${res.status}`;
      } catch (e) {
        error = firstLine((e as Error)?.cause ?? e);
        // the address rule refused the URL (or where it redirected): no retry can mend that
        if (e instanceof OutboundRefused) { error = firstLine(e); permanent = true; }
      }
    } else {
      const to = (payload.to as string[] | undefined) ?? [];
      const mailer = environmentMailer();
      if (!to.length) { error = 'no receiver with an e-mail address'; permanent = true; }
      else if (!mailer) { error = 'SMTP is not configured (SMTP_HOST)'; permanent = true; }
      else {
        try { await mailer.send({ to, subject: String(payload.subject ?? ''), text: String(payload.text ?? '') }); } catch (e) { error = firstLine(e); }
      }
    }
  } catch (e) {
    error = firstLine(e);
  }
  const status = error === null ? 'succeeded' : last || permanent ? 'failed' : 'retrying';
  await db.update(wfListenerInvocations).set({
    attempts: attempt, status, responseStatus, lastError: error, updatedAt: now, finishedAt: status === 'succeeded' || status === 'failed' ? now : null,
  }).where(eq(wfListenerInvocations.id, inv.id));
  if (error !== null && !permanent) throw new ListenerDeliveryError(error);
}

/**
 * Registers the listener job's handler with the engine's job runner. `register` is the engine's
 * `registerJobHandler`; the handler gets the job's payload and the runner's clock.
 */
export function registerWorkflowAdminJobs(register: (kind: string, handler: (db: Q, job: { payload: Record<string, unknown> }, now: Date) => Promise<unknown>) => void) {
  register(LISTENER_JOB_KIND, async (db, job, now) => {
    const id = Number(job.payload.invocationId);
    const max = Number(job.payload.maxAttempts);
    if (Number.isSafeInteger(id)) await runListenerInvocation(db, id, now, Number.isSafeInteger(max) ? max : undefined);
  });
}

// ---------- CRUD and invocations ----------

const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** the secret of an HTTP callback is never answered: the console sees SECRET_MASK (or null when there is none) */
const maskHttp = (h: unknown) => {
  if (!h || typeof h !== 'object') return h;
  const o = h as Record<string, unknown>;
  return { ...o, secret: o.secret ? SECRET_MASK : null };
};
const view = (r: ListenerRow) => ({
  id: r.id, name: r.name, enabled: r.enabled, scope: r.scope, definitionKey: r.definitionKey, elementId: r.elementId, events: r.events,
  kind: r.kind, http: maskHttp(r.http), mail: r.mail, note: r.note, createdAt: r.createdAt, updatedAt: r.updatedAt,
});

export async function listListeners(db: Q, q: z.infer<typeof listenerQuerySchema>) {
  const where = and(
    q.keyword ? or(ilike(wfListeners.name, like(q.keyword)), ilike(wfListeners.definitionKey, like(q.keyword))) : undefined,
    q.definitionKey ? or(eq(wfListeners.definitionKey, q.definitionKey), isNull(wfListeners.definitionKey)) : undefined,
    q.kind ? eq(wfListeners.kind, q.kind) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(wfListeners).where(where)
      .orderBy(...orderBy(q, { name: wfListeners.name, scope: wfListeners.scope, kind: wfListeners.kind, definitionKey: wfListeners.definitionKey, updatedAt: wfListeners.updatedAt }, asc(wfListeners.id)), asc(wfListeners.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(wfListeners).where(where),
  ]);
  return { total: n, records: rows.map(view) };
}

export async function getListener(db: Q, id: number) {
  const [r] = await db.select().from(wfListeners).where(eq(wfListeners.id, id));
  if (!r) throw notFound();
  return view(r);
}

export async function saveListener(db: Q, id: number | null, input: Listener, now: Date) {
  let http = input.http;
  if (http?.secret === SECRET_MASK) {
    // the console sent back the mask: keep the saved secret
    const [old] = id === null ? [] : await db.select({ http: wfListeners.http }).from(wfListeners).where(eq(wfListeners.id, id));
    const saved = (old?.http as { secret?: string | null } | null)?.secret ?? null;
    http = { ...http, secret: saved };
  }
  if (input.kind === 'http' && http) await assertOutboundUrl(db, http.url, 'http.url');
  const values = { ...input, http, updatedAt: now };
  if (id === null) return view((await db.insert(wfListeners).values(values).returning())[0]);
  const [r] = await db.update(wfListeners).set(values).where(eq(wfListeners.id, id)).returning();
  if (!r) throw notFound();
  return view(r);
}

export async function deleteListeners(db: Q, ids: number[]) {
  const rows = await db.delete(wfListeners).where(inArray(wfListeners.id, ids)).returning({ id: wfListeners.id });
  if (!rows.length) throw notFound();
  return { deleted: rows.length };
}

export async function listInvocations(db: Q, listenerId: number, q: z.infer<typeof invocationQuerySchema>) {
  await getListener(db, listenerId);
  const where = and(eq(wfListenerInvocations.listenerId, listenerId), q.status ? eq(wfListenerInvocations.status, q.status) : undefined);
  const [records, [{ n }]] = await Promise.all([
    db.select().from(wfListenerInvocations).where(where)
      .orderBy(...orderBy(q, { createdAt: wfListenerInvocations.createdAt, status: wfListenerInvocations.status, attempts: wfListenerInvocations.attempts }, desc(wfListenerInvocations.id)), desc(wfListenerInvocations.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(wfListenerInvocations).where(where),
  ]);
  return { total: n, records };
}
