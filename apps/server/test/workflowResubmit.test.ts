import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { accounts } from '../src/db/schema/index';
import type { FormBinding, FormField, FormInput } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, endEv, flow, gateway, kit, startEv, userTask, usersRule, type Kit } from './workflowKit';

/**
 * Issue 26, items 7 and 9: a request returned to its starter is a resubmit task (重新提交 / 撤销 only, the
 * start form checked again as at the start), and the refusals and the history say what a person expects.
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const ID: Record<string, number> = {};
const NAME: Record<string, string> = {};
const PEOPLE = { staff: 'Staff@2026', deptlead: 'Lead@2026', finance1: 'Finance@2026', finance2: 'Finance@2026' } as const;

beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  for (const [u, pw] of Object.entries(PEOPLE)) T[u] = await s.login(u, pw);
  const ids = await k.accountIds(Object.keys(PEOPLE));
  Object.keys(PEOPLE).forEach((u, i) => { ID[u] = ids[i]; });
  for (const a of await s.built.deps.db.select({ id: accounts.id, name: accounts.userName }).from(accounts).where(inArray(accounts.id, ids))) {
    NAME[Object.keys(ID).find((u) => ID[u] === a.id)!] = a.name;
  }
});
afterAll(async () => { await s?.close(); });

let seq = 0;
const key = (p: string) => `${p}${++seq}`;
const act = (who: string, taskId: number, action: string, body: unknown = {}, lang = 'en') =>
  s.request('POST', `/api/workflow/tasks/${taskId}/${action}`, { token: T[who], body, lang });
const ok = async (p: Promise<{ status: number; body: any }>) => { const r = await p; expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
const one = async (instanceId: number, elementId: string) => {
  const ts = (await k.open(instanceId)).filter((t) => t.elementId === elementId);
  expect(ts, `open tasks of ${elementId}`).toHaveLength(1);
  return ts[0];
};
const who = (u: string) => usersRule([ID[u]]);
const detailOf = async (who: string, taskId: number, lang = 'en') => ok(s.request('GET', `/api/workflow/tasks/${taskId}`, { token: T[who], lang }));

const line = (p: string) => bpmn(p, [
  startEv(), userTask('lead', { name: '部门审核', rule: who('deptlead') }), userTask('fin', { name: '财务审核', rule: who('finance1') }), endEv(),
  flow('f0', 'start', 'lead'), flow('f1', 'lead', 'fin'), flow('f2', 'fin', 'end'),
].join('\n'));

/** started by staff, returned to staff by deptlead: the resubmit task */
async function returned(xml: string, start: (defId: number) => Promise<number> = (d) => k.start(d, { amount: 100 }, `BK-${seq}`, T.staff)) {
  const id = await start(await k.deploy(xml));
  await ok(act('deptlead', (await one(id, 'lead')).id, 'return', { target: 'starter', comment: '请补充报价单' }));
  return { id, task: await one(id, 'start') };
}

