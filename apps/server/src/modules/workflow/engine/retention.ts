import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { wfJobs } from '../../../db/schema/index';
import { workflowSettings } from '../admin/index';
import { armDailyJob, endDailyRun } from './dailyJob';

/**
 * History retention (the settings' `historyRetentionDays`, 0 = for ever): finished process instances
 * whose end is older than the retention are deleted with everything under them (executions, tasks,
 * history, jobs, called instances), and so are finished jobs without an instance (listener callbacks).
 * A called instance is only deleted with its top-level instance. Runs as the `historyPurge` job, once a
 * day, each run arming the next.
 */

export const PURGE_JOB_KIND = 'historyPurge';
const DAY = 86_400_000;
const BATCH = 500;

/** deletes what the retention no longer keeps at `now`; answers how many instances and jobs went */
export async function purgeFinishedInstances(db: Db, now: Date): Promise<{ instances: number; jobs: number; cutoff: Date | null }> {
  const days = (await workflowSettings(db)).historyRetentionDays;
  if (days <= 0) return { instances: 0, jobs: 0, cutoff: null };
  const cutoff = new Date(now.getTime() - days * DAY);
  let instances = 0;
  for (;;) {
    // a batch of finished top-level instances and their called instances, in one statement
    const gone = await db.execute<{ id: number }>(sql`
      with recursive roots as (
        select id from wf_instances
         where parent_instance_id is null and status in ('completed', 'terminated', 'interrupted')
           and ended_at < ${cutoff.toISOString()}::timestamptz
         order by ended_at limit ${BATCH}),
      tree(id) as (select id from roots union all select i.id from wf_instances i join tree on i.parent_instance_id = tree.id)
      delete from wf_instances where id in (select id from tree) returning id`);
    instances += gone.rows.length;
    if (!gone.rows.length) break;
  }
  const jobs = await db.delete(wfJobs).where(and(
    sql`${wfJobs.instanceId} is null`, inArray(wfJobs.status, ['done', 'cancelled']),
    sql`coalesce(${wfJobs.doneAt}, ${wfJobs.createdAt}) < ${cutoff.toISOString()}::timestamptz`,
  )).returning({ id: wfJobs.id });
  return { instances, jobs: jobs.length, cutoff };
}

/** arms the daily purge unless a run is already armed */
export const armHistoryPurge = (db: Db, now: Date) => armDailyJob(db, PURGE_JOB_KIND, now);

/** the job: purge, then arm the next run a day later */
export async function runHistoryPurge(db: Db, job: typeof wfJobs.$inferSelect, now: Date, workerId: string) {
  await endDailyRun(db, job, now, workerId, await purgeFinishedInstances(db, now));
}
