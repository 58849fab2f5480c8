import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { readConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seed } from '../src/db/seed/index';

/**
 * API tests run against a real server on a real database. A migrated, seeded template is made once
 * per run (globalSetup); each test file gets its own copy: a PGlite folder copy, or a PostgreSQL
 * database made from a template database when TEST_DATABASE_URL is set.
 */
export const TEMPLATE_DIR = path.join(os.tmpdir(), `bencao-template-${process.env.BENCAO_TEST_RUN ?? 'local'}`);
export const PG_TEMPLATE = 'bencao_template';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  // Tests log in many times a second from one address: the login keys' burst limit (a bucket refilled on the
  // clock) would refuse them by how fast the machine runs. loginKeyBurst.test.ts asks for the limit itself.
  return { ...readConfig({ ...process.env, BENCAO_PROFILE: 'demo', LOG_LEVEL: 'warn' }), loginKeyBurst: 0, ...overrides };
}

export const pgUrl = () => process.env.TEST_DATABASE_URL || undefined;

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sqlText: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: withDatabase(pgUrl()!, 'postgres') });
  await client.connect();
  try { await client.query(sqlText); } finally { await client.end(); }
}

export async function buildTemplate() {
  const url = pgUrl();
  if (url) {
    await adminQuery(`drop database if exists ${PG_TEMPLATE}`);
    await adminQuery(`create database ${PG_TEMPLATE}`);
    const db = await openDatabase({ databaseUrl: withDatabase(url, PG_TEMPLATE), dataDir: '' });
    await db.migrate();
    await seed(db.db, testConfig());
    await db.close();
    return;
  }
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: TEMPLATE_DIR });
  await db.migrate();
  await seed(db.db, testConfig());
  await db.close();
}

/**
 * A fresh database for one test file, from the template; `drop` removes it. `reopen` closes it and
 * opens the same storage again, as a server restart does (the returned `database` is then the new one).
 */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; dataDir?: string; reopen(): Promise<Database>; drop(): Promise<void> }> {
  const url = pgUrl();
  const name = `bencao_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  if (url) {
    await adminQuery(`create database ${name} template ${PG_TEMPLATE}`);
    const dbUrl = withDatabase(url, name);
    let database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' });
    return {
      get database() { return database; },
      url: dbUrl,
      reopen: async () => { await database.close(); database = await openDatabase({ databaseUrl: dbUrl, dataDir: '' }); return database; },
      drop: async () => { await database.close(); await adminQuery(`drop database if exists ${name} with (force)`); },
    };
  }
  const dir = path.join(os.tmpdir(), name);
  fs.cpSync(TEMPLATE_DIR, dir, { recursive: true });
  let database = await openDatabase({ dataDir: dir });
  return {
    get database() { return database; },
    dataDir: dir,
    reopen: async () => { await database.close(); database = await openDatabase({ dataDir: dir }); return database; },
    drop: async () => { await database.close(); fs.rmSync(dir, { recursive: true, force: true }); },
  };
}
