import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts, wfInstances } from '../src/db/schema/index';
import { bpmn, endEv, flow, gateway, kit, line, startEv, userTask, usersRule, type Kit } from './workflowKit';

/** The engine through the API: gateways and their joins, multi-instance, sub-processes, call activities, versions. */

let s: TestServer;
let k: Kit;
beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
});
afterAll(async () => { await s?.close(); });

const active = async (id: number) => ((await k.detail(id)).activeNodeIds as string[]).sort();
const status = async (id: number) => (await k.detail(id)).status as string;

describe('a straight line', () => {
  it('runs task after task to the end, with history and the flows taken', async () => {
    const def = await k.deploy(line('wfLine', ['a', 'b']));
    const id = await k.start(def, { amount: 1 }, 'BK-1');
    expect(await active(id)).toEqual(['a']);
    await k.pass(id, 'a', { comment: 'ok', variables: { note: 'x' } });
    expect(await active(id)).toEqual(['b']);
    await k.pass(id, 'b');
    const d = await k.detail(id);
    expect(d.status).toBe('completed');
    expect(d.endedAt).not.toBeNull();
    expect(d.variables).toMatchObject({ amount: 1, note: 'x' });
    expect(d.takenFlowIds.sort()).toEqual(['f0', 'f1', 'f2']);
    expect(d.completedNodeIds.sort()).toEqual(['a', 'b', 'end', 'start']);
    expect(d.history.map((h: any) => h.action)).toEqual(expect.arrayContaining(['start', 'taskCreate', 'taskComplete', 'end']));
    expect(d.actions).toEqual(['delete']);
  });

  it('completing an already completed task answers 409', async () => {
    const def = await k.deploy(line('wfTwice', ['a', 'b']));
    const id = await k.start(def);
    const [t] = await k.open(id);
    await k.completeOk(t.id);
    const again = await k.complete(t.id);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('The task is already completed and cannot be completed again');
    const zh = await s.request('POST', `/api/workflow/tasks/${t.id}/complete`, { token: k.token, body: {}, lang: 'zh' });
    expect(zh.body.msg).toBe('该任务已办理完成，不能再次办理');
  });

  it('someone else may not complete a task assigned to another account', async () => {
    const def = await k.deploy(line('wfNotMine', ['a']));
    const id = await k.start(def);
    const [t] = await k.open(id);
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    const todo = async (token: string) => (await s.request('GET', '/api/workflow/tasks/todo?limit=500', { token })).body.data.records.map((x: any) => x.id);
    expect(await todo(k.token)).toContain(t.id);
    expect(await todo(editor)).not.toContain(t.id);
    const res = await k.complete(t.id, {}, editor);
    expect(res.status).toBe(403);
    expect(await status(id)).toBe('running');
  });
});

describe('exclusive gateway', () => {
  const xml = bpmn('wfXor', [
    startEv(), userTask('apply'), gateway('exclusive', 'gw', 'fDefault'),
    userTask('big'), userTask('small'), endEv(),
    flow('f1', 'start', 'apply'), flow('f2', 'apply', 'gw'),
    flow('fBig', 'gw', 'big', 'amount > 50000'), flow('fDefault', 'gw', 'small'),
    flow('f3', 'big', 'end'), flow('f4', 'small', 'end'),
  ].join('\n'));
  let def: number;
  beforeAll(async () => { def = await k.deploy(xml); });

  it('takes the flow whose condition holds', async () => {
    const id = await k.start(def, { amount: 60000 });
    await k.pass(id, 'apply');
    expect(await active(id)).toEqual(['big']);
  });
  it('takes the default flow when no condition holds', async () => {
    const id = await k.start(def, { amount: 100 });
    await k.pass(id, 'apply');
    expect(await active(id)).toEqual(['small']);
  });
  it('conditions see the variables the completion sets', async () => {
    const id = await k.start(def, {});
    await k.pass(id, 'apply', { variables: { amount: 99999.5 } });
    expect(await active(id)).toEqual(['big']);
  });
});

