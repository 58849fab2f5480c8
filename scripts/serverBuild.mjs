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
