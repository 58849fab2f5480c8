import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { seed } from '../src/db/seed/index';
import { testConfig } from './templateDb';
import { encryptForLogin } from '../src/platform/auth/loginKeys';

const freePort = () => new Promise<number>((resolve) => { const srv = net.createServer(); srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); }); });

describe('seeding', () => {
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(); });
  afterAll(async () => { await s?.close(); });

  it('a second seed changes nothing', async () => {
    const db = s.built.deps.db;
    const tables = (await db.execute<{ t: string }>(sql`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows.map((r) => r.t);
    const count = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, (await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${t}"`))).rows[0].n] as const)));
    const before = await count();
    await seed(db, testConfig());
    expect(await count()).toEqual(before);
  });
});

describe('production profile', () => {
  const dir = path.join(os.tmpdir(), `bencao-prod-${process.pid}`);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PORT: String(port), GATEWAY_PORT: String(await freePort()), BENCAO_PROFILE: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: 'pipe',
    });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    return { child, port, output: () => out, exited: new Promise<number | null>((r) => child.on('exit', r)) };
  };

  it('refuses to start without an initial administrator password, then starts with one and seeds no demo accounts', async () => {
    const refused = await start({ BENCAO_ADMIN_PASSWORD: '' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('BENCAO_ADMIN_PASSWORD');

    const ok = await start({ BENCAO_ADMIN_PASSWORD: 'Initial@2026' });
    const url = `http://127.0.0.1:${ok.port}`;
    try {
      let up = false;
      for (let i = 0; i < 180 && !up; i++) {
        try { up = (await fetch(`${url}/api/health`)).ok; } catch { await new Promise((r) => setTimeout(r, 500)); }
      }
      expect(up).toBe(true);
      const login = async (user: string, pw: string) => {
        const key: any = await (await fetch(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
        const form = new URLSearchParams({ grant_type: 'password', username: user, password: encryptForLogin(key.data.publicKey, pw), key_id: key.data.keyId });
        return (await fetch(`${url}/api/oauth/token`, { method: 'POST', body: form })).status;
      };
      expect(await login('admin', 'Initial@2026')).toBe(200);
      expect(await login('auditor', 'Audit@2026')).toBe(400);
      expect(ok.output()).not.toContain('demo accounts');
    } finally {
      ok.child.kill('SIGTERM');
      await ok.exited;
    }
  }, 180_000);
});
