import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { wfDefinitions } from '../src/db/schema/index';
import { setOutboundResolver } from '../src/platform/outbound';
import { bpmn, endEv, flow, startEv, userTask } from './workflowKit';

/**
 * A URL written into a definition (a service task's httpCall `bencao:settings`) passes the outbound
 * rule when the diagram is saved and when it is published, not only when the task runs: a loopback,
 * link-local or private host is refused (400 naming the task and the rule, in the caller's language)
 * unless the allow-list names it; a `{{…}}` host is left to the call. No request leaves the machine.
 */
let s: TestServer;
let admin: string;
const db = () => s.built.deps.db;
const api = (method: string, path: string, body?: unknown, lang = 'en') => s.request(method, path, { token: admin, body, lang });

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { setOutboundResolver(); await s?.close(); });
afterEach(async () => {
  setOutboundResolver();
  expect((await api('PUT', '/api/security/outbound', { allowHosts: [] })).status).toBe(200);
});

const withCall = (key: string, url: string) => bpmn(key, [
  startEv(), `<bpmn:serviceTask id="svc" name="Stock check" bencao:plugin="httpCall" bencao:settings='${JSON.stringify({ url })}'/>`,
  userTask('b'), endEv(), flow('f1', 'start', 'svc'), flow('f2', 'svc', 'b'), flow('f3', 'b', 'end'),
].join('\n'));

const LOOPBACK = 'settings.url: 127.0.0.1 is a loopback address (127.0.0.1); the server calls it only when the allow-list of Security › Outbound requests names the host';

describe('service-task URLs in a definition are checked on save', () => {
  it('a literal loopback or metadata URL is refused on create and update, naming the task and the rule; nothing is stored', async () => {
    const created = await api('POST', '/api/workflow/definitions', { key: 'obDefSave', name: 'ob', xml: withCall('obDefSave', 'http://127.0.0.1:9/stock') });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.msg).toBe(`xml: Service task "Stock check": ${LOOPBACK}`);
    const zh = await api('POST', '/api/workflow/definitions', { key: 'obDefSave', name: 'ob', xml: withCall('obDefSave', 'http://127.0.0.1:9/stock') }, 'zh');
    expect(zh.body.msg).toBe('xml：服务任务“Stock check”：settings.url：127.0.0.1 是本机回环地址（127.0.0.1），只有在“安全管理 › 对外请求”的白名单中列出该主机后，服务器才会访问它');
    expect((await api('GET', '/api/workflow/definitions?keyword=obDefSave')).body.data.total).toBe(0);

    const ok = await api('POST', '/api/workflow/definitions', { key: 'obDefSave', name: 'ob', xml: withCall('obDefSave', 'http://{{host}}/stock') });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = ok.body.data.id;
    const meta = await api('PUT', `/api/workflow/definitions/${id}`, { xml: withCall('obDefSave', 'http://169.254.169.254/latest/meta-data/') });
    expect(meta.status).toBe(400);
    expect(meta.body.msg).toMatch(/^xml: Service task "Stock check": settings\.url: 169\.254\.169\.254 is a link-local address/);
    expect((await api('GET', `/api/workflow/definitions/${id}`)).body.data.xml).toContain('{{host}}');
  });

  it('a host name resolving to a private address is refused; the allow-list lets a named host through', async () => {
    setOutboundResolver(async (host) => {
      if (host === 'erp.corp.example') return [{ address: '10.1.2.3', family: 4 }];
      throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    });
    const refused = await api('POST', '/api/workflow/definitions', { key: 'obDefName', name: 'ob', xml: withCall('obDefName', 'https://erp.corp.example/api') }, 'es');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain('erp.corp.example es una dirección de red privada (10.1.2.3)');
    expect((await api('PUT', '/api/security/outbound', { allowHosts: ['erp.corp.example'] })).status).toBe(200);
    const saved = await api('POST', '/api/workflow/definitions', { key: 'obDefName', name: 'ob', xml: withCall('obDefName', 'https://erp.corp.example/api') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await api('POST', `/api/workflow/definitions/${saved.body.data.id}/publish`)).status).toBe(200);
  });
});

describe('service-task URLs are checked again on publish', () => {
  it('a draft saved before the rule (or before the allow-list lost its host) is not published: a listed problem naming the task', async () => {
    const ok = await api('POST', '/api/workflow/definitions', { key: 'obDefPub', name: 'ob', xml: withCall('obDefPub', 'http://{{host}}/stock') });
    expect(ok.status).toBe(200);
    const id = ok.body.data.id;
    // written straight into the database, as an older server stored it
    await db().update(wfDefinitions).set({ draftXml: withCall('obDefPub', 'http://127.0.0.1:9/stock') }).where(eq(wfDefinitions.id, id));
    const pub = await api('POST', `/api/workflow/definitions/${id}/publish`);
    expect(pub.status).toBe(400);
    expect(pub.body.data.problems).toEqual([{ elementId: 'svc', message: `Service task "Stock check": ${LOOPBACK}` }]);
    const ja = await api('POST', `/api/workflow/definitions/${id}/publish`, undefined, 'ja');
    expect(ja.body.data.problems[0].message).toMatch(/^サービスタスク「Stock check」：settings\.url：127\.0\.0\.1 は/);
    expect((await api('GET', `/api/workflow/definitions/${id}/versions`)).body.data).toHaveLength(0);

    // once the operator allows the host, the same draft publishes
    expect((await api('PUT', '/api/security/outbound', { allowHosts: ['127.0.0.1'] })).status).toBe(200);
    expect((await api('POST', `/api/workflow/definitions/${id}/publish`)).status).toBe(200);
  });

  it('a templated host is left to the call: it saves and publishes', async () => {
    const ok = await api('POST', '/api/workflow/definitions', { key: 'obDefTpl', name: 'ob', xml: withCall('obDefTpl', 'http://{{host}}/stock') });
    expect(ok.status).toBe(200);
    expect((await api('POST', `/api/workflow/definitions/${ok.body.data.id}/publish`)).status).toBe(200);
  });
});
