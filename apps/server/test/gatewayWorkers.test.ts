import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { startGatewayWorkers, type GatewayWorkers } from '../src/modules/gateway/workers';
import { gatewayMetrics } from '../src/modules/gateway/metrics';

/**
 * Two gateway worker processes on the embedded database (the test server's PGlite): they never open
 * it, the rules reach them over IPC. Every request is sent on a new connection, so the API process
 * hands consecutive requests to alternate workers; the upstream tells the workers apart by the
 * keep-alive connection each worker's pool holds to it.
 */
let s: TestServer;
let admin: string;
let gw: GatewayWorkers;
let upstream: http.Server;
let upstreamPort = 0;
/** remote ports of the connections the upstream got requests on */
const upstreamSockets = new Set<number>();
/** requests under /hold wait here until the test lets them go */
let held: (() => void)[] = [];

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  upstream = http.createServer((req, res) => {
    upstreamSockets.add(req.socket.remotePort ?? 0);
    if (req.url?.startsWith('/hold')) { held.push(() => { res.writeHead(200); res.end('{}'); }); return; }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  upstreamPort = (upstream.address() as AddressInfo).port;
  // pollMs: one minute, so a change reaches the workers only through refresh() — what the tests prove
  gw = await startGatewayWorkers(s.built.deps.db, { port: 0, host: '127.0.0.1', workers: 2, pollMs: 60_000, restartDelayMs: 50 });
});
afterAll(async () => {
  await gw?.close();
  await s?.close();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
});

const api = async (method: string, path: string, body?: unknown) => {
  const res = await s.request(method, path, { token: admin, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** one request on a connection of its own */
function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(gw.url + path, { agent: false, headers: { connection: 'close', 'accept-language': 'en' } }, (res) => {
      let body = '';
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}
async function release(routeId: string, predicates: string) {
  const route = await api('POST', '/api/gateway/routes', {
    routeId, routeName: routeId, orderNum: 0, uri: `http://127.0.0.1:${upstreamPort}`, predicates, filters: 'StripPrefix=1',
  });
  await api('POST', `/api/gateway/routes/${route.id}/release`, {});
  return route.id as number;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('gateway workers', () => {
  it('a route released in the console is served by every worker once refresh() returns; a cancelled one by none', async () => {
    expect(gw.pids().filter(Boolean)).toHaveLength(2);
    expect((await get('/wk/a')).status).toBe(404);
    const id = await release('wk', 'Path=/wk/**');
    await gw.refresh();
    upstreamSockets.clear();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await get(`/wk/x${i}`));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(JSON.parse(answers[0].body)).toEqual({ path: '/x0' });
    // sequential requests: each worker reuses its own keep-alive connection to the upstream
    expect(upstreamSockets.size).toBe(2);

    await api('POST', `/api/gateway/routes/${id}/cancel-release`, {});
    await gw.refresh();
    const after = [];
    for (let i = 0; i < 4; i++) after.push((await get('/wk/y')).status);
    expect(after).toEqual([404, 404, 404, 404]);
  });

  it('a QPS rule of N lets through N in total across both workers', async () => {
    await release('wklimit', 'Path=/wklimit/**');
    // a 60 s interval: within the test nothing refills, whatever the clock does
    await api('POST', '/api/gateway/flow-rules', { name: 'wk-qps', resource: 'wklimit', count: 5, intervalSec: 60 });
    await gw.refresh();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => get(`/wklimit/${i}`).then((a) => a.status)));
    expect(statuses.filter((x) => x === 200)).toHaveLength(5);
    expect(statuses.filter((x) => x === 429)).toHaveLength(15);
    const blocked = await get('/wklimit/again');
    expect(blocked.status).toBe(429);
    expect(JSON.parse(blocked.body)).toMatchObject({ code: 429 });
  });

  it('a thread rule of 1 holds across workers: while one call is under way, calls on every worker get 429', async () => {
    await release('wkthread', 'Path=/wkthread/**');
    await api('POST', '/api/gateway/flow-rules', { name: 'wk-thread', resource: 'wkthread', thresholdMode: 'thread', count: 1 });
    await gw.refresh();
    const first = get('/wkthread/hold');
    while (held.length < 1) await sleep(10);
    const others = [];
    for (let i = 0; i < 4; i++) others.push((await get(`/wkthread/hold${i}`)).status);
    expect(others).toEqual([429, 429, 429, 429]);
    held.forEach((go) => go());
    held = [];
    expect((await first).status).toBe(200);
    const serial = [];
    for (let i = 0; i < 4; i++) serial.push((await get(`/wkthread/${i}`)).status);
    expect(serial).toEqual([200, 200, 200, 200]);
  });

  it('the counters of both workers are merged in the API process', async () => {
    await release('wkmetrics', 'Path=/wkmetrics/**');
    await gw.refresh();
    for (let i = 0; i < 7; i++) expect((await get(`/wkmetrics/${i}`)).status).toBe(200);
    await gw.flushMetrics();
    const row = gatewayMetrics.snapshot(300).find((r) => r.resource === 'route:wkmetrics');
    expect(row).toMatchObject({ requests: 7, errors: 0, blocked: 0 });
    const limited = gatewayMetrics.snapshot(300).find((r) => r.resource === 'route:wklimit');
    expect(limited).toMatchObject({ blocked: 16 });
  });

  it('a worker that dies is started again and serves', async () => {
    const [first, second] = gw.pids();
    process.kill(first!, 'SIGKILL');
    // wait for the replacement (no figure asserted on how long it takes)
    for (let i = 0; i < 600 && (gw.pids()[0] === first || gw.pids()[0] === undefined); i++) await sleep(50);
    const replaced = gw.pids()[0];
    expect(replaced).toBeDefined();
    expect(replaced).not.toBe(first);
    expect(gw.pids()[1]).toBe(second);
    await gw.refresh(); // resolves once the new worker is ready with the current rules
    upstreamSockets.clear();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await get(`/wk/z${i}`)).status);
    // /wk was cancelled above; the new worker knows it too
    expect(answers).toEqual([404, 404, 404, 404]);
    for (let i = 0; i < 4; i++) expect((await get(`/wkmetrics/r${i}`)).status).toBe(200);
    expect(upstreamSockets.size).toBe(2);
  });
});
