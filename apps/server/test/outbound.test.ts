import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppClient } from '@bencao/app-client';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accountsKit } from './accountsKit';
import { wfListenerInvocations } from '../src/db/schema/index';
import { workflowEvent, runPlugin } from '../src/modules/workflow/admin/index';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { setOutboundResolver, type ResolvedAddress } from '../src/platform/outbound';
import { bpmn, endEv, flow, kit, startEv, userTask } from './workflowKit';

/**
 * The outbound request rule (platform/outbound.ts): URLs the server calls for an operator (workflow
 * listeners, the httpCall plugin) and instances applications register may not point at loopback,
 * link-local (metadata), private, unspecified or other non-public addresses unless the allow-list of
 * Security › Outbound requests names the host. Real traffic goes only to 127.0.0.1 (allow-listed);
 * every other address is refused at save time, or at call time through an injected resolver, before
 * any connection is made.
 */

let s: TestServer;
let admin: string;
const db = () => s.built.deps.db;
const api = (method: string, path: string, body?: unknown, lang = 'en', token = admin) => s.request(method, path, { token, body, lang });
const T0 = new Date('2026-06-01T08:00:00Z');

let target: http.Server;
let base = '';
let targetPort = 0;
const hits: { path: string; host: string; method: string; body: string }[] = [];

/** host names the injected resolver answers (a function: answers may change between calls) */
const names = new Map<string, () => ResolvedAddress[]>();
const v4 = (address: string): ResolvedAddress[] => [{ address, family: 4 }];

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  target = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      hits.push({ path: req.url ?? '', host: req.headers.host ?? '', method: req.method ?? '', body });
      const to = /^\/redirect\?to=(.*)$/.exec(req.url ?? '');
      if (to) { res.statusCode = 302; res.setHeader('location', decodeURIComponent(to[1])); res.end(); return; }
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true,"data":{"n":7}}');
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as AddressInfo).port;
  base = `http://127.0.0.1:${targetPort}`;
});
afterAll(async () => {
  setOutboundResolver();
  await new Promise<void>((r) => target.close(() => r()));
  await s?.close();
});
afterEach(async () => {
  names.clear();
  setOutboundResolver();
  expect((await api('PUT', '/api/security/outbound', { allowHosts: [] })).status).toBe(200);
});

/** the resolver of these tests: names of `names`, nothing else (no DNS query leaves the machine) */
function injectResolver() {
  setOutboundResolver(async (host) => {
    const answer = names.get(host);
    if (!answer) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer();
  });
}

