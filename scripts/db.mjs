// `npm run db -- backup FILE | restore FILE [--force]`: the server's database commands (apps/server/src/ops/),
// run as built JavaScript like the server. DATA_DIR defaults to ./data as for `npm start`.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from './serverBuild.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
ensureServerBuilt(root);
const env = { DATA_DIR: path.join(root, 'data'), ...process.env };
// FILE and a relative DATA_DIR are read from where npm was run
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/db.js'), ...process.argv.slice(2)], { stdio: 'inherit', env, cwd: process.env.INIT_CWD ?? process.cwd() });
child.on('exit', (code) => process.exit(code ?? 1));
