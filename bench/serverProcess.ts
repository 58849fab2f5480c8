import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A port the system has just handed out (and released) on 127.0.0.1. */
export const freePort = () => new Promise<number>((resolve) => {
  const srv = net.createServer();
  srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); });
});

/**
 * `npm start`'s server in a child process (demo profile, in-process gateway, logging errors only), on the
 * database `env` names. BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles it (cluster
 * workers inherit it). `stop()` sends SIGTERM and answers the exit code and what it logged at error level.
 */
export async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
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
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      const errors = log.split('\n').filter((l) => /"level":(50|60)|Cannot use a pool|Error:/.test(l));
      return { code, errors };
    },
  };
}
