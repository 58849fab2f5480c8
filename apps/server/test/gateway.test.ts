import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { gwInstances } from '../src/db/schema/index';
import { selectInstances } from '../src/modules/gateway/registry';
import { md5Of } from '../src/modules/gateway/configs';
import { SMTPServer } from 'smtp-server';
import { evaluateAlarms, inWorkingHours, smtpMailer, startAlarmEvaluator, type AlarmMail } from '../src/modules/gateway/alarms';
import { GatewayMetrics } from '../src/modules/gateway/metrics';
import { AppClient } from '@bencao/app-client';

let s: TestServer;
let admin: string;
const upstreams: http.Server[] = [];

/** A throw-away upstream on 127.0.0.1: answers its name, the path it got and the headers. */
async function upstream(name: string, status = () => 200) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      res.writeHead(status(), { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, path: req.url, method: req.method, headers: req.headers, body }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  upstreams.push(server);
  return { server, port: (server.address() as AddressInfo).port };
}

/** an application credential with every right: the open API is signed (docs/APP-SIGNING.md) */
let appKey: { accessKey: string; secret: string };
beforeAll(async () => {
  s = await startTestServer({}, { gateway: { pollMs: 200 } });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  const cred = await s.request('POST', '/api/gateway/credentials', {
    token: admin, body: { name: 'gateway tests', allNamespaces: true, rights: ['config:read', 'registry:read', 'registry:write'] },
  });
  appKey = { accessKey: cred.body.data.credential.accessKey, secret: cred.body.data.secret };
  // the upstreams the application registers run on 127.0.0.1: the outbound allow-list names it (test/outbound.test.ts covers the rule)
  expect((await s.request('PUT', '/api/security/outbound', { token: admin, body: { allowHosts: ['127.0.0.1'] } })).status).toBe(200);
});
afterAll(async () => {
  await s?.close();
  await Promise.all(upstreams.map((u) => new Promise((r) => { u.closeAllConnections(); u.close(r); })));
});

