import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { statementNames } from './statementNames';
import { pipelineTransactions } from './transactionRoundTrips';
import { embeddedTemplate, migrationsFolder } from '../platform/runtimePaths';
import { timeQuery } from './queryTiming';

export type Db = ReturnType<typeof drizzlePg>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the connection pool's counts (GET /metrics) */
  pool?: { totalCount: number; idleCount: number; waitingCount: number };
  /** runs the drizzle-kit migrations; safe to call on every start */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Embedded database only: calls `onPayload` for each NOTIFY on `channel`. PGlite hands a
   * notification over (as a microtask) while it runs the committing statement, so code that runs
   * after the write has seen it.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  /**
   * Embedded database only: its data folder as one gzipped tarball that `new PGlite(dir, { loadDataDir })` loads
   * (ops/backup.ts), taken while no other statement runs, so it is consistent.
   */
  dumpEmbedded?(): Promise<Blob>;
}


export interface DbConfig {
  databaseUrl?: string;
  dataDir: string;
  /** pool size for PostgreSQL */
  poolSize?: number;
}

export async function openDatabase(cfg: DbConfig): Promise<Database> {
  const { default: pg } = await import('pg');
  // DATABASE_PREPARED_STATEMENTS=off: every statement unnamed (e.g. behind a pooler in transaction mode that
  // cannot keep a connection's prepared statements)
  const prepared = process.env.DATABASE_PREPARED_STATEMENTS !== 'off';
  const nameOf = prepared ? statementNames() : () => undefined;
  const transactionAware = pipelineTransactions(pg, { prepared });
  // every parameterised statement seen twice runs as a named (prepared) one: parsed and planned once per connection;
  // a transaction's BEGIN is written with its first statement, its COMMIT with its last (transactionRoundTrips.ts)
  class PreparingClient extends pg.Client {
    query(config: unknown, values?: unknown, callback?: unknown): never {
      const c = config as { text?: unknown; name?: string; values?: unknown[]; submit?: unknown } | null;
      const params = Array.isArray(values) ? values : c?.values;
      if (c && typeof c === 'object' && !c.submit && typeof c.text === 'string' && !c.name && params?.length) {
        const name = nameOf(c.text);
        if (name) config = { ...c, name };
      }
      const send = (...args: unknown[]) => (super.query as (...a: unknown[]) => never)(...args);
      return timeQuery(values, callback, (v, cb) => transactionAware(this, send, config as never, v, cb) ?? send(config, v, cb)) as never;
    }
  }
  if (cfg.databaseUrl) {
    // JIT off: a prepared statement's generic plan estimates a LIMIT $n page at a tenth of the table, which crosses
    // jit_above_cost, and compiling then took 120 ms for a list that runs in 1 ms; no query of a console needs JIT
    const pool = new pg.Pool({ connectionString: cfg.databaseUrl, max: cfg.poolSize ?? 20, options: '-c jit=off', Client: PreparingClient });
    // An idle connection the server ends (restart, failover, a dropped database) must not crash the
    // process: the pool drops it and opens a new one on the next query.
    let ending = false;
    pool.on('error', (err) => { if (!ending) console.warn(`[db] idle PostgreSQL connection lost: ${err.message}`); });
    const db = drizzlePg(pool);
    return {
      db,
      pool,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => { ending = true; return pool.end(); },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  // trigram indexes serve the lists' keyword searches (migration 0041 creates the extension)
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  fs.mkdirSync(cfg.dataDir, { recursive: true });
  // a folder without a cluster starts from the empty one the build made instead of running initdb (build.mjs)
  const fresh = !fs.existsSync(path.join(cfg.dataDir, 'PG_VERSION'));
  const template = fresh && embeddedTemplate && fs.existsSync(embeddedTemplate) ? new Blob([fs.readFileSync(embeddedTemplate)]) : undefined;
  const pglite = new PGlite(cfg.dataDir, { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  await pglite.waitReady;
  // the same driver as PostgreSQL (node-postgres, prepared statements) over PGlite's single connection
  const pgConfig = createPgConfig(pglite);
  // node-postgres passes the query's type parsers (an object) as `types`; PGlite's protocol writer wants parameter type ids
  const parse = pgConfig.connection.parse.bind(pgConfig.connection);
  pgConfig.connection.parse = (q: { types?: unknown }) => parse({ ...q, types: Array.isArray(q.types) ? q.types : undefined });
  // PGlite is one session: its one client must stay for good. pg-pool's own query() ends the client after a failed
  // statement, and the replies of that session still on their way would then reach the next client
  class OneSessionPool extends pg.Pool {
    // the promise form only, as drizzle calls it
    async query(config: unknown, values?: unknown) {
      const client = await this.connect();
      try { return await client.query(config as never, values as never); } finally { client.release(); }
    }
  }
  const pool = new OneSessionPool({ ...pgConfig, max: 1, idleTimeoutMillis: 0, Client: PreparingClient });
  const db = drizzlePg(pool);
  return {
    db,
    pool,
    kind: 'pglite',
    migrate: () => migratePg(db, { migrationsFolder }),
    close: async () => { await pool.end(); await pglite.close(); },
    dumpEmbedded: async () => {
      const held = await pool.connect();
      // the checkpoint writes every changed page to the files, so the copy needs no WAL replay to be whole
      try { await held.query('CHECKPOINT'); return await pglite.dumpDataDir('gzip'); } finally { held.release(); }
    },
    // taken while holding the connection, so that no statement of the pool runs on PGlite meanwhile
    listen: async (channel, onPayload) => {
      const held = await pool.connect();
      try { await pglite.listen(channel, onPayload); } finally { held.release(); }
    },
  };
}
