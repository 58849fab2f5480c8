import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { wfInstances } from '../../../db/schema/index';
import { JOB_FINISHED, registerJobGroupHandler, registerJobHandler } from '../jobs';
import { registerWorkflowAdminJobs, runPlugin } from '../admin/index';
import { fireInstanceJob, fireTimerJobs, fireTimerStart, modelOf } from './runtime';
import { PURGE_JOB_KIND, runHistoryPurge } from './retention';

/** The engine's job kinds (and the admin part's listener callbacks) on the shared job runner. */
let registered = false;
export function registerEngineJobs() {
  if (registered) return;
  registered = true;
  // these finish their job's row in the transaction of their effect: the runner writes nothing more
  const finished = (yes: boolean) => (yes ? JOB_FINISHED : undefined);
  registerJobHandler('timer', async (db, job, now, worker) => finished(await fireInstanceJob(db, job, worker, now)));
  // due timers, a group per transaction (the runner's `group`)
  registerJobGroupHandler('timer', (db, jobs, now, worker) => fireTimerJobs(db, jobs, worker, now));
  registerJobHandler('taskDue', async (db, job, now, worker) => finished(await fireInstanceJob(db, job, worker, now)));
  registerJobHandler('timerStart', async (db, job, now, worker) => finished(await fireTimerStart(db, job, worker, now)));
  registerJobHandler(PURGE_JOB_KIND, (db, job, now, worker) => runHistoryPurge(db, job, now, worker));
  registerJobHandler('serviceTask', async (db: Db, job, now, worker) => {
    const [inst] = await db.select().from(wfInstances).where(eq(wfInstances.id, job.instanceId ?? 0));
    if (!inst || inst.status !== 'running') return finished(await fireInstanceJob(db, job, worker, now));
    const el = (await modelOf(db, inst.versionId, inst.definitionKey, inst.version)).elements[job.elementId ?? ''];
    // the plugin (an HTTP call, a mail) runs outside the instance's transaction; its variables are applied under the lock
    const res = el?.plugin
      ? await runPlugin(db, el.plugin, el.settings ?? {}, {
        instanceId: inst.id, definitionKey: inst.definitionKey, starterAccountId: inst.starterId, variables: inst.variables, now,
      })
      : {};
    return finished(await fireInstanceJob(db, job, worker, now, res.variables ?? {}));
  });
  registerWorkflowAdminJobs((kind, handler) => registerJobHandler(kind, (db, job, now) => handler(db, job, now)));
}