describe('a request returned to its starter', () => {
  it('offers resubmit and revoke only; approve, reject, return, transfer and delegate are refused with the reason', async () => {
    const { id, task } = await returned(line(key('rsLine')));
    expect(task.assigneeId).toBe(ID.staff);
    const d = await detailOf('staff', task.id);
    expect(d.actions).toEqual(['resubmit', 'revoke', 'attach']);

    for (const [action, body] of [['approve', {}], ['reject', { comment: 'x' }], ['return', { target: 'previous', comment: 'x' }], ['transfer', { userId: ID.finance1 }], ['delegate', { userId: ID.finance1 }]] as const) {
      const res = await act('staff', task.id, action, body);
      expect(res.status, action).toBe(400);
      expect(res.body.msg).toBe('This request was returned to you: resubmit it or revoke it');
    }
    expect((await act('staff', task.id, 'approve', {}, 'zh')).body.msg).toBe('该申请已退回给您，只能重新提交或撤销');
    expect((await act('staff', task.id, 'approve', {}, 'ja')).body.msg).toBe('この申請は差し戻されています。再申請するか取り消してください');
    expect((await act('staff', task.id, 'approve', {}, 'es')).body.msg).toBe('Esta solicitud se le ha devuelto: vuelva a enviarla o anúlela');
    // nothing moved
    expect((await k.open(id)).map((t) => t.id)).toEqual([task.id]);

    // someone else cannot resubmit it; a normal task cannot be resubmitted
    expect((await act('deptlead', task.id, 'resubmit')).status).toBe(409);
    await ok(act('staff', task.id, 'resubmit', { comment: '已补充' }));
    const lead = await one(id, 'lead');
    const wrong = await act('deptlead', lead.id, 'resubmit', {}, 'zh');
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('只有退回给发起人的申请才能重新提交或撤销');
    expect((await act('deptlead', lead.id, 'revoke')).status).toBe(400);

    const inst = await k.detail(id);
    expect(inst.tasks.find((t: any) => t.id === task.id)).toMatchObject({ status: 'completed', outcome: 'resubmit' });
    // the approver's detail still offers the approval actions
    expect((await detailOf('deptlead', lead.id)).actions).toEqual(expect.arrayContaining(['approve', 'reject', 'return']));
  });

  it('revoke (撤销) ends the request; the starter no longer has a task', async () => {
    const { id, task } = await returned(line(key('rsRevoke')));
    expect((await act('deptlead', task.id, 'revoke')).status).toBe(409);
    await ok(act('staff', task.id, 'revoke', { comment: '不采购了' }));
    const inst = await k.detail(id);
    expect(inst.status).toBe('terminated');
    expect(inst.tasks.filter((t: any) => t.status === 'open')).toHaveLength(0);
    expect(inst.tasks.find((t: any) => t.id === task.id)).toMatchObject({ status: 'completed', outcome: 'revoke' });
    expect(inst.history.find((h: any) => h.action === 'revoke')).toMatchObject({ comment: '不采购了', elementId: 'start' });
    const ended = await ok(s.request('GET', '/api/workflow/tasks/ended?limit=100', { token: T.staff }));
    expect(ended.records.find((r: any) => r.instanceId === id)).toMatchObject({ status: 'terminated' });
    expect((await act('staff', task.id, 'resubmit')).status).toBe(409);
  });

  it('with a start form: the form is writable as at the start and checked again when resubmitted', async () => {
    const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
    const field = (k: string, type: FormField['type'], label: ReturnType<typeof L>): FormField => ({ kind: 'field', id: `f_${k}`, key: k, type, label });
    const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const created = await s.request('POST', '/api/forms', {
      token: k.token,
      body: { name: 'Resubmit form', action: 'store', schema: { version: 1, nodes: [field('item', 'text', L('Item', '物品')), field('opinion', 'text', L('Opinion', '审批意见'))] } } as FormInput,
    });
    const formId = created.body.data.id as number;
    expect((await s.request('POST', `/api/forms/${formId}/publish`, { token: k.token })).status).toBe(200);
    const atStart: FormBinding = { formId, version: 1, defaultPermission: 'hidden', fields: { item: 'required' } };
    const atLead: FormBinding = { formId, version: 1, defaultPermission: 'read', fields: { opinion: 'write' } };
    const xml = bpmn(key('rsForm'), [
      `<bpmn:startEvent id="start" bencao:form="${attr(atStart)}"/>`,
      `<bpmn:userTask id="lead" name="部门审核" bencao:assignment="${attr({ rule: who('deptlead') })}" bencao:form="${attr(atLead)}"/>`,
      endEv(), flow('f0', 'start', 'lead'), flow('f1', 'lead', 'end'),
    ].join('\n'));
    const { id, task } = await returned(xml, async (defId) => {
      const r = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: T.staff, body: { form: { item: '试剂' } } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.id;
    });
    const d = await detailOf('staff', task.id);
    expect(d.form).toMatchObject({ formId, permissions: { item: 'required' }, data: { item: '试剂' } });

    const empty = await act('staff', task.id, 'resubmit', { form: { item: '' } }, 'zh');
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toContain('物品');
    const notHere = await act('staff', task.id, 'resubmit', { form: { item: '试剂', opinion: '自己批了' } });
    expect(notHere.status).toBe(400);
    expect(notHere.body.msg).toBe('Opinion: cannot be changed at this step');
    expect((await k.open(id)).map((t) => t.id)).toEqual([task.id]);

    await ok(act('staff', task.id, 'resubmit', { form: { item: '试剂（含报价单）' } }));
    const lead = await one(id, 'lead');
    const leadView = await detailOf('deptlead', lead.id);
    expect(leadView.form.data).toMatchObject({ item: '试剂（含报价单）' });
    // the starter's change is kept in the record like an approver's: field, old, new, who
    const change = leadView.history.find((h: any) => h.action === 'dataChange');
    expect(change).toMatchObject({ elementId: 'start', actorName: expect.any(String), data: { changes: [{ field: 'item', old: '试剂', new: '试剂（含报价单）' }] } });
  });
});

