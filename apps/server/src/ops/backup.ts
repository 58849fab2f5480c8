import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import * as tar from 'tar';
import { openDatabase, type Database } from '../db/client';

/**
 * One backup file (gzipped tar) holds the database and the files the server keeps under DATA_DIR (media,
 * attachments, CVs, form files):
 *   manifest.json          { format: 'bencao-backup', version: 1, database: 'pglite' | 'postgres', createdAt }
 *   database/pglite.tar.gz the embedded database's data folder (PGlite's dumpDataDir, after a checkpoint), or
 *   database/postgres.dump pg_dump's custom format (pg_restore reads it; consistent by pg_dump's snapshot)
 *   files/<entry>/…        every entry of DATA_DIR that is not the embedded database's own
 */
export const SERVER_FILE = '.bencao-server.json';
const MANIFEST = 'manifest.json';
/** the entries of a PostgreSQL data folder (the embedded database keeps its data in DATA_DIR itself) */
const DATABASE_ENTRY = /^(base|global|pg_[a-z_]+|PG_VERSION|postgresql(\.auto)?\.conf|pg_hba\.conf|pg_ident\.conf|postmaster\.(opts|pid))$/;
const isFileEntry = (name: string) => !DATABASE_ENTRY.test(name) && name !== SERVER_FILE && !name.startsWith('.bencao-');

export interface Manifest { format: 'bencao-backup'; version: 1; database: 'pglite' | 'postgres'; createdAt: string }

export class BackupError extends Error {}

// ---------- the running server of a data folder ----------

export interface RunningServer { pid: number; url: string; token: string }

/**
 * The embedded database's server says where it answers backups and with which token, in a file only its user can
 * read (the data folder is held by that process: no other may open the database while it runs).
 */
export function announceServer(dataDir: string, info: Omit<RunningServer, 'pid'>): () => void {
  const file = path.join(dataDir, SERVER_FILE);
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, ...info }), { mode: 0o600 });
  return () => { try { if (readServerFile(dataDir)?.pid === process.pid) fs.rmSync(file, { force: true }); } catch { /* gone */ } };
}

const readServerFile = (dataDir: string): RunningServer | null => {
  try { return JSON.parse(fs.readFileSync(path.join(dataDir, SERVER_FILE), 'utf8')) as RunningServer; } catch { return null; }
};

