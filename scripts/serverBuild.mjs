// The server's production build (apps/server/dist) is made again when any source it bundles is newer than it,
// so `npm start` and `npm run db` never run code older than the checkout.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const newestIn = (dir) => {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
};

export function ensureServerBuilt(root) {
  const entry = path.join(root, 'apps/server/dist/main.js');
  const sources = ['apps/server/src', 'apps/server/build.mjs', 'packages/contracts/src'].map((p) => path.join(root, p));
  const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
  if (built && sources.every((s) => (fs.statSync(s).isDirectory() ? newestIn(s) : fs.statSync(s).mtimeMs) <= built)) return;
  const r = spawnSync('npm', ['run', 'build', '--silent', '-w', '@bencao/server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/**
 * node's arguments to run the server from apps/server: its built JavaScript (made again first when a source is newer),
 * as `npm start` runs it; with BENCAO_SERVER_SOURCE=1 the TypeScript sources through tsx instead (a development
 * fallback: no build step, a slower start). The end-to-end tests' server and the benchmarks start it this way.
 */
export function serverArgs(root) {
  if (process.env.BENCAO_SERVER_SOURCE === '1') return ['--import', 'tsx', 'src/main.ts'];
  ensureServerBuilt(root);
  return ['--enable-source-maps', 'dist/main.js'];
}
