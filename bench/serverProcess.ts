import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverArgs } from '../scripts/serverBuild.mjs';

/** A port the system has just handed out (and released) on 127.0.0.1. */
export const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); });
});

/**
 * `npm start`'s server (the built one, or the sources with BENCAO_SERVER_SOURCE=1: scripts/serverBuild.mjs) in a child process (demo profile, in-process gateway, logging errors only), on the
 * database `env` names. BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles it (cluster
 * workers inherit it). `stop()` sends SIGTERM and answers the exit code and what it logged at error level.
 */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...serverArgs(path.resolve(import.meta.dirname, '..'))], {
    cwd: path.resolve(import.meta.dirname, '../apps/server'),
    env: { ...process.env, PORT: String(port), GATEWAY_PORT: String(await freePort()), HOST: '127.0.0.1', BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error', LOGIN_RATE_LIMIT: '1000', GATEWAY_WORKERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => { log = (log + String(chunk)).slice(-200_000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 720) throw new Error(`server did not start:\n${log}`);
    try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      const errors = log.split('\n').filter((l) => /"level":(50|60)|Cannot use a pool|Error:/.test(l));
      return { code, errors };
    },
  };
}

/** clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux) */
const TICKS = 100;

/**
 * CPU seconds used so far (user + system) by the process `pid` and all its descendants, and by every process
 * named `postgres` (the local PostgreSQL cluster's backends), from /proc (Linux only: null elsewhere). Two
 * readings around a load give each side's CPU per request, which separates "the server is slow" from "the
 * database is slow" on a machine where both share the cores.
 */
export function cpuSeconds(pid: number): { server: number; postgres: number } | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const rows: { pid: number; ppid: number; comm: string; ticks: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try { stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8'); } catch { continue; } // ended meanwhile
    const close = stat.lastIndexOf(')');
    const f = stat.slice(close + 2).split(' ');
    rows.push({ pid: Number(entry), comm: stat.slice(stat.indexOf('(') + 1, close), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
  }
  const tree = new Set([pid]);
  for (let grown = true; grown;) {
    grown = false;
    for (const r of rows) if (!tree.has(r.pid) && tree.has(r.ppid)) { tree.add(r.pid); grown = true; }
  }
  const sum = (keep: (r: (typeof rows)[number]) => boolean) => rows.filter(keep).reduce((a, r) => a + r.ticks, 0) / TICKS;
  return { server: sum((r) => tree.has(r.pid)), postgres: sum((r) => r.comm.startsWith('postgres')) };
}
