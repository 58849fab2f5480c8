/**
 * Login figures (security issue items 10 and 13), printed, never asserted:
 * - a wrong password for a known and for an unknown user id: median answer time (they should match:
 *   an unknown id is checked against a dummy argon2 hash);
 * - while 20 connections ask LoginGetKey.do (no limit here): keys per second and the health check's
 *   answer time, which shows the event loop stays free (keys come from a pool generated in libuv's
 *   thread pool); in production LOGIN_KEY_RATE_LIMIT refuses such a flood per address with 429.
 * Run: npx tsx bench/login.ts   (embedded database, all traffic on 127.0.0.1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { buildApp } from '../apps/server/src/app';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
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

  const flood = autocannon({ url: `${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`, connections: 20, duration: 10 });
  await new Promise((r) => setTimeout(r, 2000));
  const health: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`);
    health.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 200));
  }
  const r = await flood;
  console.log(`key flood (20 connections, 10 s): ${(r['2xx'] / 10).toFixed(1)} keys/s; health check meanwhile: median ${median(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => { console.error(err); process.exit(1); });
