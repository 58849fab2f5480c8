// `npm start`: installs what is missing, builds the console, the site and the server when they are not built
// (the server also when its sources changed),
// then runs the server (API, console at /console/, site at /) on the embedded database in ./data,
// seeded with demo data; the demo accounts are printed.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from './serverBuild.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules/.package-lock.json');
if (!fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs) run('npm', ['ci', '--no-audit', '--no-fund']);
const built = (app) => fs.existsSync(path.join(root, `apps/${app}/dist/index.html`));
// the site's server render (crawlable path URLs) is built with it: an older build without it is rebuilt
const siteRender = fs.existsSync(path.join(root, 'apps/site/dist-ssr/ssr.js'));
if (process.env.BENCAO_REBUILD || !built('admin') || !built('site') || !siteRender) run('npm', ['run', 'build']);
// the server runs as built JavaScript (apps/server/dist): no TypeScript compiler at run time
else ensureServerBuilt(root);

const env = { BENCAO_PROFILE: 'demo', DATA_DIR: path.join(root, 'data'), ...process.env };
const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit', env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
