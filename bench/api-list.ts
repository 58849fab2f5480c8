/**
 * API throughput: an authenticated paged list over a 10,000-row table at 20 connections, on the
 * embedded database and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set) on PostgreSQL.
 * The server runs as in production: `src/main.ts` in a child process (PGlite: one process; PostgreSQL:
 * WORKERS=1, then WORKERS=<cores> — node cluster on one port), on a database this process prepared
 * (migrated, seeded, 10,000 client errors); the load comes from this process. The gateway, idle here,
 * stays inside the API process (GATEWAY_WORKERS=0) so its own worker processes do not share the cores.
 * Baseline in the same run: the unauthenticated health check, so the figure can be compared.
 * Budgets (DESIGN): ≥ 1,000 req/s and p99 ≤ 50 ms embedded; ≥ 3,000 req/s on PostgreSQL.
 * The server's log at error level is checked too: a clean shutdown logs nothing.
 * Run: npx tsx bench/api-list.ts   (all traffic stays on 127.0.0.1; BENCH_SECONDS=10; BENCH_NODE_ARGS for the server's node)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from './serverProcess';
import { sql } from 'drizzle-orm';
import { readConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seed } from '../apps/server/src/db/seed/index';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CORES = os.availableParallelism();

/** migrated, seeded, and 10,000 client errors to list */
async function prepare(dataDir: string, databaseUrl?: string) {
  const config = { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' }), dataDir, databaseUrl };
  const database = await openDatabase({ dataDir, databaseUrl });
  await database.migrate();
  await seed(database.db, config);
  await database.db.execute(sql`truncate client_errors`);
  await database.db.execute(sql`insert into client_errors (message, url, user_agent)
    select 'TypeError: x is undefined #' || g, 'http://127.0.0.1/console/#/page/' || (g % 97), 'bench' from generate_series(1, 10000) g`);
  await database.close();
}

async function login(base: string) {
  const key = await (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
  const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptForLogin(key.data.publicKey, 'Bencao@2026'), key_id: key.data.keyId });
  return (await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()).access_token as string;
}

async function run(label: string, env: Record<string, string>, budget: { rps: number; p99: number }) {
  const server = await startServer(env);
  const token = await login(server.base);
  const measure = async (name: string, url: string, headers: Record<string, string> = {}) => {
    await autocannon({ url, connections: 20, duration: 2, headers }); // warm-up
    const r = await autocannon({ url, connections: 20, duration: DURATION, headers });
    const non2xx = r.non2xx + r.errors;
    console.log(`${label.padEnd(16)} ${name.padEnd(34)} ${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ${non2xx ? `(${non2xx} errors!)` : ''}`);
    return r;
  };
  const baseline = await measure('baseline: GET /api/health', `${server.base}/api/health`);
  const list = await measure('paged list, 10k rows, page 37', `${server.base}/api/audit/client-errors?page=37&limit=10`, { authorization: `Bearer ${token}` });
  const okRps = list.requests.average >= budget.rps, okP99 = list.latency.p99 <= budget.p99;
  console.log(`${label.padEnd(16)} list / baseline = ${(list.requests.average / baseline.requests.average).toFixed(2)}; budget ≥ ${budget.rps} req/s${Number.isFinite(budget.p99) ? `, p99 ≤ ${budget.p99} ms` : ''}: ${okRps && okP99 ? 'PASS' : 'OVER'}`);
  const { code, errors } = await server.stop();
  console.log(`${label.padEnd(16)} shutdown: exit ${code}, ${errors.length ? `${errors.length} error line(s):\n${errors.slice(0, 3).join('\n')}` : 'nothing logged at error level'}`);
}

console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${CORES} cores`);
const dataDir = path.join(os.tmpdir(), `bencao-bench-${process.pid}`);
fs.rmSync(dataDir, { recursive: true, force: true });
await prepare(dataDir);
await run('PGlite', { DATA_DIR: dataDir }, { rps: 1000, p99: 50 });
fs.rmSync(dataDir, { recursive: true, force: true });

const pg = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pg) {
  await prepare(dataDir, pg);
  for (const workers of [...new Set([1, CORES])]) {
    await run(`PostgreSQL ×${workers}`, { DATABASE_URL: pg, WORKERS: String(workers) }, { rps: 3000, p99: Infinity });
  }
} else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database the bench may fill)');
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
process.exit(0);
