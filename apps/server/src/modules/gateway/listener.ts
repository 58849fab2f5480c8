import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { Pool, type Dispatcher } from 'undici';
import { jsReplacement, pickLang, translate, type FilterDef, type MessageParams } from '@bencao/contracts';
import { matchAll, RequestFacts } from './predicates';
import { pickWeighted, selectInstances } from './registry';
import type { MetricKind } from './metrics';
import type { Verdict } from './admission';
import type { CompiledGroup, CompiledRoute, Rules } from './rules';
import type { GatewayDeps, GatewayOptions } from './proxy';

export const DEFAULT_GATEWAY_TIMEOUT_MS = 30_000;

/**
 * The gateway listener on plain `node:http`: no framework between the socket and the proxy. Per
 * request: one pass over the compiled routes (query string and host parsed only if a predicate asks),
 * the request's raw headers rewritten in one pass into a flat list, and the call dispatched on the
 * keep-alive `undici.Pool` of the upstream origin (pipelining 1) with the bodies streamed both ways
 * (the client's body as a stream into undici, the upstream's chunks written as they arrive, with
 * back-pressure). Admission (flow/degrade rules) is asked only for routes and API groups a rule names;
 * metrics are counter increments.
 */
export interface GatewayLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
export interface GatewayListener {
  /** not listening: the in-process gateway listens on it, a worker emits the connections it is handed */
  server: http.Server;
  log: GatewayLog;
  /** stops taking requests, lets those under way finish (at most `graceMs`), closes the upstream pools */
  close(graceMs?: number): Promise<void>;
}

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
export function gatewayLog(level = 'warn'): GatewayLog {
  const at = Math.max(0, LEVELS.indexOf(level));
  const line = (lvl: string, obj: object, msg: string) => {
    const o = obj as { err?: unknown };
    const err = o.err instanceof Error ? ` (${o.err.message})` : '';
    const rest = { ...o, err: undefined };
    console.error(`gateway ${lvl}: ${msg}${err} ${JSON.stringify(rest)}`);
  };
  return {
    warn: (obj, msg) => { if (at <= 3) line('warn', obj, msg); },
    error: (obj, msg) => { if (at <= 4) line('error', obj, msg); },
  };
}

const BODY_LIMIT = 50 * 1024 * 1024;
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** request headers not forwarded: hop-by-hop, and what undici sets itself or refuses */
const DROP_REQUEST = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect', 'http2-settings', 'host', 'x-forwarded-for']);
/** response headers not copied: hop-by-hop (Node frames the answer to the client itself) */
const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'trailer', 'http2-settings']);
const NO_GROUPS: CompiledGroup[] = [];

function envelope(req: IncomingMessage, res: ServerResponse, status: number, key: string, params: MessageParams = {}, close = false) {
  if (res.headersSent || res.destroyed) { res.destroy(); return; }
  const body = JSON.stringify({ code: status, msg: translate(pickLang(req.headers['accept-language']), key, params), data: null });
  const headers: string[] = ['content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(body))];
  if (close) headers.push('connection', 'close');
  res.writeHead(status, headers);
  res.end(body);
}

/** `..` as a path segment (also escaped) or an escape that does not decode: the address is refused */
function badPath(path: string): boolean {
  let decoded = path;
  if (path.includes('%')) {
    try { decoded = decodeURIComponent(path); } catch { return true; }
  }
  if (!decoded.includes('..')) return false;
  return decoded.split('/').some((s) => s === '..');
}

interface Upstream { pool: Pool; host: string }

type PathRewrite = (path: string, vars: Record<string, string>) => string;
const SAME_PATH: PathRewrite = (p) => p;
/**
 * The path-changing filters of a route as one function, built once per compiled route (the same
 * result as contracts' `rewritePath`, without building the RewritePath expression per request).
 */
export function compilePathRewrite(filters: FilterDef[]): PathRewrite {
  const steps: PathRewrite[] = [];
  for (const f of filters) {
    if (f.name === 'StripPrefix') {
      const parts = f.parts;
      steps.push((p) => `/${p.split('/').slice(1).slice(parts).join('/')}`);
    } else if (f.name === 'PrefixPath') {
      const prefix = f.prefix.replace(/\/$/, '');
      steps.push((p) => `${prefix}${p}`);
    } else if (f.name === 'RewritePath') {
      const re = new RegExp(f.regexp, 'g');
      const replacement = jsReplacement(f.replacement);
      steps.push((p) => { const r = p.replace(re, replacement); return r.startsWith('/') ? r : `/${r}`; });
    } else if (f.name === 'SetPath') {
      const template = f.template;
      steps.push((_p, vars) => template.replace(/\{([^}]*)\}/g, (_m, name: string) => vars[name] ?? ''));
    }
  }
  if (!steps.length) return SAME_PATH;
  if (steps.length === 1) return steps[0];
  return (p, vars) => { let r = p; for (const step of steps) r = step(r, vars); return r; };
}
/** compiled routes are new objects with every snapshot, so this cache follows the rules */
const rewrites = new WeakMap<CompiledRoute, PathRewrite>();
const rewriteOf = (route: CompiledRoute): PathRewrite => {
  let r = rewrites.get(route);
  if (!r) { r = compilePathRewrite(route.filters); rewrites.set(route, r); }
  return r;
};

