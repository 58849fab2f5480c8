import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { encryptForLogin } from '../src/platform/auth/loginKeys';

export const serverDir = path.resolve(import.meta.dirname, '..');
export const builtMain = path.join(serverDir, 'dist', 'main.js');

export interface BuiltServer {
  url: string;
  child: ChildProcess;
  output(): string;
  login(userId: string, password: string): Promise<string>;
  stop(): Promise<number | null>;
}

/** `node dist/main.js` as production runs it (no TypeScript loader), on `env`'s DATA_DIR, PORT and GATEWAY_PORT. */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  if (!fs.existsSync(builtMain)) throw new Error(`${builtMain} is missing: run npm run build first`);
  const child = spawn(process.execPath, ['--enable-source-maps', builtMain], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', BENCAO_PROFILE: 'demo', LOG_LEVEL: 'warn', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 600) { child.kill('SIGKILL'); throw new Error(`the built server did not start:\n${out}`); }
    try { if ((await fetch(`${url}/api/health`)).ok) break; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    output: () => out,
    async login(userId, password) {
      const key = await (await fetch(`${url}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json() as { data: { publicKey: string; keyId: string } };
      const form = new URLSearchParams({ grant_type: 'password', username: userId, password: encryptForLogin(key.data.publicKey, password), key_id: key.data.keyId });
      const res = await fetch(`${url}/api/oauth/token`, { method: 'POST', body: form });
      const body = await res.json() as { access_token?: string };
      if (res.status !== 200 || !body.access_token) throw new Error(`login ${userId}: ${res.status} ${JSON.stringify(body)}`);
      return body.access_token;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
