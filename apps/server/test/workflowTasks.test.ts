import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import { startTestServer, DEMO, type TestServer } from './harness';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { runDueJobs } from '../src/modules/workflow/jobs';
import { bpmn, endEv, flow, gateway, kit, startEv, userTask, usersRule, type Kit } from './workflowKit';

/** Tasks and approvals (issue 11) through the API: every action legal and illegal, as the people involved. */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const ID: Record<string, number> = {};
const PEOPLE = { staff: 'Staff@2026', deptlead: 'Lead@2026', finance1: 'Finance@2026', finance2: 'Finance@2026', ccuser: 'Copy@2026x' } as const;

beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  for (const [u, pw] of Object.entries(PEOPLE)) T[u] = await s.login(u, pw);
  T.auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
  Object.assign(ID, Object.fromEntries((await k.accountIds([...Object.keys(PEOPLE), 'auditor'])).map((id, i) => [[...Object.keys(PEOPLE), 'auditor'][i], id])));
  // an account without any role: no bpm:task
  await s.built.deps.db.insert(accounts).values({ userId: 'norole', userName: 'No role', passwordHash: await hashPassword('Norole@2026') });
  T.norole = await s.login('norole', 'Norole@2026');
});
afterAll(async () => { await s?.close(); });

let seq = 0;
const key = (p: string) => `${p}${++seq}`;
const post = (who: string, path: string, body: unknown = {}, lang = 'en') => s.request('POST', path, { token: T[who], body, lang });
const get = (who: string, path: string, lang = 'en') => s.request('GET', path, { token: T[who], lang });
const act = (who: string, taskId: number, action: string, body: unknown = {}) => post(who, `/api/workflow/tasks/${taskId}/${action}`, body);
const ok = async (p: Promise<{ status: number; body: any }>) => { const r = await p; expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
const open = async (instanceId: number, elementId?: string) => (await k.open(instanceId)).filter((t) => !elementId || t.elementId === elementId);
const one = async (instanceId: number, elementId: string) => { const ts = await open(instanceId, elementId); expect(ts).toHaveLength(1); return ts[0]; };
const status = async (id: number) => (await k.detail(id)).status as string;
const startAs = async (who: string, defId: number, variables: Record<string, unknown> = {}) => k.start(defId, variables, `BK-${seq}`, T[who]);
const who = (u: string) => usersRule([ID[u]]);
const lineOf = (p: string, steps: [string, string][]) => {
  const ids = ['start', ...steps.map((x) => x[0]), 'end'];
  return bpmn(p, [startEv(), ...steps.map(([id, u]) => userTask(id, { rule: who(u) })), endEv(), ...ids.slice(1).map((t, i) => flow(`f${i}`, ids[i], t))].join('\n'));
};

describe('approve and reject', () => {
  it('the assignee approves; others get 409, people without bpm:task 403; a rejection ends the process and tells the starter', async () => {
    const def = await k.deploy(lineOf(key('tkLine'), [['a', 'deptlead'], ['b', 'finance1']]));
    const id = await startAs('staff', def, { amount: 100 });
    const a = await one(id, 'a');
    const notMine = await act('finance1', a.id, 'approve', { comment: 'x' });
    expect(notMine.status).toBe(409);
    expect(notMine.body.msg).toBe('You are not the one to act on this task');
    expect((await post('finance1', `/api/workflow/tasks/${a.id}/approve`, {}, 'zh')).body.msg).toBe('您不是该任务的办理人');
    expect((await act('norole', a.id, 'approve')).status).toBe(403);
    expect((await get('norole', '/api/workflow/tasks/todo')).status).toBe(403);
    await ok(act('deptlead', a.id, 'approve', { comment: '同意' }));
    const again = await act('deptlead', a.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('The task has already been handled (it is completed)');
    const b = await one(id, 'b');
    await ok(act('finance1', b.id, 'reject', { comment: 'too expensive' }));
    expect(await status(id)).toBe('terminated');
    const notes = await ok(get('staff', '/api/notifications?limit=50'));
    expect(notes.records.map((n: any) => n.kind)).toContain('rejected');
    const zh = await ok(get('staff', '/api/notifications?limit=50', 'zh'));
    expect(zh.records.find((n: any) => n.kind === 'rejected').title).toMatch(/^已驳回：/);
    const done = await ok(get('finance1', '/api/workflow/tasks/done?limit=100'));
    expect(done.records.find((r: any) => r.taskId === b.id)).toMatchObject({ outcome: 'reject', instanceStatus: 'terminated' });
    const ended = await ok(get('staff', '/api/workflow/tasks/ended?limit=100'));
    expect(ended.records.map((r: any) => r.instanceId)).toContain(id);
  });

  it('bad input answers 400 naming the field', async () => {
    const res = await s.request('GET', '/api/workflow/tasks/todo?activity=7', { token: T.staff });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/activity/);
    expect((await act('staff', 1, 'return', {})).status).toBe(400);
  });
});

describe('return', () => {
  const parallel = (p: string) => bpmn(p, [
    startEv(), userTask('a', { rule: who('deptlead') }), gateway('parallel', 'fork'),
    userTask('b1', { rule: who('finance1') }), userTask('b2', { rule: who('finance2') }), gateway('parallel', 'join'),
    userTask('c', { rule: who('deptlead') }), endEv(),
    flow('f0', 'start', 'a'), flow('f1', 'a', 'fork'), flow('f2', 'fork', 'b1'), flow('f3', 'fork', 'b2'),
    flow('f4', 'b1', 'join'), flow('f5', 'b2', 'join'), flow('f6', 'join', 'c'), flow('f7', 'c', 'end'),
  ].join('\n'));

  it('across a parallel split: sibling branches and the join arrival are closed, and re-created when the flow comes back', async () => {
    const id = await startAs('staff', await k.deploy(parallel(key('tkPar'))));
    await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
    await ok(act('finance1', (await one(id, 'b1')).id, 'approve'));
    const b2 = await one(id, 'b2');
    const detail = await ok(get('finance2', `/api/workflow/tasks/${b2.id}`));
    expect(detail.task.returnTargets.map((t: any) => t.elementId)).toEqual(['a', 'start']);
    await ok(act('finance2', b2.id, 'return', { target: 'a', comment: '资料不全' }));
    expect((await open(id)).map((t) => t.elementId)).toEqual(['a']);
    await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
    expect((await open(id)).map((t) => t.elementId).sort()).toEqual(['b1', 'b2']);
    await ok(act('finance1', (await one(id, 'b1')).id, 'approve'));
    expect((await open(id)).map((t) => t.elementId)).toEqual(['b2']);
    await ok(act('finance2', (await one(id, 'b2')).id, 'approve'));
    expect((await open(id)).map((t) => t.elementId)).toEqual(['c']);
    const hist = (await k.detail(id)).history.map((h: any) => h.action);
    expect(hist).toContain('return');
    const notes = await ok(get('deptlead', '/api/notifications?limit=100'));
    expect(notes.records.some((n: any) => n.kind === 'returned')).toBe(true);
  });

  it('into a multi-instance node (all its instances again), to the previous node, and to the starter who resubmits', async () => {
    const p = key('tkMiRet');
    const xml = bpmn(p, [startEv(), userTask('sign', { rule: usersRule([ID.finance1, ID.finance2]), multi: {} }), userTask('after', { rule: who('deptlead') }), endEv(),
      flow('f0', 'start', 'sign'), flow('f1', 'sign', 'after'), flow('f2', 'after', 'end')].join('\n'));
    const id = await startAs('staff', await k.deploy(xml));
    for (const t of await open(id, 'sign')) await ok(act(t.assigneeId === ID.finance1 ? 'finance1' : 'finance2', t.id, 'approve'));
    await ok(act('deptlead', (await one(id, 'after')).id, 'return', { target: 'previous', comment: '请重新审核' }));
    const again = await open(id, 'sign');
    expect(again.map((t) => t.assigneeId).sort()).toEqual([ID.finance1, ID.finance2].sort());
    expect(await open(id, 'after')).toHaveLength(0);
    for (const t of again) await ok(act(t.assigneeId === ID.finance1 ? 'finance1' : 'finance2', t.id, 'approve'));
    await ok(act('deptlead', (await one(id, 'after')).id, 'return', { target: 'starter', comment: '请补充报价单' }));
    const resubmit = await one(id, 'start');
    expect(resubmit.assigneeId).toBe(ID.staff);
    const bad = await act('deptlead', resubmit.id, 'return', { target: 'nowhere', comment: '退回' });
    expect(bad.status).toBe(400);
    await ok(act('staff', resubmit.id, 'resubmit', { comment: '已补充' }));
    expect((await open(id, 'sign')).length).toBe(2);
  });
});

describe('multi-instance semantics', () => {
  const signXml = (p: string, completion: string) => bpmn(p, [
    startEv(), userTask('sign', { rule: usersRule([ID.finance1, ID.finance2]), multi: { completion } }), gateway('exclusive', 'gw', 'fOk'),
    userTask('after', { rule: who('deptlead') }), endEv(), endEv('rejected'),
    flow('f0', 'start', 'sign'), flow('f1', 'sign', 'gw'), flow('fNo', 'gw', 'rejected', 'outcome == "reject"'), flow('fOk', 'gw', 'after'), flow('f3', 'after', 'end'),
  ].join('\n'));

  it('or-sign: a rejection completes the node and is credited only to the person who rejected', async () => {
    const id = await startAs('staff', await k.deploy(signXml(key('tkOr'), 'any')));
    const f1 = (await open(id, 'sign')).find((t) => t.assigneeId === ID.finance1)!;
    await ok(act('finance1', f1.id, 'reject', { comment: '不同意' }));
    expect(await status(id)).toBe('completed');
    const d = await k.detail(id);
    const completes = d.history.filter((h: any) => h.action === 'taskComplete');
    expect(completes.map((h: any) => [h.actorName, h.data.outcome])).toEqual([['刘芳', 'reject']]);
    expect(d.tasks.filter((t: any) => t.elementId === 'sign').map((t: any) => t.status).sort()).toEqual(['cancelled', 'completed']);
    const f2done = await ok(get('finance2', '/api/workflow/tasks/done?limit=200'));
    expect(f2done.records.some((r: any) => r.instanceId === id)).toBe(false);
    const f1done = await ok(get('finance1', '/api/workflow/tasks/done?limit=200'));
    expect(f1done.records.find((r: any) => r.instanceId === id).outcome).toBe('reject');
  });

  it('countersign: one rejection vetoes the node, the other signer is released', async () => {
    const id = await startAs('staff', await k.deploy(signXml(key('tkAll'), 'all')));
    const f2 = (await open(id, 'sign')).find((t) => t.assigneeId === ID.finance2)!;
    await ok(act('finance2', f2.id, 'reject', { comment: '不同意' }));
    expect(await status(id)).toBe('completed');
    expect(await open(id)).toHaveLength(0);
  });

  it('add-sign after and before, remove-sign', async () => {
    const id = await startAs('staff', await k.deploy(signXml(key('tkAdd'), 'all')));
    const mine = (await open(id, 'sign')).find((t) => t.assigneeId === ID.finance1)!;
    await ok(act('finance1', mine.id, 'addSign', { userIds: [ID.deptlead], position: 'after' }));
    expect((await open(id, 'sign')).length).toBe(3);
    expect((await act('finance1', mine.id, 'addSign', { userIds: [ID.deptlead] })).status).toBe(409);
    await ok(act('finance1', mine.id, 'removeSign', { userIds: [ID.deptlead] }));
    expect((await open(id, 'sign')).map((t) => t.assigneeId).sort()).toEqual([ID.finance1, ID.finance2].sort());
    await ok(act('finance1', mine.id, 'addSign', { userIds: [ID.ccuser], position: 'before' }));
    const wait = await act('finance1', mine.id, 'approve');
    expect(wait.status).toBe(409);
    expect(wait.body.msg).toBe('Wait until the people added before you have signed');
    const cc = (await open(id, 'sign')).find((t) => t.assigneeId === ID.ccuser)!;
    await ok(act('ccuser', cc.id, 'approve'));
    await ok(act('finance1', mine.id, 'approve'));
    expect((await open(id, 'after')).length).toBe(0);
    await ok(act('finance2', (await open(id, 'sign'))[0].id, 'approve'));
    expect((await open(id, 'after')).length).toBe(1);
    const line = await startAs('staff', await k.deploy(lineOf(key('tkNoMi'), [['a', 'deptlead']])));
    expect((await act('deptlead', (await one(line, 'a')).id, 'addSign', { userIds: [ID.finance1] })).status).toBe(409);
  });
});

describe('hand-overs', () => {
  it('delegate round trip: the delegate resolves, the owner finishes', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkDel'), [['a', 'deptlead']])));
    const a = await one(id, 'a');
    await ok(act('deptlead', a.id, 'delegate', { userId: ID.finance1, comment: '请核对金额' }));
    const todo = await ok(get('finance1', '/api/workflow/tasks/todo?limit=100'));
    expect(todo.records.find((r: any) => r.id === a.id)).toMatchObject({ delegated: true });
    expect((await act('finance1', a.id, 'approve')).status).toBe(409);
    const away = await act('deptlead', a.id, 'approve');
    expect(away.status).toBe(409);
    expect(away.body.msg).toBe('You delegated this task to 刘芳: wait until it comes back to you');
    // the delegate answers with a comment; data only through the node's form (issue 26)
    expect((await act('finance1', a.id, 'resolve', { comment: '金额无误', variables: { checked: true } })).status).toBe(400);
    await ok(act('finance1', a.id, 'resolve', { comment: '金额无误' }));
    expect((await act('finance1', a.id, 'resolve')).status).toBe(409);
    // the delegate's answer is in their Done list
    const doneOf = async (who: string) => (await ok(get(who, '/api/workflow/tasks/done?limit=200'))).records.filter((r: any) => r.taskId === a.id);
    expect(await doneOf('finance1')).toEqual([expect.objectContaining({ outcome: 'resolve', instanceId: id })]);
    expect(await doneOf('deptlead')).toEqual([expect.objectContaining({ outcome: 'delegate' })]);
    await ok(act('deptlead', a.id, 'approve'));
    // the owner's task is listed once, at its latest act
    expect(await doneOf('deptlead')).toEqual([expect.objectContaining({ outcome: 'approve', instanceStatus: 'completed' })]);
    const d = await k.detail(id);
    expect(d.status).toBe('completed');
    expect(d.history.map((h: any) => h.action)).toEqual(expect.arrayContaining(['delegate', 'resolve', 'taskComplete']));
  });

  it('transfer hands the task over for good', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkTr'), [['a', 'deptlead']])));
    const a = await one(id, 'a');
    expect((await act('deptlead', a.id, 'transfer', { userId: ID.deptlead })).status).toBe(409);
    await ok(act('deptlead', a.id, 'transfer', { userId: ID.finance2 }));
    expect((await act('deptlead', a.id, 'approve')).status).toBe(409);
    // handed over: in the Done list of the one who transferred it, still running
    const done = (await ok(get('deptlead', '/api/workflow/tasks/done?limit=200'))).records.filter((r: any) => r.taskId === a.id);
    expect(done).toEqual([expect.objectContaining({ outcome: 'transfer', instanceStatus: 'running' })]);
    await ok(act('finance2', a.id, 'approve'));
    expect(await status(id)).toBe('completed');
  });

  it('candidate tasks are claimed before acting, and can be given back', async () => {
    const xml = bpmn(key('tkClaim'), [startEv(), userTask('a', { rule: usersRule([ID.finance1, ID.finance2]) }), endEv(), flow('f0', 'start', 'a'), flow('f1', 'a', 'end')].join('\n'));
    const id = await startAs('staff', await k.deploy(xml));
    const a = await one(id, 'a');
    const todo = await ok(get('finance2', '/api/workflow/tasks/todo?limit=100'));
    expect(todo.records.find((r: any) => r.id === a.id).candidate).toBe(true);
    const must = await act('finance1', a.id, 'approve');
    expect(must.status).toBe(409);
    expect(must.body.msg).toMatch(/claim it/);
    await ok(act('finance1', a.id, 'claim'));
    expect((await act('finance2', a.id, 'claim')).status).toBe(409);
    await ok(act('finance1', a.id, 'unclaim'));
    await ok(act('finance2', a.id, 'claim'));
    await ok(act('finance2', a.id, 'approve'));
    expect(await status(id)).toBe('completed');
  });
});

