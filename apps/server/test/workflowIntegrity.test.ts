import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForLogin } from '../src/platform/auth/loginKeys';
import { DEMO, startTestServer, type TestServer } from './harness';
import { bpmn, endEv, flow, gateway, kit, userTask, usersRule, type Kit } from './workflowKit';

/**
 * The approvals record (issue 26, DESIGN "approvals record"): the demo 采购申请 is started with its
 * real form; an approver changes only what their node's form lets them write, never the engine's own
 * variables; every change is kept with its old and new value, who and when; conditions are checked
 * against the form at publish, and a condition that still fails at run time becomes an incident.
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const PEOPLE: Record<string, string> = { staff: 'Staff@2026', deptlead: 'Lead@2026', purchaser: 'Buyer@2026', finance1: 'Finance@2026' };
let purchaseDef = 0;
let purchaseForm = 0;

beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  for (const [u, pw] of Object.entries(PEOPLE)) T[u] = await s.login(u, pw);
  const defs = await s.request('GET', '/api/workflow/definitions?page=1&limit=50&keyword=purchaseRequest', { token: k.token });
  purchaseDef = defs.body.data.records.find((d: { key: string }) => d.key === 'purchaseRequest').id;
  const forms = await s.request('GET', `/api/forms?page=1&limit=50&keyword=${encodeURIComponent('采购申请单')}`, { token: k.token });
  purchaseForm = forms.body.data.records[0].id;
});
afterAll(async () => { await s?.close(); });

const post = (who: string, path: string, body: unknown = {}, lang = 'zh') => s.request('POST', path, { token: T[who] ?? who, body, lang });
const get = (who: string, path: string, lang = 'zh') => s.request('GET', path, { token: T[who] ?? who, lang });
const ok = async (p: Promise<{ status: number; body: any }>) => { const r = await p; expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };
let seq = 0;
const request = (amount: unknown, more: Record<string, unknown> = {}) =>
  ({ item: '高速冷冻离心机', quantity: 1, unitPrice: 200000, amount, reason: '提取工艺研究', lines: [{ name: '离心机', qty: 1, price: 200000 }], ...more });
const start = (form: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  post('staff', `/api/workflow/definitions/${purchaseDef}/start`, { businessKey: `CG-INT-${++seq}`, form, ...extra });
const openTasks = async (instanceId: number) => (await k.open(instanceId)) as { id: number; elementId: string; assigneeId: number | null }[];
const taskAt = async (instanceId: number, elementId: string) => {
  const t = (await openTasks(instanceId)).filter((x) => x.elementId === elementId);
  expect(t, `open at ${elementId}`).toHaveLength(1);
  return t[0].id;
};

describe('an approver cannot bend the data that routes the process', () => {
  it('the 200,000 purchase reaches the finance countersign whatever the purchaser sends; the supplier change is kept with old and new value', async () => {
    const id = (await ok(start(request(200000)))).id as number;
    // the department head's step is signed (password again, the meaning of the signature)
    const key = await s.request('GET', '/api/uc/getkey/LoginGetKey.do?method=getLoginKey');
    const signature = { keyId: key.body.data.keyId, password: encryptForLogin(key.body.data.publicKey, PEOPLE.deptlead), meaning: 'approve', timeZone: 'Asia/Shanghai' };
    await ok(post('deptlead', `/api/workflow/tasks/${await taskAt(id, 'deptApprove')}/approve`, { comment: '同意', signature }));
    const purchase = await taskAt(id, 'purchase');

    // the attack of the issue: the amount as a variable
    const asVariable = await post('purchaser', `/api/workflow/tasks/${purchase}/approve`, { variables: { amount: 1 } });
    expect(asVariable.status).toBe(400);
    expect(asVariable.body.msg).toBe('amount：本环节不能修改此项（只能填写本环节表单允许的字段）');
    // the engine's own variable
    const outcome = await post('purchaser', `/api/workflow/tasks/${purchase}/approve`, { variables: { outcome: 'reject' } }, 'en');
    expect(outcome.status).toBe(400);
    expect(outcome.body.msg).toBe('outcome: the workflow engine keeps this value itself; it cannot be set');
    // the amount in the form: read-only at 采购部审核
    const inForm = await post('purchaser', `/api/workflow/tasks/${purchase}/approve`, { form: { amount: 1 } });
    expect(inForm.status).toBe(400);
    expect(inForm.body.msg).toContain('金额');
    // the plain completion is no way around it either
    expect((await post('purchaser', `/api/workflow/tasks/${purchase}/complete`, { variables: { amount: 1 } })).status).toBe(400);
    expect((await openTasks(id)).map((t) => t.elementId)).toEqual(['purchase']);

    // what the node may write: the supplier
    await ok(post('purchaser', `/api/workflow/tasks/${purchase}/approve`, { comment: '已比价', form: { supplier: '国药器械' } }));
    const open = await openTasks(id);
    expect(open.map((t) => t.elementId)).toEqual(['financeSign', 'financeSign']);

    const detail = await ok(get('finance1', `/api/workflow/tasks/${open[0].id}`));
    expect(detail.form.data).toMatchObject({ amount: 200000, supplier: '国药器械' });
    expect(detail.form.permissions.amount).toBe('read');
    expect(detail.variables).not.toHaveProperty('outcome');
    const change = detail.history.find((h: any) => h.action === 'dataChange');
    expect(change).toMatchObject({ actorName: expect.any(String), elementId: 'purchase' });
    expect(Date.parse(change.at)).not.toBeNaN();
    expect(change.data.changes).toEqual([{ field: 'supplier', label: expect.objectContaining({ zh: '供应商', en: 'Supplier' }), old: null, new: '国药器械' }]);
    expect(change.actorName).toBe(detail.history.find((h: any) => h.action === 'taskComplete' && h.elementId === 'purchase').actorName);
  });

  it('the start form is checked: an amount as text or none at all is refused naming the field; variables beside the form are refused', async () => {
    // a number typed as digits is read as that number (form encoding); words are not a number
    const text = await start(request('六万八千'));
    expect(text.status).toBe(400);
    expect(text.body.msg).toContain('金额');
    const { amount: _none, ...missing } = request(1);
    const none = await start(missing);
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('金额');
    const typedByHand = await start(request(200000), { variables: { amount: 1 } });
    expect(typedByHand.status).toBe(400);
    expect(typedByHand.body.msg).toContain('amount');
    const reserved = await post('staff', `/api/workflow/definitions/${purchaseDef}/start`, { businessKey: 'X', form: request(10), variables: { outcome: 'approve' } }, 'en');
    expect(reserved.status).toBe(400);
    expect(reserved.body.msg).toMatch(/^outcome: the workflow engine keeps this value itself/);
  });
});

describe('reasons', () => {
  it('reject, return and void need a reason on the server (400 naming it, translated)', async () => {
    const id = (await ok(start(request(3000, { unitPrice: 3000, lines: [] })))).id as number;
    const task = await taskAt(id, 'deptApprove');
    for (const [action, body] of [['reject', {}], ['return', { target: 'starter' }], ['reject', { comment: '   ' }]] as const) {
      const r = await post('deptlead', `/api/workflow/tasks/${task}/${action}`, body);
      expect(r.status, action).toBe(400);
      expect(r.body.msg).toBe('理由：不能为空');
    }
    const voided = await post('staff', `/api/workflow/tasks/instances/${id}/void`, {}, 'en');
    expect(voided.status).toBe(400);
    expect(voided.body.msg).toBe('Reason: cannot be empty');
    expect((await openTasks(id)).map((t) => t.elementId)).toEqual(['deptApprove']);
    await ok(post('staff', `/api/workflow/tasks/instances/${id}/void`, { comment: '需求取消' }));
  });
});

describe('conditions against the form', () => {
  const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const withCondition = async (key: string, condition: string) => {
    const [lead] = await k.accountIds(['deptlead']);
    const start = `<bpmn:startEvent id="start" bencao:form="${attr({ formId: purchaseForm, version: 1, defaultPermission: 'write', fields: {} })}"/>`;
    const xml = bpmn(key, [start, userTask('a', { rule: usersRule([lead]) }), gateway('exclusive', 'gw', 'toSmall'),
      userTask('big', { rule: usersRule([lead]) }), userTask('small', { rule: usersRule([lead]) }), endEv(),
      flow('f0', 'start', 'a'), flow('f1', 'a', 'gw'), flow('toBig', 'gw', 'big', condition), flow('toSmall', 'gw', 'small'),
      flow('f2', 'big', 'end'), flow('f3', 'small', 'end')].join('\n'));
    const created = await s.request('POST', '/api/workflow/definitions', { token: k.token, body: { key, name: key, xml } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as number;
  };

  it('publishing lists a condition naming a field the form does not have, or comparing a field of another type', async () => {
    for (const [condition, message] of [
      ['amount > 50000', '“toBig”的表达式使用了“amount”，表单中没有这个字段'],
      ['purchase.amont > 50000', '“toBig”的表达式使用了“amont”，表单中没有这个字段'],
      ['purchase.item > 50000', '“toBig”的表达式与表单字段的类型不符（string > int）'],
    ]) {
      const def = await withCondition(`intPub${++seq}`, condition);
      const pub = await s.request('POST', `/api/workflow/definitions/${def}/publish`, { token: k.token, lang: 'zh' });
      expect(pub.status, condition).toBe(400);
      expect(pub.body.data.problems).toEqual([{ elementId: 'toBig', message }]);
    }
    const fine = await withCondition(`intPub${++seq}`, 'purchase.amount > 50000 && size(purchase.lines) > 0');
    expect((await s.request('POST', `/api/workflow/definitions/${fine}/publish`, { token: k.token })).status).toBe(200);
  });

  it('a condition failing at run time puts the instance in the incident list with a translated message', async () => {
    const key = `intRun${++seq}`;
    // the supplier is optional: absent, the condition cannot be evaluated
    const def = await withCondition(key, 'size(purchase.supplier) > 3');
    expect((await s.request('POST', `/api/workflow/definitions/${def}/publish`, { token: k.token })).status).toBe(200);
    const id = (await ok(post('staff', `/api/workflow/definitions/${def}/start`, { form: request(500) }))).id as number;
    const a = await taskAt(id, 'a');
    const failed = await post('deptlead', `/api/workflow/tasks/${a}/approve`, { comment: '同意' });
    expect(failed.status).toBe(400);
    expect(failed.body.msg).toMatch(/^连线“toBig”的条件无法计算/);
    expect(failed.body.msg).toBe('连线“toBig”的条件无法计算：缺少数据“supplier”');
    expect((await openTasks(id)).map((t) => t.elementId)).toEqual(['a']);

    const zh = await ok(s.request('GET', `/api/workflow/instances/${id}`, { token: k.token, lang: 'zh' }));
    expect(zh.hasIncident).toBe(true);
    const incident = zh.jobs.find((j: any) => j.kind === 'conditionIncident');
    expect(incident).toMatchObject({ status: 'failed' });
    expect(incident.lastError).toMatch(/^连线“toBig”的条件无法计算/);
    const en = await ok(s.request('GET', `/api/workflow/instances/${id}`, { token: k.token, lang: 'en' }));
    expect(en.jobs.find((j: any) => j.kind === 'conditionIncident').lastError).toMatch(/^The condition of flow "toBig" cannot be evaluated/);
    const list = await ok(s.request('GET', `/api/workflow/instances?page=1&limit=20&definitionKey=${key}`, { token: k.token }));
    expect(list.records.find((r: any) => r.id === id).hasIncident).toBe(true);
    // the same failure again does not pile up incidents
    await post('deptlead', `/api/workflow/tasks/${a}/approve`, { comment: '同意' });
    expect((await ok(s.request('GET', `/api/workflow/instances/${id}`, { token: k.token }))).jobs.filter((j: any) => j.kind === 'conditionIncident')).toHaveLength(1);
  });
});

describe('the plain completion of a process without forms', () => {
  it('a value it changes is kept in the history with its old and new value and who changed it; a new variable is no change', async () => {
    const [lead] = await k.accountIds(['deptlead']);
    const key = `intPlain${++seq}`;
    const def = await k.deploy(bpmn(key, [`<bpmn:startEvent id="start"/>`, userTask('a', { rule: usersRule([lead]) }), userTask('b', { rule: usersRule([lead]) }), endEv(),
      flow('f0', 'start', 'a'), flow('f1', 'a', 'b'), flow('f2', 'b', 'end')].join('\n')));
    const id = await k.start(def, { amount: 500, item: 'masks' });
    const [a] = await k.open(id);
    const res = await s.request('POST', `/api/workflow/tasks/${a.id}/complete`, { token: T.deptlead, body: { variables: { amount: 5, item: 'masks', note: 'checked' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = await k.detail(id);
    const changes = detail.history.filter((h: any) => h.action === 'dataChange');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ elementId: 'a', data: { changes: [{ field: 'amount', old: 500, new: 5 }] } });
    expect(changes[0].actorName).toBe(detail.history.find((h: any) => h.action === 'taskComplete' && h.elementId === 'a').actorName);
    expect(detail.variables).toMatchObject({ amount: 5, note: 'checked' });
    // the same values again change nothing
    const [b] = await k.open(id);
    expect((await s.request('POST', `/api/workflow/tasks/${b.id}/complete`, { token: T.deptlead, body: { variables: { amount: 5 } } })).status).toBe(200);
    expect((await k.detail(id)).history.filter((h: any) => h.action === 'dataChange')).toHaveLength(1);
  });
});
