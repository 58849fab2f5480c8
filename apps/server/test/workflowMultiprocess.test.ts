import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import net from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { openDatabase, type Database } from '../src/db/client';
import { wfDefinitions, wfHistory, wfInstances, wfJobs, wfTasks } from '../src/db/schema/index';
import { completeTask, createInstance, SYSTEM } from '../src/modules/workflow/engine/runtime';
import { registerEngineJobs } from '../src/modules/workflow/engine/handlers';
import { definitionService } from '../src/modules/workflow/definitions';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { openTestDatabase, pgUrl } from './templateDb';
import { bpmn, duration, endEv, flow, line, startEv, timerCatch, userTask } from './workflowKit';

/**
 * The engine on one PostgreSQL shared by several processes (runs when TEST_DATABASE_URL is set):
 * the same task completed at once from two server processes → exactly one wins; due timers claimed by
 * two runners on separate connection pools → each fires exactly once.
 */
const freePort = () => new Promise<number>((resolve) => { const srv = net.createServer(); srv.listen(0, '127.0.0.1', () => { const p = (srv.address() as net.AddressInfo).port; srv.close(() => resolve(p)); }); });

async function startProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), GATEWAY_PORT: String(await freePort()), BENCAO_PROFILE: 'demo', LOG_LEVEL: 'warn', HOST: '127.0.0.1', LOGIN_RATE_LIMIT: '1000' },
    stdio: 'pipe',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try { if ((await fetch(`${url}/api/health`)).ok) return { url, child }; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('server process did not start');
}

