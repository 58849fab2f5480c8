/**
 * API throughput: an authenticated paged list over a 10,000-row table at 20 connections, on the
 * embedded database and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) on PostgreSQL.
 * Baseline in the same run: the unauthenticated health check, so the figure can be compared.
 * Budgets (DESIGN): ≥ 1,000 req/s and p99 ≤ 50 ms embedded; ≥ 3,000 req/s on PostgreSQL.
 * Run: npx tsx bench/api-list.ts   (all traffic stays on 127.0.0.1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { buildApp } from '../apps/server/src/app';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function run(label: string, databaseUrl?: string) {
  const dataDir = path.join(os.tmpdir(), `bencao-bench-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const config = { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' }), dataDir, databaseUrl };
  const database = await openDatabase({ dataDir, databaseUrl });
  await database.migrate();
  await seed(database.db, config);
  await database.db.execute(sql`truncate client_errors`);
  await database.db.execute(sql`insert into client_errors (message, url, user_agent)
    select 'TypeError: x is undefined #' || g, 'http://127.0.0.1/console/#/page/' || (g % 97), 'bench' from generate_series(1, 10000) g`);
  const { app } = await buildApp(database, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const key = await (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
  const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptForLogin(key.data.publicKey, 'Bencao@2026'), key_id: key.data.keyId });
  const token = (await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()).access_token;

  const measure = async (name: string, url: string, headers: Record<string, string> = {}) => {
    await autocannon({ url, connections: 20, duration: 2, headers }); // warm-up
    const r = await autocannon({ url, connections: 20, duration: DURATION, headers });
    const non2xx = r.non2xx + r.errors;
    console.log(`${label.padEnd(10)} ${name.padEnd(34)} ${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${non2xx ? `(${non2xx} errors!)` : ''}`);
    return r;
  };
  const baseline = await measure('baseline: GET /api/health', `${base}/api/health`);
  const list = await measure('paged list, 10k rows, page 37', `${base}/api/audit/client-errors?page=37&limit=10`, { authorization: `Bearer ${token}` });
  const budget = databaseUrl ? { rps: 3000, p99: Infinity } : { rps: 1000, p99: 50 };
  const okRps = list.requests.average >= budget.rps, okP99 = list.latency.p99 <= budget.p99;
  console.log(`${label.padEnd(10)} list / baseline = ${(list.requests.average / baseline.requests.average).toFixed(2)}; budget ≥ ${budget.rps} req/s${Number.isFinite(budget.p99) ? `, p99 ≤ ${budget.p99} ms` : ''}: ${okRps && okP99 ? 'PASS' : 'OVER'}`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await run('PGlite');
const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) await run('PostgreSQL', pg);
else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database the bench may fill)');
process.exit(0);
