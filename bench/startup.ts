/**
 * Start-up of the production build (`node apps/server/dist/main.js`, as `npm start` runs it) on the embedded
 * database, printed against DESIGN's budget (≤ 3 s to a healthy answer with demo data), never asserted:
 * - first start on an empty DATA_DIR: migrations and the demo seed included;
 * - restarts on that data (BENCH_ROUNDS of them, median and worst): the case the budget is for.
 * Time is from spawning the process to the first 200 of /api/health (polled every 20 ms); beside it the CPU
 * seconds the server used until then (user + system, /proc), which a busy machine changes far less than the
 * wall clock. The machine's calibration (bench/calibration.ts) and load average are printed first and last.
 * Run: npx tsx bench/startup.ts (the server is built first when a source is newer than apps/server/dist)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, freePort } from './serverProcess';
import { cpuProbe, loadAverage, machineLine } from './calibration';
import { ensureServerBuilt } from '../scripts/serverBuild.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BUDGET_MS = 3000;
/** the first start (migrations and the demo seed) */
const FIRST_BUDGET_MS = 10_000;
const main = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');

async function startOnce(dataDir: string) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), main], {
    cwd: path.dirname(main),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(port), GATEWAY_PORT: String(await freePort()), HOST: '127.0.0.1', BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let ms = 0;
  let cpu: number | null = null;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended before it was healthy:\n${err}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) { ms = performance.now() - t0; cpu = cpuSeconds(child.pid!)?.server ?? null; break; }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  await exited;
  return { ms, cpu };
}

async function run() {
  ensureServerBuilt(path.resolve(import.meta.dirname, '..'));
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: npm run build first`);
  console.log(machineLine());
  console.log(cpuProbe());
  const dataDir = path.join(os.tmpdir(), `bencao-bench-startup-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const first = await startOnce(dataDir);
    const again: Awaited<ReturnType<typeof startOnce>>[] = [];
    for (let i = 0; i < ROUNDS; i++) again.push(await startOnce(dataDir));
    const middle = <T>(xs: T[], by: (x: T) => number) => [...xs].sort((a, b) => by(a) - by(b))[Math.floor(xs.length / 2)];
    const median = middle(again, (r) => r.ms).ms;
    const worst = Math.max(...again.map((r) => r.ms));
    const medianCpu = middle(again, (r) => r.cpu ?? 0).cpu;
    const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const cpu = (s: number | null) => (s === null ? '' : `, ${s.toFixed(2)} s CPU`);
    console.log(`start to healthy, built server, embedded database (load average ${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()} cores)`);
    console.log(`  first start (migrate + demo seed):   ${fmt(first.ms)}${cpu(first.cpu)}  ${first.ms <= FIRST_BUDGET_MS ? 'PASS' : 'OVER'} (budget ≤ ${fmt(FIRST_BUDGET_MS)})`);
    console.log(`  restart with demo data, ${ROUNDS} runs:   median ${fmt(median)}${cpu(medianCpu)}, worst ${fmt(worst)}  ${worst <= BUDGET_MS ? 'PASS' : 'OVER'} (budget ≤ ${fmt(BUDGET_MS)})`);
    console.log(`load average at the end ${loadAverage()}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

run().catch((err) => { console.error(err); process.exit(1); });
