import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Database } from '../db/client';
import { onQueryTimed } from '../db/queryTiming';
import { execute } from '../db/execute';
import { migrationsFolder } from './runtimePaths';
import { PUBLIC } from './guard';
import type { AppConfig } from '../config';

export interface MetricsSources {
  /** the gateway's counters since the process started, per resource (route:<id>, apiGroup:<name>) */
  gatewayTotals(): { resource: string; requests: number; errors: number; blocked: number; broken: number }[];
}

const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Equal only when both are the same string; the time taken does not depend on where they differ. */
export function sameSecret(given: string, expected: string) {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The newest migration of the journal has been applied (drizzle records each one's `when` as created_at). */
export async function migrationsApplied(database: Database) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const rows = await execute<{ last: string | null }>(database.db, sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  return Number(rows.rows[0]?.last ?? 0) >= newest;
}

/**
 * GET /metrics in Prometheus' text format, answered only with `Authorization: Bearer <METRICS_TOKEN>` (404 while
 * METRICS_TOKEN is unset, so the route's existence tells nothing), and GET /api/health/ready (readiness: the
 * database answers and every migration is applied; 503 otherwise), apart from the liveness check /api/health.
 * Each app has its own registry (tests build several in one process); the figures read from the database are
 * read at scrape time, so every process behind a load balancer reports the same shared ones.
 */
export function installMetrics(app: FastifyInstance, database: Database, config: AppConfig, sources: MetricsSources) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'bencao_' });
  const { db } = database;

  const http = new client.Histogram({
    name: 'bencao_http_request_duration_seconds', help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const, buckets: seconds, registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // the route's pattern (/api/security/roles/:id), never the URL: one series per route, whatever is asked
    const route = req.routeOptions.url ?? 'unmatched';
    http.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const queries = new client.Histogram({
    name: 'bencao_db_query_duration_seconds', help: 'Database statements by outcome', labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5], registers: [registry],
  });
  const stopTiming = onQueryTimed((s, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, s));
  app.addHook('onClose', async () => stopTiming());

  new client.Gauge({
    name: 'bencao_db_pool_connections', help: 'Database pool connections by state (waiting: requests queued for one)',
    labelNames: ['state'] as const, registers: [registry],
    collect() {
      const p = database.pool;
      if (!p) return;
      this.set({ state: 'total' }, p.totalCount);
      this.set({ state: 'idle' }, p.idleCount);
      this.set({ state: 'busy' }, p.totalCount - p.idleCount);
      this.set({ state: 'waiting' }, p.waitingCount);
    },
  });

  const now = () => (config.now ? config.now() : new Date());
  new client.Gauge({
    name: 'bencao_workflow_jobs', help: 'Workflow jobs (timers, service tasks, listener calls) by state; due: pending and due now',
    labelNames: ['state'] as const, registers: [registry],
    async collect() {
      const at = now().toISOString();
      const r = await execute<{ due: number; running: number; failed: number; pending: number }>(db, sql`select
        count(*) filter (where status = 'pending' and due_at <= ${at}::timestamptz)::int as due,
        count(*) filter (where status = 'pending')::int as pending,
        count(*) filter (where status = 'running')::int as running,
        count(*) filter (where status = 'failed')::int as failed
        from wf_jobs where status in ('pending', 'running', 'failed')`);
      const row = r.rows[0];
      for (const state of ['due', 'pending', 'running', 'failed'] as const) this.set({ state }, Number(row?.[state] ?? 0));
    },
  });
  new client.Gauge({
    name: 'bencao_workflow_job_lag_seconds', help: 'How long the oldest due workflow job has been waiting (0: none due)', registers: [registry],
    async collect() {
      const at = now().toISOString();
      const r = await execute<{ oldest: string | null }>(db, sql`select min(due_at)::text as oldest from wf_jobs where status = 'pending' and due_at <= ${at}::timestamptz`);
      const oldest = r.rows[0]?.oldest;
      this.set(oldest ? Math.max(0, (new Date(at).getTime() - new Date(oldest).getTime()) / 1000) : 0);
    },
  });
  new client.Gauge({
    name: 'bencao_workflow_open_tasks', help: 'Open workflow tasks (to do by someone)', registers: [registry],
    async collect() {
      const r = await execute<{ n: number }>(db, sql`select count(*)::int as n from wf_tasks where status = 'open'`);
      this.set(Number(r.rows[0]?.n ?? 0));
    },
  });

  new client.Gauge({
    name: 'bencao_login_failures', help: 'Failed password attempts counted towards a lock right now, on accounts and on unknown user ids',
    labelNames: ['subject'] as const, registers: [registry],
    async collect() {
      const r = await execute<{ accounts: number; unknown: number }>(db, sql`select
        (select coalesce(sum(failed_logins), 0)::int from accounts) as accounts,
        (select coalesce(sum(failed_logins), 0)::int from login_failures) as unknown`);
      this.set({ subject: 'account' }, Number(r.rows[0]?.accounts ?? 0));
      this.set({ subject: 'unknown_user' }, Number(r.rows[0]?.unknown ?? 0));
    },
  });
  new client.Gauge({
    name: 'bencao_login_locks', help: 'Accounts and unknown user ids locked after failed logins', labelNames: ['subject'] as const, registers: [registry],
    async collect() {
      const at = now().toISOString();
      const r = await execute<{ accounts: number; unknown: number }>(db, sql`select
        (select count(*)::int from accounts where status = 'lock' and (locked_until is null or locked_until > ${at}::timestamptz)) as accounts,
        (select count(*)::int from login_failures where locked and (locked_until is null or locked_until > ${at}::timestamptz)) as unknown`);
      this.set({ subject: 'account' }, Number(r.rows[0]?.accounts ?? 0));
      this.set({ subject: 'unknown_user' }, Number(r.rows[0]?.unknown ?? 0));
    },
  });
  new client.Gauge({
    name: 'bencao_login_attempts_last_hour', help: 'Login attempts of the last hour by outcome (the login log)', labelNames: ['outcome'] as const, registers: [registry],
    async collect() {
      const since = new Date(now().getTime() - 3_600_000).toISOString();
      const r = await execute<{ outcome: string; n: number }>(db, sql`select outcome, count(*)::int as n from login_logs where created_at > ${since}::timestamptz group by outcome`);
      this.set({ outcome: 'success' }, 0);
      this.set({ outcome: 'failure' }, 0);
      for (const row of r.rows) this.set({ outcome: row.outcome }, Number(row.n));
    },
  });

  new client.Counter({
    name: 'bencao_gateway_requests_total', help: 'Requests through this process\'s gateway by resource and result (pass, error, blocked, broken)',
    labelNames: ['resource', 'result'] as const, registers: [registry],
    collect() {
      this.reset();
      for (const t of sources.gatewayTotals()) {
        const errors = t.errors, blocked = t.blocked, broken = t.broken;
        this.inc({ resource: t.resource, result: 'pass' }, Math.max(0, t.requests - errors - blocked - broken));
        if (errors) this.inc({ resource: t.resource, result: 'error' }, errors);
        if (blocked) this.inc({ resource: t.resource, result: 'blocked' }, blocked);
        if (broken) this.inc({ resource: t.resource, result: 'broken' }, broken);
      }
    },
  });

  app.get('/metrics', { config: { authority: PUBLIC }, schema: { hide: true } }, async (req, reply) => {
    const token = config.metricsToken;
    if (!token) return reply.callNotFound();
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').header('cache-control', 'no-store').type('text/plain').send('unauthorized\n');
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });

  app.get('/api/health/ready', { config: { authority: PUBLIC }, schema: { tags: ['system'] } }, async (req, reply) => {
    let database = false, migrations = false;
    try {
      await execute(db, sql`select 1`);
      database = true;
      migrations = await migrationsApplied({ db } as Database);
    } catch (err) {
      req.log.warn({ err }, 'readiness: the database did not answer');
    }
    const ready = database && migrations;
    return reply.code(ready ? 200 : 503).header('cache-control', 'no-store')
      .send({ code: ready ? 200 : 503, msg: ready ? 'ready' : 'not ready', data: { status: ready ? 'ready' : 'not ready', database, migrations } });
  });
}
