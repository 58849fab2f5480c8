import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

/**
 * The production arrangement on 127.0.0.1: the built server (`node apps/server/dist/main.js`, TRUST_PROXY and
 * SITE_URL set) behind Debian's nginx running deploy/nginx/bencao.conf with a self-signed certificate made here.
 * Ports: E2E_PORT + 2 (nginx HTTP), + 3 (nginx HTTPS), + 4 (the server), + 5 (its gateway); E2E_PORT + 1 is the
 * shared e2e server's gateway.
 */
const root = path.resolve(import.meta.dirname, '..');
const NGINX = '/usr/sbin/nginx';
const base = Number(process.env.E2E_PORT ?? 18765);
export const ports = { http: base + 2, https: base + 3, server: base + 4, gateway: base + 5 };
export const publicOrigin = `https://localhost:${ports.https}`;
export const serverUrl = `http://127.0.0.1:${ports.server}`;

const children: ChildProcess[] = [];
// a worker that ends without afterAll (a crash, an interrupted run) still takes its nginx and server along
process.once('exit', () => { for (const c of children) if (c.exitCode === null) c.kill('SIGKILL'); });

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

function launch(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv }) {
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  const keep = (d: Buffer) => { out = (out + String(d)).slice(-100_000); };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(t);
      }
    },
  };
}

/** deploy/nginx/bencao.conf with its ${…} names filled in, as envsubst would */
export function renderNginxConf(values: Record<string, string>) {
  const template = fs.readFileSync(path.join(root, 'deploy/nginx/bencao.conf'), 'utf8');
  return template.replace(/\$\{(BENCAO_[A-Z_]+)\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`deploy/nginx/bencao.conf names ${name}, which the test does not fill in`);
    return values[name];
  });
}

async function waitFor(url: string, proc: { child: ChildProcess; output(): string }, what: string) {
  for (let i = 0; ; i++) {
    if (proc.child.exitCode !== null || i > 900) throw new Error(`${what} did not start:\n${proc.output()}`);
    try { if ((await call(url)).status < 500) return; } catch { /* not up yet */ }
    await wait(200);
  }
}

export async function startProxiedServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-nginx-'));
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: scripts/ensure-system.sh installs Debian's nginx`);

  // a certificate for localhost and 127.0.0.1, valid two days
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'pipe' });

  const server = launch(process.execPath, ['--enable-source-maps', main], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env, NODE_OPTIONS: '', DATABASE_URL: '', DATA_DIR: path.join(dir, 'data'), HOST: '127.0.0.1',
      PORT: String(ports.server), GATEWAY_PORT: String(ports.gateway), GATEWAY_WORKERS: '0', BENCAO_PROFILE: 'demo',
      LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', TRUST_PROXY: '127.0.0.1', SITE_URL: publicOrigin,
    },
  });

  fs.writeFileSync(path.join(dir, 'bencao.conf'), renderNginxConf({
    BENCAO_PUBLIC_HOST: 'localhost', BENCAO_PUBLIC_ORIGIN: publicOrigin,
    BENCAO_HTTP_LISTEN: `127.0.0.1:${ports.http}`, BENCAO_HTTPS_LISTEN: `127.0.0.1:${ports.https}`,
    BENCAO_UPSTREAM: `127.0.0.1:${ports.server}`,
    BENCAO_TLS_CERT: path.join(dir, 'cert.pem'), BENCAO_TLS_KEY: path.join(dir, 'key.pem'),
  }));
  // the smallest main configuration around it: everything under the temp prefix, logs on stderr
  fs.writeFileSync(path.join(dir, 'nginx.conf'), [
    'worker_processes 1;', `pid ${dir}/nginx.pid;`, 'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t}_temp;`),
    `  include ${dir}/bencao.conf;`,
    '}', '',
  ].join('\n'));
  if (process.getuid?.() === 0) fs.appendFileSync(path.join(dir, 'nginx.conf'), 'user root;\n');
  const nginx = launch(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {});

  try {
    await waitFor(`${serverUrl}/api/health`, server, 'the built server');
    await waitFor(`${publicOrigin}/api/health`, nginx, 'nginx');
  } catch (err) {
    await nginx.stop(); await server.stop();
    throw err;
  }
  return {
    serverOutput: server.output,
    nginxOutput: nginx.output,
    async stop() {
      await nginx.stop();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string }

/**
 * One request with node's own client (the certificate is self-signed), from `localAddress` when given, so a test
 * can be a client at 127.0.0.2.
 */
export function call(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<Answer> {
  const u = new URL(url);
  const mod = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(u, {
      method: opts.method ?? 'GET', headers: opts.headers, localAddress: opts.localAddress, family: 4, agent: false,
      ...(u.protocol === 'https:' ? { rejectUnauthorized: false, servername: u.hostname === '127.0.0.1' ? undefined : u.hostname } : {}),
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer in 30 s`)));
    req.end(opts.body);
  });
}
