/**
 * Login figures (security issue items 10 and 13, issue 25 item 4), printed, never asserted:
 * - a wrong password for a known and for an unknown user id: median answer time (they should match:
 *   an unknown id is checked against a dummy argon2 hash);
 * - a normal login (key + token) timed every second from 127.0.0.2 while autocannon floods
 *   LoginGetKey.do at 20 connections from 127.0.0.1 for 20 s (BENCH_FLOOD_SECONDS): p50/p99 of the login, the flood's answers
 *   (200 / 429 / 503) and the health check's time, (a) with the production limits (the per-address burst
 *   limit refuses the flood) and (b) with no limit (as a flood from many addresses would be: the key pool
 *   generates one pair at a time and answers 503 past 8 waiting). Goal: a login ≤ 1 s at p99.
 * The flooded server runs in a child process (bench/serverProcess.ts), each phase on a fresh embedded database.
 * Run: npx tsx bench/login.ts   (embedded database, all traffic on 127.0.0.1 and 127.0.0.2)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { buildApp } from '../apps/server/src/app';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';
import { startServer } from './serverProcess';
import { cpuProbe, machineLine } from './calibration';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

/** one request from another loopback address than the flood's, so the flood's per-address limits do not touch it */
function fromOtherAddress(url: string, method = 'GET', body?: string): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {};
    const req = http.request(url, { method, localAddress: '127.0.0.2', headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c) => { text += c; }).on('end', () => {
        try { resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }); } catch (e) { reject(e); }
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function main() {
  console.log(machineLine());
  console.log(cpuProbe());
  const dataDir = path.join(os.tmpdir(), `bencao-bench-login-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'fatal' }), dataDir, loginRateLimit: 100_000, loginKeyRateLimit: 100_000 };
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seed(database.db, config);
  const { app } = await buildApp(database, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const attempt = async (username: string, password: string) => {
    const key = await (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
    const form = new URLSearchParams({ grant_type: 'password', username, password: encryptForLogin(key.data.publicKey, password), key_id: key.data.keyId });
    const t0 = performance.now();
    const res = await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form });
    const body = await res.json();
    return { ms: performance.now() - t0, body };
  };

  await attempt('editor', 'warm-up'); await attempt('nobody-warm-up', 'warm-up'); await attempt('editor', 'Editor@2026');
  // A different id per round so that no lock is reached (the lock is counted per id for both).
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    known.push((await attempt(i % 2 ? 'editor' : 'auditor', `wrong-${i}`)).ms);
    unknown.push((await attempt(`nobody-${i}`, `wrong-${i}`)).ms);
    if (i % 4 === 3) await attempt('editor', 'Editor@2026'), await attempt('auditor', 'Audit@2026'); // reset the counters
  }
  console.log(`wrong password, known id:   median ${median(known).toFixed(1)} ms over ${ROUNDS}`);
  console.log(`wrong password, unknown id: median ${median(unknown).toFixed(1)} ms over ${ROUNDS}`);

  await app.close();

  // The flood, with the production limits and with none: the server in a child process (as `npm start`
  // runs it), so autocannon here never shares its event loop.
  for (const [label, env] of [
    ['production limits (burst limit per address)', { LOGIN_KEY_RATE_LIMIT: '60' }],
    ['no limits (a flood from many addresses)', { LOGIN_KEY_RATE_LIMIT: '100000', LOGIN_KEY_BURST: '0' }],
  ] as const) {
    const childDir = `${dataDir}-${env.LOGIN_KEY_RATE_LIMIT}`;
    fs.rmSync(childDir, { recursive: true, force: true });
    // LOGIN_RATE_LIMIT=1000 (startServer's): the token endpoint's own limit is out of the way
    const server = await startServer({ DATA_DIR: childDir, ...env });
    const url = server.base;
    await new Promise((r) => setTimeout(r, 5000)); // the key pool fills
    const login = async () => {
      const t0 = performance.now();
      const key = await fromOtherAddress(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`);
      const keyMs = performance.now() - t0;
      if (key.status !== 200) return { ms: keyMs, keyMs, status: key.status };
      const form = new URLSearchParams({ grant_type: 'password', username: 'editor', password: encryptForLogin(key.json.data.publicKey, 'Editor@2026'), key_id: key.json.data.keyId });
      const res = await fromOtherAddress(`${url}/api/oauth/token`, 'POST', form.toString());
      return { ms: performance.now() - t0, keyMs, status: res.status };
    };
    const quiet: number[] = [];
    for (let i = 0; i < 5; i++) { quiet.push((await login()).ms); await new Promise((r) => setTimeout(r, 1000)); }
    const statuses: Record<number, number> = {};
    const flood = autocannon({ url: `${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`, connections: 20, duration: FLOOD_SECONDS });
    flood.on('response', (_c: unknown, status: number) => { statuses[status] = (statuses[status] ?? 0) + 1; });
    const started = performance.now();
    const during: number[] = [];
    const keyPart: number[] = [];
    const failed: Record<number, number> = {};
    const health: number[] = [];
    while (performance.now() - started < (FLOOD_SECONDS - 0.5) * 1000) {
      const l = await login();
      if (l.status === 200) { during.push(l.ms); keyPart.push(l.keyMs); } else failed[l.status] = (failed[l.status] ?? 0) + 1;
      const h0 = performance.now();
      await fetch(`${url}/api/health`);
      health.push(performance.now() - h0);
      await new Promise((r) => setTimeout(r, 1000));
    }
    await flood;
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${os.availableParallelism()} cores`);
    console.log(`key flood, ${label}: 20 connections on LoginGetKey.do for ${FLOOD_SECONDS} s from 127.0.0.1 → ${Object.entries(statuses).map(([k, v]) => `${v}× ${k}`).join(', ')} (${((statuses[200] ?? 0) / FLOOD_SECONDS).toFixed(1)} keys/s)`);
    console.log(`  a login (key + token) from 127.0.0.2: quiet median ${median(quiet).toFixed(0)} ms; during the flood p50 ${pct(during, 50).toFixed(0)} ms, p99 ${pct(during, 99).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms over ${during.length} logins (of which the key: p50 ${pct(keyPart, 50).toFixed(0)} ms)${Object.keys(failed).length ? `, refused: ${Object.entries(failed).map(([k, v]) => `${v}× ${k}`).join(', ')}` : ''}; health check median ${median(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`);
    const stopped = await server.stop();
    if (stopped.errors.length) console.log(`  server errors: ${stopped.errors.slice(0, 3).join(' | ')}`);
    fs.rmSync(childDir, { recursive: true, force: true });
  }

  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => { console.error(err); process.exit(1); });
