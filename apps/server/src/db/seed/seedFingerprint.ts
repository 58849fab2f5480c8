import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config';
import { migrationsFolder, runsBuilt, serverDir } from '../../platform/runtimePaths';

/**
 * The seeds look for every row they would add (hundreds of queries: half a restart's time on the embedded
 * database, docs/PERFORMANCE.md "Start time"). A restart of the same build with the same settings has nothing to
 * add, so the embedded database keeps, in DATA_DIR beside its files, the fingerprint of the last seed that ended:
 * the built server (its bundle and migration journal) and the settings the seeds read. Another build or profile,
 * an administrator password given now, or a folder without the file seeds again. Run from the sources (tsx,
 * tests) there is no fingerprint and the seeds always run.
 */
const FILE = '.bencao-seeded.json';

export function seedFingerprint(config: AppConfig): string | null {
  if (!runsBuilt) return null;
  const hash = crypto.createHash('sha256');
  for (const f of [path.join(serverDir, 'dist', 'main.js'), path.join(migrationsFolder, 'meta', '_journal.json')]) {
    try { hash.update(fs.readFileSync(f)); } catch { return null; }
  }
  hash.update(JSON.stringify({ profile: config.profile, adminPassword: Boolean(config.adminPassword), dataDir: path.resolve(config.dataDir) }));
  return hash.digest('hex');
}

const fileIn = (dataDir: string) => path.join(dataDir, FILE);

export function seededAlready(dataDir: string, fingerprint: string | null): boolean {
  if (!fingerprint) return false;
  try { return (JSON.parse(fs.readFileSync(fileIn(dataDir), 'utf8')) as { fingerprint?: string }).fingerprint === fingerprint; } catch { return false; }
}

export function rememberSeeded(dataDir: string, fingerprint: string | null) {
  if (!fingerprint) return;
  fs.writeFileSync(fileIn(dataDir), `${JSON.stringify({ fingerprint, seededAt: new Date().toISOString() })}\n`);
}