describe('withdraw, urge, void', () => {
  it('the previous approver withdraws while the next node has not acted; not after', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkWd'), [['a', 'deptlead'], ['b', 'finance1'], ['c', 'finance2']])));
    await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
    expect((await post('finance2', `/api/workflow/tasks/instances/${id}/withdraw`)).status).toBe(409);
    await ok(post('deptlead', `/api/workflow/tasks/instances/${id}/withdraw`, { comment: '还需修改' }));
    expect((await open(id)).map((t) => t.elementId)).toEqual(['a']);
    expect((await ok(get('finance1', '/api/notifications?limit=100'))).records.some((n: any) => n.kind === 'withdrawn')).toBe(true);
    await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
    await ok(act('finance1', (await one(id, 'b')).id, 'approve'));
    const late = await post('deptlead', `/api/workflow/tasks/instances/${id}/withdraw`);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('Cannot withdraw: the next step has already been handled');
  });

  it('withdraw racing the next node approving: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await startAs('staff', await k.deploy(lineOf(key('tkRace'), [['a', 'deptlead'], ['b', 'finance1'], ['c', 'finance2']])));
      await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
      const b = await one(id, 'b');
      const [w, a] = await Promise.all([post('deptlead', `/api/workflow/tasks/instances/${id}/withdraw`), act('finance1', b.id, 'approve')]);
      expect([w.status, a.status].sort()).toEqual([200, 409]);
      const now = (await open(id)).map((t) => t.elementId);
      expect(now).toEqual(w.status === 200 ? ['a'] : ['c']);
    }
  });

  it('urge notifies the current assignees, at most once per interval; only starter or participants', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkUrge'), [['a', 'deptlead']])));
    const r = await ok(post('staff', `/api/workflow/tasks/instances/${id}/urge`));
    expect(r.notified).toBe(1);
    const again = await post('staff', `/api/workflow/tasks/instances/${id}/urge`);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/^Already urged: you can urge again in \d+ minute/);
    expect((await post('ccuser', `/api/workflow/tasks/instances/${id}/urge`)).status).toBe(409);
    const notes = await ok(get('deptlead', '/api/notifications?unread=true&limit=100'));
    expect(notes.records.filter((n: any) => n.kind === 'urge' && n.body.includes(`BK-`)).length).toBeGreaterThanOrEqual(1);
  });

  it('void by the starter only', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkVoid'), [['a', 'deptlead']])));
    expect((await post('deptlead', `/api/workflow/tasks/instances/${id}/void`, { comment: '作废' })).status).toBe(409);
    await ok(post('staff', `/api/workflow/tasks/instances/${id}/void`, { comment: '不再需要' }));
    expect(await status(id)).toBe('terminated');
    expect((await post('staff', `/api/workflow/tasks/instances/${id}/void`, { comment: '再次作废' })).status).toBe(409);
  });
});

