// Starts the server for the end-to-end tests on a fresh database folder (removed first): the built server
// (apps/server/dist, rebuilt when a source is newer), or the sources through tsx with BENCAO_SERVER_SOURCE=1.
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from './serverBuild.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.DATA_DIR) fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const child = spawn(process.execPath, serverArgs(root), { cwd: path.join(root, 'apps/server'), stdio: 'inherit', env: process.env });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));
