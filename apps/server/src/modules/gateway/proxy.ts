import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { asc, eq } from 'drizzle-orm';
import {
  compileAntPattern, matchAnt, parseFilters, parsePredicates, pickLang, rewritePath, translate, type FilterDef, type MessageParams,
} from '@bencao/contracts';
import type { Db } from '../../db/client';
import { gwApiGroups, gwDegradeRules, gwFlowRules, gwRoutes, gwVersions } from '../../db/schema/index';
import { compilePredicate, matchAll, type Matcher, type RequestFacts } from './predicates';
import { CircuitBreaker, Concurrency, LeakyBucket, LimiterSet, TokenBucket, type DegradeRule, type FlowRule } from './limits';
import { pickWeighted, registryService, selectInstances, serviceKey, type InstanceView } from './registry';
import { RULES_VERSION } from './service';
import { gatewayMetrics } from './metrics';

/**
 * The gateway: a second Fastify listener serving the released routes in priority order. Every
 * `pollMs` each process reads the rule-set version from the database and reloads when it moved,
 * so a release, a cancel or a rule change takes effect on every process within a second; the
 * instances of lb:// services are read on every poll.
 */

interface CompiledRoute {
  routeId: string;
  matchers: Matcher[];
  filters: FilterDef[];
  target: { kind: 'http'; origin: string } | { kind: 'lb'; key: string; name: string };
}
interface CompiledGroup { name: string; test: (path: string) => boolean }
interface Rules {
  version: number;
  routes: CompiledRoute[];
  groups: CompiledGroup[];
  flow: (FlowRule & { key: string })[];
  degrade: (DegradeRule & { key: string })[];
}

