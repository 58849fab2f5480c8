import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFilters, rewritePath, translate } from '@bencao/contracts';
import { compilePathRewrite, createGatewayListener, type GatewayListener } from '../src/modules/gateway/listener';
import { compileRules, EMPTY_SNAPSHOT, type Rules, type RulesSnapshot } from '../src/modules/gateway/rules';
import { Admission } from '../src/modules/gateway/admission';
import { GatewayMetrics } from '../src/modules/gateway/metrics';

/**
 * The gateway listener on its own (no database): rules compiled from a snapshot as the workers get
 * them, a throw-away upstream that echoes what it got, requests sent as raw as a client would.
 */
let upstream: http.Server;
let upPort = 0;
let silent: http.Server;
let silentPort = 0;
const silentSockets = new Set<net.Socket>();
/** the upstream's open connections by the gateway-side port */
const upstreamSockets = new Map<number, net.Socket>();
/** requests to /held wait until the test lets them go */
let held: (() => void)[] = [];
let rules: Rules;
const metrics = new GatewayMetrics();
let gw: GatewayListener;
let base = '';

function snapshot(routes: RulesSnapshot['routes'], services: RulesSnapshot['services'] = []): RulesSnapshot {
  return { ...EMPTY_SNAPSHOT, version: 1, routes, services };
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/held')) { held.push(() => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('late'); }); return; }
      if (req.url?.startsWith('/big')) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'x-upstream': 'big' });
        // 8 MiB in 64 KiB writes: more than any socket buffer, so back-pressure is exercised
        const piece = Buffer.alloc(64 * 1024, 7);
        let left = 128;
        const pump = () => { while (left > 0) { left -= 1; if (!res.write(piece)) { res.once('drain', pump); return; } } res.end(); };
        pump();
        return;
      }
      const body = Buffer.concat(chunks).toString();
      res.writeHead(req.url?.startsWith('/fail') ? 500 : 200, { 'content-type': 'application/json', 'x-upstream': 'yes', connection: 'keep-alive, x-hop', 'x-hop': 'secret' });
      res.end(JSON.stringify({ method: req.method, path: req.url, headers: req.headers, rawHeaders: req.rawHeaders, body, remotePort: req.socket.remotePort }));
    });
  });
  upstream.on('connection', (c: net.Socket) => {
    const port = c.remotePort ?? 0;
    upstreamSockets.set(port, c);
    c.once('close', () => upstreamSockets.delete(port));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upPort = (upstream.address() as AddressInfo).port;
  silent = http.createServer(() => { /* never answers */ });
  silent.on('connection', (c) => silentSockets.add(c));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  silentPort = (silent.address() as AddressInfo).port;

  const up = `http://127.0.0.1:${upPort}`;
  rules = compileRules(snapshot([
    { routeId: 'preds', uri: up, predicates: 'Path=/p/{id}/**\nMethod=GET,POST\nHeader=X-Env, prod|test\nQuery=color, gr.+\nHost=**.example.com', filters: 'SetPath=/items/{id}' },
    { routeId: 'filters', uri: up, predicates: 'Path=/f/**', filters: 'StripPrefix=1\nAddRequestHeader=X-Via, bencao\nRemoveRequestHeader=Cookie\nAddResponseHeader=X-Route, filters' },
    { routeId: 'rewrite', uri: up, predicates: 'Path=/red/**', filters: 'RewritePath=/red/?(?<segment>.*), /blue/$\\{segment}\nSetStatus=202' },
    { routeId: 'plain', uri: up, predicates: 'Path=/plain/**', filters: 'StripPrefix=1' },
    { routeId: 'slow', uri: `http://127.0.0.1:${silentPort}`, predicates: 'Path=/slow/**', filters: 'ResponseTimeout=300' },
    { routeId: 'dead', uri: 'http://127.0.0.1:1', predicates: 'Path=/dead/**', filters: '' },
    { routeId: 'nobody', uri: 'lb://nobody-svc', predicates: 'Path=/lb/**', filters: '' },
  ]), console);
  gw = createGatewayListener({ logLevel: 'silent', timeoutMs: 10_000 }, { rules: () => rules, admission: new Admission(), metrics });
  await new Promise<void>((r) => gw.server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(gw.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gw?.close(0);
  for (const c of silentSockets) c.destroy();
  upstream?.closeAllConnections();
  await Promise.all([upstream, silent].map((s) => new Promise((r) => s?.close(r))));
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; text: string; json: any }
/** one request with full control of the headers (and of the body's framing) */
function send(path: string, o: { method?: string; headers?: Record<string, string | string[]>; body?: string | Buffer | Buffer[]; agent?: http.Agent | false } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method: o.method ?? 'GET', headers: o.headers, agent: o.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let json: any = null;
        try { json = JSON.parse(text); } catch { /* not JSON */ }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (Array.isArray(o.body)) { for (const b of o.body) req.write(b); req.end(); } else req.end(o.body);
  });
}
/** an exact request line, for addresses a client library would normalise */
function rawGet(path: string, lang = 'en'): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const sock = net.connect((gw.server.address() as AddressInfo).port, '127.0.0.1', () => {
      sock.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAccept-Language: ${lang}\r\nConnection: close\r\n\r\n`);
    });
    let data = '';
    sock.on('data', (c) => { data += c; });
    sock.on('end', () => {
      const [head, body] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
    sock.on('error', reject);
  });
}
const envelope = (status: number, lang: 'en' | 'zh' | 'es' | 'ja', key: string, params = {}) => ({ code: status, msg: translate(lang, key, params), data: null });

describe('predicates', () => {
  const match = { host: 'api.example.com', 'x-env': 'prod' };
  it('every predicate of a route must hold; URI variables feed SetPath', async () => {
    const ok = await send('/p/42/x?color=green', { headers: match });
    expect(ok.status).toBe(200);
    expect(ok.json.path).toBe('/items/42?color=green');
    expect((await send('/p/42/x?color=green', { method: 'POST', headers: match, body: 'b' })).status).toBe(200);
  });

  it('one that fails: 404 with the envelope in the caller\'s language', async () => {
    const cases: [string, Record<string, string>, string?][] = [
      ['/p/42/x?color=red', match],
      ['/p/42/x?color=green', { ...match, 'x-env': 'dev' }],
      ['/p/42/x?color=green', { host: 'api.example.org', 'x-env': 'prod' }],
      ['/p/42/x', match],
      ['/p/42/x?color=green', match, 'DELETE'],
    ];
    for (const [path, headers, method] of cases) {
      const res = await send(path, { headers: { ...headers, 'accept-language': 'zh-CN,zh;q=0.9' }, method });
      expect(res.status, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBe(404);
      expect(res.json).toEqual(envelope(404, 'zh', 'gateway.noRoute', { method: method ?? 'GET', path: path.split('?')[0] }));
    }
  });
});

describe('filters and forwarding headers', () => {
  it('StripPrefix, Add/RemoveRequestHeader, AddResponseHeader; X-Forwarded-*; the upstream\'s Host; hop-by-hop headers stay on their hop', async () => {
    const res = await send('/f/a/b?q=1&q=2', {
      headers: { host: 'gw.example.com:8081', cookie: 'sid=1', 'x-forwarded-for': '203.0.113.5', connection: 'keep-alive, x-private', 'x-private': 'no', 'x-keep': 'yes' },
    });
    expect(res.status).toBe(200);
    expect(res.json.path).toBe('/a/b?q=1&q=2');
    const h = res.json.headers;
    expect(h['x-via']).toBe('bencao');
    expect(h.cookie).toBeUndefined();
    expect(h['x-private']).toBeUndefined();
    expect(h['x-keep']).toBe('yes');
    expect(h.host).toBe(`127.0.0.1:${upPort}`);
    expect(h['x-forwarded-for']).toBe('203.0.113.5, 127.0.0.1');
    expect(h['x-forwarded-host']).toBe('gw.example.com:8081');
    expect(h['x-forwarded-proto']).toBe('http');
    expect(res.headers['x-route']).toBe('filters');
    expect(res.headers['x-upstream']).toBe('yes');
    // the upstream's Connection header named x-hop: not relayed
    expect(res.headers['x-hop']).toBeUndefined();
  });

  it('a client\'s own X-Forwarded-Host/Proto are passed on; without X-Forwarded-For the peer address is the list', async () => {
    const res = await send('/plain/x', { headers: { 'x-forwarded-host': 'outer.example', 'x-forwarded-proto': 'https' } });
    expect(res.json.headers['x-forwarded-host']).toBe('outer.example');
    expect(res.json.headers['x-forwarded-proto']).toBe('https');
    expect(res.json.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('RewritePath with a named group and SetStatus', async () => {
    const res = await send('/red/one/two');
    expect(res.status).toBe(202);
    expect(res.json.path).toBe('/blue/one/two');
  });
});

describe('path filters compiled once per route', () => {
  it('give the same path as the rule definitions\' rewritePath', () => {
    const cases: [string, string, Record<string, string>][] = [
      ['StripPrefix=1', '/demo/a/b', {}],
      ['StripPrefix=1', '/demo', {}],
      ['StripPrefix=2\nPrefixPath=/api/', '/a/b/c/', {}],
      ['RewritePath=/red/?(?<segment>.*), /$\\{segment}', '/red/blue/red/x', {}],
      ['RewritePath=^/x, y', '/x/z', {}],
      ['SetPath=/items/{id}/{missing}', '/a/42', { id: '42' }],
      ['StripPrefix=1\nRewritePath=/(?<n>\\d+), /n/$\\{n}\nPrefixPath=/v1', '/p/7', {}],
      ['AddRequestHeader=X-A, 1', '/same', {}],
    ];
    for (const [filters, path, vars] of cases) {
      const parsed = parseFilters(filters);
      expect(parsed.ok, filters).toBe(true);
      const defs = parsed.ok ? parsed.defs : [];
      expect(compilePathRewrite(defs)(path, vars), `${filters} on ${path}`).toBe(rewritePath(path, defs, vars));
    }
    const defs = parseFilters('RewritePath=/red/?(?<segment>.*), /$\\{segment}');
    expect(defs.ok && compilePathRewrite(defs.defs)('/red/blue', {})).toBe('/blue');
  });
});

describe('bodies stream through', () => {
  it('a body with a length and a chunked body reach the upstream whole', async () => {
    const sized = await send('/plain/echo', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello gateway' });
    expect(sized.json).toMatchObject({ method: 'POST', body: 'hello gateway' });
    const parts = [Buffer.from('part one, '), Buffer.from('part two')];
    const chunked = await send('/plain/echo', { method: 'PUT', headers: { 'transfer-encoding': 'chunked' }, body: parts });
    expect(chunked.json).toMatchObject({ method: 'PUT', body: 'part one, part two' });
  });

  it('a large answer arrives byte for byte', async () => {
    const res = await new Promise<{ status: number; size: number; sevens: boolean }>((resolve, reject) => {
      http.get(`${base}/plain/big`, { agent: false }, (r) => {
        let size = 0;
        let sevens = true;
        r.on('data', (c: Buffer) => { size += c.length; if (sevens && c.some((b) => b !== 7)) sevens = false; });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, size, sevens }));
      }).on('error', reject);
    });
    expect(res).toEqual({ status: 200, size: 8 * 1024 * 1024, sevens: true });
  });

  it('a declared length over 50 MB: 413 before anything is sent upstream', async () => {
    const res = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${base}/plain/upload`, { method: 'POST', agent: false, headers: { 'content-length': String(60 * 1024 * 1024), 'accept-language': 'es' } }, (r) => {
        let text = '';
        r.on('data', (c) => { text += c; });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('x'.repeat(1024));
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(envelope(413, 'es', 'error.tooLarge'));
  });
});

