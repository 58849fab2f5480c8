/**
 * Gateway throughput: requests per second and p99 latency through the Bencao gateway, against the
 * same upstream called directly and (when Debian's nginx is installed) through nginx as a reverse
 * proxy, all in one run, with ratios. Everything listens on 127.0.0.1 and is stopped at the end.
 *
 *   upstream:  a throw-away Node HTTP server in its own process (small JSON answer, keep-alive)
 *   gateway:   the real server (`apps/server/src/main.ts`) in its own process on a temp DATA_DIR, with its
 *              GATEWAY_WORKERS gateway processes (default: the number of cores; set it to compare); a
 *              route Path=/bench/** StripPrefix=1 → the upstream is created and released over the API
 *   nginx:     `nginx` with one worker, proxy_pass to the upstream with keep-alive (skipped when absent:
 *              `apt-get install -y nginx-light`)
 *
 * Run: npx tsx bench/gateway.ts   (BENCH_SECONDS=5 per measurement, BENCH_CONNECTIONS=32)
 *   BENCH_ROUNDS=n           measure direct / gateway / nginx n times back to back; ratios per round, then
 *                            their median (the load of a shared machine moves within seconds)
 *   GATEWAY_WORKERS=n        gateway processes (passed to the server; 0: inside the API process)
 *   BENCH_CPU_PROF=<dir>     the server and its gateway workers run with `--cpu-prof` into <dir>
 *                            (one .cpuprofile per process, written when the bench stops them)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './serverProcess';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { encryptForLogin } from '../apps/server/src/platform/auth/loginKeys';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-bench-gw-'));
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string, ms: number, ok = (status: number) => status === 200) {
  const until = Date.now() + ms;
  for (;;) {
    try { if (ok((await fetch(url)).status)) return; } catch { /* not up yet */ }
    if (Date.now() > until) throw new Error(`${url} did not come up within ${ms} ms`);
    await sleep(250);
  }
}
function start(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c) => { err = (err + c).slice(-4000); });
  child.on('exit', (code, signal) => { if (code && !stopping) console.error(`${name} exited with ${code ?? signal}:\n${err}`); });
  children.push(child);
  return child;
}
let stopping = false;
async function stopAll() {
  stopping = true;
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => { c.once('exit', r); setTimeout(r, 5000); }))));
  fs.rmSync(tmp, { recursive: true, force: true });
}

interface Figures { name: string; rps: number; p50: number; p99: number; bad: number }
async function measure(name: string, url: string): Promise<Figures> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  const f = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
  console.log(`${name.padEnd(26)} ${Math.round(f.rps).toString().padStart(7)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms${f.bad ? `   (${f.bad} errors or non-2xx!)` : ''}`);
  return f;
}

