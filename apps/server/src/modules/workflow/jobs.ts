import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { translate } from '@bencao/contracts';
import { wfJobs } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { clockOf } from './engine/clock';
import { armHistoryPurge } from './engine/retention';
import { repeatEvery } from '../../platform/repeat';

/**
 * The job table's runner (timers, service tasks, task deadlines, timer starts, listener callbacks).
 * Any number of server processes run it: due jobs are claimed with FOR UPDATE SKIP LOCKED and a lease,
 * so a job runs on one runner at a time; the engine's own handlers finish the job inside the same
 * transaction as its effect (fires exactly once). A failing job is retried with back-off
 * (10 s, 20 s, 40 s … capped at one hour) until `max_attempts`, then it stays `failed` with its last
 * error, shown in the monitor, until someone retries it.
 */

export type JobRow = typeof wfJobs.$inferSelect;
/** a handler answers this when it finished the job's row itself, in the transaction of its effect (the runner then writes nothing) */
export const JOB_FINISHED = Symbol('workflow.jobFinished');
export type JobHandler = (db: Db, job: JobRow, now: Date, workerId: string) => Promise<unknown>;

const handlers = new Map<string, JobHandler>();
/** runs a group of claimed jobs of one kind in one transaction; answers the ids it finished (the runner runs the rest one by one) */
export type JobGroupHandler = (db: Db, jobs: JobRow[], now: Date, workerId: string) => Promise<Set<number>>;
const groupHandlers = new Map<string, JobGroupHandler>();

/** registers the code run for jobs of `kind` (one handler per kind; a second registration replaces it) */
export function registerJobHandler(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
}
/** also lets jobs of `kind` run in groups (the single-job handler stays the fallback) */
export function registerJobGroupHandler(kind: string, handler: JobGroupHandler) {
  groupHandlers.set(kind, handler);
}

export const defaultWorkerId = () => `${os.hostname()}:${process.pid}`;
export const backoffMs = (attempts: number) => Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempts - 1));

export interface RunOptions {
  /** the clock (default: the engine's clock of `db`) */
  now?: Date;
  workerId?: string;
  /** jobs claimed per batch */
  limit?: number;
  /** how long a claim holds before another runner may take the job again */
  leaseMs?: number;
  /** handlers run at once */
  concurrency?: number;
  /** jobs of a kind with a group handler run this many per transaction (default 50; 1: one by one) */
  group?: number;
}

/** claims the jobs due at `now` and runs them; loops until none is due. Returns the counts. */
export async function runDueJobs(db: Db, opts: RunOptions = {}): Promise<{ ran: number; failed: number }> {
  const now = opts.now ?? clockOf(db)();
  const workerId = opts.workerId ?? defaultWorkerId();
  const limit = opts.limit ?? 100;
  const lease = new Date(now.getTime() + (opts.leaseMs ?? 60_000));
  let ran = 0;
  let failed = 0;
  for (let batch = 0; batch < 10_000; batch++) {
    const rows = await db.update(wfJobs)
      .set({ status: 'running', lockedBy: workerId, leaseUntil: lease, attempts: sql`${wfJobs.attempts} + 1` })
      .where(sql`${wfJobs.id} in (
         select id from wf_jobs
          where (status = 'pending' and due_at <= ${now.toISOString()}::timestamptz)
             or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
          order by due_at, id
          limit ${limit}
          for update skip locked)`)
      .returning();
    if (!rows.length) break;
    rows.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id);
    // units of work: a group of jobs of one kind that has a group handler, else one job
    const queue: JobRow[][] = [];
    const open = new Map<string, JobRow[]>();
    const groupSize = Math.max(1, opts.group ?? 50);
    for (const job of rows) {
      if (groupSize === 1 || !groupHandlers.has(job.kind)) { queue.push([job]); continue; }
      let g = open.get(job.kind);
      if (!g || g.length >= groupSize) { open.set(job.kind, (g = [])); queue.push(g); }
      g.push(job);
    }
    const count = (ok: boolean) => { if (ok) ran++; else failed++; };
    const worker = async () => {
      for (let unit = queue.shift(); unit; unit = queue.shift()) {
        const group = unit.length > 1 ? groupHandlers.get(unit[0].kind) : undefined;
        let finished = new Set<number>();
        // a group that throws wrote nothing: each of its jobs runs on its own (and fails alone)
        if (group) finished = await group(db, unit, now, workerId).catch(() => new Set<number>());
        for (const job of unit) count(finished.has(job.id) || await runOne(db, job, now, workerId));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, worker));
  }
  return { ran, failed };
}

async function runOne(db: Db, job: JobRow, now: Date, workerId: string): Promise<boolean> {
  const handler = handlers.get(job.kind);
  try {
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    if ((await handler(db, job, now, workerId)) === JOB_FINISHED) return true;
    await db.update(wfJobs).set({ status: 'done', doneAt: now, lockedBy: null, leaseUntil: null })
      .where(sql`${wfJobs.id} = ${job.id} and ${wfJobs.lockedBy} = ${workerId} and ${wfJobs.status} = 'running'`);
    return true;
  } catch (e) {
    // one of our messages (e.g. an expression over its budget) is kept as its key too, so that the monitor
    // shows it in the reader's language (engine/incidents.ts jobErrorIn); the text is the English one
    const catalogued = e instanceof AppError ? { key: e.key, params: e.params } : null;
    const message = (catalogued ? translate('en', catalogued.key, catalogued.params) : String((e as Error)?.message ?? e)).slice(0, 2000);
    const retryAt = new Date(now.getTime() + backoffMs(job.attempts));
    await db.update(wfJobs).set({
      status: sql`case when ${wfJobs.attempts} >= ${wfJobs.maxAttempts} then 'failed' else 'pending' end`,
      dueAt: retryAt, lastError: message, lockedBy: null, leaseUntil: null,
      ...(catalogued ? { payload: sql`coalesce(${wfJobs.payload}, '{}'::jsonb) || ${JSON.stringify({ message: catalogued })}::jsonb` } : {}),
    }).where(sql`${wfJobs.id} = ${job.id} and ${wfJobs.lockedBy} = ${workerId} and ${wfJobs.status} = 'running'`);
    return false;
  }
}

export interface JobRunnerOptions {
  pollMs?: number;
  now?: () => Date;
  workerId?: string;
  concurrency?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

/** polls the job table until stopped (main.ts starts one per process) */
export function startJobRunner(db: Db, opts: JobRunnerOptions = {}) {
  const pollMs = opts.pollMs ?? 1000;
  // the daily history purge (engine/retention.ts) is armed once per process start (a no-op when armed)
  const armed = armHistoryPurge(db, opts.now?.() ?? clockOf(db)())
    .catch((err) => opts.log?.warn({ err }, 'workflow history purge not armed'));
  return repeatEvery(pollMs, async (stopped) => {
    await armed;
    if (stopped()) return;
    await runDueJobs(db, { now: opts.now?.(), workerId: opts.workerId, concurrency: opts.concurrency ?? 4 })
      .catch((err) => opts.log?.warn({ err }, 'workflow job runner pass failed'));
  });
}
