import type { AddressInfo } from 'node:net';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { pickLang, rewritePath, translate, type MessageParams } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { matchAll, RequestFacts } from './predicates';
import { pickWeighted, selectInstances } from './registry';
import { gatewayMetrics, type GatewayMetrics } from './metrics';
import { Admission, type AdmitInput, type Verdict } from './admission';
import { compileRules, EMPTY_SNAPSHOT, watchRules, type CompiledGroup, type CompiledRoute, type Rules } from './rules';

/**
 * The gateway listener: released routes in priority order. The rules come from `watchRules` (the API
 * process reads the database every `pollMs`, so a release, a cancel or a rule change takes effect
 * within that time); in gateway worker processes (workers.ts) they arrive over IPC instead.
 *
 * Hot path: one pass over the compiled routes with lazily parsed query/host, no per-request rule
 * filtering (each route knows whether a flow/degrade rule names it), counters for metrics, no request
 * logging, headers rewritten in place, and undici keep-alive pools per upstream origin.
 */

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

/** Where flow and degrade rules are decided: in this process, or by the API process for a worker. */
export interface AdmissionPort {
  admit(a: AdmitInput): Verdict | Promise<Verdict>;
  complete(ticket: number, abnormal: boolean): void;
}
export interface GatewayDeps {
  rules: () => Rules;
  admission: AdmissionPort;
  metrics: GatewayMetrics;
}

interface Replier { code(n: number): { header(k: string, v: string): { send(body: unknown): unknown } } }
const envelope = (req: FastifyRequest, reply: Replier, status: number, key: string, params: MessageParams = {}) =>
  reply.code(status).header('content-type', 'application/json; charset=utf-8')
    .send({ code: status, msg: translate(pickLang(req.headers['accept-language']), key, params), data: null });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const HOP_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

const NO_GROUPS: CompiledGroup[] = [];
const NO_LOGGER_CHILD = <T>(logger: T) => logger;

