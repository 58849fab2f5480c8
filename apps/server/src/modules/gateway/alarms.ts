import os from 'node:os';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { boundedCel, firstLine } from '@bencao/contracts/celBudget';
import { ALARM_VARIABLES, translate, type AlarmState, type Lang, type alarmEventQuerySchema } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwAlarmEvents, gwAlarmReceivers, gwAlarmRules } from '../../db/schema/index';
import { offsetOf, orderBy } from '../../platform/paging';
import { gatewayMetrics as processMetrics, type GatewayMetrics } from './metrics';
import { like } from './service';
import { readSmtpConfig, smtpMailer, type Mail, type Mailer, type SmtpConfig } from '../../platform/mail';
import { repeatEvery } from '../../platform/repeat';

/**
 * Alarms over the gateway's counters (Prometheus-style): each in-use rule's expression is a CEL
 * expression (Common Expression Language, evaluated by @marcbachmann/cel-js: parsed and type-checked,
 * no eval, no side effects), evaluated for every route and API group over the rule's window.
 * pending → firing (after forSec; the receivers in their working hours are mailed) → resolved.
 *
 * The counters are those of THIS server process (metrics.ts keeps them in memory): with several
 * processes each one evaluates what its own gateway listener saw, and an open alert is advanced only
 * by the process that opened it (`owner`) unless that process stopped evaluating it (stale).
 */

// ---------- expressions ----------

// within the limits and budget of contracts' celBudget.ts (a rule runs for every route and API group)
const cel = boundedCel({ limits: { maxAstNodes: 500, maxDepth: 64, maxListElements: 100, maxMapEntries: 100, maxCallArguments: 8 } });
for (const v of ALARM_VARIABLES) cel.env.registerVariable(v.name, v.type);

export type AlarmCheck = { ok: true } | { ok: false; detail: string };

/** Parses and type-checks an alarm expression: it must be valid CEL over ALARM_VARIABLES, within the limits, and give a bool. */
export function checkExpression(expression: string): AlarmCheck {
  let type: string;
  try {
    type = cel.parse(expression).type;
  } catch (e) {
    return { ok: false, detail: firstLine(e) };
  }
  if (type !== 'bool') return { ok: false, detail: `the result is ${type}, not bool (true/false)` };
  return { ok: true };
}

type Compiled = (vars: Record<string, unknown>) => boolean;
function compile(expression: string): Compiled | null {
  if (!checkExpression(expression).ok) return null;
  const parsed = cel.parse(expression);
  return (vars) => parsed.evaluate(vars) === true;
}

type Snapshot = ReturnType<GatewayMetrics['snapshot']>[number];
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** The variables of one resource over a window (zeros when it had no traffic). */
export function alarmValues(resource: string, m: Snapshot | undefined, windowSec: number): Record<string, number | string> {
  const requests = m?.requests ?? 0;
  const rate = (n: number) => (requests ? round(n / requests, 4) : 0);
  return {
    resource,
    requests, errors: m?.errors ?? 0, blocked: m?.blocked ?? 0, broken: m?.broken ?? 0,
    qps: round(requests / windowSec, 3),
    error_rate: rate(m?.errors ?? 0), blocked_rate: rate(m?.blocked ?? 0), broken_rate: rate(m?.broken ?? 0),
    p50: round(m?.p50 ?? 0, 1), p90: round(m?.p90 ?? 0, 1), p99: round(m?.p99 ?? 0, 1),
  };
}
/** CEL's int variables are BigInts */
function celContext(values: Record<string, number | string>) {
  const ctx: Record<string, unknown> = {};
  for (const v of ALARM_VARIABLES) {
    const x = values[v.name];
    ctx[v.name] = v.type === 'int' ? BigInt(Math.trunc(Number(x))) : v.type === 'double' ? Number(x) : String(x);
  }
  return ctx;
}

/** "{{errors}} errors on {{resource}}" → the values filled in */
export const renderSummary = (text: string, values: Record<string, number | string>) =>
  text.replace(/\{\{\s*([a-z_0-9]+)\s*\}\}/gi, (all, name: string) => (name in values ? String(values[name]) : all));

