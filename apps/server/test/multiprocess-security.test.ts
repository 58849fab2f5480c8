import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { hashPassword } from '../src/platform/auth/passwords';
import { openTestDatabase, pgUrl } from './templateDb';

/**
 * The counters that guard login live in the database and change atomically: parallel guesses sent
 * to two server processes are judged at most the policy count of times, and the login rate limits
 * are shared by both processes. Runs only on PostgreSQL (PGlite is one process by nature).
 */
const freePort = () => new Promise<number>((resolve) => { const srv = net.createServer(); srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); }); });

interface Proc { url: string; child: ChildProcess }

async function startProcess(databaseUrl: string, env: Record<string, string>): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), GATEWAY_PORT: String(await freePort()), BENCAO_PROFILE: 'demo', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: 'pipe',
  });
  let output = '';
  child.stderr?.on('data', (c) => { output = (output + String(c)).slice(-4000); });
  child.stdout?.on('data', () => { /* drained so the child never blocks on a full pipe */ });
  const url = `http://127.0.0.1:${port}`;
  // Starting through tsx is slow on a busy machine: up to three minutes.
  for (let i = 0; i < 360; i++) {
    if (child.exitCode !== null) break;
    try { if ((await fetch(`${url}/api/health`)).ok) return { url, child }; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error(`server process did not start: ${output}`);
}

async function pair(env: Record<string, string>) {
  const tdb = await openTestDatabase();
  const procs = await Promise.all([startProcess(tdb.url!, env), startProcess(tdb.url!, env)]);
  const client = new pg.Client({ connectionString: tdb.url! });
  await client.connect();
  return {
    procs, client,
    async close() {
      for (const p of procs) p.child.kill();
      await client.end();
      await new Promise((r) => setTimeout(r, 500));
      await tdb.drop();
    },
  };
}

const getKey = async (base: string) => (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json() as Promise<any>;
const token = (base: string, form: Record<string, string>) => fetch(`${base}/api/oauth/token`, { method: 'POST', body: new URLSearchParams(form) });

describe.runIf(pgUrl())('two server processes share the login counters', () => {
  describe('parallel guesses', () => {
    let p: Awaited<ReturnType<typeof pair>>;
    beforeAll(async () => { p = await pair({ LOGIN_RATE_LIMIT: '1000', LOGIN_KEY_RATE_LIMIT: '1000' }); }, 400_000);
    afterAll(async () => { await p?.close(); });

    it('60 wrong guesses at once on two processes: at most 5 judged as wrong password; the right password is then refused as locked', async () => {
      await p.client.query(`insert into accounts (user_id, user_name, password_hash) values ('burst', 'burst', $1)`, [await hashPassword('Right@2026x')]);
      const { rows: [policy] } = await p.client.query('select max_failed_logins from password_policy');
      expect(policy.max_failed_logins).toBe(5);
      const bases = p.procs.map((x) => x.url);
      // keys one after the other (a process answers 503 to more than a few waiting for a fresh key pair), the guesses at once
      const keys: any[] = [];
      for (let i = 0; i < 60; i++) keys.push(await getKey(bases[i % 2]));
      // each key is taken by the other process: keys live in the database
      const answers = await Promise.all(keys.map(async (k, i) => {
        const res = await token(bases[(i + 1) % 2], { grant_type: 'password', username: 'burst', password: encryptForLogin(k.data.publicKey, `wrong-${i}`), key_id: k.data.keyId });
        return { status: res.status, body: await res.json() as any };
      }));
      expect(answers.every((a) => a.status === 400)).toBe(true);
      const { rows } = await p.client.query(`select reason from login_logs where user_id = 'burst'`);
      const judged = rows.filter((r) => r.reason.startsWith('wrong password'));
      expect(judged.length).toBeGreaterThanOrEqual(1);
      expect(judged.length).toBeLessThanOrEqual(5);
      for (const base of bases) {
        const k = await getKey(base);
        const res = await token(base, { grant_type: 'password', username: 'burst', password: encryptForLogin(k.data.publicKey, 'Right@2026x'), key_id: k.data.keyId });
        const body = await res.json() as any;
        expect(res.status).toBe(400);
        expect(body.locked).toBe(true);
        expect(body.access_token).toBeUndefined();
      }
    }, 240_000); // 62 RSA key pairs and 60 argon2 checks: long on a loaded 2-core machine
  });

  describe('rate limits', () => {
    let p: Awaited<ReturnType<typeof pair>>;
    beforeAll(async () => { p = await pair({ LOGIN_RATE_LIMIT: '5', LOGIN_KEY_RATE_LIMIT: '8' }); }, 400_000);
    afterAll(async () => { await p?.close(); });

    it('the login limit per address counts the attempts of both processes together', async () => {
      const bases = p.procs.map((x) => x.url);
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) =>
        token(bases[i % 2], { grant_type: 'password', username: 'nobody', password: 'x', key_id: 'no-such-key' }).then((r) => r.status)));
      const judged = statuses.filter((st) => st !== 429);
      // one process alone would let 5 through, two in-memory counters 10
      expect(judged.length).toBeGreaterThanOrEqual(1);
      expect(judged.length).toBeLessThanOrEqual(5);
      expect(judged.every((st) => st === 400)).toBe(true);
    });

    it('LoginGetKey.do has its own limit, shared by both processes', async () => {
      const bases = p.procs.map((x) => x.url);
      const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) =>
        fetch(`${bases[i % 2]}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`).then((r) => r.status)));
      const issued = statuses.filter((st) => st === 200);
      expect(issued.length).toBeGreaterThanOrEqual(1);
      expect(issued.length).toBeLessThanOrEqual(8);
      expect(statuses.filter((st) => st !== 200).every((st) => st === 429)).toBe(true);
    });
  });

  describe('the login keys\' burst limit', () => {
    let p: Awaited<ReturnType<typeof pair>>;
    // a burst of 3, refilled every 10 s: the minute's limit (6) is not what refuses
    beforeAll(async () => { p = await pair({ LOGIN_RATE_LIMIT: '1000', LOGIN_KEY_RATE_LIMIT: '6', LOGIN_KEY_BURST: '3' }); }, 400_000);
    afterAll(async () => { await p?.close(); });

    it('is one bucket per address for both processes', async () => {
      const bases = p.procs.map((x) => x.url);
      const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) =>
        fetch(`${bases[i % 2]}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`).then((r) => r.status)));
      const issued = statuses.filter((st) => st === 200);
      // a bucket per process would let 6 through; at most one refill may fall within the burst
      expect(issued.length).toBeGreaterThanOrEqual(1);
      expect(issued.length).toBeLessThanOrEqual(4);
      expect(statuses.filter((st) => st !== 200).every((st) => st === 429)).toBe(true);
    });
  });
});