describe('parallel gateway', () => {
  it('forks every branch and joins when all arrive', async () => {
    const def = await k.deploy(bpmn('wfAnd', [
      startEv(), gateway('parallel', 'fork'), userTask('q'), userTask('r'), userTask('m'), gateway('parallel', 'join'), userTask('after'), endEv(),
      flow('f1', 'start', 'fork'), flow('f2', 'fork', 'q'), flow('f3', 'fork', 'r'), flow('f4', 'fork', 'm'),
      flow('f5', 'q', 'join'), flow('f6', 'r', 'join'), flow('f7', 'm', 'join'), flow('f8', 'join', 'after'), flow('f9', 'after', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    expect(await active(id)).toEqual(['m', 'q', 'r']);
    await k.pass(id, 'q');
    await k.pass(id, 'm');
    expect(await active(id)).toEqual(['join', 'r']);
    await k.pass(id, 'r');
    expect(await active(id)).toEqual(['after']);
    await k.pass(id, 'after');
    expect(await status(id)).toBe('completed');
  });
});

describe('inclusive gateway', () => {
  const xml = bpmn('wfOr', [
    startEv(), gateway('inclusive', 'split', 'fNone'), userTask('a'), userTask('b'), userTask('c'), gateway('inclusive', 'join'), userTask('after'), endEv(),
    flow('f1', 'start', 'split'),
    flow('fa', 'split', 'a', 'wantA'), flow('fb', 'split', 'b', 'wantB'), flow('fNone', 'split', 'c'),
    flow('f2', 'a', 'join'), flow('f3', 'b', 'join'), flow('f4', 'c', 'join'), flow('f5', 'join', 'after'), flow('f6', 'after', 'end'),
  ].join('\n'));
  let def: number;
  beforeAll(async () => { def = await k.deploy(xml); });

  it('one branch taken: the join goes on as soon as it arrives', async () => {
    const id = await k.start(def, { wantA: true, wantB: false });
    expect(await active(id)).toEqual(['a']);
    await k.pass(id, 'a');
    expect(await active(id)).toEqual(['after']);
  });
  it('two branches taken: the join waits for both', async () => {
    const id = await k.start(def, { wantA: true, wantB: true });
    expect(await active(id)).toEqual(['a', 'b']);
    await k.pass(id, 'b');
    expect(await active(id)).toEqual(['a', 'join']);
    await k.pass(id, 'a');
    expect(await active(id)).toEqual(['after']);
  });
  it('no condition holds: the default flow', async () => {
    const id = await k.start(def, { wantA: false, wantB: false });
    expect(await active(id)).toEqual(['c']);
    await k.pass(id, 'c');
    expect(await active(id)).toEqual(['after']);
  });
});

describe('multi-instance user tasks', () => {
  let ids: number[];
  beforeAll(async () => { ids = await k.accountIds(['admin', 'auditor', 'editor', 'operator']); });
  const mi = (key: string, multi: { sequential?: boolean; completion?: string; ratio?: string }) =>
    bpmn(key, [startEv(), userTask('sign', { rule: usersRule(ids), multi }), userTask('after'), endEv(),
      flow('f1', 'start', 'sign'), flow('f2', 'sign', 'after'), flow('f3', 'after', 'end')].join('\n'));
  const signTasks = async (id: number) => (await k.open(id)).filter((t) => t.elementId === 'sign');

  it('parallel, all: one task per participant, done when all complete', async () => {
    const id = await k.start(await k.deploy(mi('wfMiAll', {})));
    const tasks = await signTasks(id);
    expect(tasks.map((t) => t.assigneeId).sort()).toEqual([...ids].sort());
    const editorToken = await s.login(DEMO.editor.userId, DEMO.editor.password);
    const editorTodo = (await s.request('GET', '/api/workflow/tasks/todo?limit=500', { token: editorToken })).body.data.records;
    expect(editorTodo.filter((t: any) => t.instanceId === id).map((t: any) => t.elementId)).toEqual(['sign']);
    for (const t of tasks.slice(0, 3)) await k.completeOk(t.id);
    expect(await active(id)).toEqual(['sign']);
    await k.completeOk(tasks[3].id);
    expect(await active(id)).toEqual(['after']);
  });
  it('parallel, any: the first completion ends it and cancels the others', async () => {
    const id = await k.start(await k.deploy(mi('wfMiAny', { completion: 'any' })));
    const tasks = await signTasks(id);
    await k.completeOk(tasks[2].id);
    expect(await active(id)).toEqual(['after']);
    const d = await k.detail(id);
    expect(d.tasks.filter((t: any) => t.elementId === 'sign' && t.status === 'cancelled')).toHaveLength(3);
  });
  it('parallel, ratio 0.5: done at half', async () => {
    const id = await k.start(await k.deploy(mi('wfMiRatio', { completion: 'ratio', ratio: '0.5' })));
    const tasks = await signTasks(id);
    await k.completeOk(tasks[0].id);
    expect(await active(id)).toEqual(['sign']);
    await k.completeOk(tasks[1].id);
    expect(await active(id)).toEqual(['after']);
  });
  it('sequential, all: one participant after the other, in order', async () => {
    const id = await k.start(await k.deploy(mi('wfMiSeq', { sequential: true })));
    for (const who of ids) {
      const tasks = await signTasks(id);
      expect(tasks.map((t) => t.assigneeId)).toEqual([who]);
      await k.completeOk(tasks[0].id);
    }
    expect(await active(id)).toEqual(['after']);
  });
  it('sequential, ratio 0.5: stops after half', async () => {
    const id = await k.start(await k.deploy(mi('wfMiSeqRatio', { sequential: true, completion: 'ratio', ratio: '0.5' })));
    await k.completeOk((await signTasks(id))[0].id);
    expect(await active(id)).toEqual(['sign']);
    await k.completeOk((await signTasks(id))[0].id);
    expect(await active(id)).toEqual(['after']);
  });
});

describe('embedded sub-process', () => {
  it('runs its inside and goes on when its inside ends', async () => {
    const def = await k.deploy(bpmn('wfSub', [
      startEv(),
      `<bpmn:subProcess id="sub" name="Inner">${[startEv('s2'), userTask('inner'), endEv('e2'), flow('g1', 's2', 'inner'), flow('g2', 'inner', 'e2')].join('')}</bpmn:subProcess>`,
      userTask('after'), endEv(),
      flow('f1', 'start', 'sub'), flow('f2', 'sub', 'after'), flow('f3', 'after', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    expect(await active(id)).toEqual(['inner', 'sub']);
    await k.pass(id, 'inner');
    expect(await active(id)).toEqual(['after']);
    const d = await k.detail(id);
    const sub = d.executions.find((e: any) => e.elementId === 'sub');
    expect(d.executions.find((e: any) => e.elementId === 'inner').parentId).toBe(sub.id);
    expect(sub.status).toBe('completed');
  });

  it('a terminate end event inside ends only the sub-process', async () => {
    const def = await k.deploy(bpmn('wfSubTerm', [
      startEv(),
      `<bpmn:subProcess id="sub">${[startEv('s2'), gateway('parallel', 'fork'), userTask('x'), userTask('y'), endEv('stop', true), endEv('e3'),
        flow('g1', 's2', 'fork'), flow('g2', 'fork', 'x'), flow('g3', 'fork', 'y'), flow('g4', 'x', 'stop'), flow('g5', 'y', 'e3')].join('')}</bpmn:subProcess>`,
      userTask('after'), endEv(),
      flow('f1', 'start', 'sub'), flow('f2', 'sub', 'after'), flow('f3', 'after', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    await k.pass(id, 'x');
    expect(await active(id)).toEqual(['after']);
    const d = await k.detail(id);
    expect(d.executions.find((e: any) => e.elementId === 'y').status).toBe('terminated');
  });
});

describe('call activity', () => {
  it('starts the called process with the variables, waits for it and takes its variables back', async () => {
    await k.deploy(line('wfChild', ['childTask']));
    const def = await k.deploy(bpmn('wfParent', [
      startEv(), '<bpmn:callActivity id="call" name="Call child" calledElement="wfChild"/>', userTask('after'), endEv(),
      flow('f1', 'start', 'call'), flow('f2', 'call', 'after'), flow('f3', 'after', 'end'),
    ].join('\n')));
    const id = await k.start(def, { amount: 7 });
    const parent = await k.detail(id);
    expect(parent.activeNodeIds).toEqual(['call']);
    expect(parent.childInstanceIds).toHaveLength(1);
    const childId = parent.childInstanceIds[0];
    const child = await k.detail(childId);
    expect(child).toMatchObject({ parentInstanceId: id, definitionKey: 'wfChild', variables: { amount: 7 } });
    await k.pass(childId, 'childTask', { variables: { fromChild: 'yes' } });
    expect(await status(childId)).toBe('completed');
    const after = await k.detail(id);
    expect(after.activeNodeIds).toEqual(['after']);
    expect(after.variables).toMatchObject({ amount: 7, fromChild: 'yes' });
  });

  it('terminating the parent terminates the child', async () => {
    await k.deploy(line('wfChild2', ['childTask']));
    const def = await k.deploy(bpmn('wfParent2', [
      startEv(), '<bpmn:callActivity id="call" calledElement="wfChild2"/>', endEv(),
      flow('f1', 'start', 'call'), flow('f2', 'call', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    const childId = (await k.detail(id)).childInstanceIds[0];
    const res = await s.request('POST', `/api/workflow/instances/${id}/terminate`, { token: k.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await status(childId)).toBe('terminated');
  });
});

describe('participants', () => {
  it('onEmpty admin gives the task to the administrator; skip passes it; refuse fails the step', async () => {
    const [adminId] = await k.accountIds(['admin']);
    const nobody = { kind: 'formField', field: 'nobody' };
    const def = await k.deploy(bpmn('wfEmpty', [
      startEv(), userTask('toAdmin', { rule: nobody, onEmpty: 'admin' }), userTask('skipped', { rule: nobody, onEmpty: 'skip' }),
      userTask('refused', { rule: nobody, onEmpty: 'refuse' }), endEv(),
      flow('f1', 'start', 'toAdmin'), flow('f2', 'toAdmin', 'skipped'), flow('f3', 'skipped', 'refused'), flow('f4', 'refused', 'end'),
    ].join('\n')));
    const id = await k.start(def);
    const [t] = await k.open(id);
    expect(t).toMatchObject({ elementId: 'toAdmin', assigneeId: adminId });
    const res = await k.complete(t.id);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Nobody can do the step "refused": its participants resolve to no account');
    // all or nothing: the task is still open
    expect((await k.open(id)).map((x) => x.elementId)).toEqual(['toAdmin']);
  });

  it('a starter rule gives the task to the starter only while the account may work: locked → nobody (onEmpty), a timed lock run out → the starter', async () => {
    const [adminId, editorId] = await k.accountIds(['admin', DEMO.editor.userId]);
    const def = await k.deploy(bpmn('wfStarterLock', [
      startEv(), userTask('first', { rule: usersRule([adminId]) }), userTask('second', { rule: { kind: 'starter' }, onEmpty: 'admin' }), endEv(),
      flow('f1', 'start', 'first'), flow('f2', 'first', 'second'), flow('f3', 'second', 'end'),
    ].join('\n')));
    const db = s.built.deps.db;
    const secondAfter = async (status: 'normal' | 'lock', lockedUntil: Date | null) => {
      const id = await k.start(def);
      // the instance as if the editor had started it
      await db.update(wfInstances).set({ starterId: editorId }).where(eq(wfInstances.id, id));
      await db.update(accounts).set({ status, lockedUntil }).where(eq(accounts.id, editorId));
      try { await k.pass(id, 'first'); } finally { await db.update(accounts).set({ status: 'normal', lockedUntil: null }).where(eq(accounts.id, editorId)); }
      return (await k.open(id)).map((t) => [t.elementId, t.assigneeId]);
    };
    expect(await secondAfter('normal', null)).toEqual([['second', editorId]]);
    expect(await secondAfter('lock', null)).toEqual([['second', adminId]]);
    expect(await secondAfter('lock', new Date('2999-01-01T00:00:00Z'))).toEqual([['second', adminId]]);
    expect(await secondAfter('lock', new Date('2000-01-01T00:00:00Z'))).toEqual([['second', editorId]]);
  });

  it('the same approver twice in a row: the second task passes by itself', async () => {
    const def = await k.deploy(line('wfAutoPass', ['first', 'second', 'third'], { autoPass: true }));
    const id = await k.start(def);
    await k.pass(id, 'first');
    const d = await k.detail(id);
    expect(d.status).toBe('completed');
    expect(d.tasks.map((t: any) => t.outcome)).toEqual([null, 'autoPass', 'autoPass']);
  });
});

describe('versions and definitions', () => {
  it('an instance keeps its version after a new publish; new instances take the new one', async () => {
    const res = await s.request('POST', '/api/workflow/definitions', { token: k.token, body: { key: 'wfVer', name: 'Versions', xml: line('wfVer', ['v1']) } });
    const defId = res.body.data.id;
    expect((await s.request('POST', `/api/workflow/definitions/${defId}/publish`, { token: k.token })).status).toBe(200);
    const old = await k.start(defId);
    expect((await s.request('PUT', `/api/workflow/definitions/${defId}`, { token: k.token, body: { xml: line('wfVer', ['v2a', 'v2b']) } })).status).toBe(200);
    const pub = await s.request('POST', `/api/workflow/definitions/${defId}/publish`, { token: k.token });
    expect(pub.body.data.version).toBe(2);
    const fresh = await k.start(defId);
    expect(await active(old)).toEqual(['v1']);
    expect((await k.detail(old)).version).toBe(1);
    expect(await active(fresh)).toEqual(['v2a']);
    await k.pass(old, 'v1');
    expect(await status(old)).toBe('completed');
    const versions = await s.request('GET', `/api/workflow/definitions/${defId}/versions`, { token: k.token });
    expect(versions.body.data.map((v: any) => [v.version, v.instanceCount])).toEqual([[2, 1], [1, 1]]);
    // re-publishing version 1 makes version 3 with its diagram
    const v1 = versions.body.data[1].id;
    const rep = await s.request('POST', `/api/workflow/versions/${v1}/republish`, { token: k.token });
    expect(rep.body.data.version).toBe(3);
    expect(await active(await k.start(defId))).toEqual(['v1']);
  });

  it('a suspended definition refuses new instances until resumed', async () => {
    const defId = await k.deploy(line('wfSusp', ['a']));
    expect((await s.request('POST', `/api/workflow/definitions/${defId}/suspend`, { token: k.token })).status).toBe(200);
    const res = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: k.token, body: {} });
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('The process "wfSusp" is suspended: no new instance can be started');
    expect((await s.request('POST', `/api/workflow/definitions/${defId}/resume`, { token: k.token })).status).toBe(200);
    await k.start(defId);
  });

  it('exports and imports .bpmn files', async () => {
    const defId = await k.deploy(line('wfExport', ['a']));
    const exp = await s.request('GET', `/api/workflow/definitions/${defId}/export`, { token: k.token });
    expect(exp.status).toBe(200);
    expect(exp.headers.get('content-disposition')).toContain('wfExport.bpmn');
    const xml = (exp.body as string).replace(/wfExport/g, 'wfImported');
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'wfImported.bpmn');
    const res = await fetch(`${s.url}/api/workflow/definitions/import`, { method: 'POST', headers: { authorization: `Bearer ${k.token}` }, body: form });
    const body: any = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ key: 'wfImported', latestVersion: 0 });
  });
});
