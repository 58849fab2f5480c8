import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { serverDir, startBuiltServer, type BuiltServer } from './builtServer';

// A build-only defect (a file the bundle does not carry, a path resolved from src/, a TypeScript-only import)
// fails here: the server is the one `npm start` runs, on a fresh embedded database.
const dataDir = path.resolve(import.meta.dirname, '../../../.tmp/smoke-built-server');
const PORT = '18870';
const GATEWAY_PORT = '18871';

describe('the built server (node dist/main.js)', () => {
  let s: BuiltServer;
  let token: string;
  beforeAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    s = await startBuiltServer({ DATA_DIR: dataDir, PORT, GATEWAY_PORT, GATEWAY_WORKERS: '1', METRICS_TOKEN: 'smoke-metrics-token' });
  });
  afterAll(async () => {
    await s?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds a fresh database, then logs in through the key flow', async () => {
    const health: any = await (await fetch(`${s.url}/api/health`)).json();
    expect(health.data).toEqual({ status: 'up', db: 'pglite' });
    token = await s.login('admin', 'Bencao@2026');
    expect(token).toBeTruthy();
  });

  it('is ready (migrations found in dist/migrations) and answers its metrics to the token', async () => {
    expect((await fetch(`${s.url}/api/health/ready`)).status).toBe(200);
    const metrics = await fetch(`${s.url}/metrics`, { headers: { authorization: 'Bearer smoke-metrics-token' } });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('bencao_http_request_duration_seconds_count{method="GET",route="/api/health/ready",status="200"} 1');
  });

  it('answers a list with the seeded rows and validates input in the caller\'s language', async () => {
    const roles: any = await (await fetch(`${s.url}/api/security/roles?page=1&limit=10`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(roles.code).toBe(200);
    expect(roles.data.total).toBeGreaterThan(0);
    const bad = await fetch(`${s.url}/api/security/roles?page=0`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh' } });
    expect(bad.status).toBe(400);
  });

  it('renders a site page on the server (the site\'s built render module is found from dist)', async () => {
    const list: any = await (await fetch(`${s.url}/api/site/articles?kind=news&limit=1`)).json();
    const id = list.data.records[0].id;
    const res = await fetch(`${s.url}/news/${id}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="article-title">');
    expect(html).toContain(`<link rel="canonical" href="${s.url}/news/${id}" />`);
  });

  it('backs up the running server with the built command (node dist/db.js backup)', () => {
    const file = path.join(dataDir, '..', 'smoke-built-server-backup.tar.gz');
    try {
      const out = execFileSync(process.execPath, [path.join(serverDir, 'dist', 'db.js'), 'backup', file], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8' });
      expect(out).toContain('backup written by the running server');
      expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('serves the console and runs the gateway in a forked worker process from dist/gatewayWorker.js', async () => {
    expect((await fetch(`${s.url}/console/`)).status).toBe(200);
    // the gateway starts listening just after the API does
    let gw: Response | null = null;
    for (let i = 0; i < 100 && !gw; i++) {
      gw = await fetch(`http://127.0.0.1:${GATEWAY_PORT}/no-such-route`).catch(() => null);
      if (!gw) await new Promise((r) => setTimeout(r, 100));
    }
    expect(gw?.status).toBe(404);
    expect(fs.readFileSync(`/proc/${s.child.pid}/task/${s.child.pid}/children`, 'utf8').trim()).not.toBe('');
  });

  it('restarts on its data without seeding again (the seed\'s fingerprint in DATA_DIR), still with the demo accounts', async () => {
    const marker = path.join(dataDir, '.bencao-seeded.json');
    expect(JSON.parse(fs.readFileSync(marker, 'utf8')).fingerprint).toMatch(/^[0-9a-f]{64}$/);
    await s.stop();
    const before = fs.statSync(marker).mtimeMs;
    s = await startBuiltServer({ DATA_DIR: dataDir, PORT, GATEWAY_PORT, GATEWAY_WORKERS: '0' });
    expect(fs.statSync(marker).mtimeMs).toBe(before);
    expect(s.output()).toContain('Bencao@2026');
    expect(await s.login('auditor', 'Audit@2026')).toBeTruthy();
  }, 180_000);
});
