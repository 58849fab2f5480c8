import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { EnvelopeCode } from '@bencao/contracts';
import { hashPassword } from '../src/platform/auth/passwords';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { DEMO, startTestServer, type TestServer } from './harness';
import { pgUrl } from './templateDb';

/**
 * The guard keeps sessions and authorities in memory (platform/auth/authCache.ts). A kick-out or a
 * revoked grant must still apply at the very next request — on the process that made the change and
 * on any other one whose cache is warm.
 */
const LIST = '/api/audit/client-errors?page=1&limit=5';

/** a role holding the error log screen, and an account with only that role */
async function makeReader(s: TestServer, userId: string) {
  const db = s.built.deps.db;
  const pw = 'Reader@2026x';
  const role = await db.execute<{ id: number }>(sql`insert into roles (code, name) values (${userId.toUpperCase()}, ${userId}) returning id`);
  const roleId = Number(role.rows[0].id);
  await db.execute(sql`insert into role_grants (role_id, authority) values (${roleId}, 'audit:errorLog')`);
  const acc = await db.execute<{ id: number }>(sql`insert into accounts (user_id, user_name, password_hash) values (${userId}, ${userId}, ${await hashPassword(pw)}) returning id`);
  const accountId = Number(acc.rows[0].id);
  await db.execute(sql`insert into account_roles (account_id, role_id) values (${accountId}, ${roleId})`);
  return { roleId, accountId, password: pw };
}

const liveSessionOf = async (s: TestServer, accountId: number) =>
  String((await s.built.deps.db.execute<{ id: string }>(sql`select id from sessions where account_id = ${accountId} and ended_at is null`)).rows[0].id);

