import { inArray, sql } from 'drizzle-orm';
import { LOG_KINDS, type LogKind } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { clientErrors, logRetention, loginLogs, operationLogs, wfJobs } from '../../db/schema/index';
import { armDailyJob, endDailyRun } from '../workflow/engine/dailyJob';

/**
 * Log clean-up by age (issue 16): an operator deletes the entries of one log older than N days, and
 * each kind has a retention (days, 0 = for ever) applied once a day by the `logPurge` job on the
 * shared job runner — one chain across processes, armed under an advisory lock, like the workflow's
 * `historyPurge`. The chain runs only while some retention is set.
 */

export const LOG_PURGE_KIND = 'logPurge';
const DAY = 86_400_000;
const BATCH = 5000;
const TABLES = { operation: operationLogs, login: loginLogs, clientError: clientErrors } as const;

/** deletes the entries of `kind` created more than `days` days before `now`; answers how many went */
export async function cleanLogs(db: Db, kind: LogKind, days: number, now: Date): Promise<number> {
  const t = TABLES[kind];
  const cutoff = new Date(now.getTime() - days * DAY).toISOString();
  let n = 0;
  // in batches, so a large log is never locked in one long statement
  for (;;) {
    const gone = await db.delete(t).where(inArray(t.id, db.select({ id: t.id }).from(t)
      .where(sql`${t.createdAt} < ${cutoff}::timestamptz`).limit(BATCH))).returning({ id: t.id });
    n += gone.length;
    if (gone.length < BATCH) return n;
  }
}

export async function retentionDays(db: Db): Promise<Record<LogKind, number>> {
  const rows = await db.select().from(logRetention);
  return Object.fromEntries(LOG_KINDS.map((k) => [k, rows.find((r) => r.kind === k)?.days ?? 0])) as Record<LogKind, number>;
}

export async function setRetentionDays(db: Db, kind: LogKind, days: number, now: Date) {
  await db.insert(logRetention).values({ kind, days, updatedAt: now })
    .onConflictDoUpdate({ target: logRetention.kind, set: { days, updatedAt: now } });
  if (days > 0) await armLogPurge(db, now);
  return retentionDays(db);
}

/** applies every kind's retention at `now` */
export async function purgeLogs(db: Db, now: Date): Promise<Record<LogKind, number>> {
  const days = await retentionDays(db);
  const out = { operation: 0, login: 0, clientError: 0 };
  for (const k of LOG_KINDS) if (days[k] > 0) out[k] = await cleanLogs(db, k, days[k], now);
  return out;
}

/** arms the daily purge unless a run is already armed or no retention is set */
export async function armLogPurge(db: Db, now: Date) {
  const days = await retentionDays(db);
  if (LOG_KINDS.some((k) => days[k] > 0)) await armDailyJob(db, LOG_PURGE_KIND, now);
}

/** the job: purge, then arm the next run a day later while some retention is set */
export async function runLogPurge(db: Db, job: typeof wfJobs.$inferSelect, now: Date, workerId: string) {
  const result = await purgeLogs(db, now);
  const days = await retentionDays(db);
  await endDailyRun(db, job, now, workerId, result, LOG_KINDS.some((k) => days[k] > 0));
}
