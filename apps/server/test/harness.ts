import type { AddressInfo } from 'node:net';
import { buildApp, type BuiltApp } from '../src/app';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { openTestDatabase, testConfig } from './templateDb';
import type { AppConfig } from '../src/config';
import { startGateway, type Gateway } from '../src/modules/gateway/proxy';

export interface Answer<T = any> { status: number; body: T; headers: Headers }

/** A real server on 127.0.0.1 on its own copy of the seeded database. */
export interface TestServer {
  url: string;
  built: BuiltApp;
  /** the gateway listener, when started with `{ gateway: {} }` */
  gateway?: Gateway;
  /** the database URL when the run is on PostgreSQL */
  databaseUrl?: string;
  request<T = any>(method: string, path: string, opts?: { token?: string; body?: unknown; form?: Record<string, string>; lang?: string; headers?: Record<string, string>; signal?: AbortSignal }): Promise<Answer<T>>;
  /** logs in through the real key + token flow; returns the OAuth answer */
  loginRaw(userId: string, password: string, lang?: string): Promise<Answer>;
  /** logs in and returns the access token, failing the test when login fails */
  login(userId: string, password: string): Promise<string>;
  /**
   * Stops the server (and its gateway) and closes the database, then opens the same database again
   * and builds a new server on it, as a process restart does; `url`, `built` and `gateway` are then the new ones.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const DEMO = {
  admin: { userId: 'admin', password: 'Bencao@2026' },
  auditor: { userId: 'auditor', password: 'Audit@2026' },
  editor: { userId: 'editor', password: 'Editor@2026' },
  operator: { userId: 'operator', password: 'Ops@2026x' },
  pharmacovigilance: { userId: 'pvofficer', password: 'Vigil@2026' },
  hr: { userId: 'hrofficer', password: 'People@2026' },
} as const;

export interface TestServerOptions {
  /** also start the gateway listener on a free port (`pollMs`: how often it reads the rules) */
  gateway?: { pollMs?: number };
}

export async function startTestServer(overrides: Partial<AppConfig> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const tdb = await openTestDatabase();
  let built: BuiltApp;
  let gateway: Gateway | undefined;
  let url = '';
  const start = async () => {
    built = await buildApp(tdb.database, testConfig(overrides));
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    // gateway tests call dead and slow upstreams on purpose: their warnings are expected, errors still print
    gateway = options.gateway ? await startGateway(built.deps.db, { port: 0, host: '127.0.0.1', pollMs: options.gateway.pollMs, logLevel: 'error' }) : undefined;
    url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  };
  await start();

  const request: TestServer['request'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { 'accept-language': opts.lang ?? 'en', ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.form) { headers['content-type'] = 'application/x-www-form-urlencoded'; body = new URLSearchParams(opts.form).toString(); }
    else if (opts.body !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(opts.body); }
    const res = await fetch(url + path, { method, headers, body, signal: opts.signal });
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body: parsed as any, headers: res.headers };
  };

  const loginRaw: TestServer['loginRaw'] = async (userId, password, lang = 'en') => {
    const key = await request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
    return request('POST', '/api/oauth/token', {
      lang,
      form: { grant_type: 'password', username: userId, password: encryptForLogin(key.body.data.publicKey, password), key_id: key.body.data.keyId },
    });
  };

  return {
    get url() { return url; },
    get built() { return built; },
    get gateway() { return gateway; },
    databaseUrl: tdb.url, request, loginRaw,
    async login(userId, password) {
      const res = await loginRaw(userId, password);
      if (res.status !== 200) throw new Error(`login ${userId} failed: ${JSON.stringify(res.body)}`);
      return res.body.access_token as string;
    },
    async restart() {
      await gateway?.close();
      await built.app.close();
      await (await tdb.reopen()).migrate();
      await start();
    },
    async close() { await gateway?.close(); await built.app.close(); await tdb.drop(); },
  };
}