describe('one process, warm cache', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(); });
  afterAll(async () => { await s?.close(); });

  it('a grant removed in the database (by any writer) is refused at the next request', async () => {
    const r = await makeReader(s, 'reader1');
    const token = await s.login('reader1', r.password);
    for (let i = 0; i < 3; i++) expect((await s.request('GET', LIST, { token })).status).toBe(200);
    await s.built.deps.db.execute(sql`delete from role_grants where role_id = ${r.roleId}`);
    const res = await s.request('GET', LIST, { token });
    expect(res.status).toBe(403);
    await s.built.deps.db.execute(sql`insert into role_grants (role_id, authority) values (${r.roleId}, 'audit:errorLog')`);
    expect((await s.request('GET', LIST, { token })).status).toBe(200);
  });

  it('a session ended in the database answers 401 "session ended" at the next request; refreshed tokens replace the old one', async () => {
    const r = await makeReader(s, 'reader2');
    const login = await s.loginRaw('reader2', r.password);
    const token = login.body.access_token as string;
    for (let i = 0; i < 3; i++) expect((await s.request('GET', LIST, { token })).status).toBe(200);
    const refreshed = await s.request('POST', '/api/oauth/token', { form: { grant_type: 'refresh_token', refresh_token: login.body.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await s.request('GET', LIST, { token })).status).toBe(401);
    const newToken = refreshed.body.access_token as string;
    expect((await s.request('GET', LIST, { token: newToken })).status).toBe(200);
    await s.built.deps.db.execute(sql`update sessions set ended_at = now(), end_reason = 'kicked' where account_id = ${r.accountId}`);
    const res = await s.request('GET', LIST, { token: newToken });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(EnvelopeCode.SESSION_ENDED);
  });

  it('the public site answers with an ETag, 304 for the same copy, and a publish changes the answer at once', async () => {
    const admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
    const url = '/api/site/articles?kind=news&page=1&limit=50';
    const first = await s.request('GET', url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('stale-while-revalidate');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await s.request('GET', url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const made = await s.request('POST', '/api/cms/articles', { token: admin, body: { kind: 'news', title: 'Cache check news', summary: 's', body: '<p>b</p>', fields: {} } });
    expect(made.status).toBe(200);
    expect((await s.request('POST', `/api/cms/articles/${made.body.data.id}/publish`, { token: admin, body: {} })).status).toBe(200);
    const after = await s.request('GET', url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.data.records.some((a: { title: string }) => a.title === 'Cache check news')).toBe(true);
  });

  it('JSON answers over 1 KB come compressed to a client that accepts br or gzip', async () => {
    const admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
    for (const enc of ['br', 'gzip']) {
      // a cached site answer and an uncached console answer
      for (const [url, token] of [['/api/site/articles?kind=product&page=1&limit=50', ''], ['/api/admin/current/menus', admin]]) {
        const res = await fetch(`${s.url}${url}`, { headers: { 'accept-encoding': enc, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-encoding')).toBe(enc);
        expect((await res.json() as { code: number }).code).toBe(200);
      }
    }
  });
});

const freePort = () => new Promise<number>((resolve) => { const srv = net.createServer(); srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); }); });

describe.runIf(pgUrl())('a second process with warm caches (PostgreSQL)', () => {
  let s: TestServer;
  let child: ChildProcess | undefined;
  let other = '';
  beforeAll(async () => {
    s = await startTestServer();
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: s.databaseUrl!, PORT: String(port), GATEWAY_PORT: String(await freePort()), BENCAO_PROFILE: 'demo', LOG_LEVEL: 'warn', HOST: '127.0.0.1', LOGIN_RATE_LIMIT: '1000' },
      stdio: 'pipe',
    });
    let output = '';
    child.stderr?.on('data', (c) => { output = (output + String(c)).slice(-4000); });
    child.stdout?.on('data', () => { /* drained */ });
    other = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 360; i++) {
      if (child.exitCode !== null) break;
      try { if ((await fetch(`${other}/api/health`)).ok) return; } catch { /* not up yet */ }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`second process did not start: ${output}`);
  }, 400_000);
  afterAll(async () => { child?.kill(); await s?.close(); });

  const onOther = (token: string) => fetch(`${other}${LIST}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  const loginOnOther = async (userId: string, password: string) => {
    const key = await (await fetch(`${other}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json() as any;
    const login = await (await fetch(`${other}/api/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'password', username: userId, password: encryptForLogin(key.data.publicKey, password), key_id: key.data.keyId }) })).json() as any;
    return login.access_token as string;
  };

  it('a grant revoked and a session kicked out through the first process apply at the next request on the second', async () => {
    const r = await makeReader(s, 'reader3');
    // logged in on the second process: its cache holds the session and the authorities
    const token = await loginOnOther('reader3', r.password);
    for (let i = 0; i < 3; i++) expect((await onOther(token)).status).toBe(200);
    const admin = await s.login(DEMO.admin.userId, DEMO.admin.password);

    expect((await s.request('PUT', `/api/security/roles/${r.roleId}/grants`, { token: admin, body: { authorities: [] } })).status).toBe(200);
    expect((await onOther(token)).status).toBe(403);

    expect((await s.request('PUT', `/api/security/roles/${r.roleId}/grants`, { token: admin, body: { authorities: ['audit:errorLog'] } })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await onOther(token)).status).toBe(200);

    const kicked = await s.request('POST', '/api/audit/online/kick', { token: admin, body: { ids: [await liveSessionOf(s, r.accountId)] } });
    expect(kicked.status).toBe(200);
    const res = await onOther(token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(EnvelopeCode.SESSION_ENDED);
  }, 120_000);

  it('a kept list answer on the second process shows a write and a data scope change made through the first at the next request', async () => {
    const r = await makeReader(s, 'reader4');
    const token = await loginOnOther('reader4', r.password);
    const url = `${other}/api/audit/client-errors?page=1&limit=50&keyword=twoprocess`;
    const listed = async () => {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { records: { message: string }[] } }).data.records.map((e) => e.message).sort();
    };
    const report = (message: string) => s.request('POST', '/api/admin/client-errors', { body: { message, url: 'http://127.0.0.1/console/#/twoprocess' } });
    expect((await report('twoprocess one')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect(await listed()).toEqual(['twoprocess one']);

    expect((await report('twoprocess two')).status).toBe(200);
    expect(await listed()).toEqual(['twoprocess one', 'twoprocess two']);

    // the reader's role now sees only its holders' own errors (these two were reported anonymously)
    await s.built.deps.db.execute(sql`update roles set data_scope = 'self' where id = ${r.roleId}`);
    expect(await listed()).toEqual([]);
  }, 120_000);
});
