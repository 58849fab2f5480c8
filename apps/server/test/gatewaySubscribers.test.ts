import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppClient } from '@bencao/app-client';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * Who reads a service's instances or a config through the application API: listed for operators
 * (Nacos's subscribers and "who is listening"), one row per application and address, refreshed
 * at most every 10 s, readers of the last 24 hours only; reading the list needs the screen's authority.
 */

let clock = 0;
let s: TestServer;
let admin: string;
let auditor: string;
let serviceId = 0;
let configId = 0;

const api = (method: string, path: string, body?: unknown, token = admin) => s.request(method, path, { token, body });
async function credential(name: string) {
  const res = await api('POST', '/api/gateway/credentials', { name, rights: ['registry:read', 'registry:write', 'config:read'], allNamespaces: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const c = res.body.data as { credential: { accessKey: string }; secret: string };
  return new AppClient({ baseUrl: s.url, accessKey: c.credential.accessKey, secret: c.secret, now: () => clock });
}

beforeAll(async () => {
  clock = Date.UTC(2099, 0, 1, 8, 0, 0);
  s = await startTestServer({ now: () => new Date(clock) });
  [admin, auditor] = await Promise.all([s.login(DEMO.admin.userId, DEMO.admin.password), s.login(DEMO.auditor.userId, DEMO.auditor.password)]);
  const svc = await api('POST', '/api/gateway/services', { name: 'sub-svc', group: 'DEFAULT_GROUP', protectThreshold: 0, healthCheck: 'none', metadata: {} });
  expect(svc.status, JSON.stringify(svc.body)).toBe(200);
  serviceId = svc.body.data.id;
  const cfg = await api('POST', '/api/gateway/configs', { namespaceId: 'public', dataId: 'sub-app.yaml', group: 'DEFAULT_GROUP', type: 'yaml', content: 'a: 1\n' });
  expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
  configId = cfg.body.data.id;
});
afterAll(async () => { await s?.close(); });

const subscribers = async (path: string, token = admin) => {
  const res = await api('GET', path, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { appName: string; accessKey: string; address: string; firstSeenAt: string; lastSeenAt: string }[];
};

describe('subscribers of services and configs', () => {
  it('an application reading a service\'s instances is listed once, its last read refreshed at most every 10 s', async () => {
    const orders = await credential('order-app');
    const t0 = clock;
    await orders.instances('sub-svc');
    await orders.instances('sub-svc');
    let list = await subscribers(`/api/gateway/services/${serviceId}/subscribers`);
    expect(list).toEqual([expect.objectContaining({ appName: 'order-app', address: '127.0.0.1', firstSeenAt: new Date(t0).toISOString(), lastSeenAt: new Date(t0).toISOString() })]);

    clock += 5_000;
    await orders.instances('sub-svc');
    list = await subscribers(`/api/gateway/services/${serviceId}/subscribers`);
    expect(list[0].lastSeenAt).toBe(new Date(t0).toISOString());

    clock += 6_000;
    await orders.instances('sub-svc');
    list = await subscribers(`/api/gateway/services/${serviceId}/subscribers`);
    expect(list).toHaveLength(1);
    expect(list[0].lastSeenAt).toBe(new Date(t0 + 11_000).toISOString());

    // a second application is listed beside it, the latest reader first
    const stock = await credential('stock-app');
    clock += 1_000;
    await stock.instances('sub-svc');
    expect((await subscribers(`/api/gateway/services/${serviceId}/subscribers`)).map((r) => r.appName)).toEqual(['stock-app', 'order-app']);
  });

  it('readers and long-poll listeners of a config are listed; nothing of another config', async () => {
    const web = await credential('web-app');
    await web.getConfig({ dataId: 'sub-app.yaml', namespaceId: 'public' });
    const feed = await credential('feed-app');
    clock += 1_000;
    await feed.listen([{ dataId: 'sub-app.yaml', namespaceId: 'public', group: 'DEFAULT_GROUP', md5: '' }], 0);
    expect((await subscribers(`/api/gateway/configs/${configId}/subscribers`)).map((r) => r.appName)).toEqual(['feed-app', 'web-app']);
    const other = await api('POST', '/api/gateway/configs', { namespaceId: 'public', dataId: 'sub-other.yaml', group: 'DEFAULT_GROUP', type: 'yaml', content: 'b: 2\n' });
    expect(await subscribers(`/api/gateway/configs/${other.body.data.id}/subscribers`)).toEqual([]);
  });

  it('readers not seen for 24 hours drop off the list', async () => {
    clock += 25 * 3_600_000;
    expect(await subscribers(`/api/gateway/services/${serviceId}/subscribers`)).toEqual([]);
  });

  it('needs the screen\'s authority; a missing service or config is 404', async () => {
    const op = await s.login(DEMO.operator.userId, DEMO.operator.password);
    expect((await api('GET', `/api/gateway/services/${serviceId}/subscribers`, undefined, op)).status).toBe(200);
    expect((await api('GET', `/api/gateway/services/${serviceId}/subscribers`, undefined, auditor)).status).toBe(403);
    expect((await api('GET', `/api/gateway/configs/${configId}/subscribers`, undefined, auditor)).status).toBe(403);
    expect((await s.request('GET', `/api/gateway/configs/${configId}/subscribers`)).status).toBe(401);
    expect((await api('GET', '/api/gateway/services/999999/subscribers')).status).toBe(404);
    expect((await api('GET', '/api/gateway/configs/999999/subscribers')).status).toBe(404);
  });
});