async function login(base: string) {
  const key: any = await (await fetch(`${base}/api/uc/getkey/LoginGetKey.do?method=getLoginKey`)).json();
  const form = new URLSearchParams({ grant_type: 'password', username: 'admin', password: encryptForLogin(key.data.publicKey, 'Bencao@2026'), key_id: key.data.keyId });
  return ((await (await fetch(`${base}/api/oauth/token`, { method: 'POST', body: form })).json()) as any).access_token as string;
}
const call = async (base: string, token: string, method: string, p: string, body?: unknown) => {
  const res = await fetch(base + p, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return { status: res.status, body: (await res.json()) as any };
};

describe.runIf(pgUrl())('the workflow engine on several processes sharing one PostgreSQL', () => {
  let a: { url: string; child: ChildProcess }, b: { url: string; child: ChildProcess }, drop: () => Promise<void>, url: string;
  beforeAll(async () => {
    const tdb = await openTestDatabase();
    drop = tdb.drop;
    url = tdb.url!;
    [a, b] = await Promise.all([startProcess(url), startProcess(url)]);
  }, 180_000);
  afterAll(async () => { a?.child.kill(); b?.child.kill(); await new Promise((r) => setTimeout(r, 500)); await drop?.(); });

  it('the same task completed twice at once from two processes: exactly one wins', async () => {
    const [ta, tb] = await Promise.all([login(a.url), login(b.url)]);
    const created = await call(a.url, ta, 'POST', '/api/workflow/definitions', { key: 'mpRace', name: 'Race', xml: line('mpRace', ['a', 'b']) });
    expect((await call(a.url, ta, 'POST', `/api/workflow/definitions/${created.body.data.id}/publish`)).status).toBe(200);
    for (let round = 0; round < 10; round++) {
      const started = await call(b.url, tb, 'POST', `/api/workflow/definitions/${created.body.data.id}/start`, { variables: {} });
      const id = started.body.data.id;
      const detail = await call(a.url, ta, 'GET', `/api/workflow/instances/${id}`);
      const task = detail.body.data.tasks.find((t: any) => t.status === 'open');
      const answers = await Promise.all([
        call(a.url, ta, 'POST', `/api/workflow/tasks/${task.id}/complete`, { variables: { by: 'a' } }),
        call(b.url, tb, 'POST', `/api/workflow/tasks/${task.id}/complete`, { variables: { by: 'b' } }),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const after = (await call(b.url, tb, 'GET', `/api/workflow/instances/${id}`)).body.data;
      expect(after.tasks.filter((t: any) => t.elementId === 'b')).toHaveLength(1);
      expect(after.history.filter((h: any) => h.action === 'taskComplete')).toHaveLength(1);
    }
  });

  it('N due timers fired by two runners on separate pools: each exactly once', async () => {
    registerEngineJobs();
    const dbs: Database[] = await Promise.all([openDatabase({ databaseUrl: url, dataDir: '', poolSize: 6 }), openDatabase({ databaseUrl: url, dataDir: '', poolSize: 6 })]);
    try {
      const db = dbs[0].db;
      const t0 = new Date('2030-01-01T00:00:00Z');
      const svc = definitionService(db, () => t0);
      const def = await svc.create({ key: 'mpTimers', name: 'Timers', category: null, description: null,
        xml: bpmn('mpTimers', [startEv(), timerCatch('wait', duration('PT1M')), userTask('after'), endEv(),
          flow('f1', 'start', 'wait'), flow('f2', 'wait', 'after'), flow('f3', 'after', 'end')].join('\n')) }, SYSTEM);
      await svc.publish(def.id, SYSTEM);
      const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, def.id));
      const N = 300;
      const ids: number[] = [];
      for (let i = 0; i < N; i++) {
        const inst = await db.transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: t0, actor: SYSTEM, businessKey: `T${i}`, variables: {}, starterId: null, starterName: null }));
        ids.push(inst.id);
      }
      // the server processes' own runners use the wall clock, long before 2030: only these two fire them
      const due = new Date(t0.getTime() + 60_000);
      await Promise.all([
        runDueJobs(dbs[0].db, { now: due, workerId: 'runner-1', limit: 20, concurrency: 4 }),
        runDueJobs(dbs[1].db, { now: due, workerId: 'runner-2', limit: 20, concurrency: 4 }),
      ]);
      const fired = await db.select({ instanceId: wfHistory.instanceId, n: sql<number>`count(*)::int` }).from(wfHistory)
        .where(and(inArray(wfHistory.instanceId, ids), eq(wfHistory.action, 'timer'))).groupBy(wfHistory.instanceId);
      expect(fired).toHaveLength(N);
      expect(fired.every((f) => f.n === 1)).toBe(true);
      const jobs = await db.select({ status: wfJobs.status, by: wfJobs.attempts }).from(wfJobs).where(inArray(wfJobs.instanceId, ids));
      expect(jobs.every((j) => j.status === 'done' || j.status === 'pending')).toBe(true);
      expect(jobs.filter((j) => j.status === 'done')).toHaveLength(N);
      const nodes = await db.select({ nodes: wfInstances.currentNodes }).from(wfInstances).where(inArray(wfInstances.id, ids));
      expect(nodes.every((r) => r.nodes.length === 1 && r.nodes[0] === 'after')).toBe(true);
    } finally {
      await Promise.all(dbs.map((x) => x.close()));
    }
  }, 180_000);
});