describe('CC, view, attachments, lists, drafts, batch, notifications', () => {
  it('CC gives a read-only view; strangers get 403; attachments follow the same access', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkCc'), [['a', 'deptlead']])));
    const a = await one(id, 'a');
    await ok(act('deptlead', a.id, 'cc', { userIds: [ID.ccuser], comment: '请知悉' }));
    const ccList = await ok(get('ccuser', '/api/workflow/tasks/cc?limit=100'));
    expect(ccList.records.find((r: any) => r.instanceId === id)).toMatchObject({ fromName: '刘建华', comment: '请知悉' });
    const view = await ok(get('ccuser', `/api/workflow/instances/${id}/view`));
    expect(view.task).toBeNull();
    expect(view.actions).not.toContain('approve');
    expect((await get('auditor', `/api/workflow/instances/${id}/view`)).status).toBe(403);
    expect((await get('auditor', `/api/workflow/tasks/${a.id}`)).status).toBe(403);

    const form = new FormData();
    form.append('file', new Blob(['报价单内容']), '报价单.txt');
    const up = await fetch(`${s.url}/api/workflow/tasks/${a.id}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${T.deptlead}` }, body: form });
    const upBody = await up.json() as any;
    expect(up.status, JSON.stringify(upBody)).toBe(200);
    const strangerForm = new FormData();
    strangerForm.append('file', new Blob(['x']), 'x.txt');
    expect((await fetch(`${s.url}/api/workflow/tasks/${a.id}/attachments`, { method: 'POST', headers: { authorization: `Bearer ${T.finance1}` }, body: strangerForm })).status).toBe(409);
    const dl = await fetch(`${s.url}${upBody.data.url}`, { headers: { authorization: `Bearer ${T.ccuser}` } });
    expect(dl.status).toBe(200);
    expect(await dl.text()).toBe('报价单内容');
    expect((await fetch(`${s.url}${upBody.data.url}`, { headers: { authorization: `Bearer ${T.auditor}` } })).status).toBe(403);
    const detail = await ok(get('deptlead', `/api/workflow/tasks/${a.id}`));
    expect(detail.attachments).toHaveLength(1);
    expect(detail.attachments[0].deletable).toBe(true);
    expect(detail.actions).toEqual(expect.arrayContaining(['approve', 'reject', 'return', 'transfer', 'delegate', 'cc']));
    expect((await s.request('DELETE', `/api/workflow/attachments/${upBody.data.id}`, { token: T.staff })).status).toBe(409);
    await ok(s.request('DELETE', `/api/workflow/attachments/${upBody.data.id}`, { token: T.deptlead }));
  });

  it('todo is filed per user into activity buckets and counted; filters and importance', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkTodo'), [['a', 'finance2']])));
    const a = await one(id, 'a');
    const before = await ok(get('finance2', '/api/workflow/tasks/todo/count'));
    await ok(s.request('PUT', `/api/workflow/tasks/${a.id}/activity`, { token: T.finance2, body: { activity: 3 } }));
    await ok(s.request('PUT', `/api/workflow/tasks/${a.id}/importance`, { token: T.finance2, body: { importance: 1 } }));
    // another user cannot file it, nor learn that it exists: the same 404 as for no task at all
    for (const mark of ['activity', 'importance']) {
      const other = await s.request('PUT', `/api/workflow/tasks/${a.id}/${mark}`, { token: T.staff, body: { [mark]: 1 } });
      expect(other.status, mark).toBe(404);
      expect((await s.request('PUT', `/api/workflow/tasks/99999999/${mark}`, { token: T.staff, body: { [mark]: 1 } })).status).toBe(404);
    }
    const after = await ok(get('finance2', '/api/workflow/tasks/todo/count'));
    expect(after.total).toBe(before.total);
    expect(after.byActivity[3]).toBe(before.byActivity[3] + 1);
    const bucket = await ok(get('finance2', '/api/workflow/tasks/todo?activity=3&importance=1&limit=100'));
    expect(bucket.records.map((r: any) => r.id)).toContain(a.id);
    expect(bucket.records.find((r: any) => r.id === a.id)).toMatchObject({ status: 1, activity: 3, importance: 1, starterName: '张敏' });
    await ok(get('finance2', `/api/workflow/tasks/${a.id}`));
    const opened = await ok(get('finance2', '/api/workflow/tasks/todo?status=2&limit=100'));
    expect(opened.records.map((r: any) => r.id)).toContain(a.id);
    // the other user's view of the same task is theirs alone
    const started = await ok(get('staff', '/api/workflow/tasks/started?limit=100'));
    expect(started.records.find((r: any) => r.instanceId === id).currentNodes).toEqual(['a']);
  });

  it('todo pages by arrival merge assigned and offered tasks: same order as the filtered query, pages in sequence', async () => {
    const assigned = await k.deploy(lineOf(key('tkMergeA'), [['a', 'finance2']]));
    const offered = await k.deploy(bpmn(key('tkMergeO'), [startEv(), userTask('a', { rule: usersRule([ID.finance1, ID.finance2]) }), endEv(), flow('f0', 'start', 'a'), flow('f1', 'a', 'end')].join('\n')));
    const mine: number[] = [];
    for (const def of [assigned, offered, assigned, offered, offered]) mine.push((await one(await startAs('staff', def), 'a')).id);
    const ids = (q: string) => ok(get('finance2', `/api/workflow/tasks/todo?${q}`)).then((p) => ({ total: p.total as number, ids: p.records.map((r: any) => r.id as number) }));
    const plain = await ids('limit=100');
    // the same rows through the general query (a filter that excludes nothing)
    const general = await ids('limit=100&arrivedFrom=2000-01-01T00:00:00.000Z');
    expect(plain).toEqual(general);
    // the five new ones, newest first, offered and assigned interleaved as they arrived
    expect(plain.ids.filter((id: number) => mine.includes(id))).toEqual([...mine].reverse());
    const oldestFirst = await ids('limit=100&sort=arrivedAt&order=asc');
    expect(oldestFirst.ids).toEqual([...plain.ids].reverse());
    const pages = [...(await ids('page=1&limit=2')).ids, ...(await ids('page=2&limit=2')).ids, ...(await ids('page=3&limit=2')).ids];
    expect(pages).toEqual(plain.ids.slice(0, 6));
    expect((await ids('page=1&limit=2')).total).toBe(plain.total);
  });

  it('drafts: save, list, submit once; startable with favourites first', async () => {
    const def = await k.deploy(lineOf(key('tkDraft'), [['a', 'deptlead']]));
    const d = await ok(post('staff', '/api/workflow/tasks/drafts', { definitionId: def, businessKey: 'DR-1', variables: { amount: 5 }, comment: '草稿' }));
    expect((await ok(get('staff', '/api/workflow/tasks/drafts'))).map((x: any) => x.instanceId)).toContain(d.instanceId);
    expect((await post('deptlead', `/api/workflow/tasks/drafts/${d.instanceId}/submit`)).status).toBe(409);
    const sub = await ok(post('staff', `/api/workflow/tasks/drafts/${d.instanceId}/submit`));
    expect(sub.status).toBe('running');
    expect((await post('staff', `/api/workflow/tasks/drafts/${d.instanceId}/submit`)).status).toBe(409);
    expect((await open(d.instanceId, 'a')).length).toBe(1);
    await ok(s.request('PUT', `/api/workflow/tasks/favourites/${def}`, { token: T.staff }));
    const list = await ok(get('staff', '/api/workflow/tasks/startable'));
    expect(list[0]).toMatchObject({ definitionId: def, favourite: true });
  });

  it('batch approve: each task on its own, failures named', async () => {
    const def = await k.deploy(lineOf(key('tkBatch'), [['a', 'deptlead']]));
    const i1 = await startAs('staff', def);
    const i2 = await startAs('staff', def);
    const other = await startAs('staff', await k.deploy(lineOf(key('tkBatchX'), [['a', 'finance1']])));
    const ids = [(await one(i1, 'a')).id, (await one(i2, 'a')).id, (await one(other, 'a')).id];
    const r = await ok(post('deptlead', '/api/workflow/tasks/batch/approve', { ids, comment: '同意' }));
    expect(r.succeeded.sort()).toEqual(ids.slice(0, 2).sort());
    expect(r.failed).toEqual([{ id: ids[2], message: 'You are not the one to act on this task' }]);
  });

  it('notifications: new tasks arrive in the bell, in the reader language; read and read-all', async () => {
    const id = await startAs('staff', await k.deploy(lineOf(key('tkNote'), [['a', 'deptlead'], ['b', 'finance1']])));
    await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
    const list = await ok(get('finance1', '/api/notifications?unread=true&limit=100', 'ja'));
    const arrived = list.records.find((n: any) => n.kind === 'taskArrived' && n.body.includes(`BK-`));
    expect(arrived.title).toBe('新しいタスク：b');
    const { unread } = await ok(get('finance1', '/api/notifications/count'));
    expect(unread).toBeGreaterThan(0);
    await ok(post('finance1', `/api/notifications/${arrived.id}/read`));
    expect((await ok(get('finance1', '/api/notifications/count'))).unread).toBe(unread - 1);
    await ok(post('finance1', '/api/notifications/read-all'));
    expect((await ok(get('finance1', '/api/notifications/count'))).unread).toBe(0);
    expect((await get('norole', '/api/notifications/count')).status).toBe(200);
  });
});

