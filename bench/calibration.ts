import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';

/** the load averages (1, 5, 15 minutes) */
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** the machine a run was made on: load average, cores, CPU model, the commit measured */
export function machineLine() {
  let commit = '?';
  try { commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim(); } catch { /* not a checkout */ }
  return `load average ${loadAverage()}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model ?? 'cpu'}; commit ${commit}`;
}

/** the same work on every machine: compare runs on different machines by these */
export function cpuProbe() {
  const block = Buffer.alloc(1024, 7);
  let t = performance.now();
  for (let i = 0; i < 20_000; i++) crypto.createHash('sha256').update(block).digest();
  const sha = performance.now() - t;
  t = performance.now();
  let x = 0;
  for (let i = 0; i < 20_000_000; i++) x = (x * 31 + i) % 1000003;
  const loop = performance.now() - t;
  return `CPU probe: 20,000 × SHA-256 of 1 KiB ${sha.toFixed(0)} ms, 20 M integer steps ${loop.toFixed(0)} ms (x=${x})`;
}