describe.runIf(pgUrl())('lock order between a called instance and its parent (PostgreSQL)', () => {
  it('a child completing waits for its parent\'s lock before taking its own: a parent-side step can still lock the child', async () => {
    const tdb = await openTestDatabase();
    const dbs: Database[] = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: tdb.url!, dataDir: '', poolSize: 2 })));
    try {
      const [parentSide, childSide, observer] = dbs.map((d) => d.db);
      const t0 = new Date('2030-01-01T00:00:00Z');
      const svc = definitionService(parentSide, () => t0);
      for (const [key, xml] of [
        ['lockChild', line('lockChild', ['c'])],
        ['lockParent', bpmn('lockParent', [startEv(), '<bpmn:callActivity id="call" calledElement="lockChild"/>', userTask('after'), endEv(),
          flow('f1', 'start', 'call'), flow('f2', 'call', 'after'), flow('f3', 'after', 'end')].join('\n'))],
      ] as const) {
        const def = await svc.create({ key, name: key, category: null, description: null, xml }, SYSTEM);
        await svc.publish(def.id, SYSTEM);
      }
      const [d] = await parentSide.select().from(wfDefinitions).where(eq(wfDefinitions.key, 'lockParent'));
      const parent = await parentSide.transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: t0, actor: SYSTEM, businessKey: 'L1', variables: {}, starterId: null, starterName: null }));
      const [child] = await parentSide.select().from(wfInstances).where(eq(wfInstances.parentInstanceId, parent.id));
      const [task] = await parentSide.select().from(wfTasks).where(and(eq(wfTasks.instanceId, child.id), eq(wfTasks.status, 'open')));

      let completion: Promise<unknown> | undefined;
      const childLockedByParentSide = await parentSide.transaction(async (tx) => {
        // a parent-side step (hang up, terminate…) holds the parent and is about to cascade to the child
        await tx.execute(sql`select id from wf_instances where id = ${parent.id} for update`);
        completion = completeTask(childSide, task.id, SYSTEM, { variables: {}, comment: null, outcome: null }, t0, true);
        for (let i = 0; i < 400; i++) {
          const [{ n }] = (await observer.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows;
          if (Number(n) > 0) break;
          await new Promise((r) => setTimeout(r, 25));
        }
        // the completion waits for the parent without holding the child: NOWAIT gets the child at once
        const got = await tx.execute(sql`select id from wf_instances where id = ${child.id} for update nowait`).then(() => true, () => false);
        return got;
      });
      expect(childLockedByParentSide).toBe(true);
      await completion;
      const [after] = await observer.select().from(wfInstances).where(eq(wfInstances.id, parent.id));
      expect(after.currentNodes).toEqual(['after']);
      const [childAfter] = await observer.select().from(wfInstances).where(eq(wfInstances.id, child.id));
      expect(childAfter.status).toBe('completed');
    } finally {
      await Promise.all(dbs.map((x) => x.close()));
      await tdb.drop();
    }
  }, 120_000);

  it('a completion that waited for the instance lock reads the task and its activity as the holder left them', async () => {
    const tdb = await openTestDatabase();
    const dbs: Database[] = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: tdb.url!, dataDir: '', poolSize: 2 })));
    try {
      const [holderSide, completer, observer] = dbs.map((d) => d.db);
      const t0 = new Date('2030-01-01T00:00:00Z');
      const svc = definitionService(holderSide, () => t0);
      const def = await svc.create({ key: 'lockFresh', name: 'lockFresh', category: null, description: null, xml: line('lockFresh', ['a', 'b']) }, SYSTEM);
      await svc.publish(def.id, SYSTEM);
      const [d] = await holderSide.select().from(wfDefinitions).where(eq(wfDefinitions.id, def.id));
      const waitForLockWait = async () => {
        for (let i = 0; i < 400; i++) {
          const [{ n }] = (await observer.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows;
          if (Number(n) > 0) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('the completion never waited for the lock');
      };
      const complete = (taskId: number) => completeTask(completer, taskId, SYSTEM, { variables: {}, comment: null, outcome: null }, t0, true)
        .then(() => 200, (e: { status?: number; key?: string }) => `${e.status} ${e.key}`);
      for (const change of ['completed', 'suspended'] as const) {
        const inst = await holderSide.transaction((tx) => createInstance(tx, { definition: d, versionId: d.latestVersionId!, now: t0, actor: SYSTEM, businessKey: change, variables: {}, starterId: null, starterName: null }));
        const [task] = await holderSide.select().from(wfTasks).where(and(eq(wfTasks.instanceId, inst.id), eq(wfTasks.status, 'open')));
        let answer: Promise<unknown> | undefined;
        await holderSide.transaction(async (tx) => {
          // another step holds the instance and changes the task and its activity instance (completes it / hangs it up)
          await tx.execute(sql`select id from wf_instances where id = ${inst.id} for update`);
          await tx.execute(sql`update wf_tasks set status = ${change} where id = ${task.id}`);
          await tx.execute(sql`update wf_executions set status = ${change} where id = ${task.executionId}`);
          answer = complete(task.id);
          await waitForLockWait();
        });
        // read before the holder committed, the task would still be open: the completion must see the committed change
        expect(await answer).toBe(change === 'completed' ? '409 workflow.taskNotOpen' : '409 workflow.instanceNotRunning');
        const tasks = await observer.select().from(wfTasks).where(eq(wfTasks.instanceId, inst.id));
        expect(tasks.map((t) => t.elementId)).toEqual(['a']);
      }
    } finally {
      await Promise.all(dbs.map((x) => x.close()));
      await tdb.drop();
    }
  }, 120_000);
});