const allow = async (...allowHosts: string[]) => {
  const res = await api('PUT', '/api/security/outbound', { allowHosts });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

let seq = 0;
/** saves an HTTP listener of its own definition key; answers the HTTP answer and the key */
async function saveListener(url: string, lang = 'en', token = admin) {
  const key = `ob_def_${++seq}`;
  const res = await api('POST', '/api/workflow/listeners', {
    name: `outbound ${seq}`, scope: 'definition', definitionKey: key, events: ['processStart'], kind: 'http', http: { url, timeoutMs: 2000, retries: 2 },
  }, lang, token);
  return { res, key };
}

/** a process start of the listener's definition, and the one delivery attempt the job runner makes */
async function fire(key: string) {
  const { invocationIds } = await workflowEvent(db(), { type: 'processStart', definitionKey: key, instanceId: 900 + seq, variables: { secret: 'patient data' }, at: T0 });
  expect(invocationIds).toHaveLength(1);
  await runDueJobs(db(), { now: T0 });
  const [inv] = await db().select().from(wfListenerInvocations).where(eq(wfListenerInvocations.id, invocationIds[0]));
  return inv;
}

describe('save time: a listener URL at a refused address answers 400 naming the field and the rule', () => {
  const cases: [string, () => string, RegExp][] = [
    ['the API itself (loopback)', () => `${s.url}/api/security/accounts`, /http\.url: 127\.0\.0\.1 is a loopback address/],
    ['PostgreSQL on loopback', () => `http://127.0.0.1:${s.databaseUrl ? new URL(s.databaseUrl).port : 5432}/`, /loopback address \(127\.0\.0\.1\)/],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
    ['10/8', () => 'http://10.1.2.3/hook', /private network address \(10\.1\.2\.3\)/],
    ['172.16/12', () => 'http://172.20.0.9/hook', /private network address \(172\.20\.0\.9\)/],
    ['192.168/16', () => 'http://192.168.1.10/hook', /private network address \(192\.168\.1\.10\)/],
    ['fc00::/7', () => 'http://[fd12:3456::1]/hook', /private network address \(fd12:3456::1\)/],
    ['::', () => 'http://[::]/hook', /unspecified address/],
    ['0.0.0.0', () => 'http://0.0.0.0:8080/', /unspecified address \(0\.0\.0\.0\)/],
    ['IPv4-mapped loopback', () => 'http://[::ffff:127.0.0.1]/', /loopback address/],
    ['IPv6 loopback', () => 'http://[::1]:5432/', /loopback address \(::1\)/],
    ['CGNAT 100.64/10', () => 'http://100.64.1.1/', /not a public address/],
    ['multicast', () => 'http://224.0.0.1/', /not a public address/],
    ['broadcast', () => 'http://255.255.255.255/', /not a public address/],
    ['decimal loopback', () => 'http://2130706433/', /127\.0\.0\.1 is a loopback address/],
  ];
  it.each(cases)('%s', async (_, url, rule) => {
    const { res } = await saveListener(url());
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.msg).toMatch(rule);
    expect(res.body.msg).toContain('Security › Outbound requests');
  });

  it('a name that resolves to a refused address is refused too; the message is in the caller\'s language', async () => {
    injectResolver();
    names.set('metadata.internal', () => v4('169.254.169.254'));
    const { res } = await saveListener('http://metadata.internal/latest/', 'zh');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('http.url：metadata.internal 是链路本地地址（169.254.169.254），云平台的元数据服务就在这类地址上；只有在“安全管理 › 对外请求”的白名单中列出该主机后，服务器才会访问它');
    // one refused address among several is enough
    names.set('mixed.example', () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }]);
    expect((await saveListener('http://mixed.example/')).res.body.msg).toMatch(/mixed\.example is a private network address \(10\.0\.0\.5\)/);
    // a public address is saved
    names.set('hooks.example', () => v4('93.184.216.34'));
    expect((await saveListener('http://hooks.example/hook')).res.status).toBe(200);
    expect((await saveListener('https://93.184.216.34/hook')).res.status).toBe(200);
  });

  const ownAddress = Object.values(os.networkInterfaces()).flat().find((a) => a && !a.internal && a.family === 'IPv4')?.address;
  it.skipIf(!ownAddress)('a name resolving to an address of this server\'s own interfaces is refused', async () => {
    injectResolver();
    names.set('self.example', () => v4(ownAddress!));
    const { res } = await saveListener(`http://self.example:${new URL(s.url).port}/api/security/accounts`);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(new RegExp(`self\\.example is an address of this server \\(${ownAddress!.replace(/\./g, '\\.')}\\)`));
  });

  it('the httpCall plugin type and a plugin button keep the same rule (settings.url)', async () => {
    const type = await api('POST', '/api/workflow/plugin-types', { code: 'ob_meta', name: 'meta', kind: 'httpCall', settings: { url: 'http://169.254.169.254/latest/meta-data/iam/' } });
    expect(type.status).toBe(400);
    expect(type.body.msg).toMatch(/^settings\.url: 169\.254\.169\.254 is a link-local address/);
    const ok = await api('POST', '/api/workflow/plugin-types', { code: 'ob_pub', name: 'pub', kind: 'httpCall', settings: { url: 'https://93.184.216.34/api' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const button = await api('POST', '/api/workflow/plugin-buttons', { code: 'ob_btn', label: { en: 'x', zh: 'x', es: 'x', ja: 'x' }, pluginTypeCode: 'ob_pub', settings: { url: 'http://10.0.0.1/' } }, 'es');
    expect(button.status).toBe(400);
    expect(button.body.msg).toMatch(/^settings\.url: 10\.0\.0\.1 es una dirección de red privada/);
  });
});

describe('call time', () => {
  it('DNS rebinding: a name public when saved and private when called is refused before any connection; the invocation fails visibly', async () => {
    injectResolver();
    let calls = 0;
    names.set('rebind.example', () => v4(++calls === 1 ? '93.184.216.34' : '10.0.0.5'));
    const { res, key } = await saveListener('http://rebind.example/hook');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const inv = await fire(key);
    // refused, not retried (no retry mends it), and the listener's invocation list shows why
    expect(inv).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
    expect(inv.lastError).toBe('http.url: rebind.example is a private network address (10.0.0.5); the server calls it only when the allow-list of Security › Outbound requests names the host');
    const listed = await api('GET', `/api/workflow/listeners/${res.body.data.id}/invocations`);
    expect(listed.body.data.records[0]).toMatchObject({ status: 'failed', lastError: expect.stringContaining('10.0.0.5') });

    // the metadata address the same way
    names.set('rebind2.example', () => v4(++calls <= 3 ? '93.184.216.34' : '169.254.169.254'));
    const second = await saveListener('http://rebind2.example/latest/meta-data/');
    expect(second.res.status).toBe(200);
    expect((await fire(second.key)).lastError).toMatch(/link-local address \(169\.254\.169\.254\)/);
  });

  it('the httpCall plugin refuses at call time too (400 in the caller\'s language when a button runs it)', async () => {
    injectResolver();
    names.set('stock.example', () => v4('192.168.0.7'));
    const ctx = { instanceId: 1, definitionKey: 'x', starterAccountId: 1, variables: {}, now: T0, lang: 'ja' as const };
    await expect(runPlugin(db(), 'httpCall', { url: 'http://stock.example/api' }, ctx)).rejects.toMatchObject({
      status: 400, key: 'outbound.private', message: expect.stringContaining('settings.url: stock.example is a private network address (192.168.0.7)'),
    });
    // an address literal is checked without a lookup
    await expect(runPlugin(db(), 'httpCall', { url: `${base}/x` }, ctx)).rejects.toMatchObject({ status: 400, key: 'outbound.loopback' });
    expect(hits.filter((h) => h.path === '/x')).toHaveLength(0);
  });

  it('a service task\'s httpCall whose host comes from the variables is refused when it runs; the monitor shows the rule', async () => {
    const k = kit(s, admin);
    const def = await k.deploy(bpmn('obService', [
      startEv(), `<bpmn:serviceTask id="svc" name="Call" bencao:plugin="httpCall" bencao:settings='{"url":"http://{{host}}/latest/meta-data/"}'/>`,
      userTask('b'), endEv(), flow('f1', 'start', 'svc'), flow('f2', 'svc', 'b'), flow('f3', 'b', 'end'),
    ].join('\n')));
    const id = await k.start(def, { host: '169.254.169.254' });
    await runDueJobs(db(), { now: new Date('2100-01-01T00:00:00Z') });
    const detail = await k.detail(id);
    expect(detail.jobs[0]).toMatchObject({ kind: 'serviceTask', attempts: 1 });
    expect(detail.jobs[0].lastError).toBe('settings.url: 169.254.169.254 is a link-local address (169.254.169.254), where cloud metadata services answer; the server calls it only when the allow-list of Security › Outbound requests names the host');
    // the instance did not move on
    expect(detail.tasks.filter((t: { status: string }) => t.status === 'open')).toHaveLength(0);
  });

  it('a listener saved while its host was allowed is refused once the allow-list no longer names it', async () => {
    await allow('127.0.0.1');
    const { res, key } = await saveListener(`${base}/later`);
    expect(res.status).toBe(200);
    await allow();
    const inv = await fire(key);
    expect(inv.status).toBe('failed');
    expect(inv.lastError).toMatch(/^http\.url: 127\.0\.0\.1 is a loopback address \(127\.0\.0\.1\)/);
    expect(hits.filter((h) => h.path === '/later')).toHaveLength(0);
  });

  it('a redirect to a refused address is not followed; one to an allowed address is, each hop checked', async () => {
    await allow('127.0.0.1');
    injectResolver();
    names.set('inside.example', () => v4('10.0.0.5'));
    const cases: [string, RegExp][] = [
      ['http://169.254.169.254/latest/meta-data/', /link-local address \(169\.254\.169\.254\)/],
      ['http://inside.example/admin', /inside\.example is a private network address \(10\.0\.0\.5\)/],
      ['http://[::1]:5432/', /loopback address \(::1\)/],
    ];
    for (const [to, rule] of cases) {
      const { res, key } = await saveListener(`${base}/redirect?to=${encodeURIComponent(to)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const inv = await fire(key);
      expect(inv.status).toBe('failed');
      expect(inv.lastError).toMatch(rule);
    }
    // to the same allowed host: followed (a 302 turns the POST into a GET)
    const { key } = await saveListener(`${base}/redirect?to=${encodeURIComponent('/landed')}`);
    expect(await fire(key)).toMatchObject({ status: 'succeeded', responseStatus: 200 });
    expect(hits.filter((h) => h.path === '/landed').map((h) => h.method)).toEqual(['GET']);
  });
});

describe('the allow-list', () => {
  it('lets a named host through: the call connects to the address the name was checked at', async () => {
    injectResolver();
    names.set('callbacks.internal', () => v4('127.0.0.1'));
    const url = `http://callbacks.internal:${targetPort}/named`;
    const refused = await saveListener(url);
    expect(refused.res.status).toBe(400);
    expect(refused.res.body.msg).toMatch(/callbacks\.internal is a loopback address/);

    await allow('callbacks.internal');
    const { res, key } = await saveListener(url);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await fire(key)).toMatchObject({ status: 'succeeded', responseStatus: 200, lastError: null });
    const hit = hits.find((h) => h.path === '/named')!;
    expect(hit.host).toBe(`callbacks.internal:${targetPort}`);
    expect(JSON.parse(hit.body)).toMatchObject({ event: 'processStart', variables: { secret: 'patient data' } });

    // a domain entry and a CIDR entry
    await allow('*.internal');
    expect((await saveListener(url)).res.status).toBe(200);
    await allow('127.0.0.0/8');
    expect((await saveListener(url)).res.status).toBe(200);
    expect((await saveListener('http://169.254.169.254/')).res.status).toBe(400);
  });

  it('is read and saved with its own authority; entries are validated', async () => {
    expect((await api('GET', '/api/security/outbound')).body.data).toEqual({ allowHosts: [] });
    const bad = await api('PUT', '/api/security/outbound', { allowHosts: ['ok.example', 'not a host!'] }, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('allowHosts.1');
    expect(bad.body.msg).toContain('“not a host!”不是有效的主机名、IP 地址或 CIDR 网段');
    await allow(' Hooks.Example.COM ', '10.0.0.0/8', '[fd00::1]');
    expect((await api('GET', '/api/security/outbound')).body.data).toEqual({ allowHosts: ['hooks.example.com', '10.0.0.0/8', 'fd00::1'] });

    // a listener author and security policy editor without security:outbound:edit may neither widen nor read the list
    const kit = accountsKit(s, () => admin);
    const role = await kit.role('R_OB_AUTHOR', ['bpm:listener', 'bpm:listener:add', 'security:policy', 'security:policy:edit']);
    await kit.account('ob_author', { roleIds: [role.id] });
    const author = await s.login('ob_author', 'Passw0rd!x');
    expect((await api('PUT', '/api/security/outbound', { allowHosts: ['127.0.0.1'] }, 'en', author)).status).toBe(403);
    expect((await api('GET', '/api/security/outbound', undefined, 'en', author)).status).toBe(403);
    const saved = await saveListener('http://127.0.0.1:5432/', 'en', author);
    expect(saved.res.status).toBe(400);
    expect((await api('GET', '/api/security/outbound')).body.data.allowHosts).not.toContain('127.0.0.1');
    // the admin role holds the new authority through the seeded menu tree
    const menus = await api('GET', '/api/admin/current/menus');
    expect(JSON.stringify(menus.body.data)).toContain('security:outbound');
  });
});

describe('instances applications register', () => {
  it('an application credential may register private addresses, not link-local, loopback, unspecified or special ones', async () => {
    const made = await api('POST', '/api/gateway/credentials', { name: 'outbound app', rights: ['registry:write', 'registry:read'] });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const app = new AppClient({ baseUrl: s.url, accessKey: made.body.data.credential.accessKey, secret: made.body.data.secret, lang: 'zh' });
    for (const ip of ['169.254.169.254', '127.0.0.1', '0.0.0.0', '::1', '::ffff:169.254.169.254', '224.0.0.5']) {
      await expect(app.register({ serviceName: 'ob-svc', ip, port: 8080 }), ip).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^ip：/) });
    }
    await expect(app.register({ serviceName: 'ob-svc', ip: '169.254.169.254', port: 80 })).rejects.toMatchObject({
      message: 'ip：169.254.169.254 是链路本地地址（169.254.169.254），云平台的元数据服务就在这类地址上；只有在“安全管理 › 对外请求”的白名单中列出该主机后，服务器才会访问它',
    });
    expect((await api('GET', '/api/gateway/services?keyword=ob-svc')).body.data.total).toBe(0);
    // internal services are what service governance is for
    expect(await app.register({ serviceName: 'ob-svc', ip: '10.20.30.40', port: 8080 })).toMatchObject({ ip: '10.20.30.40', ephemeral: true });
    // the allow-list opens loopback for a sidecar on the same machine
    await allow('127.0.0.1');
    expect(await app.register({ serviceName: 'ob-svc', ip: '127.0.0.1', port: 8081 })).toMatchObject({ ip: '127.0.0.1' });
  });
});
