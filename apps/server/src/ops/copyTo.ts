import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { execute } from '../db/execute';
import { BackupError, runningServer } from './backup';

/**
 * `npm run db -- copy-to DATABASE_URL`: the embedded database (DATA_DIR, server stopped) into an empty PostgreSQL.
 * The target gets the schema from the same migrations, then every table's rows (generated values and sequences
 * as they were, triggers off while copying so nothing is derived twice), then each table is compared: row count
 * and an md5 over its rows' text, both sides in UTC. Sessions, workflow jobs with their due times and media
 * references are rows like any other: they are copied as they are (files stay in DATA_DIR, which the PostgreSQL
 * server keeps using).
 */
export interface TableCheck { table: string; rows: number; checksum: string }

const BATCH = 2000;

async function tables(db: Database): Promise<string[]> {
  const r = await execute<{ name: string }>(db.db, sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`);
  return r.rows.map((t) => t.name);
}

async function checks(db: Database, names: string[]): Promise<TableCheck[]> {
  await execute(db.db, sql`set timezone = 'UTC'`);
  const out: TableCheck[] = [];
  for (const table of names) {
    const q = sql.raw(`select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as checksum from (select md5(t::text) as h from "${table}" t) x`);
    const r = await execute<{ rows: number; checksum: string }>(db.db, q);
    out.push({ table, rows: Number(r.rows[0].rows), checksum: r.rows[0].checksum });
  }
  return out;
}

export async function copyTo(dataDir: string, targetUrl: string, log: (line: string) => void = () => {}): Promise<TableCheck[]> {
  if (runningServer(dataDir)) throw new BackupError(`a server is running on ${dataDir}: stop it first (the copy must see the database at rest)`);
  const source = await openDatabase({ dataDir });
  let target: Database | null = null;
  try {
    await source.migrate();
    target = await openDatabase({ databaseUrl: targetUrl, dataDir: '', poolSize: 1 });
    const existing = await tables(target);
    if (existing.length) throw new BackupError(`the target database already has ${existing.length} tables: copy into an empty database`);
    await target.migrate();
    const names = await tables(source);
    const t = target;
    await t.db.transaction(async (tx) => {
      // triggers (cache counters, search documents) and foreign keys off for this session: the rows come as they are
      try { await tx.execute(sql`set local session_replication_role = replica`); } catch (err) {
        throw new BackupError(`the target refused session_replication_role (${(err as Error).message}): run the copy as a superuser of the target`);
      }
      await tx.execute(sql`set local timezone = 'UTC'`);
      // what the migrations inserted is replaced by the source's rows
      await tx.execute(sql.raw(`truncate ${names.map((n) => `"${n}"`).join(', ')} restart identity cascade`));
      for (const table of names) {
        const cols = await execute<{ name: string }>(source.db, sql`select attname as name from pg_attribute where attrelid = ${`public."${table}"`}::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`);
        const list = cols.rows.map((c) => `"${c.name}"`).join(', ');
        let copied = 0;
        for (let offset = 0; ; offset += BATCH) {
          const page = await execute<{ rows: string | null }>(source.db, sql.raw(`select json_agg(t)::text as rows from (select ${list} from "${table}" order by ctid limit ${BATCH} offset ${offset}) t`));
          const json = page.rows[0]?.rows;
          if (!json) break;
          const r = await tx.execute(sql`${sql.raw(`insert into "${table}" (${list}) overriding system value select ${list} from json_populate_recordset(null::"${table}", `)}${json}::json)`);
          copied += r.rowCount ?? 0;
          if ((r.rowCount ?? 0) < BATCH) break;
        }
        log(`${table}: ${copied} rows`);
      }
      const seqs = await execute<{ name: string }>(source.db, sql`select sequencename as name from pg_sequences where schemaname = 'public'`);
      for (const { name } of seqs.rows) {
        const v = await execute<{ last_value: string; is_called: boolean }>(source.db, sql.raw(`select last_value::text, is_called from "${name}"`));
        await tx.execute(sql`select setval(${`public."${name}"`}::regclass, ${v.rows[0].last_value}::bigint, ${v.rows[0].is_called})`);
      }
    });
    const before = await checks(source, names);
    const after = await checks(target, names);
    const differ = before.filter((b, i) => b.rows !== after[i].rows || b.checksum !== after[i].checksum);
    if (differ.length) throw new BackupError(`the copy differs from the source in ${differ.map((d) => d.table).join(', ')}`);
    return after;
  } finally {
    await target?.close();
    await source.close();
  }
}