const api = (method: string, path: string, body?: unknown, lang = 'en', token = admin) => s.request(method, path, { token, body, lang });
/** the current server (it changes on restart) through the signed application client */
const appClient = () => new AppClient({ baseUrl: s.url, ...appKey });
async function open(method: string, path: string, body?: unknown, signal?: AbortSignal) {
  const res = await appClient().send(method, path, body, { signal });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* text */ }
  return { status: res.status, body: parsed, headers: res.headers };
}
const gw = (path: string, init: RequestInit = {}) => fetch(s.gateway!.url + path, init);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function gwJson(path: string, init: RequestInit = {}) {
  const res = await gw(path, init);
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* text */ }
  return { status: res.status, body, headers: res.headers };
}
/** polls until `fn` holds (the gateway reloads on its own; no refresh is called) */
async function within(ms: number, fn: () => Promise<boolean>) {
  const until = Date.now() + ms;
  for (;;) {
    if (await fn()) return Date.now();
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
}
async function newRoute(body: Record<string, unknown>) {
  const res = await api('POST', '/api/gateway/routes', { routeName: body.routeId, orderNum: 0, predicates: '', filters: '', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; routeId: string };
}

describe('routes', () => {
  it('checks predicates and filters on save, naming the line and the reason', async () => {
    const bad = await api('POST', '/api/gateway/routes', {
      routeId: 'bad', routeName: 'Bad', orderNum: 0, uri: 'http://127.0.0.1:1', predicates: 'Path=/x/**\nWeekday=Monday', filters: 'StripPrefix=x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Line 2: unknown predicate "Weekday"');
    expect(bad.body.msg).toContain('Line 1: "x" must be a whole number');
    const zh = await api('POST', '/api/gateway/routes', { routeId: 'bad', routeName: 'Bad', orderNum: 0, uri: 'ftp://x', predicates: 'Method=FETCH' }, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('第 1 行');
    expect(zh.body.msg).toContain('URI');
  });

  it('route ID is unique; batch release needs a selection; a released route is deleted only with force', async () => {
    const r = await newRoute({ routeId: 'unique-one', uri: 'http://127.0.0.1:9', predicates: 'Path=/u/**' });
    expect(r.routeId).toBe('unique-one');
    const dup = await api('POST', '/api/gateway/routes', { routeId: 'unique-one', routeName: 'x', orderNum: 1, uri: 'lb://x' });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('route ID already exists');
    const dupZh = await api('POST', '/api/gateway/routes', { routeId: 'unique-one', routeName: 'x', orderNum: 1, uri: 'lb://x' }, 'zh');
    expect(dupZh.body.msg).toBe('路由ID已存在');

    const none = await api('POST', '/api/gateway/routes/release', { ids: [] });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('Please select routes to publish first');

    const rel = await api('POST', '/api/gateway/routes/release', { ids: [r.id] });
    expect(rel.status).toBe(200);
    expect(rel.body.msg).toBe('Released successfully');
    const del = await api('DELETE', `/api/gateway/routes/${r.id}`);
    expect(del.status).toBe(409);
    expect(del.body.msg).toContain('unique-one');
    const forced = await api('DELETE', `/api/gateway/routes/${r.id}?force=true`);
    expect(forced.status).toBe(200);
    expect((await api('GET', `/api/gateway/routes/${r.id}`)).status).toBe(404);
  });

  it('the operator role reads routes; a role without gateway authorities gets 403', async () => {
    const ops = await s.login(DEMO.operator.userId, DEMO.operator.password);
    expect((await api('GET', '/api/gateway/routes', undefined, 'en', ops)).status).toBe(200);
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    expect((await api('GET', '/api/gateway/routes', undefined, 'en', editor)).status).toBe(403);
  });
});

describe('the gateway through its own port', () => {
  let routeDbId: number;
  let a: number;
  let b: number;

  it('two registered instances: 404 until released, then traffic spreads over both', async () => {
    a = (await upstream('A')).port;
    b = (await upstream('B')).port;
    for (const port of [a, b]) {
      const reg = await open('POST', '/api/gateway/open/instances', { serviceName: 'demo-svc', ip: '127.0.0.1', port });
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      expect(reg.body.data.healthy).toBe(true);
    }
    const r = await newRoute({
      routeId: 'demo', uri: 'lb://demo-svc', orderNum: 1,
      predicates: 'Path=/demo/**', filters: 'StripPrefix=1\nAddRequestHeader=X-Via, bencao\nAddResponseHeader=X-Route, demo',
    });
    routeDbId = r.id;
    await s.gateway!.refresh();
    const before = await gwJson('/demo/hello?x=1');
    expect(before.status).toBe(404);
    expect(before.body.msg).toContain('No released route');

    expect((await api('POST', `/api/gateway/routes/${r.id}/release`)).status).toBe(200);
    // the gateway's next poll of the rule version (every 500 ms, so within a second) serves it: no other cache
    // stands between (the poll is run here rather than waited for, so the test does not race the clock)
    await s.gateway!.refresh();
    expect((await gw('/demo/hello')).status).toBe(200);

    const names = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await gwJson('/demo/hello?x=1');
      expect(res.status).toBe(200);
      expect(res.body.path).toBe('/hello?x=1');
      expect(res.body.headers['x-via']).toBe('bencao');
      expect(res.headers.get('x-route')).toBe('demo');
      names.add(res.body.name);
    }
    expect([...names].sort()).toEqual(['A', 'B']);
  });

  it('an offline instance stays registered but gets no traffic', async () => {
    const list = await api('GET', '/api/gateway/services?keyword=demo-svc');
    const svc = list.body.data.records.find((x: any) => x.name === 'demo-svc');
    expect(svc).toMatchObject({ ipCount: 2, healthyCount: 2, clusterCount: 1 });
    const inst = (await api('GET', `/api/gateway/services/${svc.id}/instances`)).body.data as any[];
    const instB = inst.find((i) => i.port === b);
    const off = await api('POST', `/api/gateway/services/${svc.id}/instances/${instB.id}/offline`);
    expect(off.status).toBe(200);
    expect(off.body.msg).toContain('no traffic');
    await sleep(450);
    for (let i = 0; i < 15; i++) expect((await gwJson('/demo/x')).body.name).toBe('A');
    // a re-registration (heartbeat client restart) does not undo the operator's offline
    await open('POST', '/api/gateway/open/instances', { serviceName: 'demo-svc', ip: '127.0.0.1', port: b });
    const again = (await api('GET', `/api/gateway/services/${svc.id}/instances`)).body.data as any[];
    expect(again.find((i) => i.port === b).enabled).toBe(false);
    expect((await api('POST', `/api/gateway/services/${svc.id}/instances/${instB.id}/online`)).status).toBe(200);
  });

  it('a QPS rule of 5 turns the 6th request of a second into 429', async () => {
    const rule = await api('POST', '/api/gateway/flow-rules', { name: 'demo-qps', resourceMode: 'route', resource: 'demo', thresholdMode: 'qps', count: 5, intervalSec: 1 });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await s.gateway!.refresh();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await gw('/demo/q')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const blocked = await gwJson('/demo/q');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 429 });
    await sleep(1100);
    expect((await gw('/demo/q')).status).toBe(200);
    const unknown = await api('POST', '/api/gateway/flow-rules', { name: 'x', resourceMode: 'apiGroup', resource: 'nope', count: 1 });
    expect(unknown.status).toBe(400);
    expect((await api('DELETE', `/api/gateway/flow-rules/${rule.body.data.id}`)).status).toBe(200);
  });

  it('an API group is a resource of its own: a thread rule on it', async () => {
    const g = await api('POST', '/api/gateway/api-groups', { name: 'demo-group', matchMode: 'prefix', matchPath: '/demo/slow/**' });
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    const dup = await api('POST', '/api/gateway/api-groups', { name: 'demo-group', matchMode: 'precise', matchPath: '/x' });
    expect(dup.status).toBe(409);
    const rule = await api('POST', '/api/gateway/flow-rules', { name: 'group-qps', resourceMode: 'apiGroup', resource: 'demo-group', count: 1, intervalSec: 60 });
    expect(rule.status).toBe(200);
    await s.gateway!.refresh();
    expect((await gw('/demo/slow/1')).status).toBe(200);
    expect((await gw('/demo/slow/2')).status).toBe(429);
    expect((await gw('/demo/other')).status).toBe(200);
    expect((await api('POST', `/api/gateway/flow-rules/${rule.body.data.id}/disable`)).status).toBe(200);
    await s.gateway!.refresh();
    expect((await gw('/demo/slow/3')).status).toBe(200);
  });

  it('a failing upstream trips the breaker (503) until the degrade interval passes', async () => {
    let failing = true;
    const bad = await upstream('F', () => (failing ? 500 : 200));
    const r = await newRoute({ routeId: 'flaky', uri: `http://127.0.0.1:${bad.port}`, predicates: 'Path=/flaky/**', orderNum: 0 });
    await api('POST', `/api/gateway/routes/${r.id}/release`);
    const rule = await api('POST', '/api/gateway/degrade-rules', { resourceMode: 'route', resource: 'flaky', strategy: 'count', threshold: 2, windowMs: 10_000, degradeSec: 1, minRequests: 1 });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    await s.gateway!.refresh();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await gw('/flaky/x')).status);
    expect(statuses).toEqual([500, 500, 500, 503, 503]);
    const open = await gwJson('/flaky/x');
    expect(open.body).toMatchObject({ code: 503 });
    failing = false;
    await sleep(1100);
    expect((await gw('/flaky/x')).status).toBe(200); // the probe closes it
    expect((await gw('/flaky/x')).status).toBe(200);

    const metrics = await api('GET', '/api/gateway/metrics');
    const flaky = metrics.body.data.resources.find((m: any) => m.resource === 'route:flaky');
    expect(flaky).toMatchObject({ errors: 3, broken: 3 });
  });

  it('a cancel takes effect within a second; an unreachable upstream answers 502', async () => {
    expect((await api('POST', '/api/gateway/routes/cancel-release', { ids: [routeDbId] })).status).toBe(200);
    await s.gateway!.refresh();
    expect((await gw('/demo/x')).status).toBe(404);
    const dead = await newRoute({ routeId: 'dead', uri: 'http://127.0.0.1:1', predicates: 'Path=/dead/**' });
    await api('POST', `/api/gateway/routes/${dead.id}/release`);
    await s.gateway!.refresh();
    const res = await gwJson('/dead/x');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe(502);
  });
});