describe('deadlines', () => {
  it('a task due in 10 hours reminds its assignee 4 hours before and at the deadline', async () => {
    const db = s.built.deps.db;
    const t0 = new Date('2031-05-06T01:00:00Z');
    const H = 3_600_000;
    setWorkflowClock(db, () => t0);
    try {
      const xml = bpmn(key('tkDue'), [startEv(), userTask('a', { name: '审核合同', rule: who('finance2'), dueIn: 'PT10H' }), endEv(), flow('f0', 'start', 'a'), flow('f1', 'a', 'end')].join('\n'));
      const id = await startAs('staff', await k.deploy(xml));
      const a = await one(id, 'a');
      expect(a.dueAt).toBe(new Date(t0.getTime() + 10 * H).toISOString());
      const kinds = async () => (await ok(get('finance2', '/api/notifications?limit=200'))).records
        .filter((n: any) => n.link === `/bpm/task/todo?task=${a.id}`).map((n: any) => n.kind).sort();
      expect(await kinds()).toEqual(['taskArrived']);
      await runDueJobs(db, { now: new Date(t0.getTime() + 5 * H) });
      expect(await kinds()).toEqual(['taskArrived']);
      await runDueJobs(db, { now: new Date(t0.getTime() + 6 * H) });
      expect(await kinds()).toEqual(['taskArrived', 'taskDueSoon']);
      await runDueJobs(db, { now: new Date(t0.getTime() + 10 * H) });
      expect(await kinds()).toEqual(['taskArrived', 'taskDueSoon', 'taskOverdue']);
      const listed = async () => (await ok(get('finance2', '/api/workflow/tasks/todo?overdue=true&limit=100'))).records.map((r: any) => r.id);
      expect(await listed()).not.toContain(a.id);
      setWorkflowClock(db, () => new Date(t0.getTime() + 11 * H));
      expect(await listed()).toContain(a.id);
      const zh = (await ok(get('finance2', '/api/notifications?limit=200', 'zh'))).records.find((n: any) => n.kind === 'taskOverdue' && n.link === `/bpm/task/todo?task=${a.id}`);
      expect(zh.title).toBe('已超时：审核合同');
    } finally {
      setWorkflowClock(db, null);
    }
  });
});
