import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { wfJobs } from '../../../db/schema/index';
import { jobDone, ownJob, type JobRow } from './runtime';

/**
 * A job that runs once a day on the shared job runner as one chain across processes: each run arms the
 * next in the transaction that ends it, and arming is checked under an advisory lock, so two processes
 * starting at once arm it once.
 */

const DAY = 86_400_000;
const ARMED = ['pending', 'running', 'held', 'failed'] as const;

/** arms the chain of `kind` to run at `now` unless a run is already armed */
export async function armDailyJob(db: Db, kind: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bencao.dailyJob.${kind}`}))`);
    const armed = await tx.select({ id: wfJobs.id }).from(wfJobs).where(and(eq(wfJobs.kind, kind), inArray(wfJobs.status, [...ARMED]))).limit(1);
    if (!armed.length) await tx.insert(wfJobs).values({ kind, status: 'pending', dueAt: now, createdAt: now });
  });
}

/** ends this run (unless another runner owns it now) and, when `again`, arms the next a day later with `last` as its payload */
export async function endDailyRun(db: Db, job: JobRow, now: Date, workerId: string, last: unknown, again = true) {
  await db.transaction(async (tx) => {
    const j = await ownJob(tx, job.id, workerId);
    if (!j) return;
    await jobDone(tx, j.id, now);
    if (again) await tx.insert(wfJobs).values({ kind: job.kind, status: 'pending', dueAt: new Date(now.getTime() + DAY), payload: { last }, createdAt: now });
  });
}