describe('service registry', () => {
  it('heartbeats: 15 s without one → unhealthy, 30 s → removed (judged at read time)', async () => {
    const reg = await open('POST', '/api/gateway/open/instances', { serviceName: 'beat-svc', ip: '10.0.0.1', port: 8080, weight: 2 });
    expect(reg.status).toBe(200);
    const id = reg.body.data.id as number;
    const db = s.built.deps.db;
    const svcId = reg.body.data.serviceId as number;
    await db.update(gwInstances).set({ lastBeat: sql`now() - interval '20 seconds'` }).where(eq(gwInstances.id, id));
    let inst = (await api('GET', `/api/gateway/services/${svcId}/instances`)).body.data;
    expect(inst[0].healthy).toBe(false);
    const beat = await open('PUT', '/api/gateway/open/instances/beat', { serviceName: 'beat-svc', ip: '10.0.0.1', port: 8080 });
    expect(beat.status).toBe(200);
    inst = (await api('GET', `/api/gateway/services/${svcId}/instances`)).body.data;
    expect(inst[0].healthy).toBe(true);
    await db.update(gwInstances).set({ lastBeat: sql`now() - interval '31 seconds'` }).where(eq(gwInstances.id, id));
    const list = await api('GET', '/api/gateway/services?keyword=beat-svc');
    expect(list.body.data.records[0]).toMatchObject({ ipCount: 0, healthyCount: 0 });
    const late = await open('PUT', '/api/gateway/open/instances/beat', { serviceName: 'beat-svc', ip: '10.0.0.1', port: 8080 });
    expect(late.status).toBe(404);
    expect((await api('GET', `/api/gateway/services/${svcId}/instances`)).body.data).toEqual([]);
  });

  it('protect threshold: when the healthy share falls to it, every instance is returned', () => {
    const mk = (id: number, healthy: boolean, enabled = true, weight = 1) => ({ id, serviceId: 1, ip: 'x', port: id, weight, cluster: 'D', enabled, ephemeral: true, healthy });
    const all = [mk(1, true), mk(2, false), mk(3, false), mk(4, true, false), mk(5, true, true, 0)];
    expect(selectInstances(all, 0.5).map((i) => i.id)).toEqual([1]);
    expect(selectInstances(all, 0.6).map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('a service needs a protect threshold from 0 to 1', async () => {
    const bad = await api('POST', '/api/gateway/services', { name: 'svc-x', protectThreshold: 1.5 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('protect threshold');
    const good = await api('POST', '/api/gateway/services', { name: 'svc-x', protectThreshold: 0.3, healthCheck: 'tcp', metadata: { team: 'a' } });
    expect(good.status).toBe(200);
    const dup = await api('POST', '/api/gateway/services', { name: 'svc-x', protectThreshold: 0.3 });
    expect(dup.status).toBe(409);
  });
});

describe('config centre', () => {
  const key = { namespaceId: 'public', dataId: 'app.json', group: 'DEFAULT_GROUP' };

  it('checks json, yaml and xml before publish', async () => {
    const json = await api('POST', '/api/gateway/configs', { ...key, type: 'json', content: '{"a":' });
    expect(json.status).toBe(400);
    expect(json.body.msg).toContain('not valid JSON');
    const yaml = await api('POST', '/api/gateway/configs', { ...key, dataId: 'a.yaml', type: 'yaml', content: 'a: [1, 2\nb: : c' });
    expect(yaml.status).toBe(400);
    expect(yaml.body.msg).toContain('not valid YAML');
    const xml = await api('POST', '/api/gateway/configs', { ...key, dataId: 'a.xml', type: 'xml', content: '<a><b></a>' });
    expect(xml.status).toBe(400);
    expect(xml.body.msg).toContain('not valid XML');
    const empty = await api('POST', '/api/gateway/configs', { ...key, content: '' });
    expect(empty.status).toBe(400);
  });

  it('a config published while a listener waits reaches it; a stale MD5 answers at once', async () => {
    const waiting = open('POST', '/api/gateway/open/configs/listen', { configs: [{ ...key, md5: '' }], timeoutMs: 10_000 });
    await sleep(300);
    const pub = await api('POST', '/api/gateway/configs', { ...key, type: 'json', content: '{"v":1}', appName: 'shop' });
    expect(pub.status).toBe(200);
    expect(pub.body.msg).toBe('Published successfully');
    const heard = await waiting;
    expect(heard.body.data).toEqual([{ ...key, md5: md5Of('{"v":1}') }]);

    const read = await appClient().send('GET', '/api/gateway/open/configs?dataId=app.json&group=DEFAULT_GROUP');
    expect(await read.text()).toBe('{"v":1}');
    expect(read.headers.get('content-md5')).toBe(md5Of('{"v":1}'));

    // a stale MD5 is answered at once, not after the long-poll timeout: a wait of 30 s would abort the call
    const stale = await open('POST', '/api/gateway/open/configs/listen', { configs: [{ ...key, md5: 'old' }], timeoutMs: 30_000 }, AbortSignal.timeout(15_000));
    expect(stale.body.data).toHaveLength(1);
    const current = await open('POST', '/api/gateway/open/configs/listen', { configs: [{ ...key, md5: md5Of('{"v":1}') }], timeoutMs: 600 });
    expect(current.body.data).toEqual([]);
  });

  it('every change is in the history; a rollback restores content and MD5; rolling back an insert deletes', async () => {
    const list = await api('GET', '/api/gateway/configs?namespaceId=public&dataId=app.json');
    const id = list.body.data.records[0].id as number;
    const upd = await api('PUT', `/api/gateway/configs/${id}`, { ...key, type: 'json', content: '{"v":2}' });
    expect(upd.status).toBe(200);
    expect(upd.body.data.md5).toBe(md5Of('{"v":2}'));
    const hist = await api('GET', '/api/gateway/configs/history?namespaceId=public&dataId=app.json&group=DEFAULT_GROUP');
    expect(hist.body.data.records.map((h: any) => h.opType)).toEqual(['update', 'insert']);
    expect(hist.body.data.records[0].operator).toBe('admin');
    const [updateRow, insertRow] = hist.body.data.records;
    expect((await api('GET', `/api/gateway/configs/history/${updateRow.id}`)).body.data.content).toBe('{"v":1}');

    const rb = await api('POST', '/api/gateway/configs/rollback', { historyId: updateRow.id });
    expect(rb.status).toBe(200);
    expect(rb.body.msg).toBe('Rolled back successfully');
    expect(rb.body.data).toMatchObject({ content: '{"v":1}', md5: md5Of('{"v":1}') });

    const undo = await api('POST', '/api/gateway/configs/rollback', { historyId: insertRow.id });
    expect(undo.status).toBe(200);
    expect((await api('GET', `/api/gateway/configs/${id}`)).status).toBe(404);
    const after = await api('GET', '/api/gateway/configs/history?namespaceId=public&dataId=app.json&group=DEFAULT_GROUP');
    expect(after.body.data.records[0].opType).toBe('delete');
  });

  it('namespaces count their configs; a namespace holding configs is not deleted', async () => {
    const ns = await api('POST', '/api/gateway/namespaces', { showName: 'Test', description: 'x' });
    expect(ns.status).toBe(200);
    const nsId = ns.body.data.id as string;
    expect((await api('POST', '/api/gateway/configs', { namespaceId: nsId, dataId: 'x.properties', group: 'G', type: 'properties', content: 'a=1' })).status).toBe(200);
    const all = (await api('GET', '/api/gateway/namespaces')).body.data as any[];
    expect(all[0].id).toBe('public');
    expect(all.find((n) => n.id === nsId).configCount).toBe(1);
    const del = await api('DELETE', `/api/gateway/namespaces/${nsId}`);
    expect(del.status).toBe(400);
    expect((await api('POST', '/api/gateway/configs', { namespaceId: 'nope', dataId: 'x', group: 'G', content: 'a' })).status).toBe(400);
  });
});

describe('alarm rules and receivers', () => {
  it('CRUD with the SPEC checks', async () => {
    const bad = await api('POST', '/api/gateway/alarm-receivers', { name: 'Ops', email: 'nope', telephone: 'abc', workStart: '25:00', workEnd: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('email');
    const ok = await api('POST', '/api/gateway/alarm-receivers', { name: 'Ops', account: 'operator', email: 'ops@example.com', telephone: '13800138000', workStart: '09:00', workEnd: '18:00' });
    expect(ok.status).toBe(200);
    const rule = await api('POST', '/api/gateway/alarm-rules', { name: 'errors', expression: 'errors > 10', summary: 'Too many errors', level: 'serious' });
    expect(rule.status).toBe(200);
    const off = await api('POST', `/api/gateway/alarm-rules/${rule.body.data.id}/disable`);
    expect(off.body.data.enabled).toBe(false);
    expect((await api('POST', '/api/gateway/alarm-rules', { name: 'errors', expression: 'errors > 1', summary: 'y' })).status).toBe(409);
  });
});

describe('alarms: CEL expressions over the gateway counters, pending → firing → resolved, mail to the receivers in their working hours', () => {
  /** the local SMTP sink: every mail it gets, with its envelope */
  const mails: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  const hhmm = (m: number) => `${String(Math.floor(((m + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((m + 1440) % 1440) % 60).padStart(2, '0')}`;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onData(stream, session, cb) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (c: string) => { raw += c; });
        stream.on('end', () => { mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw }); cb(); });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => { await new Promise<void>((r) => smtp.close(() => r())); });

  it('the expression is parsed and type-checked on save: bad syntax, unknown names and non-bool results are 400 naming the field', async () => {
    const base = { name: 'bad-expr', summary: 's' };
    const syntax = await api('POST', '/api/gateway/alarm-rules', { ...base, expression: 'errors > 5 &&' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.msg).toMatch(/^expression: not a valid alarm expression/);
    const unknown = await api('POST', '/api/gateway/alarm-rules', { ...base, expression: 'latency > 5' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('latency');
    const notBool = await api('POST', '/api/gateway/alarm-rules', { ...base, expression: 'errors + 1' }, 'zh');
    expect(notBool.status).toBe(400);
    expect(notBool.body.msg).toContain('expression：告警表达式无效');
    const noEval = await api('POST', '/api/gateway/alarm-rules', { ...base, expression: 'process.exit(1)' });
    expect(noEval.status).toBe(400);
    for (const expression of ['errors > 5', 'blocked_rate > 0.1', 'p99 > 500 || error_rate >= 0.5', 'resource.startsWith("route:") && qps > 100.0']) {
      const good = await api('POST', '/api/gateway/alarm-rules', { ...base, name: `ok ${expression}`, expression, enabled: false });
      expect(good.status, `${expression}: ${good.body.msg}`).toBe(200);
    }
  });

  it('working hours include both ends and may span midnight', () => {
    const at = (h: number, m: number) => new Date(2026, 0, 5, h, m);
    expect(inWorkingHours('09:00', '18:00', at(9, 0))).toBe(true);
    expect(inWorkingHours('09:00', '18:00', at(18, 0))).toBe(true);
    expect(inWorkingHours('09:00', '18:00', at(18, 1))).toBe(false);
    expect(inWorkingHours('22:00', '06:00', at(23, 30))).toBe(true);
    expect(inWorkingHours('22:00', '06:00', at(5, 59))).toBe(true);
    expect(inWorkingHours('22:00', '06:00', at(12, 0))).toBe(false);
  });

  it('an alarm rule over the error count fires on real gateway traffic and its mail reaches the SMTP sink; it resolves when the window is clean', async () => {
    const bad = await upstream('E', () => 500);
    const route = await newRoute({ routeId: 'alarmy', uri: `http://127.0.0.1:${bad.port}`, predicates: 'Path=/alarmy/**' });
    await api('POST', `/api/gateway/routes/${route.id}/release`);
    await s.gateway!.refresh();
    for (let i = 0; i < 6; i++) expect((await gw('/alarmy/x')).status).toBe(500);

    // only this test's receivers: the seeded ones (and earlier tests') work hours that may or may not include now
    const existing = (await api('GET', '/api/gateway/alarm-receivers?limit=500')).body.data.records as { id: number }[];
    for (const r of existing) expect((await api('DELETE', `/api/gateway/alarm-receivers/${r.id}`)).status).toBe(200);
    // one instant, after the traffic, for the whole evaluation, so "off duty" is two hours away from it whatever the time of day
    const at = Date.now();
    const nowMin = new Date(at).getHours() * 60 + new Date(at).getMinutes();
    for (const r of [
      { name: 'On duty', email: 'on-duty@example.com', workStart: '00:00', workEnd: '23:59' },
      { name: 'Off duty', email: 'off-duty@example.com', workStart: hhmm(nowMin + 120), workEnd: hhmm(nowMin + 180) },
      { name: 'Phone only', telephone: '13800138000', workStart: '00:00', workEnd: '23:59' },
    ]) expect((await api('POST', '/api/gateway/alarm-receivers', r)).status).toBe(200);


    const rule = await api('POST', '/api/gateway/alarm-rules', {
      name: 'route errors', expression: 'errors > 5 && resource == "route:alarmy"', summary: '{{errors}} errors on {{resource}}',
      description: 'The upstream answers 5xx.', level: 'urgent', windowSec: 60, forSec: 0,
    });
    expect(rule.status, rule.body.msg).toBe(200);
    const ruleId = rule.body.data.id as number;
    const db = s.built.deps.db;
    const mailer = smtpMailer({ host: '127.0.0.1', port: smtpPort, from: 'alarms@bencao.test' });

    const changes = await evaluateAlarms(db, { mailer, lang: 'en', now: at });
    const mine = changes.filter((c) => c.ruleId === ruleId);
    expect(mine.map((c) => [c.resource, c.from, c.to])).toEqual([['route:alarmy', null, 'pending'], ['route:alarmy', 'pending', 'firing']]);
    expect(mine[1].notified).toEqual(['on-duty@example.com']);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual(['on-duty@example.com']);
    expect(mails[0].raw).toContain('Subject: [Urgent] route errors: 6 errors on route:alarmy');
    expect(mails[0].raw).toContain('Resource: route:alarmy');
    expect(mails[0].raw).toContain('The upstream answers 5xx.');

    // still true: stays firing, no second mail
    expect((await evaluateAlarms(db, { mailer, lang: 'en', now: at })).filter((c) => c.ruleId === ruleId)).toEqual([]);
    expect(mails).toHaveLength(1);
    const firing = await api('GET', `/api/gateway/alarm-events?ruleId=${ruleId}`);
    expect(firing.body.data.total).toBe(1);
    expect(firing.body.data.records[0]).toMatchObject({
      ruleName: 'route errors', level: 'urgent', resource: 'route:alarmy', state: 'firing', summary: '6 errors on route:alarmy',
      notified: ['on-duty@example.com'], notifyError: null, resolvedAt: null,
    });
    expect(firing.body.data.records[0].values).toMatchObject({ requests: 6, errors: 6, error_rate: 1 });

    // a minute later the window holds no errors: resolved
    const later = await evaluateAlarms(db, { mailer, lang: 'en', now: at + 61_000 });
    expect(later.filter((c) => c.ruleId === ruleId).map((c) => c.to)).toEqual(['resolved']);
    const resolved = (await api('GET', `/api/gateway/alarm-events?ruleId=${ruleId}&state=resolved`)).body.data.records;
    expect(resolved).toHaveLength(1);
    expect(resolved[0].firedAt).not.toBeNull();
    expect(resolved[0].resolvedAt).not.toBeNull();
    expect((await api('POST', `/api/gateway/alarm-rules/${ruleId}/disable`)).status).toBe(200);
  });

  it('forSec keeps an alert pending until the condition has held that long; another process\'s open alert is left to it; a rule taken out of use resolves', async () => {
    const metrics = new GatewayMetrics();
    const sent: AlarmMail[] = [];
    const mailer = { send: async (m: AlarmMail) => { sent.push(m); } };
    const rule = await api('POST', '/api/gateway/alarm-rules', { name: 'slow', expression: 'p99 > 500', summary: 'p99 {{p99}} ms on {{resource}}', windowSec: 60, forSec: 30, level: 'serious' });
    expect(rule.status).toBe(200);
    const ruleId = rule.body.data.id as number;
    const db = s.built.deps.db;
    const t0 = Date.now();
    const run = async (at: number, owner = 'test-a') => (await evaluateAlarms(db, { metrics, mailer, now: at, owner, lang: 'en' })).filter((c) => c.ruleId === ruleId);
    metrics.record('route:slow', 'pass', 800, t0);
    metrics.record('route:fast', 'pass', 20, t0);
    expect((await run(t0)).map((c) => c.to)).toEqual(['pending']);
    expect(await run(t0 + 10_000, 'test-b')).toEqual([]); // owned by test-a, not stale
    expect(await run(t0 + 10_000)).toEqual([]);
    metrics.record('route:slow', 'pass', 900, t0 + 31_000);
    const fired = await run(t0 + 31_000);
    expect(fired.map((c) => [c.resource, c.to])).toEqual([['route:slow', 'firing']]);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toBe('[Serious] slow: p99 900 ms on route:slow');
    expect(sent[0].to).toContain('on-duty@example.com');
    expect((await api('POST', `/api/gateway/alarm-rules/${ruleId}/disable`)).status).toBe(200);
    expect((await run(t0 + 32_000)).map((c) => c.to)).toEqual(['resolved']);
    const events = (await api('GET', `/api/gateway/alarm-events?ruleId=${ruleId}`)).body.data.records;
    expect(events.map((e: any) => e.state)).toEqual(['resolved']);
    expect(new Date(events[0].firedAt).getTime() - new Date(events[0].startsAt).getTime()).toBe(31_000);
  });

  it('the server evaluates on its own timer; without SMTP the alert says so', async () => {
    const metrics = new GatewayMetrics();
    const rule = await api('POST', '/api/gateway/alarm-rules', { name: 'timer', expression: 'requests >= 1 && resource == "route:timer"', summary: 'traffic' });
    const ruleId = rule.body.data.id as number;
    metrics.record('route:timer', 'pass', 5);
    const evaluator = startAlarmEvaluator(s.built.deps.db, { intervalMs: 100, smtp: null, lang: 'en', metrics });
    try {
      await within(3000, async () => (await api('GET', `/api/gateway/alarm-events?ruleId=${ruleId}&state=firing`)).body.data.total === 1);
    } finally {
      await evaluator.stop();
    }
    const [ev] = (await api('GET', `/api/gateway/alarm-events?ruleId=${ruleId}`)).body.data.records;
    expect(ev).toMatchObject({ state: 'firing', notified: [], notifyError: 'noSmtp' });
    expect((await api('DELETE', `/api/gateway/alarm-rules/${ruleId}`)).status).toBe(200);
    expect((await api('GET', `/api/gateway/alarm-events?ruleId=${ruleId}`)).body.data.total).toBe(0);
  });
});

describe('a restart keeps everything', () => {
  it('routes, instances and their online flags, flow and degrade rules, configs and alarms work the same after the server is rebuilt on the same database', async () => {
    const r1 = await upstream('R1');
    const r2 = await upstream('R2');
    const failing = await upstream('RF', () => 500);
    const svc = await api('POST', '/api/gateway/services', { name: 'restart-svc', protectThreshold: 0 });
    expect(svc.status).toBe(200);
    const svcId = svc.body.data.id as number;
    expect((await api('POST', `/api/gateway/services/${svcId}/instances`, { ip: '127.0.0.1', port: r1.port })).status).toBe(200);
    const second = await api('POST', `/api/gateway/services/${svcId}/instances`, { ip: '127.0.0.1', port: r2.port });
    expect((await api('POST', `/api/gateway/services/${svcId}/instances/${second.body.data.id}/offline`)).status).toBe(200);
    const route = await newRoute({ routeId: 'restart', uri: 'lb://restart-svc', predicates: 'Path=/restart/**', filters: 'StripPrefix=1\nAddResponseHeader=X-Kept, yes' });
    const flaky = await newRoute({ routeId: 'restart-flaky', uri: `http://127.0.0.1:${failing.port}`, predicates: 'Path=/restart-flaky/**' });
    expect((await api('POST', '/api/gateway/routes/release', { ids: [route.id, flaky.id] })).status).toBe(200);
    expect((await api('POST', '/api/gateway/flow-rules', { name: 'restart-qps', resource: 'restart', count: 3, intervalSec: 1 })).status).toBe(200);
    expect((await api('POST', '/api/gateway/degrade-rules', { resource: 'restart-flaky', strategy: 'count', threshold: 1, minRequests: 1, windowMs: 60_000, degradeSec: 60 })).status).toBe(200);
    expect((await api('POST', '/api/gateway/configs', { dataId: 'restart.properties', group: 'DEFAULT_GROUP', type: 'properties', content: 'kept=yes' })).status).toBe(200);
    const alarm = await api('POST', '/api/gateway/alarm-rules', { name: 'restart alarm', expression: 'errors > 100', summary: 'kept', enabled: false });
    expect(alarm.status).toBe(200);

    const check = async () => {
      const got: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await gwJson('/restart/hello');
        expect(res.status).toBe(200);
        expect(res.headers.get('x-kept')).toBe('yes');
        expect(res.body.path).toBe('/hello');
        got.push(res.body.name);
      }
      expect(got).toEqual(['R1', 'R1', 'R1']); // R2 is offline
      expect((await gw('/restart/hello')).status).toBe(429); // the 4th of the second
      expect([(await gw('/restart-flaky/x')).status, (await gw('/restart-flaky/x')).status, (await gw('/restart-flaky/x')).status]).toEqual([500, 500, 503]);
    };
    await s.gateway!.refresh();
    await check();

    const before = s.url;
    await s.restart();
    expect(s.url).not.toBe(before);
    await check();

    // the console's view after the restart (the old session is in the database too)
    const routes = (await api('GET', '/api/gateway/routes?keyword=restart')).body.data.records;
    expect(routes.map((r: any) => [r.routeId, r.released]).sort()).toEqual([['restart', true], ['restart-flaky', true]]);
    const inst = (await api('GET', `/api/gateway/services/${svcId}/instances`)).body.data as any[];
    expect(inst.map((i) => [i.port, i.enabled]).sort()).toEqual([[r1.port, true], [r2.port, false]].sort());
    const read = await appClient().send('GET', '/api/gateway/open/configs?dataId=restart.properties');
    expect(await read.text()).toBe('kept=yes');
    const rules = (await api('GET', '/api/gateway/alarm-rules?keyword=restart')).body.data.records;
    expect(rules).toMatchObject([{ name: 'restart alarm', expression: 'errors > 100', enabled: false }]);
  });
});