describe('errors answer with the envelope', () => {
  it('bad escapes and dot-dot segments: 400', async () => {
    for (const path of ['/plain/%zz', '/plain/../x', '/plain/%2e%2e/x']) {
      const res = await rawGet(path, 'zh');
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual(envelope(400, 'zh', 'error.badUrl'));
    }
  });

  it('unreachable upstream 502, silent upstream past ResponseTimeout 504, lb:// service without instances 503', async () => {
    const dead = await send('/dead/x', { headers: { 'accept-language': 'ja' } });
    expect(dead.status).toBe(502);
    expect(dead.json).toEqual(envelope(502, 'ja', 'gateway.upstreamError'));
    const slow = await send('/slow/x', { headers: { 'accept-language': 'zh' } });
    expect(slow.status).toBe(504);
    expect(slow.json).toEqual(envelope(504, 'zh', 'gateway.upstreamTimeout'));
    const lb = await send('/lb/x');
    expect(lb.status).toBe(503);
    expect(lb.json).toEqual(envelope(503, 'en', 'gateway.noInstance', { service: 'nobody-svc' }));
  });

  it('counts requests and errors per route (an upstream 5xx is an error, its status is relayed)', async () => {
    const before = metrics.snapshot(300).find((r) => r.resource === 'route:plain')?.requests ?? 0;
    expect((await send('/plain/fail')).status).toBe(500);
    expect((await send('/plain/ok')).status).toBe(200);
    const row = metrics.snapshot(300).find((r) => r.resource === 'route:plain')!;
    expect(row.requests - before).toBe(2);
    expect(metrics.snapshot(300).find((r) => r.resource === 'route:dead')).toMatchObject({ requests: 1, errors: 1 });
    expect(metrics.snapshot(300).find((r) => r.resource === 'route:slow')).toMatchObject({ requests: 1, errors: 1 });
  });
});