describe('texts a person expects', () => {
  it('the history names the people a task arrived to, not the previous approver', async () => {
    const id = await k.start(await k.deploy(line(key('rsArrive'))), {}, 'BK-arrive', T.staff);
    await ok(act('deptlead', (await one(id, 'lead')).id, 'approve', { comment: '同意' }));
    const fin = await one(id, 'fin');
    const d = await detailOf('finance1', fin.id);
    const arrivals = d.history.filter((h: any) => h.action === 'taskCreate').map((h: any) => [h.elementId, h.actorName]);
    expect(arrivals).toEqual([['lead', NAME.deptlead], ['fin', NAME.finance1]]);
    expect(NAME.finance1).toBe('刘芳');
    // the approval itself stays the approver's
    expect(d.history.find((h: any) => h.action === 'taskComplete')).toMatchObject({ elementId: 'lead', actorName: NAME.deptlead });
  });

  it('the monitor\'s history names them the same way (assignee, or the candidates in the reader\'s language)', async () => {
    const p = key('rsArriveMon');
    const id = await k.start(await k.deploy(bpmn(p, [
      startEv(), userTask('lead', { name: '部门审核', rule: who('deptlead') }), userTask('fin', { name: '财务审核', rule: usersRule([ID.finance1, ID.finance2]) }), endEv(),
      flow('f0', 'start', 'lead'), flow('f1', 'lead', 'fin'), flow('f2', 'fin', 'end'),
    ].join('\n'))), {}, 'BK-arrive-mon', T.staff);
    await ok(act('deptlead', (await one(id, 'lead')).id, 'approve', { comment: '同意' }));
    const arrivals = async (lang: string) => (await ok(s.request('GET', `/api/workflow/instances/${id}`, { token: k.token, lang })))
      .history.filter((h: any) => h.action === 'taskCreate').map((h: any) => [h.elementId, h.actorName]);
    expect(await arrivals('zh')).toEqual([['lead', NAME.deptlead], ['fin', `${NAME.finance1}、${NAME.finance2}`]]);
    expect(await arrivals('en')).toEqual([['lead', NAME.deptlead], ['fin', `${NAME.finance1}, ${NAME.finance2}`]]);
    // the task detail, through the same rule
    const fin = (await k.open(id)).find((t) => t.elementId === 'fin')!;
    const d = await detailOf('finance1', fin.id, 'zh');
    expect(d.history.filter((h: any) => h.action === 'taskCreate').map((h: any) => h.actorName)).toEqual([NAME.deptlead, `${NAME.finance1}、${NAME.finance2}`]);
  });

  it('returning to a node of a completed sibling branch, or to a node not reached yet, says which', async () => {
    const p = key('rsPar');
    const xml = bpmn(p, [
      startEv(), userTask('a', { name: '申请审核', rule: who('deptlead') }), gateway('parallel', 'fork'),
      userTask('b1', { name: '采购部审核', rule: who('finance1') }), userTask('b2', { name: '财务审核', rule: who('finance2') }), gateway('parallel', 'join'),
      userTask('c', { name: '总经理审批', rule: who('deptlead') }), endEv(),
      flow('f0', 'start', 'a'), flow('f1', 'a', 'fork'), flow('f2', 'fork', 'b1'), flow('f3', 'fork', 'b2'),
      flow('f4', 'b1', 'join'), flow('f5', 'b2', 'join'), flow('f6', 'join', 'c'), flow('f7', 'c', 'end'),
    ].join('\n'));
    const id = await k.start(await k.deploy(xml), {}, 'BK-par', T.staff);
    await ok(act('deptlead', (await one(id, 'a')).id, 'approve'));
    await ok(act('finance1', (await one(id, 'b1')).id, 'approve'));
    const b2 = await one(id, 'b2');
    const sibling = await act('finance2', b2.id, 'return', { target: 'b1', comment: '退回' });
    expect(sibling.status).toBe(409);
    expect(sibling.body.msg).toBe('"采购部审核" is on a branch that has already been completed, not on the path to this task: return to a step on this path or to the starter');
    expect((await act('finance2', b2.id, 'return', { target: 'b1', comment: '退回' }, 'zh')).body.msg)
      .toBe('「采购部审核」在已办结的另一条分支上，不在本任务的流转路径上；请退回到本路径上的环节或发起人');
    const ahead = await act('finance2', b2.id, 'return', { target: 'c', comment: '退回' }, 'zh');
    expect(ahead.body.msg).toBe('「总经理审批」尚未经过，只能退回到本环节之前的环节');
    const self = await act('finance2', b2.id, 'return', { target: 'b2', comment: '退回' });
    expect(self.body.msg).toBe('The task is already at "财务审核"');
    const gw = await act('finance2', b2.id, 'return', { target: 'fork', comment: '退回' });
    expect(gw.body.msg).toBe('"fork" is not a step of this process that a task can be returned to');
    expect(sibling.body.msg).not.toMatch(/only nodes already passed/);
  });

  it('a participants\' rule keeps its remark in each language, not two languages in one string', async () => {
    const list = await ok(s.request('GET', '/api/workflow/participants?keyword=deptLeader', { token: k.token }));
    const seeded = list.records.find((r: any) => r.code === 'deptLeader');
    expect(seeded.note).toEqual({
      en: "The head of the starter's department", zh: '发起人所在部门的负责人', es: 'El responsable del departamento del solicitante', ja: '申請者の所属部門の責任者',
    });
    const body = { code: key('noteRule'), name: '质量部', rule: { kind: 'starter' }, note: { en: 'Quality staff', zh: '质量部人员' } };
    const made = await ok(s.request('POST', '/api/workflow/participants', { token: k.token, body }));
    expect(made.note).toEqual({ en: 'Quality staff', zh: '质量部人员', es: '', ja: '' });
    const empty = await ok(s.request('POST', '/api/workflow/participants', { token: k.token, body: { ...body, code: key('noteRule'), note: { en: ' ', zh: '' } } }));
    expect(empty.note).toBeNull();
    const long = await s.request('POST', '/api/workflow/participants', { token: k.token, body: { ...body, code: key('noteRule'), note: { zh: '长'.repeat(501) } } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/^note\.zh/);
  });

  it('removing oneself or someone who already signed from a countersign says so', async () => {
    const xml = bpmn(key('rsSign'), [
      startEv(), userTask('sign', { name: '财务会签', rule: usersRule([ID.finance1, ID.finance2, ID.deptlead]), multi: {} }), endEv(),
      flow('f0', 'start', 'sign'), flow('f1', 'sign', 'end'),
    ].join('\n'));
    const id = await k.start(await k.deploy(xml), {}, 'BK-sign', T.staff);
    const open = (await k.open(id)).filter((t) => t.elementId === 'sign');
    const mine = (u: string) => open.find((t) => t.assigneeId === ID[u])!;
    await ok(act('finance2', mine('finance2').id, 'approve'));

    const self = await act('finance1', mine('finance1').id, 'removeSign', { userIds: [ID.finance1] });
    expect(self.status).toBe(409);
    expect(self.body.msg).toBe('You cannot remove yourself from the signers: approve or reject your own task instead');
    expect((await act('finance1', mine('finance1').id, 'removeSign', { userIds: [ID.finance1] }, 'zh')).body.msg)
      .toBe('不能把自己从会签人员中减去，请直接通过或驳回您自己的任务');
    const signed = await act('finance1', mine('finance1').id, 'removeSign', { userIds: [ID.finance2] }, 'zh');
    expect(signed.status).toBe(409);
    expect(signed.body.msg).toBe(`${NAME.finance2}已完成签署，不能再减签`);
    const stranger = await act('finance1', mine('finance1').id, 'removeSign', { userIds: [ID.staff] });
    expect(stranger.body.msg).toMatch(/is not a signer at this node$/);
    // removing an open signer still works
    await ok(act('finance1', mine('finance1').id, 'removeSign', { userIds: [ID.deptlead] }));
  });
});