/** The gateway's Fastify app (not listening yet): the in-process gateway and each gateway worker use it. */
export async function buildGatewayApp(opts: Omit<GatewayOptions, 'port' | 'host' | 'pollMs'>, deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'warn' },
    // no per-request child logger and no request/response log lines: warnings and errors only
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: NO_LOGGER_CHILD as never,
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    bodyLimit: 50 * 1024 * 1024,
    // a URL Fastify cannot route (bad escapes, …) gets the gateway's envelope, not Fastify's own body
    frameworkErrors: (_err, req, reply) => { envelope(req as FastifyRequest, reply as unknown as Replier, 400, 'error.badUrl'); },
  });
  const defaultTimeout = opts.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const { admission, metrics } = deps;

  await app.register(replyFrom, {
    disableRequestLogging: true,
    retryMethods: [],
    maxRetriesOn503: 0,
    destroyAgent: true,
    // one undici Agent: a keep-alive pool per upstream origin
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 },
  });
  // bodies pass through untouched
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  async function handle(req: FastifyRequest, reply: FastifyReply) {
    const started = performance.now();
    const rules = deps.rules();
    const raw = req.raw.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const search = q < 0 ? '' : raw.slice(q + 1);
    const facts = new RequestFacts(req.method, path, search, req.headers, req.socket.remoteAddress ?? '', Date.now());
    let route: CompiledRoute | null = null;
    let vars: Record<string, string> = {};
    for (const r of rules.routes) {
      const m = matchAll(r.matchers, facts);
      if (m) { route = r; vars = m; break; }
    }
    if (!route) return envelope(req, reply, 404, 'gateway.noRoute', { method: req.method, path });
    const hit = route;

    const groups = rules.groups.length ? rules.groups.filter((g) => g.test(path)) : NO_GROUPS;
    const record = (kind: 'pass' | 'error' | 'blocked' | 'broken', latency: number | null) => {
      const now = Date.now();
      metrics.record(hit.resource, kind, latency, now);
      for (const g of groups) metrics.record(g.resource, kind, latency, now);
    };

    let ticket = 0;
    let wait = 0;
    if (hit.ruled || groups.some((g) => rules.ruledGroups.has(g.name))) {
      const sourceApp = req.headers['x-source-app'];
      const v = await admission.admit({ routeId: hit.routeId, groups: groups.map((g) => g.name), sourceApp: typeof sourceApp === 'string' ? sourceApp : undefined });
      if (!v.pass) {
        record(v.kind, null);
        return v.kind === 'broken'
          ? envelope(req, reply, 503, 'gateway.degraded', { resource: v.resource })
          : envelope(req, reply, 429, 'gateway.flowBlocked', { resource: v.resource });
      }
      ticket = v.ticket;
      wait = v.wait;
    }

    let done = false;
    const finish = (abnormal: boolean) => {
      if (done) return;
      done = true;
      if (ticket) admission.complete(ticket, abnormal);
      record(abnormal ? 'error' : 'pass', performance.now() - started);
    };
    reply.raw.once('close', () => finish(false));

    if (wait > 0) await sleep(wait);

    // upstream
    let origin: string;
    if (hit.target.kind === 'http') origin = hit.target.origin;
    else {
      const svc = rules.services.get(hit.target.key);
      const chosen = svc ? pickWeighted(selectInstances(svc.instances, svc.protectThreshold)) : null;
      if (!chosen) { finish(true); return envelope(req, reply, 503, 'gateway.noInstance', { service: hit.target.name }); }
      origin = `http://${chosen.ip.includes(':') ? `[${chosen.ip}]` : chosen.ip}:${chosen.port}`;
    }
    const target = `${origin}${rewritePath(path, hit.filters, vars)}${search ? `?${search}` : ''}`;
    const filters = hit.filters;

    return reply.from(target, {
      timeout: hit.timeoutMs ?? defaultTimeout,
      // reply-from hands over its own copy of the headers (Connection and what it names already removed)
      rewriteRequestHeaders: (_r, headers) => {
        const out = headers as Record<string, string | string[] | undefined>;
        for (const h of HOP_HEADERS) if (h !== 'transfer-encoding' && out[h] !== undefined) delete out[h];
        if (hit.requestHeaderFilters) {
          for (const f of filters) {
            if (f.name === 'RemoveRequestHeader') delete out[f.header.toLowerCase()];
            if (f.name === 'AddRequestHeader') {
              const k = f.header.toLowerCase();
              const prev = out[k];
              out[k] = prev === undefined ? f.value : [...(Array.isArray(prev) ? prev : [prev]), f.value];
            }
          }
        }
        const fwd = req.socket.remoteAddress ?? '';
        const before = req.headers['x-forwarded-for'];
        out['x-forwarded-for'] = before ? `${before}, ${fwd}` : fwd;
        out['x-forwarded-host'] ??= req.headers.host;
        out['x-forwarded-proto'] ??= req.protocol;
        return out as never;
      },
      rewriteHeaders: hit.responseHeaderFilters
        ? (headers) => {
          const out = headers as Record<string, string | string[] | number | undefined>;
          for (const f of filters) {
            if (f.name !== 'AddResponseHeader') continue;
            const k = f.header.toLowerCase();
            const prev = out[k];
            out[k] = prev === undefined ? f.value : [...(Array.isArray(prev) ? prev : [String(prev)]), f.value];
          }
          return out as never;
        }
        : undefined,
      onResponse: (_req, rep, res) => {
        const upstreamStatus = rep.statusCode;
        const stream = (res as unknown as { stream: NodeJS.ReadableStream }).stream;
        stream.once('end', () => finish(upstreamStatus >= 500));
        stream.once('error', () => finish(true));
        if (hit.setStatus !== null) rep.code(hit.setStatus);
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
  return app;
}

/** The gateway inside this process (GATEWAY_WORKERS=0, tests): rules, limits and metrics all here. */
export async function startGateway(db: Db, opts: GatewayOptions): Promise<Gateway> {
  const admission = new Admission();
  let rules = compileRules(EMPTY_SNAPSHOT, console);
  const app = await buildGatewayApp(opts, { rules: () => rules, admission, metrics: gatewayMetrics });
  const watcher = await watchRules(db, {
    pollMs: opts.pollMs ?? 500,
    log: app.log,
    onChange: (snap) => { rules = compileRules(snap, app.log); admission.setRules(snap.flow, snap.degrade); },
  });
  try {
    await app.listen({ port: opts.port, host: opts.host });
  } catch (err) {
    watcher.stop();
    throw err;
  }
  const address = app.server.address() as AddressInfo;
  return {
    app,
    url: `http://${listenHost(opts.host)}:${address.port}`,
    refresh: watcher.refresh,
    async close() {
      watcher.stop();
      await app.close();
    },
  };
}

/** the address a local client calls for a listener on `host` */
export const listenHost = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);
