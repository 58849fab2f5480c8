import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema/index';

export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** runs the drizzle-kit migrations; safe to call on every start */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Embedded database only: calls `onPayload` for each NOTIFY on `channel`. PGlite hands a
   * notification over (as a microtask) while it runs the committing statement, so code that runs
   * after the write has seen it.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  /** pool size for PostgreSQL */
  poolSize?: number;
}

export async function openDatabase(cfg: DbConfig): Promise<Database> {
  if (cfg.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: cfg.databaseUrl, max: cfg.poolSize ?? 20 });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    let ending = false;
    pool.on('error', (err) => { if (!ending) console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`); });
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => { ending = true; return pool.end(); },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(cfg.dataDir, { recursive: true });
  const client = new PGlite(cfg.dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    listen: async (channel, onPayload) => { await client.listen(channel, onPayload); },
  };
}
