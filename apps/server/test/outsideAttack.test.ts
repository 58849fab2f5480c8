import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { DEMO, startTestServer, type TestServer } from './harness';
import { startGateway } from '../src/modules/gateway/proxy';
import { encryptForLogin } from '../src/platform/auth/loginKeys';

/**
 * What an attacker from outside tried (security issue, items 4, 6, 7, 8, 11, 12, 16): forged
 * forwarding headers, plain-HTTP pages, a slow upstream, NUL bytes, zip bombs, routes open to every
 * account, raw framework texts.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

/** A raw request whose path is sent exactly as written (fetch would normalise `..`). */
function rawGet(url: string, path: string, headers: Record<string, string> = {}) {
  const u = new URL(url);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method: 'GET', headers: { 'accept-language': 'zh', ...headers } }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; });
      res.on('end', () => { let body: unknown = text; try { body = JSON.parse(text); } catch { /* not JSON */ } resolve({ status: res.statusCode ?? 0, body }); });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A real (failing) login through the key + token flow, with extra headers. */
async function loginWith(server: TestServer, username: string, headers: Record<string, string>) {
  const key = await server.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey', { headers });
  return server.request('POST', '/api/oauth/token', {
    headers, form: { grant_type: 'password', username, password: encryptForLogin(key.body.data.publicKey, 'wrong-password'), key_id: key.body.data.keyId },
  });
}

async function lastLoginIp(userId: string) {
  const res = await s.request('GET', `/api/audit/login-logs?userId=${userId}&limit=1&sort=createdAt&order=desc`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.data.records[0]?.ip as string | undefined;
}

describe('X-Forwarded-For is believed only from the proxies TRUST_PROXY names', () => {
  it('by default a forged header changes neither the logged address nor the rate limit', async () => {
    const forged = { 'x-forwarded-for': '203.0.113.77' };
    const res = await loginWith(s, 'nobody-xff', forged);
    expect(res.status).toBe(400);
    expect(await lastLoginIp('nobody-xff')).toBe('127.0.0.1');
  });

  it('a limit of 3 logins a minute holds however the header changes', async () => {
    const limited = await startTestServer({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.request('POST', '/api/oauth/token', {
          headers: { 'x-forwarded-for': `198.51.100.${i}` }, form: { grant_type: 'password', username: 'nobody', password: 'x', key_id: 'none' },
        });
        codes.push(res.status);
      }
      expect(codes.slice(0, 3).every((c) => c === 400)).toBe(true);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally { await limited.close(); }
  });

  it('the public report form\'s limit per address holds however the header changes', async () => {
    const limited = await startTestServer({ submissionRateLimit: 2, now: () => new Date('2026-06-01T04:00:00Z') });
    try {
      const report = {
        productName: '测试颗粒', batchNo: 'B1', patientAge: 40, patientSex: 'male', reaction: '服药后出现皮疹。', onsetDate: '2026-05-30',
        outcome: 'improving', reporterName: '伪造测试', contact: '13812345678', consent: true, website: '',
      };
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await limited.request('POST', '/api/adr/reports', { body: report, headers: { 'x-forwarded-for': `198.51.100.${i}` } })).status);
      }
      expect(codes).toEqual([200, 200, 429, 429]);
    } finally { await limited.close(); }
  });

  it('behind a configured proxy the forwarded address and protocol count', async () => {
    const behind = await startTestServer({ trustProxy: ['127.0.0.1'] });
    try {
      expect((await loginWith(behind, 'viaproxy', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(400);
      const token = await behind.login(DEMO.admin.userId, DEMO.admin.password);
      const logs = await behind.request('GET', '/api/audit/login-logs?userId=viaproxy&limit=1', { token });
      expect(logs.body.data.records[0].ip).toBe('203.0.113.9');
      // over TLS (as the proxy says): HSTS and upgrade-insecure-requests
      const tls = await behind.request('GET', '/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      expect(tls.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally { await behind.close(); }
  });
});

describe('plain HTTP under a host name', () => {
  it('sends neither upgrade-insecure-requests nor HSTS, even when someone claims https', async () => {
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }] as Record<string, string>[]) {
      const res = await s.request('GET', '/api/health', { headers: { host: 'intranet-host:8080', ...headers } });
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });
});

describe('NUL characters', () => {
  it('in a query of a list, of an anonymous route, or in a JSON or form body: 400 naming the field, nothing stored', async () => {
    const list = await s.request('GET', '/api/security/accounts?keyword=a%00b', { token: admin, lang: 'zh' });
    expect(list.status).toBe(400);
    expect(list.body.msg).toBe('keyword：不能包含空字符（NUL）');
    const anon = await s.request('GET', '/api/site/articles?keyword=a%00b');
    expect(anon.status).toBe(400);
    expect(anon.body.msg).toContain('keyword');
    const json = await s.request('POST', '/api/common/dicts', { token: admin, body: { code: 'nul_dict', name: 'bad\u0000name' } });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('name: must not contain a NUL character');
    const form = await s.request('POST', '/api/common/dicts', { token: admin, form: { code: 'nul_dict', 'name': 'x\u0000' } });
    expect(form.status).toBe(400);
    const stored = await s.request('GET', '/api/common/dicts?keyword=nul_dict', { token: admin });
    expect(stored.body.data.total).toBe(0);
  });

  it('in the path: 400, not 500', async () => {
    const res = await s.request('GET', '/api/common/serials/A%00B', { token: admin });
    expect(res.status).toBe(400);
  });
});

describe('addresses Fastify cannot route answer with the envelope', () => {
  it('on the API', async () => {
    const res = await rawGet(s.url, '/api/%zz');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, msg: '请求地址无效', data: null });
  });
  it('Fastify\'s own refusals of a body answer in the caller\'s language', async () => {
    const broken = await fetch(`${s.url}/api/system/preferences/x`, { method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'zh' }, body: '{"value":' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: 400, msg: '请求无效' });
    const huge = await fetch(`${s.url}/api/system/preferences/x`, { method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'es' }, body: `{"value":"${'x'.repeat(21 * 1024 * 1024)}"}` });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 413, msg: 'La solicitud es demasiado grande' });
  });
});

