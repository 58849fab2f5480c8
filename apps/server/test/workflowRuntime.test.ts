import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { boundaryTimer, bpmn, duration, endEv, flow, gateway, kit, line, startEv, timerCatch, userTask, type Kit } from './workflowKit';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { runDueJobs } from '../src/modules/workflow/jobs';

/** Timers and jobs on the injected clock, instance and activity states, publish validation. */

let s: TestServer;
let k: Kit;
// Friday 6 March 2026, 09:00 UTC
const T0 = new Date('2026-03-06T09:00:00Z');
let clock = T0;
const at = (ms: number) => new Date(T0.getTime() + ms);
const H = 3_600_000;
const run = (now: Date) => runDueJobs(s.built.deps.db, { now, workerId: 'test-runner' });

beforeAll(async () => {
  s = await startTestServer();
  setWorkflowClock(s.built.deps.db, () => clock);
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
});
afterAll(async () => { await s?.close(); });

const post = (path: string, body?: unknown, lang = 'en') => s.request('POST', path, { token: k.token, body, lang });
const active = async (id: number) => ((await k.detail(id)).activeNodeIds as string[]).sort();

describe('timers', () => {
  it('an interrupting boundary timer cancels the task and takes its own flow, once', async () => {
    clock = T0;
    const def = await k.deploy(bpmn('wfBoundary', [
      startEv(), userTask('a'), boundaryTimer('late', 'a', duration('PT1H')), userTask('escalated'), endEv(), endEv('end2'),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'end'), flow('f3', 'late', 'escalated'), flow('f4', 'escalated', 'end2'),
    ].join('\n')));
    const id = await k.start(def);
    const timer = (await k.detail(id)).jobs.find((j: any) => j.kind === 'timer');
    expect(timer).toMatchObject({ elementId: 'late', status: 'pending', dueAt: at(H).toISOString() });
    await run(at(0.5 * H));
    expect(await active(id)).toEqual(['a']);
    await run(at(H));
    expect(await active(id)).toEqual(['escalated']);
    const d = await k.detail(id);
    expect(d.tasks.find((t: any) => t.elementId === 'a').status).toBe('cancelled');
    expect(d.executions.find((e: any) => e.elementId === 'a').status).toBe('interrupted');
    expect(d.jobs.find((j: any) => j.id === timer.id).status).toBe('done');
    await run(at(5 * H));
    expect((await k.detail(id)).executions.filter((e: any) => e.elementId === 'escalated')).toHaveLength(1);
  });

  it('a non-interrupting boundary timer adds a branch and leaves the task open', async () => {
    clock = T0;
    const def = await k.deploy(bpmn('wfBoundaryNi', [
      startEv(), userTask('a'), boundaryTimer('remind', 'a', duration('PT2H'), false), userTask('notify'), endEv(), endEv('end2'),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'end'), flow('f3', 'remind', 'notify'), flow('f4', 'notify', 'end2'),
    ].join('\n')));
    const id = await k.start(def);
    await run(at(2 * H));
    expect(await active(id)).toEqual(['a', 'notify']);
    await k.pass(id, 'a');
    await k.pass(id, 'notify');
    expect((await k.detail(id)).status).toBe('completed');
  });

  it('a working-days deadline skips the weekend on the working calendar', async () => {
    clock = T0; // Friday
    const def = await k.deploy(bpmn('wfWorkdays', [
      startEv(), userTask('a'), boundaryTimer('deadline', 'a', 'wd:2'), userTask('overdue'), endEv(), endEv('end2'),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'end'), flow('f3', 'deadline', 'overdue'), flow('f4', 'overdue', 'end2'),
    ].join('\n')));
    const id = await k.start(def);
    const job = (await k.detail(id)).jobs.find((j: any) => j.elementId === 'deadline');
    expect(job.dueAt).toBe('2026-03-10T09:00:00.000Z'); // Friday + 2 working days = Tuesday
    await run(new Date('2026-03-09T23:00:00Z'));
    expect(await active(id)).toEqual(['a']);
    await run(new Date('2026-03-10T09:00:00Z'));
    expect(await active(id)).toEqual(['overdue']);
  });

  it('a task due in N working days gets its deadline; an intermediate timer waits', async () => {
    clock = T0;
    const def = await k.deploy(bpmn('wfCatch', [
      startEv(), userTask('a', { dueIn: '3wd' }), timerCatch('wait', duration('PT30M')), userTask('b'), endEv(),
      flow('f1', 'start', 'a'), flow('f2', 'a', 'wait'), flow('f3', 'wait', 'b'), flow('f4', 'b', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    expect((await k.open(id))[0].dueAt).toBe('2026-03-11T09:00:00.000Z');
    clock = at(H);
    await k.pass(id, 'a');
    expect(await active(id)).toEqual(['wait']);
    await run(at(1.4 * H));
    expect(await active(id)).toEqual(['wait']);
    await run(at(1.5 * H));
    expect(await active(id)).toEqual(['b']);
  });

  it('timers of a suspended instance wait, and overdue ones fire after recover', async () => {
    clock = T0;
    const def = await k.deploy(bpmn('wfSuspTimer', [
      startEv(), timerCatch('wait', duration('PT1H')), userTask('b'), endEv(),
      flow('f1', 'start', 'wait'), flow('f2', 'wait', 'b'), flow('f3', 'b', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    expect((await post(`/api/workflow/instances/${id}/suspend`)).status).toBe(200);
    expect((await k.detail(id)).jobs[0].status).toBe('held');
    await run(at(3 * H));
    expect(await active(id)).toEqual(['wait']);
    clock = at(3 * H);
    expect((await post(`/api/workflow/instances/${id}/resume`)).status).toBe(200);
    await run(at(3 * H));
    expect(await active(id)).toEqual(['b']);
  });

  it('a failing job is retried with back-off, kept as failed with its error, and retried on demand', async () => {
    clock = T0;
    const def = await k.deploy(bpmn('wfService', [
      startEv(), '<bpmn:serviceTask id="svc" name="Call" bencao:plugin="noSuchPlugin"/>', userTask('b'), endEv(),
      flow('f1', 'start', 'svc'), flow('f2', 'svc', 'b'), flow('f3', 'b', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    let job = (await k.detail(id)).jobs[0];
    expect(job).toMatchObject({ kind: 'serviceTask', status: 'pending' });
    let t = T0.getTime();
    for (let i = 0; i < 5; i++) { await run(new Date(t)); t += 2 * H; }
    job = (await k.detail(id)).jobs[0];
    expect(job).toMatchObject({ status: 'failed', attempts: 5 });
    expect(job.lastError).toBeTruthy();
    const list = await s.request('GET', `/api/workflow/instances?definitionKey=wfService`, { token: k.token });
    expect(list.body.data.records[0]).toMatchObject({ id, hasIncident: true });
    expect((await post(`/api/workflow/jobs/${job.id}/retry`)).status).toBe(200);
    expect((await k.detail(id)).jobs[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await post(`/api/workflow/jobs/${job.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Only a failed job can be retried');
  });
});

describe('timer start events', () => {
  it('a cycle R2/PT1H starts an instance every hour, twice, on the newest version', async () => {
    clock = T0;
    const def = await k.deploy(bpmn('wfCycle', [
      '<bpmn:startEvent id="tick"><bpmn:timerEventDefinition><bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R2/PT1H</bpmn:timeCycle></bpmn:timerEventDefinition></bpmn:startEvent>',
      userTask('a', { rule: { kind: 'user', accountIds: (await k.accountIds(['admin'])) } }), endEv(),
      flow('f1', 'tick', 'a'), flow('f2', 'a', 'end'),
    ].join('\n')));
    const count = async () => (await s.request('GET', '/api/workflow/instances?definitionKey=wfCycle', { token: k.token })).body.data.total;
    await run(at(0.9 * H));
    expect(await count()).toBe(0);
    await run(at(H));
    expect(await count()).toBe(1);
    await run(at(H));
    expect(await count()).toBe(1);
    await run(at(2 * H));
    expect(await count()).toBe(2);
    await run(at(10 * H));
    expect(await count()).toBe(2);
    const list = await s.request('GET', '/api/workflow/instances?definitionKey=wfCycle', { token: k.token });
    expect(list.body.data.records.every((r: any) => r.status === 'running' && r.currentNodes[0] === 'a')).toBe(true);
    expect(def).toBeGreaterThan(0);
  });
});

describe('the monitor list', () => {
  it('filters by definition, status, starter and business key, newest first', async () => {
    clock = T0;
    const def = await k.deploy(line('wfMonitor', ['a']));
    const ids = [];
    for (let i = 0; i < 3; i++) { clock = at(i * H); ids.push(await k.start(def, {}, `MON-${i}`)); }
    await post(`/api/workflow/instances/${ids[1]}/suspend`);
    const q = async (query: string) => (await s.request('GET', `/api/workflow/instances?${query}`, { token: k.token })).body.data;
    const all = await q('definitionKey=wfMonitor');
    expect(all.total).toBe(3);
    expect(all.records.map((r: any) => r.id)).toEqual([...ids].reverse());
    expect(all.records[0]).toMatchObject({ definitionName: 'wfMonitor', version: 1, businessKey: 'MON-2', currentNodes: ['a'], starterName: expect.any(String) });
    expect((await q('definitionKey=wfMonitor&status=suspended')).records.map((r: any) => r.id)).toEqual([ids[1]]);
    expect((await q('businessKey=MON-0')).records.map((r: any) => r.id)).toEqual([ids[0]]);
    expect((await q('definitionKey=wfMonitor&starter=admin')).total).toBe(3);
    expect((await q('definitionKey=wfMonitor&starter=editor')).total).toBe(0);
    expect((await q(`definitionKey=wfMonitor&startedFrom=${encodeURIComponent(at(H).toISOString())}`)).total).toBe(2);
    expect((await q('definitionKey=wfMonitor&sort=startedAt&order=asc')).records.map((r: any) => r.id)).toEqual(ids);
    // a user without the monitor screen gets 403
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    expect((await s.request('GET', '/api/workflow/instances', { token: editor })).status).toBe(403);
  });
});

describe('instance states and actions', () => {
  let def: number;
  beforeAll(async () => { clock = T0; def = await k.deploy(line('wfStates', ['a', 'b'])); });

  it('hang up, recover, interrupt, delete: each legal once, illegal ones answer 409 with the reason', async () => {
    const id = await k.start(def);
    expect((await k.detail(id)).actions).toEqual(['suspend', 'interrupt', 'terminate']);
    expect((await post(`/api/workflow/instances/${id}/resume`)).body.msg).toBe('Cannot recover: the process instance is running');
    expect((await post(`/api/workflow/instances/${id}/suspend`)).status).toBe(200);
    const d = await k.detail(id);
    expect(d).toMatchObject({ status: 'suspended', actions: ['resume', 'interrupt', 'terminate'] });
    expect((await post(`/api/workflow/instances/${id}/suspend`)).status).toBe(409);
    const blocked = await k.complete(d.tasks[0].id);
    expect(blocked.status).toBe(409);
    expect((await s.request('DELETE', `/api/workflow/instances/${id}`, { token: k.token })).status).toBe(409);
    expect((await post(`/api/workflow/instances/${id}/resume`)).status).toBe(200);
    await k.pass(id, 'a');
    expect((await post(`/api/workflow/instances/${id}/interrupt`)).status).toBe(200);
    const ended = await k.detail(id);
    expect(ended).toMatchObject({ status: 'interrupted', actions: ['delete'] });
    expect(ended.tasks.find((t: any) => t.elementId === 'b').status).toBe('cancelled');
    for (const a of ['suspend', 'resume', 'interrupt', 'terminate']) expect((await post(`/api/workflow/instances/${id}/${a}`)).status).toBe(409);
    const zh = await post(`/api/workflow/instances/${id}/interrupt`, undefined, 'zh');
    expect(zh.body.msg).toBe('无法中断：该流程实例当前为“已中断”状态');
    expect((await s.request('DELETE', `/api/workflow/instances/${id}`, { token: k.token })).status).toBe(200);
    expect((await s.request('GET', `/api/workflow/instances/${id}`, { token: k.token })).status).toBe(404);
  });

  it('terminate from suspended; nothing but delete from completed or terminated', async () => {
    const id = await k.start(def);
    await post(`/api/workflow/instances/${id}/suspend`);
    expect((await post(`/api/workflow/instances/${id}/terminate`)).status).toBe(200);
    expect((await k.detail(id)).status).toBe('terminated');
    const res = await post(`/api/workflow/instances/${id}/interrupt`);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('Cannot interrupt: the process instance is terminated');
    const done = await k.start(def);
    await k.pass(done, 'a');
    await k.pass(done, 'b');
    for (const a of ['suspend', 'resume', 'interrupt', 'terminate']) {
      const r = await post(`/api/workflow/instances/${done}/${a}`);
      expect(r.status).toBe(409);
      expect(r.body.msg).toContain('the process instance is completed');
    }
  });

  it('activity instances: hang up blocks the task, recover frees it; terminate one branch and the others go on', async () => {
    const pdef = await k.deploy(bpmn('wfExecStates', [
      startEv(), gateway('parallel', 'fork'), userTask('x'), userTask('y'), endEv('ex'), endEv('ey'),
      flow('f1', 'start', 'fork'), flow('f2', 'fork', 'x'), flow('f3', 'fork', 'y'), flow('f4', 'x', 'ex'), flow('f5', 'y', 'ey'),
    ].join('\n')));
    const id = await k.start(pdef);
    let d = await k.detail(id);
    const x = d.executions.find((e: any) => e.elementId === 'x');
    const y = d.executions.find((e: any) => e.elementId === 'y');
    expect(x.actions).toEqual(['suspend', 'interrupt', 'terminate']);
    expect((await post(`/api/workflow/executions/${x.id}/suspend`)).status).toBe(200);
    expect((await post(`/api/workflow/executions/${x.id}/suspend`)).body.msg).toBe('Cannot hang up: the activity instance is suspended');
    const xt = d.tasks.find((t: any) => t.elementId === 'x');
    expect((await k.complete(xt.id)).status).toBe(409);
    expect((await post(`/api/workflow/executions/${x.id}/resume`)).status).toBe(200);
    await k.completeOk(xt.id);
    expect((await post(`/api/workflow/executions/${x.id}/terminate`)).status).toBe(409);
    expect((await post(`/api/workflow/executions/${y.id}/terminate`)).status).toBe(200);
    d = await k.detail(id);
    expect(d.executions.find((e: any) => e.id === y.id).status).toBe('terminated');
    // the last token was removed: the instance ends the same way
    expect(d.status).toBe('terminated');
  });
});

describe('publish validation', () => {
  const bad = bpmn('wfBad', [
    startEv(),
    '<bpmn:scriptTask id="script" name="Script"/>',
    gateway('exclusive', 'gw'),
    userTask('noOne', { noAssignment: true }),
    userTask('ok'),
    '<bpmn:callActivity id="call" name="Call" calledElement="doesNotExist"/>',
    timerCatch('badTimer', duration('soon')),
    endEv(),
    flow('f1', 'start', 'script'), flow('f2', 'script', 'gw'),
    flow('f3', 'gw', 'noOne', 'amount >'), flow('f4', 'gw', 'ok', 'amount > 5'),
    flow('f5', 'noOne', 'call'), flow('f6', 'ok', 'call'), flow('f7', 'call', 'badTimer'), flow('f8', 'badTimer', 'end'),
  ].join('\n'));

  it('answers 400 listing every problem with its element, in the caller language', async () => {
    const created = await s.request('POST', '/api/workflow/definitions', { token: k.token, body: { key: 'wfBad', name: 'Bad', xml: bad } });
    const en = await post(`/api/workflow/definitions/${created.body.data.id}/publish`);
    expect(en.status).toBe(400);
    expect(en.body.msg).toBe('The process cannot be published: 6 problem(s) to fix');
    const byEl = Object.fromEntries(en.body.data.problems.map((p: any) => [p.elementId, p.message]));
    expect(byEl).toEqual({
      script: '"Script": ScriptTask is not supported by the engine',
      gw: 'Gateway "gw" has conditional flows and no default flow: when every condition is false the process stops here',
      noOne: 'User task "noOne" has no participants',
      f3: expect.stringMatching(/^The condition of flow "f3" does not parse: /),
      call: 'Call activity "Call" calls "doesNotExist", which is not a published process',
      badTimer: 'Timer "badTimer" has no valid value (ISO-8601 duration, date or cycle, or N working days)',
    });
    const zh = await post(`/api/workflow/definitions/${created.body.data.id}/publish`, undefined, 'zh');
    expect(zh.body.msg).toBe('流程无法发布：有 6 处问题需要修改');
    const zhByEl = Object.fromEntries(zh.body.data.problems.map((p: any) => [p.elementId, p.message]));
    expect(zhByEl.noOne).toBe('用户任务“noOne”没有设置参与者');
    expect(zhByEl.gw).toBe('网关“gw”的连线都带条件但没有默认连线：所有条件都不满足时流程会卡在这里');
    expect((await s.request('GET', `/api/workflow/definitions/${created.body.data.id}/versions`, { token: k.token })).body.data).toEqual([]);
  });
});