export function createGatewayListener(opts: Omit<GatewayOptions, 'port' | 'host' | 'pollMs'>, deps: GatewayDeps): GatewayListener {
  const log = gatewayLog(opts.logLevel);
  const defaultTimeout = opts.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  const { admission, metrics } = deps;
  const upstreams = new Map<string, Upstream>();
  let closing = false;
  let inFlight = 0;
  let idle: (() => void) | null = null;

  const originOf = (ip: string, port: number) => `http://${ip.includes(':') ? `[${ip}]` : ip}:${port}`;
  /**
   * With a new rule set, the pools of origins it no longer names (a route removed, an instance gone)
   * are closed: calls under way on them finish first.
   */
  let seenRules: Rules | null = null;
  const pruneFor = (rules: Rules) => {
    seenRules = rules;
    if (!upstreams.size) return;
    const live = new Set<string>();
    for (const r of rules.routes) if (r.target.kind === 'http') live.add(r.target.origin);
    for (const svc of rules.services.values()) for (const i of svc.instances) live.add(originOf(i.ip, i.port));
    for (const [origin, u] of upstreams) {
      if (live.has(origin)) continue;
      upstreams.delete(origin);
      u.pool.close().catch(() => { /* already closed */ });
    }
  };

  const upstreamOf = (origin: string): Upstream => {
    let u = upstreams.get(origin);
    if (!u) {
      u = {
        pool: new Pool(origin, { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 }),
        host: new URL(origin).host,
      };
      upstreams.set(origin, u);
    }
    return u;
  };

  const record = (route: CompiledRoute, groups: CompiledGroup[], kind: MetricKind, latency: number | null) => {
    const now = Date.now();
    metrics.record(route.resource, kind, latency, now);
    for (let i = 0; i < groups.length; i++) metrics.record(groups[i].resource, kind, latency, now);
  };

  /** One proxied call: the undici dispatch handler (legacy callbacks: raw headers, no wrapping). */
  class Call implements Dispatcher.DispatchHandler {
    private abortUpstream: ((err?: Error) => void) | null = null;
    private resumeUpstream: (() => void) | null = null;
    private finished = false;
    private upstreamStatus = 0;
    tooLarge = false;
    constructor(
      readonly req: IncomingMessage,
      readonly res: ServerResponse,
      readonly route: CompiledRoute,
      readonly groups: CompiledGroup[],
      readonly ticket: number,
      readonly started: number,
    ) {
      inFlight += 1;
      res.once('close', this.onClose);
    }

    finish(abnormal: boolean) {
      if (this.finished) return;
      this.finished = true;
      if (this.ticket) admission.complete(this.ticket, abnormal);
      record(this.route, this.groups, abnormal ? 'error' : 'pass', performance.now() - this.started);
      inFlight -= 1;
      if (inFlight === 0 && idle) idle();
    }

    /** the client went away (or the answer is complete): stop the upstream call if it is still running */
    private readonly onClose = () => {
      if (this.finished) return;
      this.abortUpstream?.(new Error('client closed the connection'));
      this.finish(false);
    };
    private readonly onDrain = () => { this.resumeUpstream?.(); };

    onConnect(abort: (err?: Error) => void) { this.abortUpstream = abort; }

    onHeaders(statusCode: number, raw: Buffer[], resume: () => void): boolean {
      if (statusCode < 200) return true; // 1xx: informational, not relayed
      this.upstreamStatus = statusCode;
      this.resumeUpstream = resume;
      const out: string[] = [];
      let listed: string[] | null = null;
      for (let i = 0; i < raw.length; i += 2) {
        const name = raw[i].toString('latin1');
        const lower = name.toLowerCase();
        if (DROP_RESPONSE.has(lower)) {
          if (lower === 'connection') {
            const v = raw[i + 1].toString('latin1').toLowerCase();
            if (v !== 'keep-alive' && v !== 'close') listed = v.split(',').map((s) => s.trim()).filter(Boolean);
          }
          continue;
        }
        out.push(name, raw[i + 1].toString('latin1'));
      }
      let headers = out;
      if (listed) {
        headers = [];
        for (let i = 0; i < out.length; i += 2) if (!listed.includes(out[i].toLowerCase())) headers.push(out[i], out[i + 1]);
      }
      const route = this.route;
      if (route.responseHeaderFilters) {
        for (const f of route.filters) if (f.name === 'AddResponseHeader') headers.push(f.header, f.value);
      }
      // an HTTP/1 connection whose request body was not read to its end cannot take another request
      if (!this.req.complete || closing) headers.push('connection', 'close');
      this.res.writeHead(route.setStatus ?? statusCode, headers);
      return true;
    }

    onData(chunk: Buffer): boolean {
      if (this.res.write(chunk)) return true;
      this.res.once('drain', this.onDrain);
      return false;
    }

    onComplete() {
      // the call is over upstream: its admission ticket goes back before the client can see the answer
      // and send its next call (which may reach another worker, whose admission would otherwise still count this one)
      this.finish(this.upstreamStatus >= 500);
      this.res.end();
    }

    onError(err: Error) {
      if (this.finished) return;
      this.finish(true);
      const { req, res } = this;
      if (res.headersSent || res.destroyed) { res.destroy(); return; }
      if (this.tooLarge) { envelope(req, res, 413, 'error.tooLarge', {}, true); return; }
      const code = (err as { code?: string }).code;
      const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
      log.warn({ err, route: this.route.routeId, url: req.url }, 'upstream failed');
      envelope(req, res, timedOut ? 504 : 502, timedOut ? 'gateway.upstreamTimeout' : 'gateway.upstreamError', {}, !req.complete || closing);
    }
  }

  function proxy(req: IncomingMessage, res: ServerResponse, route: CompiledRoute, groups: CompiledGroup[], vars: Record<string, string>,
    path: string, search: string, ticket: number, started: number) {
    const rules = deps.rules();
    let origin: string;
    const target = route.target;
    if (target.kind === 'http') origin = target.origin;
    else {
      const svc = rules.services.get(target.key);
      const chosen = svc ? pickWeighted(selectInstances(svc.instances, svc.protectThreshold)) : null;
      if (!chosen) {
        if (ticket) admission.complete(ticket, true);
        record(route, groups, 'error', performance.now() - started);
        envelope(req, res, 503, 'gateway.noInstance', { service: target.name });
        return;
      }
      origin = originOf(chosen.ip, chosen.port);
    }
    const up = upstreamOf(origin);
    const upstreamPath = rewriteOf(route)(path, vars);
    const call = new Call(req, res, route, groups, ticket, started);

    // request headers: one pass over the raw list
    const raw = req.rawHeaders;
    const headers: string[] = ['host', up.host];
    let forwardedFor: string | undefined;
    let clientHost: string | undefined;
    let hasFwdHost = false;
    let hasFwdProto = false;
    let listed: string[] | null = null;
    let contentLength = -1;
    let chunked = false;
    for (let i = 0; i < raw.length; i += 2) {
      const lower = raw[i].toLowerCase();
      const value = raw[i + 1];
      if (DROP_REQUEST.has(lower)) {
        if (lower === 'x-forwarded-for') forwardedFor = forwardedFor === undefined ? value : `${forwardedFor}, ${value}`;
        else if (lower === 'host') clientHost ??= value;
        else if (lower === 'transfer-encoding') chunked = true;
        else if (lower === 'connection') {
          const v = value.toLowerCase();
          if (v !== 'keep-alive' && v !== 'close') listed = v.split(',').map((s) => s.trim()).filter(Boolean);
        }
        continue;
      }
      if (lower === 'content-length') contentLength = Number(value);
      else if (lower === 'x-forwarded-host') hasFwdHost = true;
      else if (lower === 'x-forwarded-proto') hasFwdProto = true;
      headers.push(lower, value);
    }
    let out = headers;
    if (listed) {
      out = [];
      for (let i = 0; i < headers.length; i += 2) if (i === 0 || !listed.includes(headers[i])) out.push(headers[i], headers[i + 1]);
    }
    if (route.requestHeaderFilters) {
      for (const f of route.filters) {
        if (f.name === 'RemoveRequestHeader') {
          const k = f.header.toLowerCase();
          const kept: string[] = [];
          for (let i = 0; i < out.length; i += 2) if (out[i] !== k) kept.push(out[i], out[i + 1]);
          out = kept;
        } else if (f.name === 'AddRequestHeader') out.push(f.header.toLowerCase(), f.value);
      }
      // the forwarding headers below are the gateway's own
      const kept: string[] = [];
      hasFwdHost = false; hasFwdProto = false;
      for (let i = 0; i < out.length; i += 2) {
        if (out[i] === 'x-forwarded-for') continue;
        if (out[i] === 'x-forwarded-host') hasFwdHost = true;
        if (out[i] === 'x-forwarded-proto') hasFwdProto = true;
        kept.push(out[i], out[i + 1]);
      }
      out = kept;
    }
    const remote = req.socket.remoteAddress ?? '';
    out.push('x-forwarded-for', forwardedFor ? `${forwardedFor}, ${remote}` : remote);
    if (!hasFwdHost && clientHost !== undefined) out.push('x-forwarded-host', clientHost);
    if (!hasFwdProto) out.push('x-forwarded-proto', 'http');

    // the body streams through; a body without a length is counted against the limit as it passes
    let body: Readable | null = null;
    if (contentLength > 0 || chunked) {
      body = req;
      if (chunked && contentLength < 0) {
        let seen = 0;
        const counted = new Transform({
          transform(c: Buffer, _enc, done) {
            seen += c.length;
            if (seen > BODY_LIMIT) { call.tooLarge = true; done(new Error('body too large')); } else done(null, c);
          },
        });
        req.on('error', (err) => counted.destroy(err));
        body = req.pipe(counted);
      }
    }
    const timeout = route.timeoutMs ?? defaultTimeout;
    up.pool.dispatch({
      origin, method: req.method as Dispatcher.HttpMethod, path: search ? `${upstreamPath}?${search}` : upstreamPath,
      headers: out, body, headersTimeout: timeout, bodyTimeout: timeout,
    }, call);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const search = q < 0 ? '' : url.slice(q + 1);
    if (path.charCodeAt(0) !== 47 /* / */ || ((path.includes('%') || path.includes('..')) && badPath(path))) {
      envelope(req, res, 400, 'error.badUrl');
      return;
    }
    const rules = deps.rules();
    if (rules !== seenRules) pruneFor(rules);
    let route: CompiledRoute | null = null;
    let vars: Record<string, string> = {};
    if (METHODS.has(method)) {
      const facts = new RequestFacts(method, path, search, req, req.socket.remoteAddress ?? '', Date.now());
      const routes = rules.routes;
      for (let i = 0; i < routes.length; i++) {
        const m = matchAll(routes[i].matchers, facts);
        if (m) { route = routes[i]; vars = m; break; }
      }
    }
    if (!route) { envelope(req, res, 404, 'gateway.noRoute', { method, path }); return; }
    const cl = req.headers['content-length'];
    if (cl !== undefined && Number(cl) > BODY_LIMIT) { envelope(req, res, 413, 'error.tooLarge', {}, true); return; }

    const hit = route;
    const groups = rules.groups.length ? rules.groups.filter((g) => g.test(path)) : NO_GROUPS;
    if (!hit.ruled && !groups.some((g) => rules.ruledGroups.has(g.name))) {
      proxy(req, res, hit, groups, vars, path, search, 0, started);
      return;
    }
    const sourceApp = req.headers['x-source-app'];
    const admitted = (v: Verdict) => {
      if (!v.pass) {
        record(hit, groups, v.kind, null);
        if (v.kind === 'broken') envelope(req, res, 503, 'gateway.degraded', { resource: v.resource });
        else envelope(req, res, 429, 'gateway.flowBlocked', { resource: v.resource });
        return;
      }
      const go = () => {
        if (res.destroyed) { if (v.ticket) admission.complete(v.ticket, false); return; }
        try { proxy(req, res, hit, groups, vars, path, search, v.ticket, started); } catch (err) {
          if (v.ticket) admission.complete(v.ticket, true);
          fail(req, res, err);
        }
      };
      if (v.wait > 0) setTimeout(go, v.wait);
      else go();
    };
    const verdict = admission.admit({ routeId: hit.routeId, groups: groups.map((g) => g.name), sourceApp: typeof sourceApp === 'string' ? sourceApp : undefined });
    if (verdict instanceof Promise) verdict.then(admitted, (err: unknown) => fail(req, res, err));
    else admitted(verdict);
  }

  function fail(req: IncomingMessage, res: ServerResponse, err: unknown) {
    log.error({ err, url: req.url }, 'gateway error');
    envelope(req, res, 500, 'error.system');
  }

  const server = http.createServer((req, res) => {
    try { handle(req, res); } catch (err) { fail(req, res, err); }
  });
  server.keepAliveTimeout = 72_000; // as Fastify had it: longer than the usual client pool's idle time
  server.requestTimeout = 0; // bodies may take long; the upstream timeout bounds the wait for the answer

  return {
    server,
    log,
    async close(graceMs = 5000) {
      closing = true;
      server.closeIdleConnections();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          idle = resolve;
          setTimeout(resolve, graceMs).unref();
        });
      }
      // the connections of finished calls: the answers said `connection: close`, or they are idle now
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 1000);
      force.unref();
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1500).unref())]);
      server.closeAllConnections();
      clearTimeout(force);
      await Promise.all([...upstreams.values()].map((u) => u.pool.destroy()));
      upstreams.clear();
    },
  };
}
