import path from 'node:path';
import { readConfig } from '../config';
import { BackupError, restoreBackup, runningServer, writeBackup } from './backup';
import { copyTo } from './copyTo';

const USAGE = `npm run db -- <command>
  backup FILE            a backup of the database (embedded or DATABASE_URL) and of the files under DATA_DIR, running or stopped
  restore FILE [--force] into an empty DATA_DIR (and an empty DATABASE_URL database); --force replaces what is there
  copy-to DATABASE_URL   the embedded database of DATA_DIR (server stopped) into an empty PostgreSQL, checked table by table`;

/** `npm run db -- …` (dist/db.js). Answers the exit code; what it did or why it refused goes to stdout / stderr. */
export async function runDbCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, file, ...flags] = args;
  const config = readConfig(env);
  try {
    if (command === 'backup' && file) {
      const target = path.resolve(file);
      const server = config.databaseUrl ? null : runningServer(config.dataDir);
      if (server) {
        // the server holds the embedded database: it writes the backup itself
        const res = await fetch(`${server.url}/api/ops/backup`, {
          method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ file: target }),
        });
        const body = await res.json().catch(() => null) as { data?: { bytes: number }; msg?: string } | null;
        if (res.status !== 200) throw new BackupError(`the running server (pid ${server.pid}) refused the backup: ${res.status} ${body?.msg ?? ''}`);
        console.log(`backup written by the running server to ${target} (${body?.data?.bytes} bytes)`);
      } else {
        const done = await writeBackup(target, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
        console.log(`backup written to ${target} (${done.bytes} bytes)`);
      }
      return 0;
    }
    if (command === 'restore' && file) {
      const manifest = await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, force: flags.includes('--force') });
      console.log(`restored the backup of ${manifest.createdAt} (${manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL'}) into ${config.databaseUrl ? 'DATABASE_URL and ' : ''}${config.dataDir}`);
      return 0;
    }
    if (command === 'copy-to' && file) {
      const checked = await copyTo(config.dataDir, file, (line) => console.log(line));
      console.log(`copied ${checked.length} tables from ${config.dataDir}; row counts and checksums agree. Start with DATABASE_URL set to it.`);
      return 0;
    }
    console.error(USAGE);
    return 2;
  } catch (err) {
    if (err instanceof BackupError) { console.error(err.message); return 1; }
    throw err;
  }
}
