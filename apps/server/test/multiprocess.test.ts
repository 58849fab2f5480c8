import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import net from 'node:net';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { openTestDatabase, pgUrl } from './templateDb';

/**
 * Two server processes on one PostgreSQL database behave as one: a session made on one works on the
 * other, and a session ended on one fails on the other at once. PGlite is one process by nature, so
 * this runs only on PostgreSQL (the PostgreSQL run of `npm test`).
 */
const freePort = () => new Promise<number>((resolve) => { const srv = net.createServer(); srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); }); });

async function startProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), GATEWAY_PORT: String(await freePort()), BENCAO_PROFILE: 'demo', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
    stdio: 'pipe',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try { if ((await fetch(`${url}/api/health`)).ok) return { url, child }; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server process did not start');
}

describe.runIf(pgUrl())('several server processes on one PostgreSQL', () => {
  let a: { url: string; child: ChildProcess }, b: { url: string; child: ChildProcess }, drop: () => Promise<void>;
  beforeAll(async () => {
    const tdb = await openTestDatabase();
    drop = tdb.drop;
    [a, b] = await Promise.all([startProcess(tdb.url!), startProcess(tdb.url!)]);
  }, 120_000);
  afterAll(async () => { a?.child.kill(); b?.child.kill(); await new Promise((r) => setTimeout(r, 500)); await drop?.(); });

  it('a session made on one process works on the other; ended on one, it fails on the other at once', async () => {
    const key: any = await (await fetch(`${a.url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
    // The key was issued by process A; process B takes the login: keys live in the database.
    const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptForLogin(key.data.publicKey, 'Bencao@2026'), key_id: key.data.keyId });
    const token = ((await (await fetch(`${b.url}/api/oauth/token`, { method: "POST", body: form })).json()) as any).access_token;
    const me = (base: string) => fetch(`${base}/api/admin/current/user`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(a.url)).status).toBe(200);
    expect((await me(b.url)).status).toBe(200);
    await fetch(`${a.url}/api/j_hh_security_logout`, { headers: { authorization: `Bearer ${token}` } });
    const after = await me(b.url);
    expect(after.status).toBe(401);
    expect(((await after.json()) as any).code).toBe(10002);
  });
});