// ---------- receivers and mail ----------

const minutes = (hhmm: string) => { const [h, m] = hhmm.split(':').map(Number); return h * 60 + m; };
/** HH:mm to HH:mm in the server's local time, both ends included; an end before the start spans midnight. */
export function inWorkingHours(start: string, end: string, now: Date): boolean {
  const m = now.getHours() * 60 + now.getMinutes();
  const s = minutes(start);
  const e = minutes(end);
  return s <= e ? m >= s && m <= e : m >= s || m <= e;
}

export type AlarmMail = Mail;
export type AlarmMailer = Mailer;
export type { SmtpConfig };
/** Mail through the SMTP server of the environment (platform/mail.ts). */
export { smtpMailer };

export interface AlarmConfig { intervalMs: number; smtp: SmtpConfig | null; lang: Lang }
/** ALARM_INTERVAL_SEC (default 15), SMTP_HOST / SMTP_PORT / SMTP_FROM (/ SMTP_USER / SMTP_PASS), ALARM_MAIL_LANG (default zh). */
export function readAlarmConfig(env: NodeJS.ProcessEnv = process.env): AlarmConfig {
  const interval = Number(env.ALARM_INTERVAL_SEC ?? 15);
  const lang = (['en', 'zh', 'es', 'ja'].includes(env.ALARM_MAIL_LANG ?? '') ? env.ALARM_MAIL_LANG : 'zh') as Lang;
  return {
    intervalMs: Math.max(1, Number.isFinite(interval) ? interval : 15) * 1000,
    smtp: readSmtpConfig(env),
    lang,
  };
}

/** why a firing alert mailed nobody (shown in the console's history) */
export const NOTIFY = { noReceiver: 'noReceiver', noSmtp: 'noSmtp' } as const;

// ---------- evaluation ----------

export interface EvaluateOptions {
  /** the counters to judge (default: this process's gateway) */
  metrics?: GatewayMetrics;
  now?: number;
  /** null: SMTP is not configured */
  mailer?: AlarmMailer | null;
  lang?: Lang;
  /** who evaluates (default host:pid) */
  owner?: string;
  /** an open alert whose owner has not touched it for this long is taken over */
  staleMs?: number;
  log?: { warn(o: object, m: string): void; error(o: object, m: string): void };
}
export interface AlarmChange { ruleId: number; rule: string; resource: string; from: AlarmState | null; to: AlarmState; notified?: string[] }

export const defaultOwner = () => `${os.hostname()}:${process.pid}`;