describe('the gateway', () => {
  it('answers 504 with the envelope when the upstream is too slow (default and per route), and its own envelope for bad addresses', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const slow = http.createServer(() => { /* never answers */ });
    slow.on('connection', (c) => { sockets.add(c); });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const port = (slow.address() as AddressInfo).port;
    const gw = await startGateway(s.built.deps.db, { port: 0, host: '127.0.0.1', pollMs: 60_000, timeoutMs: 1500, logLevel: 'error' }); // the 504s are on purpose
    try {
      const make = async (routeId: string, filters: string) => {
        const r = await s.request('POST', '/api/gateway/routes', {
          token: admin, body: { routeId, routeName: routeId, orderNum: 1, uri: `http://127.0.0.1:${port}`, predicates: `Path=/${routeId}/**`, filters },
        });
        expect(r.status, r.body.msg).toBe(200);
        expect((await s.request('POST', `/api/gateway/routes/${r.body.data.id}/release`, { token: admin })).status).toBe(200);
      };
      await make('slowdefault', '');
      await make('slowroute', 'ResponseTimeout=200');
      await gw.refresh();
      for (const path of ['/slowdefault/x', '/slowroute/x']) {
        const res = await fetch(gw.url + path, { headers: { 'accept-language': 'zh' }, signal: AbortSignal.timeout(20_000) });
        expect(res.status, path).toBe(504);
        expect(await res.json()).toEqual({ code: 504, msg: '上游服务响应超时', data: null });
      }
      const bad = await rawGet(gw.url, '/demo/%zz');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 400, data: null });
      expect(typeof bad.body.msg).toBe('string');
      const dots = await rawGet(gw.url, '/demo/../x');
      expect(dots.body).toMatchObject({ data: null });
      expect(dots.body.msg).toBeTruthy();
    } finally {
      await gw.close();
      for (const c of sockets) c.destroy();
      await new Promise((r) => slow.close(r));
    }
  });

  it('refuses a ResponseTimeout that is not a number of milliseconds, naming the line', async () => {
    const r = await s.request('POST', '/api/gateway/routes', {
      token: admin, lang: 'zh', body: { routeId: 'badtimeout', routeName: 'x', orderNum: 1, uri: 'http://127.0.0.1:1', predicates: 'Path=/bt/**', filters: 'StripPrefix=1\nResponseTimeout=soon' },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('第 2 行');
    expect(r.body.msg).toContain('毫秒');
  });
});

describe('function import archives', () => {
  async function importZip(zip: Uint8Array, lang = 'en') {
    const form = new FormData();
    form.append('file', new Blob([zip], { type: 'application/zip' }), 'tree.zip');
    const res = await fetch(`${s.url}/api/security/tree/import`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'accept-language': lang }, body: form });
    return { status: res.status, body: await res.json() as any };
  }

  it('a small zip that inflates past the limit is refused before it is inflated', async () => {
    // 9 MiB of one repeated line compresses to a few KiB
    const line = "insert into auth_apps (code, name) values ('x', 'y');\n";
    const big = strToU8(line.repeat(Math.ceil((9 * 1024 * 1024) / line.length)));
    const zip = zipSync({ 'tree.txt': big }, { level: 9 });
    expect(zip.length).toBeLessThan(200 * 1024);
    const res = await importZip(zip);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('The archive is too large: at most 100 files and 8 MB of SQL');
  });

  it('so is an archive with too many entries', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 150; i++) files[`f${i}.dat`] = strToU8('x');
    files['tree.txt'] = strToU8("insert into auth_apps (code, name) values ('x', 'y');");
    const res = await importZip(zipSync(files), 'zh');
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('压缩包过大：最多 100 个文件、8 MB 的 SQL');
  });

  it('a sub-query as a value is named, not "undefined"', async () => {
    const res = await importZip(zipSync({ 'tree.txt': strToU8("insert into auth_apps (code, name) values ((select 'a'), 'y');") }));
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('Line 1:');
    expect(res.body.msg).toContain('only numbers, quoted text, true/false and NULL may be imported');
    expect(res.body.msg).not.toContain('undefined');
  });
});

describe('routes that were open to every logged-in account', () => {
  it('the dashboard shows each figure only to those who may see its source', async () => {
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    const e = await s.request('GET', '/api/admin/dashboard/stats', { token: editor });
    expect(e.body.data).toEqual({ onlineSessions: null, todayLogins: null, todayOperations: null, operationsByDay: null });
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    const a = (await s.request('GET', '/api/admin/dashboard/stats', { token: auditor })).body.data;
    expect(a.onlineSessions).toBeGreaterThanOrEqual(1);
    expect(a.operationsByDay).toHaveLength(7);
  });
});