export interface GatewayOptions {
  port: number;
  host: string;
  pollMs?: number;
  logLevel?: string;
  /** how long an upstream may take to answer before the caller gets 504 (a route's ResponseTimeout filter overrides it) */
  timeoutMs?: number;
  /** proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default */
  trustProxy?: string[];
}
export const DEFAULT_GATEWAY_TIMEOUT_MS = 30_000;
export interface Gateway {
  app: FastifyInstance;
  url: string;
  /** reads the database now (tests; the poller does it every `pollMs`) */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

function compileGroup(g: { name: string; matchMode: string; matchPath: string }): CompiledGroup {
  if (g.matchMode === 'regular') {
    const re = new RegExp(`^(?:${g.matchPath})$`);
    return { name: g.name, test: (p) => re.test(p) };
  }
  if (g.matchMode === 'prefix') {
    const pat = compileAntPattern(g.matchPath, '/');
    return { name: g.name, test: (p) => matchAnt(pat, p) !== null };
  }
  return { name: g.name, test: (p) => p === g.matchPath };
}

async function loadRules(db: Db, version: number, log: FastifyInstance['log']): Promise<Rules> {
  const [routes, groups, flow, degrade] = await Promise.all([
    db.select().from(gwRoutes).where(eq(gwRoutes.released, true)).orderBy(asc(gwRoutes.orderNum), asc(gwRoutes.id)),
    db.select().from(gwApiGroups).orderBy(asc(gwApiGroups.id)),
    db.select().from(gwFlowRules).where(eq(gwFlowRules.enabled, true)).orderBy(asc(gwFlowRules.id)),
    db.select().from(gwDegradeRules).where(eq(gwDegradeRules.enabled, true)).orderBy(asc(gwDegradeRules.id)),
  ]);
  const compiled: CompiledRoute[] = [];
  for (const r of routes) {
    const p = parsePredicates(r.predicates);
    const f = parseFilters(r.filters);
    if (!p.ok || !f.ok) { log.error({ routeId: r.routeId }, 'released route has rules that no longer parse; skipped'); continue; }
    const target = r.uri.startsWith('lb://')
      ? { kind: 'lb' as const, key: serviceKey(r.uri.slice(5)).key, name: r.uri.slice(5) }
      : { kind: 'http' as const, origin: new URL(r.uri).origin };
    compiled.push({ routeId: r.routeId, matchers: p.defs.map(compilePredicate), filters: f.defs, target });
  }
  const compiledGroups: CompiledGroup[] = [];
  for (const g of groups) {
    try { compiledGroups.push(compileGroup(g)); } catch { log.error({ group: g.name }, 'API group pattern does not compile; skipped'); }
  }
  const stamp = (x: { id: number; updatedAt: Date }) => `${x.id}:${x.updatedAt.getTime()}`;
  return {
    version,
    routes: compiled,
    groups: compiledGroups,
    flow: flow.map((x) => ({ ...x, key: stamp(x) })),
    degrade: degrade.map((x) => ({ ...x, key: stamp(x) })),
  };
}

interface Replier { code(n: number): { header(k: string, v: string): { send(body: unknown): unknown } } }
const envelope = (req: FastifyRequest, reply: Replier, status: number, key: string, params: MessageParams = {}) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8')
    .send({ code: status, msg: translate(pickLang(req.headers['accept-language']), key, params), data: null });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOP_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

export async function startGateway(db: Db, opts: GatewayOptions): Promise<Gateway> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'warn' },
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    bodyLimit: 50 * 1024 * 1024,
    // a URL Fastify cannot route (bad escapes, …) gets the gateway's envelope, not Fastify's own body
    frameworkErrors: (_err, req, reply) => { envelope(req as FastifyRequest, reply as unknown as Replier, 400, 'error.badUrl'); },
  });
  const defaultTimeout = opts.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const registry = registryService(db);
  const pollMs = opts.pollMs ?? 500;

  let rules: Rules = { version: -1, routes: [], groups: [], flow: [], degrade: [] };
  let services = new Map<string, { protectThreshold: number; instances: InstanceView[] }>();
  const buckets = new LimiterSet<TokenBucket>();
  const queues = new LimiterSet<LeakyBucket>();
  const threads = new LimiterSet<Concurrency>();
  const breakers = new LimiterSet<CircuitBreaker>();
  let lastHousekeeping = 0;

  async function refresh() {
    const [v] = await db.select({ version: gwVersions.version }).from(gwVersions).where(eq(gwVersions.kind, RULES_VERSION));
    const version = v?.version ?? 0;
    if (version !== rules.version) {
      rules = await loadRules(db, version, app.log);
      const flowKeys = new Set(rules.flow.map((f) => f.key));
      buckets.retain(flowKeys); queues.retain(flowKeys); threads.retain(flowKeys);
      breakers.retain(new Set(rules.degrade.map((d) => d.key)));
    }
    const keys = [...new Set(rules.routes.flatMap((r) => (r.target.kind === 'lb' ? [r.target.key] : [])))];
    services = await registry.instancesOf(keys);
    if (Date.now() - lastHousekeeping > 5000) {
      lastHousekeeping = Date.now();
      await registry.purge();
      await registry.runHealthChecks();
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const loop = async () => {
    try { await refresh(); } catch (err) { if (!stopped) app.log.error({ err }, 'gateway refresh failed'); }
    if (!stopped) timer = setTimeout(loop, pollMs);
  };
  await refresh();

  await app.register(replyFrom, {
    disableRequestLogging: true,
    retryMethods: [],
    maxRetriesOn503: 0,
    destroyAgent: true,
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 },
  });
  // bodies pass through untouched
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const started = performance.now();
    const raw = req.raw.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const search = q < 0 ? '' : raw.slice(q + 1);
    const now = Date.now();
    const facts: RequestFacts = {
      method: req.method, path, host: String(req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, ''),
      headers: req.headers, query: new URLSearchParams(search), remoteAddress: req.socket.remoteAddress ?? '', now,
    };
    let route: CompiledRoute | null = null;
    let vars: Record<string, string> = {};
    for (const r of rules.routes) {
      const m = matchAll(r.matchers, facts);
      if (m) { route = r; vars = m; break; }
    }
    if (!route) return envelope(req, reply, 404, 'gateway.noRoute', { method: req.method, path });

    const groups = rules.groups.filter((g) => g.test(path)).map((g) => g.name);
    const resources = [`route:${route.routeId}`, ...groups.map((g) => `apiGroup:${g}`)];
    const applies = (r: { resourceMode: string; resource: string }) =>
      r.resourceMode === 'route' ? r.resource === route!.routeId : groups.includes(r.resource);
    const record = (kind: 'pass' | 'error' | 'blocked' | 'broken', latency: number | null) => {
      for (const res of resources) gatewayMetrics.record(res, kind, latency);
    };

    // circuit breakers (degrade rules)
    const open = rules.degrade.filter(applies).map((d) => ({ d, b: breakers.get(d.key, () => new CircuitBreaker(d)) }));
    const broken = open.find(({ b }) => !b.tryPass(now));
    if (broken) {
      record('broken', null);
      return envelope(req, reply, 503, 'gateway.degraded', { resource: broken.d.resource });
    }

    // flow rules
    const sourceApp = req.headers['x-source-app'];
    const entered: Concurrency[] = [];
    let wait = 0;
    let blockedBy: string | null = null;
    for (const f of rules.flow.filter(applies)) {
      if (f.sourceApp && f.sourceApp !== 'default' && f.sourceApp !== sourceApp) continue;
      if (f.thresholdMode === 'thread') {
        const c = threads.get(f.key, () => new Concurrency(f.count));
        if (!c.tryEnter()) { blockedBy = f.resource; break; }
        entered.push(c);
      } else if (f.controlBehavior === 'uniform') {
        const w = queues.get(f.key, () => new LeakyBucket(f.count, f.intervalSec * 1000, f.timeoutMs)).reserve(now);
        if (w < 0) { blockedBy = f.resource; break; }
        wait = Math.max(wait, w);
      } else if (!buckets.get(f.key, () => new TokenBucket(f.count, f.burst, f.intervalSec * 1000)).tryAcquire(now)) {
        blockedBy = f.resource; break;
      }
    }
    if (blockedBy !== null) {
      entered.forEach((c) => c.leave());
      record('blocked', null);
      return envelope(req, reply, 429, 'gateway.flowBlocked', { resource: blockedBy });
    }

    let done = false;
    const finish = (abnormal: boolean) => {
      if (done) return;
      done = true;
      entered.forEach((c) => c.leave());
      const end = Date.now();
      for (const { b } of open) b.onComplete(abnormal, end);
      record(abnormal ? 'error' : 'pass', performance.now() - started);
    };
    reply.raw.once('close', () => finish(false));

    if (wait > 0) await sleep(wait);

    // upstream
    let origin: string;
    if (route.target.kind === 'http') origin = route.target.origin;
    else {
      const svc = services.get(route.target.key);
      const chosen = svc ? pickWeighted(selectInstances(svc.instances, svc.protectThreshold)) : null;
      if (!chosen) { finish(true); return envelope(req, reply, 503, 'gateway.noInstance', { service: route.target.name }); }
      origin = `http://${chosen.ip.includes(':') ? `[${chosen.ip}]` : chosen.ip}:${chosen.port}`;
    }
    const target = `${origin}${rewritePath(path, route.filters, vars)}${search ? `?${search}` : ''}`;
    const filters = route.filters;
    const setStatus = filters.reduce<number | null>((s, f) => (f.name === 'SetStatus' ? f.status : s), null);
    const timeout = filters.reduce((t, f) => (f.name === 'ResponseTimeout' ? f.ms : t), defaultTimeout);

    return reply.from(target, {
      timeout,
      rewriteRequestHeaders: (_r, headers) => {
        const out: Record<string, string | string[] | undefined> = { ...headers };
        for (const h of HOP_HEADERS) if (h !== 'transfer-encoding') delete out[h];
        for (const f of filters) {
          if (f.name === 'RemoveRequestHeader') delete out[f.header.toLowerCase()];
          if (f.name === 'AddRequestHeader') {
            const k = f.header.toLowerCase();
            const prev = out[k];
            out[k] = prev === undefined ? f.value : [...(Array.isArray(prev) ? prev : [prev]), f.value];
          }
        }
        const fwd = req.socket.remoteAddress ?? '';
        out['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${fwd}` : fwd;
        out['x-forwarded-host'] ??= headers.host;
        out['x-forwarded-proto'] ??= req.protocol;
        return out;
      },
      rewriteHeaders: (headers) => {
        const out: Record<string, string | string[] | number | undefined> = { ...headers };
        for (const f of filters) {
          if (f.name !== 'AddResponseHeader') continue;
          const k = f.header.toLowerCase();
          const prev = out[k];
          out[k] = prev === undefined ? f.value : [...(Array.isArray(prev) ? prev : [String(prev)]), f.value];
        }
        return out as never;
      },
      onResponse: (_req, rep, res) => {
        const upstreamStatus = rep.statusCode;
        const stream = (res as unknown as { stream: NodeJS.ReadableStream }).stream;
        stream.once('end', () => finish(upstreamStatus >= 500));
        stream.once('error', () => finish(true));
        if (setStatus !== null) rep.code(setStatus);
        rep.send(stream);
      },
      onError: (rep, { error }) => {
        finish(true);
        rep.log.warn({ err: error, target }, 'upstream failed');
        const timedOut = (error as { statusCode?: number }).statusCode === 504;
        envelope(req, rep as unknown as Replier, timedOut ? 504 : 502, timedOut ? 'gateway.upstreamTimeout' : 'gateway.upstreamError');
      },
    });
  }

  app.setErrorHandler((err: { statusCode?: number }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'gateway error');
    return envelope(req, reply, status, status === 500 ? 'error.system' : status === 413 ? 'error.tooLarge' : 'error.badRequest');
  });
  app.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/*', handler: handle });
  app.route({ method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], url: '/', handler: handle });

  await app.listen({ port: opts.port, host: opts.host });
  const address = app.server.address() as AddressInfo;
  const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
  timer = setTimeout(loop, pollMs);

  return {
    app,
    url: `http://${host}:${address.port}`,
    refresh,
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await app.close();
    },
  };
}
