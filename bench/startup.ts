/**
 * Start-up of the production build (`node apps/server/dist/main.js`, as `npm start` runs it) on the embedded
 * database, printed against DESIGN's budget (≤ 3 s to a healthy answer with demo data), never asserted:
 * - first start on an empty DATA_DIR: migrations and the demo seed included;
 * - restarts on that data (BENCH_ROUNDS of them, median and worst): the case the budget is for.
 * Time is from spawning the process to the first 200 of /api/health (polled every 20 ms).
 * Run: npm run build (or npm run build -w @bencao/server), then npx tsx bench/startup.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './serverProcess';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET_MS = 3000;
const main = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');

async function startOnce(dataDir: string) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [main], {
    cwd: path.dirname(main),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), GATEWAY_PORT: String(await freePort()), HOST: '127.0.0.1', BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended before it was healthy:\n${err}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) { ms = performance.now() - t0; break; }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  await exited;
  return ms;
}

async function run() {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: npm run build first`);
  const dataDir = path.join(os.tmpdir(), `bencao-bench-startup-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const first = await startOnce(dataDir);
    const again: number[] = [];
    for (let i = 0; i < ROUNDS; i++) again.push(await startOnce(dataDir));
    const sorted = [...again].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const worst = sorted[sorted.length - 1];
    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`start to healthy, built server, embedded database (load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores)`);
    console.log(`  first start (migrate + demo seed):   ${fmt(first)}`);
    console.log(`  restart with demo data, ${ROUNDS} runs:   median ${fmt(median)}, worst ${fmt(worst)}  ${worst <= BUDGET_MS ? 'PASS' : 'OVER'} (budget ≤ ${fmt(BUDGET_MS)})`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

run().catch((err) => { console.error(err); process.exit(1); });