/** One evaluation of every in-use alarm rule; answers the state changes it made. */
export async function evaluateAlarms(db: Db, opts: EvaluateOptions = {}): Promise<AlarmChange[]> {
  const now = opts.now ?? Date.now();
  const nowDate = new Date(now);
  const metrics = opts.metrics ?? processMetrics;
  const owner = opts.owner ?? defaultOwner();
  const staleMs = opts.staleMs ?? 60_000;
  const lang = opts.lang ?? 'zh';
  const changes: AlarmChange[] = [];

  const [rules, open] = await Promise.all([
    db.select().from(gwAlarmRules).orderBy(asc(gwAlarmRules.id)),
    db.select().from(gwAlarmEvents).where(ne(gwAlarmEvents.state, 'resolved')),
  ]);
  const ruleById = new Map(rules.map((r) => [r.id, r]));

  // alerts of rules no longer in use are resolved
  const orphaned = open.filter((e) => !ruleById.get(e.ruleId)?.enabled);
  if (orphaned.length) {
    await db.update(gwAlarmEvents).set({ state: 'resolved', resolvedAt: nowDate, updatedAt: nowDate })
      .where(inArray(gwAlarmEvents.id, orphaned.map((e) => e.id)));
    for (const e of orphaned) changes.push({ ruleId: e.ruleId, rule: ruleById.get(e.ruleId)?.name ?? '', resource: e.resource, from: e.state, to: 'resolved' });
  }

  const snapshots = new Map<number, Map<string, Snapshot>>();
  const snapshotOf = (windowSec: number) => {
    let s = snapshots.get(windowSec);
    if (!s) { s = new Map(metrics.snapshot(windowSec, now).map((m) => [m.resource, m])); snapshots.set(windowSec, s); }
    return s;
  };

  for (const rule of rules.filter((r) => r.enabled)) {
    const fn = compile(rule.expression);
    if (!fn) { opts.log?.warn({ rule: rule.name }, 'alarm expression does not compile; skipped'); continue; }
    const snap = snapshotOf(rule.windowSec);
    const mine = new Map(open.filter((e) => e.ruleId === rule.id).map((e) => [e.resource, e]));
    const resources = [...new Set([...snap.keys(), ...mine.keys()])].sort();
    for (const resource of resources) {
      const event = mine.get(resource);
      if (event && event.owner !== owner && now - event.updatedAt.getTime() < staleMs) continue;
      const values = alarmValues(resource, snap.get(resource), rule.windowSec);
      let holds = false;
      try { holds = fn(celContext(values)); } catch (err) { opts.log?.warn({ err, rule: rule.name, resource }, 'alarm expression failed'); }
      const summary = renderSummary(rule.summary, values);

      if (!holds) {
        if (!event) continue;
        await db.update(gwAlarmEvents).set({ state: 'resolved', resolvedAt: nowDate, values, updatedAt: nowDate }).where(eq(gwAlarmEvents.id, event.id));
        changes.push({ ruleId: rule.id, rule: rule.name, resource, from: event.state, to: 'resolved' });
        continue;
      }
      let current = event;
      if (!current) {
        const [made] = await db.insert(gwAlarmEvents).values({ ruleId: rule.id, resource, state: 'pending', values, summary, owner, startsAt: nowDate, updatedAt: nowDate })
          .onConflictDoNothing().returning();
        if (!made) continue; // another process opened it at the same moment
        changes.push({ ruleId: rule.id, rule: rule.name, resource, from: null, to: 'pending' });
        current = made;
      } else {
        await db.update(gwAlarmEvents).set({ values, summary, owner, updatedAt: nowDate }).where(eq(gwAlarmEvents.id, current.id));
      }
      if (current.state !== 'pending' || now - current.startsAt.getTime() < rule.forSec * 1000) continue;

      const [fired] = await db.update(gwAlarmEvents).set({ state: 'firing', firedAt: nowDate, updatedAt: nowDate })
        .where(and(eq(gwAlarmEvents.id, current.id), eq(gwAlarmEvents.state, 'pending'))).returning();
      if (!fired) continue;
      const notified = await notify(db, { rule, resource, values, summary, firedAt: nowDate, startsAt: current.startsAt, lang, mailer: opts.mailer ?? null, log: opts.log });
      await db.update(gwAlarmEvents).set({ notified: notified.to, notifyError: notified.error }).where(eq(gwAlarmEvents.id, fired.id));
      changes.push({ ruleId: rule.id, rule: rule.name, resource, from: 'pending', to: 'firing', notified: notified.to });
    }
  }
  return changes;
}