/** The server holding `dataDir`, when its process is alive. */
export function runningServer(dataDir: string): RunningServer | null {
  const info = readServerFile(dataDir);
  if (!info) return null;
  try { process.kill(info.pid, 0); return info; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM' ? info : null; }
}

// ---------- backup ----------

export interface BackupSource {
  dataDir: string;
  /** PostgreSQL: the database pg_dump reads */
  databaseUrl?: string;
  /** the embedded database, open in this process (the server answering a backup request) */
  database?: Database;
}

export async function writeBackup(file: string, source: BackupSource): Promise<{ bytes: number }> {
  const target = path.resolve(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.bencao-backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    let kind: Manifest['database'];
    if (source.databaseUrl) {
      kind = 'postgres';
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, 'database', 'postgres.dump')}`, `--dbname=${source.databaseUrl}`]);
    } else {
      kind = 'pglite';
      const dump = async (db: Database) => Buffer.from(await (await db.dumpEmbedded!()).arrayBuffer());
      let bytes: Buffer;
      if (source.database) bytes = await dump(source.database);
      else {
        if (!fs.existsSync(path.join(source.dataDir, 'PG_VERSION'))) throw new BackupError(`${source.dataDir} holds no embedded database`);
        const db = await openDatabase({ dataDir: source.dataDir });
        try { bytes = await dump(db); } finally { await db.close(); }
      }
      fs.writeFileSync(path.join(staging, 'database', 'pglite.tar.gz'), bytes);
    }
    fs.mkdirSync(path.join(staging, 'files'));
    if (fs.existsSync(source.dataDir)) {
      for (const entry of fs.readdirSync(source.dataDir).filter(isFileEntry)) linkOrCopy(path.join(source.dataDir, entry), path.join(staging, 'files', entry));
    }
    const manifest: Manifest = { format: 'bencao-backup', version: 1, database: kind, createdAt: new Date().toISOString() };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const partial = `${target}.partial-${process.pid}`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST, 'database', 'files']);
    fs.renameSync(partial, target);
    return { bytes: fs.statSync(target).size };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** A stored file never changes under its name, so a hard link is as good as a copy (and costs no space). */
function linkOrCopy(from: string, to: string) {
  const st = fs.lstatSync(from);
  if (st.isDirectory()) {
    fs.mkdirSync(to, { recursive: true });
    for (const e of fs.readdirSync(from)) linkOrCopy(path.join(from, e), path.join(to, e));
  } else if (st.isFile()) {
    try { fs.linkSync(from, to); } catch { fs.copyFileSync(from, to); }
  }
}

// ---------- restore ----------

export interface RestoreTarget {
  dataDir: string;
  /** PostgreSQL: the (empty) database pg_restore writes into */
  databaseUrl?: string;
  /** replace what the target holds instead of refusing */
  force?: boolean;
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new BackupError(`${source} does not exist`);
  const dataDir = path.resolve(target.dataDir);
  if (runningServer(dataDir)) throw new BackupError(`a server is running on ${dataDir}: stop it first`);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(dataDir), '.bencao-restore-'));
  try {
    await tar.extract({ file: source, cwd: staging });
    const manifest = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== 'bencao-backup' || manifest.version !== 1) throw new BackupError(`${source} is not a Bencao backup`);
    const files = fs.existsSync(path.join(staging, 'files')) ? fs.readdirSync(path.join(staging, 'files')) : [];

    if (manifest.database === 'pglite') {
      if (target.databaseUrl) throw new BackupError('this backup is of the embedded database: restore it without DATABASE_URL (then `copy-to` moves it to PostgreSQL)');
      const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir) : [];
      if (present.length && !target.force) throw new BackupError(`${dataDir} is not empty (${present.slice(0, 3).join(', ')}…): restore into an empty folder, or add --force to replace it`);
      for (const e of present) fs.rmSync(path.join(dataDir, e), { recursive: true, force: true });
      fs.mkdirSync(dataDir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const tarball = fs.readFileSync(path.join(staging, 'database', 'pglite.tar.gz'));
      const pg = new PGlite(dataDir, { loadDataDir: new Blob([new Uint8Array(tarball)]) });
      await pg.waitReady;
      await pg.close();
    } else {
      if (!target.databaseUrl) throw new BackupError('this backup is of PostgreSQL: set DATABASE_URL to the (empty) database to restore into');
      const clashing = files.filter((f) => fs.existsSync(path.join(dataDir, f)));
      if (clashing.length && !target.force) throw new BackupError(`${dataDir} already holds ${clashing.join(', ')}: add --force to replace them`);
      const tables = Number((await capture('psql', ['-XAtq', `--dbname=${target.databaseUrl}`, '-c',
        "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')"])).trim());
      if (tables > 0 && !target.force) throw new BackupError(`the database already has ${tables} tables: restore into an empty database, or add --force to replace them`);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', ...(target.force ? ['--clean', '--if-exists'] : []),
        `--dbname=${target.databaseUrl}`, path.join(staging, 'database', 'postgres.dump')]);
    }
    fs.mkdirSync(dataDir, { recursive: true });
    for (const f of files) {
      fs.rmSync(path.join(dataDir, f), { recursive: true, force: true });
      fs.renameSync(path.join(staging, 'files', f), path.join(dataDir, f));
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

// ---------- PostgreSQL's own tools ----------

function capture(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', (e) => reject(new BackupError(`${cmd} could not be run (${e.message}): install PostgreSQL's client tools of the server's version`)));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new BackupError(`${cmd} failed (${code}): ${err.trim()}`))));
  });
}
const run = async (cmd: string, args: string[]) => { await capture(cmd, args); };
