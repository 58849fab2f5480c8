import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { AppClient, signRequest, deriveSigningKey as clientDerive } from '@bencao/app-client';
import type { AddressInfo } from 'node:net';
import { startTestServer, DEMO, type TestServer } from './harness';
import { testConfig } from './templateDb';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { gwAppCredentials, gwAppNonces, operationLogs } from '../src/db/schema/index';
import { canonicalString, deriveSigningKey, sha256Hex, signCanonical } from '../src/modules/gateway/appAuth';

/** The server's clock: fixed during the tests, moved by hand (the signatures' timestamps come from it too). */
let clock = 0;
let s: TestServer;
let admin: string;

beforeAll(async () => {
  clock = Date.now(); // any instant: everything below is relative to it, and it does not move by itself
  s = await startTestServer({ now: () => new Date(clock) });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const api = (method: string, path: string, body?: unknown, token = admin, lang = 'en') => s.request(method, path, { token, body, lang });
interface Created { credential: { id: number; accessKey: string; lastUsedAt: string | null }; secret: string }
async function credential(body: Record<string, unknown>, token = admin): Promise<Created> {
  const res = await api('POST', '/api/gateway/credentials', { name: 'test app', ...body }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const clientOf = (c: Created) => new AppClient({ baseUrl: s.url, accessKey: c.credential.accessKey, secret: c.secret, now: () => clock });

/** A signed call with full control over what is signed and what is sent. */
async function signed(c: Created, method: string, path: string, opts: { body?: string; sendBody?: string; timestamp?: number; nonce?: string; secret?: string; lang?: string } = {}) {
  const sig = signRequest({
    method, path, body: opts.body ?? '', accessKey: c.credential.accessKey, secret: opts.secret ?? c.secret,
    timestamp: opts.timestamp ?? Math.floor(clock / 1000), nonce: opts.nonce,
  });
  const body = opts.sendBody ?? opts.body;
  const res = await fetch(s.url + path, {
    method, body, headers: { ...sig.headers, 'accept-language': opts.lang ?? 'en', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await res.text();
  let parsed: any = text;
  try { parsed = JSON.parse(text); } catch { /* text */ }
  return { status: res.status, body: parsed };
}

const OPEN_ROUTES: [string, string, unknown?][] = [
  ['POST', '/api/gateway/open/instances', { serviceName: 'anon-svc', ip: '10.9.9.9', port: 9999 }],
  ['PUT', '/api/gateway/open/instances/beat', { serviceName: 'anon-svc', ip: '10.9.9.9', port: 9999 }],
  ['POST', '/api/gateway/open/instances/deregister', { serviceName: 'anon-svc', ip: '10.9.9.9', port: 9999 }],
  ['GET', '/api/gateway/open/instances?serviceName=demo-service'],
  ['GET', '/api/gateway/open/configs?dataId=demo-service.yaml'],
  ['POST', '/api/gateway/open/configs/listen', { configs: [{ dataId: 'demo-service.yaml', md5: '' }], timeoutMs: 0 }],
];

describe('the signature (docs/APP-SIGNING.md example)', () => {
  const secret = 'bcs_Q2hhbmdlLW1lLWJlZm9yZS11c2luZy10aGlzLWtleQ';
  const accessKey = 'BK0123456789ABCDEF01234567';
  const body = '{"serviceName":"order-service","ip":"10.0.0.7","port":8080}';

  it('derives the signing key, the canonical string and the signature of the documented vector, on the server and in the client', () => {
    expect(deriveSigningKey(secret).toString('hex')).toBe('22e97540f2549800c1d1c489ccb8b1604173168a473e78be86ab981a8aa7b23b');
    expect(clientDerive(secret).toString('hex')).toBe('22e97540f2549800c1d1c489ccb8b1604173168a473e78be86ab981a8aa7b23b');
    expect(sha256Hex(body)).toBe('835ca8558f259d8f066bd5db430d23bc642891b93bd95ec0c4742703beca4cf1');
    const canonical = canonicalString({ method: 'post', path: '/api/gateway/open/instances', timestamp: '1767225600', nonce: '4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e', bodySha256: sha256Hex(body) });
    expect(canonical).toBe('BENCAO-HMAC-SHA256\nPOST\n/api/gateway/open/instances\n1767225600\n4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e\n835ca8558f259d8f066bd5db430d23bc642891b93bd95ec0c4742703beca4cf1');
    expect(signCanonical(deriveSigningKey(secret), canonical)).toBe('653cfeec39d76643cc4cc68ce62eb09e13bac564744a0c023a01b0637a4b2340');
    const client = signRequest({ method: 'POST', path: '/api/gateway/open/instances', body, accessKey, secret, timestamp: 1767225600, nonce: '4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e' });
    expect(client.canonical).toBe(canonical);
    expect(client.headers).toEqual({
      'X-Bencao-Key': accessKey, 'X-Bencao-Timestamp': '1767225600', 'X-Bencao-Nonce': '4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e',
      'X-Bencao-Signature': '653cfeec39d76643cc4cc68ce62eb09e13bac564744a0c023a01b0637a4b2340',
    });
  });

  it('signs a GET with its query and the hash of the empty body', () => {
    const g = signRequest({
      method: 'GET', path: '/api/gateway/open/configs?dataId=order-service.yaml&group=DEFAULT_GROUP&namespaceId=public',
      accessKey, secret, timestamp: 1767225600, nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    });
    expect(g.canonical.split('\n').at(-1)).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(g.signature).toBe('b7c938bc5f62bf828c9d0a9e3647929d0d2dd820ee73a95604a4da15f185a061');
  });
});

describe('application credentials in the console', () => {
  it('the secret is in the create answer only: never in the list, the detail or the database', async () => {
    const c = await credential({ name: 'shop backend', allNamespaces: true, rights: ['config:read', 'registry:read'] });
    expect(c.secret).toMatch(/^bcs_[A-Za-z0-9_-]{43}$/);
    expect(c.credential.accessKey).toMatch(/^BK[0-9A-F]{24}$/);
    expect(JSON.stringify(c.credential)).not.toContain(c.secret);
    const list = await api('GET', '/api/gateway/credentials?keyword=shop');
    const detail = await api('GET', `/api/gateway/credentials/${c.credential.id}`);
    for (const res of [list, detail]) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(c.secret);
      expect(JSON.stringify(res.body)).not.toMatch(/signingKey|signing_key/);
    }
    expect(list.body.data.records).toMatchObject([{ id: c.credential.id, name: 'shop backend', status: 'enabled', lastUsedAt: null, rights: ['config:read', 'registry:read'] }]);
    const [row] = await s.built.deps.db.select().from(gwAppCredentials).where(eq(gwAppCredentials.id, c.credential.id));
    expect(JSON.stringify(row)).not.toContain(c.secret);
    expect(row.signingKey).toBe(deriveSigningKey(c.secret).toString('hex'));
    // the operation log keeps no secret either
    const logs = await api('GET', '/api/audit/operation-logs?limit=50');
    expect(logs.status).toBe(200);
    expect(JSON.stringify(logs.body)).not.toContain(c.secret);
  });

  it('needs the credential authorities: the auditor gets 403, the operator role may', async () => {
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const c = await credential({ allNamespaces: true, rights: ['config:read'] });
    expect((await api('GET', '/api/gateway/credentials', undefined, auditor)).status).toBe(403);
    expect((await api('POST', '/api/gateway/credentials', { name: 'x', allNamespaces: true, rights: ['config:read'] }, auditor)).status).toBe(403);
    expect((await api('POST', `/api/gateway/credentials/${c.credential.id}/revoke`, undefined, auditor)).status).toBe(403);
    expect((await api('POST', `/api/gateway/credentials/${c.credential.id}/disable`, undefined, auditor)).status).toBe(403);
    const ops = await s.login(DEMO.operator.userId, DEMO.operator.password);
    const mine = await credential({ name: 'by the operator', namespaces: ['dev'], rights: ['config:read'] }, ops);
    expect((await api('POST', `/api/gateway/credentials/${mine.credential.id}/revoke`, undefined, ops)).status).toBe(200);
  });

  it('checks the scope: a right at least, namespaces for config:read, and only existing namespaces', async () => {
    const none = await api('POST', '/api/gateway/credentials', { name: 'x', allNamespaces: true, rights: [] });
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('at least one right');
    const noNs = await api('POST', '/api/gateway/credentials', { name: 'x', rights: ['config:read'] });
    expect(noNs.status).toBe(400);
    expect(noNs.body.msg).toContain('namespaces');
    const missing = await api('POST', '/api/gateway/credentials', { name: 'x', namespaces: ['nope'], rights: ['config:read'] });
    expect(missing.status).toBe(400);
    expect((await api('POST', '/api/gateway/credentials', { name: 'registry only', rights: ['registry:read'] })).status).toBe(200);
  });
});

describe('the open API refuses what is not a valid signature', () => {
  it('every open route answers 401 with the envelope and a translated message without a signature, even with a console session', async () => {
    for (const [method, path, body] of OPEN_ROUTES) {
      const res = await s.request(method, path, { body, lang: 'zh' });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ code: 401, msg: expect.stringContaining('该接口仅供应用调用'), data: null });
      const withSession = await s.request(method, path, { body, token: admin });
      expect(withSession.status, `${method} ${path} with a session`).toBe(401);
    }
  });

  it('a wrong signature, a changed body, a wrong secret and malformed headers answer 401', async () => {
    const c = await credential({ allNamespaces: true, rights: ['config:read', 'registry:read', 'registry:write'] });
    const path = '/api/gateway/open/configs?dataId=demo-service.yaml';
    expect((await signed(c, 'GET', path)).status).toBe(200);
    const other = await signed(c, 'GET', path, { secret: 'bcs_not-the-secret' });
    expect(other.status).toBe(401);
    expect(other.body.msg).toContain('signature does not match');
    const body = JSON.stringify({ serviceName: 'tamper-svc', ip: '10.1.1.1', port: 80 });
    const tampered = await signed(c, 'POST', '/api/gateway/open/instances', { body, sendBody: body.replace('10.1.1.1', '10.6.6.6') });
    expect(tampered.status).toBe(401);
    const wrongPath = await fetch(s.url + '/api/gateway/open/configs?dataId=app.json', {
      headers: signRequest({ method: 'GET', path, accessKey: c.credential.accessKey, secret: c.secret, timestamp: Math.floor(clock / 1000) }).headers,
    });
    expect(wrongPath.status).toBe(401);
    const bad = await fetch(s.url + path, { headers: { 'x-bencao-key': c.credential.accessKey, 'x-bencao-timestamp': 'yesterday', 'x-bencao-nonce': 'n'.repeat(20), 'x-bencao-signature': '0'.repeat(64) } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { msg: string }).msg).toContain('X-Bencao-Timestamp');
  });

  it('a timestamp more than 5 minutes from the server clock answers 401; within, it passes', async () => {
    const c = await credential({ allNamespaces: true, rights: ['config:read'] });
    const path = '/api/gateway/open/configs?dataId=demo-service.yaml';
    const sec = Math.floor(clock / 1000);
    for (const ts of [sec - 301, sec + 301]) {
      const res = await signed(c, 'GET', path, { timestamp: ts });
      expect(res.status).toBe(401);
      expect(res.body.msg).toContain('300 seconds');
    }
    for (const ts of [sec - 299, sec + 299]) expect((await signed(c, 'GET', path, { timestamp: ts })).status).toBe(200);
    // the same request, signed now, refused once the server clock has moved on 6 minutes
    const saved = clock;
    const nonce = 'clock-moves-on-000001';
    try {
      clock = saved + 6 * 60_000;
      expect((await signed(c, 'GET', path, { timestamp: Math.floor(saved / 1000), nonce })).status).toBe(401);
    } finally { clock = saved; }
  });

  it('a replayed nonce answers 401; two parallel uses of one nonce: exactly one is accepted', async () => {
    const c = await credential({ allNamespaces: true, rights: ['config:read'] });
    const path = '/api/gateway/open/configs?dataId=demo-service.yaml';
    const first = await signed(c, 'GET', path, { nonce: 'replay-nonce-000000001' });
    expect(first.status).toBe(200);
    const again = await signed(c, 'GET', path, { nonce: 'replay-nonce-000000001' });
    expect(again.status).toBe(401);
    expect(again.body.msg).toContain('nonce was already used');
    for (let round = 0; round < 5; round++) {
      const nonce = `parallel-nonce-${round}-0000000`;
      const answers = await Promise.all(Array.from({ length: 4 }, () => signed(c, 'GET', path, { nonce })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
    }
    // the nonces are kept until their timestamp leaves the window, then purged
    const db = s.built.deps.db;
    const kept = async () => (await db.select({ n: count() }).from(gwAppNonces).where(eq(gwAppNonces.credentialId, c.credential.id)))[0].n;
    expect(await kept()).toBe(6);
    const saved = clock;
    try {
      clock = saved + 301_000;
      const { appVerifier } = await import('../src/modules/gateway/appAuth');
      await appVerifier(db, () => new Date(clock)).purgeNonces();
      expect(await kept()).toBe(0);
    } finally { clock = saved; }
  });

  it('a second server on the same database refuses a nonce the first one accepted (nothing is kept in memory)', async () => {
    const database: Database = { db: s.built.deps.db, kind: s.built.deps.dbKind, migrate: async () => {}, close: async () => {} };
    const other = await buildApp(database, testConfig({ now: () => new Date(clock) }));
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const otherUrl = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`;
      const c = await credential({ allNamespaces: true, rights: ['config:read'] });
      const path = '/api/gateway/open/configs?dataId=demo-service.yaml';
      const headers = signRequest({ method: 'GET', path, accessKey: c.credential.accessKey, secret: c.secret, timestamp: Math.floor(clock / 1000), nonce: 'two-servers-00000001' }).headers;
      expect((await fetch(s.url + path, { headers })).status).toBe(200);
      expect((await fetch(otherUrl + path, { headers })).status).toBe(401);
      const both = signRequest({ method: 'GET', path, accessKey: c.credential.accessKey, secret: c.secret, timestamp: Math.floor(clock / 1000), nonce: 'two-servers-00000002' }).headers;
      const answers = await Promise.all([s.url, otherUrl, s.url, otherUrl].map((u) => fetch(u + path, { headers: both }).then((r) => r.status)));
      expect(answers.sort()).toEqual([200, 401, 401, 401]);
    } finally {
      await other.app.close();
    }
  });

  it('a disabled credential answers 401 until enabled again; a revoked one for good, and its signing key is wiped', async () => {
    const c = await credential({ allNamespaces: true, rights: ['config:read'] });
    const app = clientOf(c);
    expect(await app.getConfig({ dataId: 'demo-service.yaml' })).toMatchObject({ type: 'yaml' });
    expect((await api('POST', `/api/gateway/credentials/${c.credential.id}/disable`)).status).toBe(200);
    await expect(app.getConfig({ dataId: 'demo-service.yaml' })).rejects.toMatchObject({ status: 401 });
    expect((await api('POST', `/api/gateway/credentials/${c.credential.id}/enable`)).status).toBe(200);
    expect(await app.getConfig({ dataId: 'demo-service.yaml' })).not.toBeNull();
    const revoked = await api('POST', `/api/gateway/credentials/${c.credential.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revokedBy: 'admin' });
    await expect(app.getConfig({ dataId: 'demo-service.yaml' })).rejects.toMatchObject({ status: 401, message: expect.stringContaining('revoked') });
    expect((await api('POST', `/api/gateway/credentials/${c.credential.id}/enable`)).status).toBe(400);
    const [row] = await s.built.deps.db.select().from(gwAppCredentials).where(eq(gwAppCredentials.id, c.credential.id));
    expect(row.signingKey).toBe('');
  });
});

describe('scopes: namespaces and rights', () => {
  it('a credential of one namespace reads its configs and gets 403 for another namespace', async () => {
    expect((await api('POST', '/api/gateway/configs', { namespaceId: 'dev', dataId: 'dev-only.properties', group: 'DEFAULT_GROUP', content: 'db.password=dev-secret' })).status).toBe(200);
    expect((await api('POST', '/api/gateway/configs', { namespaceId: 'public', dataId: 'public-db.properties', group: 'DEFAULT_GROUP', content: 'db.password=prod-secret' })).status).toBe(200);
    const dev = clientOf(await credential({ namespaces: ['dev'], rights: ['config:read'] }));
    expect(await dev.getConfig({ namespaceId: 'dev', dataId: 'dev-only.properties' })).toMatchObject({ content: 'db.password=dev-secret' });
    await expect(dev.getConfig({ namespaceId: 'public', dataId: 'public-db.properties' })).rejects.toMatchObject({ status: 403, code: 403, message: expect.stringContaining('namespace "public"') });
    await expect(dev.getConfig({ dataId: 'public-db.properties' })).rejects.toMatchObject({ status: 403 });
  });

  it('configs/listen reports only configs of the credential\'s namespaces; none of them left → 403', async () => {
    const dev = clientOf(await credential({ namespaces: ['dev'], rights: ['config:read'] }));
    const heard = await dev.listen([
      { namespaceId: 'dev', dataId: 'dev-only.properties', md5: 'stale' },
      { namespaceId: 'public', dataId: 'public-db.properties', md5: 'stale' },
      { namespaceId: 'public', dataId: 'demo-service.yaml', md5: '' },
    ], 0);
    expect(heard.map((h) => `${h.namespaceId}/${h.dataId}`)).toEqual(['dev/dev-only.properties']);
    await expect(dev.listen([{ namespaceId: 'public', dataId: 'public-db.properties', md5: 'stale' }], 0)).rejects.toMatchObject({ status: 403 });
  });

  it('rights: a config reader may not register (no service is created) nor discover; a registry reader may not register', async () => {
    const reader = clientOf(await credential({ allNamespaces: true, rights: ['config:read'] }));
    await expect(reader.register({ serviceName: 'rogue-svc', ip: '10.6.6.6', port: 6666 })).rejects.toMatchObject({ status: 403, message: expect.stringContaining('registry:write') });
    await expect(reader.instances('demo-service')).rejects.toMatchObject({ status: 403 });
    const discover = clientOf(await credential({ rights: ['registry:read'] }));
    await expect(discover.register({ serviceName: 'rogue-svc', ip: '10.6.6.6', port: 6666 })).rejects.toMatchObject({ status: 403 });
    await expect(discover.deregister({ serviceName: 'demo-service', ip: '10.6.6.6', port: 6666 })).rejects.toMatchObject({ status: 403 });
    await expect(discover.getConfig({ dataId: 'demo-service.yaml' })).rejects.toMatchObject({ status: 403 });
    expect((await discover.instances('demo-service')).name).toBe('demo-service');
    const services = await api('GET', '/api/gateway/services?keyword=rogue-svc');
    expect(services.body.data.total).toBe(0);
    const writerKey = await credential({ rights: ['registry:write', 'registry:read'] });
    const writer = clientOf(writerKey);
    expect(await writer.register({ serviceName: 'new-svc', ip: '10.7.7.7', port: 7777 })).toMatchObject({ ephemeral: true, healthy: true });
    // the operation log names the credential that made the change
    const logged = await s.built.deps.db.select().from(operationLogs).where(eq(operationLogs.userId, `app:${writerKey.credential.accessKey}`));
    expect(logged.map((l) => l.operation)).toEqual(['POST /api/gateway/open/instances']);
    expect((await api('GET', '/api/gateway/services?keyword=new-svc')).body.data.total).toBe(1);
    expect(await writer.beat({ serviceName: 'new-svc', ip: '10.7.7.7', port: 7777 })).toBe(true);
    expect(await writer.deregister({ serviceName: 'new-svc', ip: '10.7.7.7', port: 7777 })).toBe(true);
    expect(await writer.beat({ serviceName: 'new-svc', ip: '10.7.7.7', port: 7777 })).toBe(false);
  });

  it('an instance an operator added is never beaten, deregistered or taken over by an application', async () => {
    const svc = await api('POST', '/api/gateway/services', { name: 'hand-svc', protectThreshold: 0 });
    expect(svc.status).toBe(200);
    const added = await api('POST', `/api/gateway/services/${svc.body.data.id}/instances`, { ip: '10.8.8.8', port: 8888 });
    expect(added.status).toBe(200);
    const writer = clientOf(await credential({ rights: ['registry:write'] }));
    const key = { serviceName: 'hand-svc', ip: '10.8.8.8', port: 8888 };
    await expect(writer.deregister(key)).rejects.toMatchObject({ status: 403, message: expect.stringContaining('added by an operator') });
    await expect(writer.beat(key)).rejects.toMatchObject({ status: 403 });
    await expect(writer.register({ ...key, weight: 0 })).rejects.toMatchObject({ status: 403 });
    const inst = (await api('GET', `/api/gateway/services/${svc.body.data.id}/instances`)).body.data;
    expect(inst).toMatchObject([{ ip: '10.8.8.8', port: 8888, ephemeral: false, weight: 1 }]);
  });

  it('the list shows when each credential was last used (server clock)', async () => {
    const c = await credential({ name: 'last-used probe', rights: ['registry:read'] });
    await clientOf(c).instances('demo-service');
    const list = await api('GET', '/api/gateway/credentials?keyword=last-used');
    expect(new Date(list.body.data.records[0].lastUsedAt).getTime()).toBe(clock);
  });
});