try {
  // 1. the upstream, in its own process
  const upPort = await freePort();
  const upstreamScript = `require('http').createServer((q, s) => { s.writeHead(200, { 'content-type': 'application/json' }); s.end('{"ok":true,"path":' + JSON.stringify(q.url) + '}'); }).listen(${upPort}, '127.0.0.1');`;
  start('upstream', process.execPath, ['-e', upstreamScript]);
  await waitFor(`http://127.0.0.1:${upPort}/`, 10_000);

  // 2. the server with its gateway, on a temp database
  const [apiPort, gwPort] = [await freePort(), await freePort()];
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  start('server', process.execPath, [...prof, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    PORT: String(apiPort), GATEWAY_PORT: String(gwPort), HOST: '127.0.0.1', DATA_DIR: path.join(tmp, 'data'),
    BENCAO_PROFILE: 'demo', LOG_LEVEL: 'error', ALARM_INTERVAL_SEC: '3600', DATABASE_URL: '',
  });
  const api = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${api}/api/health`, 180_000);
  const key = await (await fetch(`${api}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
  const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptForLogin(key.data.publicKey, 'Bencao@2026'), key_id: key.data.keyId });
  const token = (await (await fetch(`${api}/api/oauth/token`, { method: 'POST', body: form })).json()).access_token as string;
  const call = async (method: string, url: string, body: unknown) => {
    const res = await fetch(api + url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = await res.json();
    if (json.code !== 200) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const route = await call('POST', '/api/gateway/routes', {
    routeId: 'bench', routeName: 'bench', orderNum: 0, uri: `http://127.0.0.1:${upPort}`, predicates: 'Path=/bench/**', filters: 'StripPrefix=1',
  });
  await call('POST', `/api/gateway/routes/${route.id}/release`, {});
  await waitFor(`http://127.0.0.1:${gwPort}/bench/hello`, 30_000); // one rule poll; more on a loaded machine

  // 3. nginx as the reference reverse proxy, when installed
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p)) ?? (spawnSync('which', ['nginx']).stdout?.toString().trim() || null);
  let nginxPort: number | null = null;
  if (nginx) {
    nginxPort = await freePort();
    const dir = path.join(tmp, 'nginx');
    fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'nginx.conf'), `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream up { server 127.0.0.1:${upPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${nginxPort};
    location /bench/ { proxy_pass http://up/; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`);
    start('nginx', nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'logs/error.log')]);
    await waitFor(`http://127.0.0.1:${nginxPort}/bench/hello`, 10_000);
  }

  const gatewayWorkers = process.env.GATEWAY_WORKERS ?? String(os.availableParallelism());
  console.log(`\nGET /hello, ${CONNECTIONS} connections, ${SECONDS} s each (after 1 s warm-up), ${os.cpus().length} CPU(s) shared with the load generator`);
  console.log(`GATEWAY_WORKERS=${gatewayWorkers}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
  const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2; };
  // on a shared machine the load moves within seconds: each round measures the three back to back,
  // and the ratios are taken within a round (then the median over the rounds)
  const rounds: { direct: Figures; gateway: Figures; nginx: Figures | null }[] = [];
  for (let i = 1; i <= ROUNDS; i++) {
    if (ROUNDS > 1) console.log(`round ${i}/${ROUNDS}`);
    const direct = await measure('upstream directly', `http://127.0.0.1:${upPort}/hello`);
    const gateway = await measure('through the gateway', `http://127.0.0.1:${gwPort}/bench/hello`);
    const viaNginx = nginxPort ? await measure('through nginx (1 worker)', `http://127.0.0.1:${nginxPort}/bench/hello`) : null;
    rounds.push({ direct, gateway, nginx: viaNginx });
    console.log(`  gateway / direct ×${ratio(gateway.rps, direct.rps)}${viaNginx ? `, nginx / direct ×${ratio(viaNginx.rps, direct.rps)}, gateway / nginx req/s ×${ratio(gateway.rps, viaNginx.rps)} p99 ×${ratio(gateway.p99, viaNginx.p99)}` : ''}`);
  }
  console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log('');
  const med = (f: (r: typeof rounds[number]) => number) => median(rounds.map(f)).toFixed(2);
  const label = ROUNDS > 1 ? ` (median of ${ROUNDS} rounds)` : '';
  console.log(`gateway / direct:  req/s ×${med((r) => r.gateway.rps / r.direct.rps)}, p99 ×${med((r) => r.gateway.p99 / (r.direct.p99 || 1))}${label}`);
  if (nginxPort) {
    console.log(`nginx / direct:    req/s ×${med((r) => r.nginx!.rps / r.direct.rps)}, p99 ×${med((r) => r.nginx!.p99 / (r.direct.p99 || 1))}${label}`);
    console.log(`gateway / nginx:   req/s ×${med((r) => r.gateway.rps / r.nginx!.rps)}, p99 ×${med((r) => r.gateway.p99 / (r.nginx!.p99 || 1))}${label}`);
  } else {
    console.log('nginx: skipped (not installed; as root: apt-get install -y nginx-light)');
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
process.exit(process.exitCode ?? 0);
