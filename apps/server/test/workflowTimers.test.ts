import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { bpmn, duration, endEv, flow, startEv, timerCatch, userTask } from './workflowKit';
import { wfDefinitions, wfHistory, wfInstances, wfJobs } from '../src/db/schema/index';
import { createInstance, fireInstanceJob, fireTimerJobs, SYSTEM } from '../src/modules/workflow/engine/runtime';
import { definitionService } from '../src/modules/workflow/definitions';
import { runDueJobs } from '../src/modules/workflow/jobs';
import type { Db } from '../src/db/client';

/**
 * Due timers claimed by several runners (FOR UPDATE SKIP LOCKED + a lease), fired a group per
 * transaction: each fires exactly once, also when a runner's lease ran out and another took its jobs
 * over. Everything on an injected clock (the runners' `now`), far from the wall clock.
 */

let s: TestServer;
let db: Db;
const T0 = new Date('2031-03-01T08:00:00Z');
const DUE = new Date(T0.getTime() + 60_000);

beforeAll(async () => {
  s = await startTestServer();
  db = s.built.deps.db;
});
afterAll(async () => { await s?.close(); });

/** `n` instances waiting at a one-minute timer, then a user task "after" (`thenEnd`: the end event straight away) */
async function timerInstances(key: string, n: number, thenEnd = false): Promise<number[]> {
  const svc = definitionService(db, () => T0);
  const def = await svc.create({ key, name: key, category: null, description: null,
    xml: bpmn(key, thenEnd
      ? [startEv(), timerCatch('wait', duration('PT1M')), endEv(), flow('f1', 'start', 'wait'), flow('f2', 'wait', 'end')].join('\n')
      : [startEv(), timerCatch('wait', duration('PT1M')), userTask('after'), endEv(),
        flow('f1', 'start', 'wait'), flow('f2', 'wait', 'after'), flow('f3', 'after', 'end')].join('\n')) }, SYSTEM);
  await svc.publish(def.id, SYSTEM);
  const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, def.id));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const inst = await db.transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: T0, actor: SYSTEM, businessKey: `${key}-${i}`, variables: {}, starterId: null, starterName: null }));
    ids.push(inst.id);
  }
  return ids;
}

async function firedPerInstance(ids: number[]) {
  const rows = await db.select({ instanceId: wfHistory.instanceId, n: sql<number>`count(*)::int` }).from(wfHistory)
    .where(and(inArray(wfHistory.instanceId, ids), eq(wfHistory.action, 'timer'))).groupBy(wfHistory.instanceId);
  return new Map(rows.map((r) => [r.instanceId, Number(r.n)]));
}

describe('due timers and several runners', () => {
  it('two runners at once, one firing groups of 7, the other one by one: every timer fires exactly once', async () => {
    const ids = await timerInstances('tmTwoRunners', 45);
    // a moment early none of them is due (the seeded database's own jobs run here)
    await runDueJobs(db, { now: new Date(DUE.getTime() - 1), workerId: 'r1' });
    expect((await firedPerInstance(ids)).size).toBe(0);
    const [a, b] = await Promise.all([
      runDueJobs(db, { now: DUE, workerId: 'r1', limit: 10, group: 7 }),
      runDueJobs(db, { now: DUE, workerId: 'r2', limit: 10, group: 1, concurrency: 2 }),
    ]);
    expect(a.failed + b.failed).toBe(0);
    const fired = await firedPerInstance(ids);
    expect(fired.size).toBe(ids.length);
    expect([...fired.values()].every((n) => n === 1)).toBe(true);
    const jobs = await db.select({ status: wfJobs.status }).from(wfJobs).where(and(inArray(wfJobs.instanceId, ids), eq(wfJobs.kind, 'timer')));
    expect(jobs.map((j) => j.status)).toEqual(ids.map(() => 'done'));
    const nodes = await db.select({ nodes: wfInstances.currentNodes }).from(wfInstances).where(inArray(wfInstances.id, ids));
    expect(nodes.every((r) => r.nodes.length === 1 && r.nodes[0] === 'after')).toBe(true);
    // nothing is left for a third pass
    expect(await runDueJobs(db, { now: new Date(DUE.getTime() + 3_600_000), workerId: 'r3' })).toMatchObject({ failed: 0 });
    expect([...(await firedPerInstance(ids)).values()].every((n) => n === 1)).toBe(true);
  });

  it('a group whose timers end their instances: every instance row completed, with its end time and no current node, in one group', async () => {
    const ids = await timerInstances('tmEnd', 9, true);
    const jobs = await db.update(wfJobs).set({ status: 'running', lockedBy: 'g', leaseUntil: new Date(DUE.getTime() + 60_000), attempts: 1 })
      .where(and(inArray(wfJobs.instanceId, ids), eq(wfJobs.kind, 'timer'))).returning();
    expect((await fireTimerJobs(db, jobs, 'g', DUE)).size).toBe(ids.length);
    const rows = await db.select().from(wfInstances).where(inArray(wfInstances.id, ids));
    expect(rows.map((r) => [r.status, r.endedAt?.toISOString(), r.updatedAt.toISOString(), r.currentNodes])).toEqual(
      ids.map(() => ['completed', DUE.toISOString(), DUE.toISOString(), []]));
    const ends = await db.select({ n: sql<number>`count(*)::int` }).from(wfHistory).where(and(inArray(wfHistory.instanceId, ids), eq(wfHistory.action, 'end')));
    expect(Number(ends[0].n)).toBe(ids.length);
    // fired again (a runner that still holds the same rows): nothing more happens
    await fireTimerJobs(db, jobs, 'g', DUE);
    expect([...(await firedPerInstance(ids)).values()]).toEqual(ids.map(() => 1));
  });

  it('a runner whose lease ran out fires nothing: the runner that took its jobs over fires each once', async () => {
    const ids = await timerInstances('tmLease', 12);
    // runner "gone" claimed them and stopped; its lease ended before DUE
    await db.update(wfJobs).set({ status: 'running', lockedBy: 'gone', leaseUntil: new Date(DUE.getTime() - 1000), attempts: 1 })
      .where(and(inArray(wfJobs.instanceId, ids), eq(wfJobs.kind, 'timer')));
    const asGoneSawThem = await db.select().from(wfJobs).where(and(inArray(wfJobs.instanceId, ids), eq(wfJobs.kind, 'timer')));
    expect(await runDueJobs(db, { now: DUE, workerId: 'alive', group: 5 })).toMatchObject({ failed: 0 });
    // the gone runner comes back and finishes what it had claimed: in a group, and one by one
    await fireTimerJobs(db, asGoneSawThem.slice(0, 6), 'gone', DUE);
    for (const job of asGoneSawThem.slice(6)) await fireInstanceJob(db, job, 'gone', DUE);
    const fired = await firedPerInstance(ids);
    expect(fired.size).toBe(ids.length);
    expect([...fired.values()].every((n) => n === 1)).toBe(true);
  });
});
