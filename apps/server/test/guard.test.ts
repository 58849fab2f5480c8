import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { startTestServer, type TestServer } from './harness';
import { accounts } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import { installGuard } from '../src/platform/guard';
import { PUBLIC } from '../src/platform/guard';
import { AppError } from '../src/platform/errors';
import { APP_AUTHORITY_PREFIX } from '@bencao/contracts';

let s: TestServer;
let noGrants: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.built.deps.db.insert(accounts).values({ userId: 'nobody_', userName: 'No grants', passwordHash: await hashPassword('Nobody@2026') });
  noGrants = await s.login('nobody_', 'Nobody@2026');
});
afterAll(async () => { await s?.close(); });

const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');

describe('permission guard', () => {
  it('refuses to register an API route that declares no authority', () => {
    const app = Fastify();
    installGuard(app, s.built.deps.db, s.built.deps.sessions);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no authority/);
  });

  it('every API route declares public, login, an authority code (or codes, any of them: a|b) or an application right', () => {
    expect(s.built.routes.length).toBeGreaterThan(5);
    for (const r of s.built.routes) expect(r.authority, `${r.method} ${r.url}`).toMatch(/^(public|login|[a-zA-Z]+(:[a-zA-Z]+)+(\|[a-zA-Z]+(:[a-zA-Z]+)+)*)$/);
  });

  it('every guarded route answers 401 without a session', async () => {
    const guarded = s.built.routes.filter((r) => r.authority !== PUBLIC);
    const wrong: string[] = [];
    for (const r of guarded) {
      const res = await s.request(r.method, concrete(r.url), r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} });
      if (res.status !== 401) wrong.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('every route needing an authority answers 403 to an account without it', async () => {
    const coded = s.built.routes.filter((r) => r.authority !== PUBLIC && r.authority !== 'login' && !r.authority?.startsWith(APP_AUTHORITY_PREFIX));
    const wrong: string[] = [];
    for (const r of coded) {
      const res = await s.request(r.method, concrete(r.url), { token: noGrants, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) });
      if (res.status !== 403) wrong.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('application routes (app:<right>) are the whole open API; a console session does not open them', async () => {
    const appRoutes = s.built.routes.filter((r) => r.authority?.startsWith(APP_AUTHORITY_PREFIX));
    expect(appRoutes.map((r) => r.url).sort()).toEqual(s.built.routes.filter((r) => r.url.startsWith('/api/gateway/open/')).map((r) => r.url).sort());
    expect(appRoutes.length).toBeGreaterThanOrEqual(6);
    const admin = await s.login('admin', 'Bencao@2026');
    const wrong: string[] = [];
    for (const r of appRoutes) {
      const res = await s.request(r.method, concrete(r.url), { token: admin, ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: {} }) });
      if (res.status !== 401) wrong.push(`${r.method} ${r.url} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('an app: route whose plugin checks no signature answers 401, not anonymous; an unknown right is refused at start', async () => {
    const app = Fastify();
    installGuard(app, s.built.deps.db, s.built.deps.sessions);
    app.setErrorHandler((err, _req, reply) => reply.code(err instanceof AppError ? err.status : 500).send({ key: err instanceof AppError ? err.key : String(err) }));
    app.get('/api/forgotten', { config: { authority: 'app:config:read' } }, async () => 'anonymous!');
    expect(() => app.get('/api/typo', { config: { authority: 'app:config:reed' } }, async () => 'x')).toThrow(/unknown application right/);
    const res = await app.inject({ method: 'GET', url: '/api/forgotten' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ key: 'error.appSignatureRequired' });
    await app.close();
  });

  it('a 403 names the missing authority in the caller language', async () => {
    const res = await s.request('GET', '/api/audit/client-errors', { token: noGrants, lang: 'zh' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, msg: '您没有执行此操作所需的权限“audit:errorLog”', data: null });
  });
});