describe('upstream pools follow the rules', () => {
  it('when a new rule set no longer names an origin, its keep-alive connections are closed', async () => {
    let own = rules;
    const gwOwn = createGatewayListener({ logLevel: 'silent' }, { rules: () => own, admission: new Admission(), metrics: new GatewayMetrics() });
    await new Promise<void>((r) => gwOwn.server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(gwOwn.server.address() as AddressInfo).port}`;
    try {
      const first = await (await fetch(`${url}/plain/pool`)).json() as { remotePort: number };
      expect(upstreamSockets.has(first.remotePort)).toBe(true);
      // the same rules: the pool keeps its connection
      expect(((await (await fetch(`${url}/plain/again`)).json()) as { remotePort: number }).remotePort).toBe(first.remotePort);
      own = compileRules(snapshot([{ routeId: 'dead', uri: 'http://127.0.0.1:1', predicates: 'Path=/dead/**', filters: '' }]), console);
      expect((await fetch(`${url}/plain/gone`)).status).toBe(404);
      for (let i = 0; i < 200 && upstreamSockets.has(first.remotePort); i++) await new Promise((r) => setTimeout(r, 10));
      expect(upstreamSockets.has(first.remotePort)).toBe(false);
    } finally {
      await gwOwn.close(0);
    }
  });
});

describe('graceful shutdown', () => {
  it('a call under way finishes with its answer; the listener then takes no more connections', async () => {
    const own = createGatewayListener({ logLevel: 'silent' }, { rules: () => rules, admission: new Admission(), metrics: new GatewayMetrics() });
    await new Promise<void>((r) => own.server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(own.server.address() as AddressInfo).port}`;
    const agent = new http.Agent({ keepAlive: true });
    held = [];
    const pending = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
      http.get(`${url}/plain/held`, { agent }, (r) => {
        let text = '';
        r.on('data', (c) => { text += c; });
        r.on('end', () => resolve({ status: r.statusCode ?? 0, text, connection: r.headers.connection }));
      }).on('error', reject);
    });
    while (held.length < 1) await new Promise((r) => setTimeout(r, 10));
    const closed = own.close(10_000);
    held.forEach((go) => go());
    expect(await pending).toEqual({ status: 200, text: 'late', connection: 'close' });
    await closed;
    agent.destroy();
    await expect(fetch(`${url}/plain/x`)).rejects.toThrow();
  });
});