async function notify(db: Db, a: {
  rule: typeof gwAlarmRules.$inferSelect; resource: string; values: Record<string, number | string>; summary: string;
  firedAt: Date; startsAt: Date; lang: Lang; mailer: AlarmMailer | null; log?: EvaluateOptions['log'];
}): Promise<{ to: string[]; error: string | null }> {
  const receivers = await db.select().from(gwAlarmReceivers).orderBy(asc(gwAlarmReceivers.id));
  const to = [...new Set(receivers.filter((r) => r.email && inWorkingHours(r.workStart, r.workEnd, a.firedAt)).map((r) => r.email!))];
  if (!to.length) return { to: [], error: NOTIFY.noReceiver };
  if (!a.mailer) return { to: [], error: NOTIFY.noSmtp };
  const T = (key: string, params: Record<string, string | number> = {}) => translate(a.lang, key, params);
  const level = T(`gateway.alarmLevel.${a.rule.level}`);
  const lines = [
    a.summary,
    '',
    `${T('gateway.alarmMail.rule')}: ${a.rule.name} (${level})`,
    `${T('gateway.alarmMail.resource')}: ${a.resource}`,
    `${T('gateway.alarmMail.expression')}: ${a.rule.expression}  (${T('gateway.alarmMail.window', { n: a.rule.windowSec })})`,
    `${T('gateway.alarmMail.values')}: ${Object.entries(a.values).filter(([k]) => k !== 'resource').map(([k, v]) => `${k}=${v}`).join(', ')}`,
    `${T('gateway.alarmMail.since')}: ${a.startsAt.toISOString()}`,
    `${T('gateway.alarmMail.firing')}: ${a.firedAt.toISOString()}`,
  ];
  if (a.rule.description) lines.push('', a.rule.description);
  try {
    await a.mailer.send({ to, subject: `[${level}] ${a.rule.name}: ${a.summary}`, text: lines.join('\n') });
    return { to, error: null };
  } catch (err) {
    a.log?.error({ err, rule: a.rule.name }, 'alarm mail failed');
    return { to: [], error: firstLine(err) };
  }
}

/** Runs evaluateAlarms every intervalMs in this process (next run after the previous one ends). */
export function startAlarmEvaluator(db: Db, cfg: AlarmConfig & { log?: EvaluateOptions['log']; metrics?: GatewayMetrics }) {
  const mailer = cfg.smtp ? smtpMailer(cfg.smtp) : null;
  const owner = defaultOwner();
  return repeatEvery(cfg.intervalMs, (stopped) =>
    evaluateAlarms(db, { mailer, lang: cfg.lang, owner, log: cfg.log, metrics: cfg.metrics, staleMs: Math.max(3 * cfg.intervalMs, 30_000) })
      .catch((err) => { if (!stopped()) cfg.log?.error({ err }, 'alarm evaluation failed'); }), { unref: true });
}

// ---------- the console's history ----------

export async function listAlarmEvents(db: Db, q: z.infer<typeof alarmEventQuerySchema>) {
  const conds: (SQL | undefined)[] = [
    q.ruleId ? eq(gwAlarmEvents.ruleId, q.ruleId) : undefined,
    q.state ? eq(gwAlarmEvents.state, q.state) : undefined,
    q.keyword ? or(ilike(gwAlarmEvents.resource, like(q.keyword)), ilike(gwAlarmRules.name, like(q.keyword)), ilike(gwAlarmEvents.summary, like(q.keyword))) : undefined,
  ];
  const where = and(...conds);
  const [records, [{ n }]] = await Promise.all([
    db.select({
      id: gwAlarmEvents.id, ruleId: gwAlarmEvents.ruleId, ruleName: gwAlarmRules.name, level: gwAlarmRules.level, expression: gwAlarmRules.expression,
      resource: gwAlarmEvents.resource, state: gwAlarmEvents.state, values: gwAlarmEvents.values, summary: gwAlarmEvents.summary,
      startsAt: gwAlarmEvents.startsAt, firedAt: gwAlarmEvents.firedAt, resolvedAt: gwAlarmEvents.resolvedAt,
      notified: gwAlarmEvents.notified, notifyError: gwAlarmEvents.notifyError, updatedAt: gwAlarmEvents.updatedAt,
    }).from(gwAlarmEvents).innerJoin(gwAlarmRules, eq(gwAlarmRules.id, gwAlarmEvents.ruleId)).where(where)
      .orderBy(...orderBy(q, {
        startsAt: gwAlarmEvents.startsAt, firedAt: gwAlarmEvents.firedAt, resolvedAt: gwAlarmEvents.resolvedAt, state: gwAlarmEvents.state,
        resource: gwAlarmEvents.resource, ruleName: gwAlarmRules.name,
      }, desc(gwAlarmEvents.startsAt)), desc(gwAlarmEvents.id))
      .limit(q.limit).offset(offsetOf(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(gwAlarmEvents).innerJoin(gwAlarmRules, eq(gwAlarmRules.id, gwAlarmEvents.ruleId)).where(where),
  ]);
  return { total: n, records };
}
