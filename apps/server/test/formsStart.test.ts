import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FormBinding, FormField, FormInput } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, endEv, flow, gateway, kit, usersRule, type Kit } from './workflowKit';

/**
 * The start form of a process (issue 12): what the New page shows, a draft keeping what was typed,
 * dictionary options checked on the server, the document exposed to gateway conditions under the
 * form's model name, and sub-tables in the data export.
 */

let s: TestServer;
let k: Kit;
let staff = '';
let deptlead = 0;
beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  staff = await s.login('staff', 'Staff@2026');
  [deptlead] = await k.accountIds(['deptlead']);
});
afterAll(async () => { await s?.close(); });

const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>, more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: `f_${key}`, key, type, label, ...more });
const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
let seq = 0;

/** a dictionary of its own, so the test does not depend on the demo dictionaries */
async function dictionary(codes: string[]) {
  const code = `test_dict_${++seq}`;
  const d = await s.request('POST', '/api/common/dicts', { token: k.token, body: { code, name: code } });
  expect(d.status, JSON.stringify(d.body)).toBe(200);
  for (const c of codes) {
    const item = await s.request('POST', '/api/common/dict-items', { token: k.token, body: { dictId: d.body.data.id, code: c, name: c.toUpperCase() } });
    expect(item.status, JSON.stringify(item.body)).toBe(200);
  }
  return code;
}

async function publishedForm(input: Omit<FormInput, 'action'>) {
  const created = await s.request('POST', '/api/forms', { token: k.token, body: { action: 'store', ...input } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.id as number;
  expect((await s.request('POST', `/api/forms/${id}/publish`, { token: k.token })).status).toBe(200);
  return id;
}

/** start (form bound) → exclusive gateway: `big` when the condition holds, `small` otherwise */
async function purchaseProcess(modelName: string | undefined, condition: string) {
  const dict = await dictionary(['herb', 'device']);
  const formId = await publishedForm({
    name: `Purchase ${++seq}`, modelName,
    schema: { version: 1, nodes: [
      field('applicant', 'text', L('Applicant', '申请人'), { required: true }),
      field('kind', 'select', L('Kind', '类别'), { dictCode: dict }),
      field('amount', 'money', L('Amount', '金额')),
      field('note', 'text', L('Note', '备注')),
    ] },
  });
  const atStart: FormBinding = { formId, version: 1, defaultPermission: 'write', fields: { note: 'hidden' } };
  const rule = { rule: usersRule([deptlead]) };
  const key = `purchase_${seq}`;
  const defId = await k.deploy(bpmn(key, [
    `<bpmn:startEvent id="start" bencao:form="${attr(atStart)}"/>`,
    gateway('exclusive', 'gw', 'toSmall'),
    `<bpmn:userTask id="big" name="Big" bencao:assignment="${attr(rule)}"/>`,
    `<bpmn:userTask id="small" name="Small" bencao:assignment="${attr(rule)}"/>`,
    endEv(),
    flow('f0', 'start', 'gw'), flow('toBig', 'gw', 'big', condition), flow('toSmall', 'gw', 'small'),
    flow('f1', 'big', 'end'), flow('f2', 'small', 'end'),
  ].join('\n')));
  return { formId, defId };
}

const openElements = async (instanceId: number) => (await k.open(instanceId)).map((t: { elementId: string }) => t.elementId);

describe('the start form', () => {
  it('is given to the New page, kept in a draft as typed, and checked when the draft is submitted', async () => {
    const { defId } = await purchaseProcess('purchase', 'purchase.amount > 10000');
    const shown = await s.request('GET', `/api/workflow/tasks/start-form/${defId}`, { token: staff, lang: 'zh' });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.data.permissions).toEqual({ applicant: 'write', kind: 'write', amount: 'write' });
    expect(JSON.stringify(shown.body.data.schema)).not.toContain('"note"');

    // a draft keeps what was typed, even incomplete (no applicant yet); a hidden field is not kept
    const draft = await s.request('POST', '/api/workflow/tasks/drafts', {
      token: staff, body: { definitionId: defId, businessKey: 'PO-9', form: { amount: 25000, kind: 'herb', note: 'sneaky' } },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const instanceId = draft.body.data.instanceId as number;
    const reopened = await s.request('GET', `/api/workflow/tasks/start-form/${defId}?draft=${instanceId}`, { token: staff });
    expect(reopened.body.data.data).toEqual({ amount: 25000, kind: 'herb' });
    const updated = await s.request('PUT', `/api/workflow/tasks/drafts/${instanceId}`, { token: staff, body: { businessKey: 'PO-9', form: { amount: 26000, kind: 'herb' } } });
    expect(updated.status).toBe(200);
    expect((await s.request('GET', `/api/workflow/tasks/start-form/${defId}?draft=${instanceId}`, { token: staff })).body.data.data.amount).toBe(26000);

    // someone else's draft is not shown
    const other = await s.request('GET', `/api/workflow/tasks/start-form/${defId}?draft=${instanceId}`, { token: k.token });
    expect(other.status).toBe(404);

    // submitting checks the whole form: the applicant is required
    const missing = await s.request('POST', `/api/workflow/tasks/drafts/${instanceId}/submit`, { token: staff, lang: 'zh', body: { form: { amount: 26000, kind: 'herb' } } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('申请人');
    const submitted = await s.request('POST', `/api/workflow/tasks/drafts/${instanceId}/submit`, { token: staff, body: { form: { applicant: 'Li', amount: 26000, kind: 'herb' } } });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    // the draft's document went through the gateway under its model name
    expect(await openElements(instanceId)).toEqual(['big']);
    expect((await s.request('GET', '/api/workflow/tasks/drafts', { token: staff })).body.data.map((d: { instanceId: number }) => d.instanceId)).not.toContain(instanceId);
  });

  it('submitted from the drafts list (no form in the body), a draft uses the values it kept', async () => {
    const { defId } = await purchaseProcess('purchase', 'purchase.amount > 10000');
    const draft = await s.request('POST', '/api/workflow/tasks/drafts', { token: staff, body: { definitionId: defId, form: { applicant: 'Wu', amount: 500 } } });
    const instanceId = draft.body.data.instanceId as number;
    const submitted = await s.request('POST', `/api/workflow/tasks/drafts/${instanceId}/submit`, { token: staff, body: {} });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(await openElements(instanceId)).toEqual(['small']);
    const view = await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: staff });
    expect(view.body.data.form.data).toEqual({ applicant: 'Wu', amount: 500 });
  });

  it('a draft terminated from the monitor keeps none of its typed values', async () => {
    const { defId } = await purchaseProcess('purchase', 'purchase.amount > 10000');
    const draft = await s.request('POST', '/api/workflow/tasks/drafts', { token: staff, body: { definitionId: defId, form: { applicant: 'Zheng', amount: 900 } } });
    const instanceId = draft.body.data.instanceId as number;
    const stored = () => s.built.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from form_drafts where instance_id = ${instanceId}`).then((r) => Number(r.rows[0].n));
    expect(await stored()).toBe(1);
    const ended = await s.request('POST', `/api/workflow/instances/${instanceId}/terminate`, { token: k.token, body: { comment: 'x' } });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(await stored()).toBe(0);
  });

  it('is null for a process without one, 404 for an unknown process', async () => {
    const plain = await k.deploy(bpmn(`plain_${++seq}`, [
      '<bpmn:startEvent id="start"/>', endEv(), flow('f0', 'start', 'end'),
    ].join('\n')));
    const res = await s.request('GET', `/api/workflow/tasks/start-form/${plain}`, { token: staff });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    expect((await s.request('GET', '/api/workflow/tasks/start-form/999999', { token: staff })).status).toBe(404);
  });
});

describe('dictionary options on the server', () => {
  it('a value that is not in the dictionary is refused, naming the field, in the user language', async () => {
    const { defId } = await purchaseProcess(undefined, 'false');
    const start = (form: Record<string, unknown>, lang = 'en') =>
      s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: staff, lang, body: { form } });
    const bad = await start({ applicant: 'Li', kind: 'gold' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Kind: is not one of the options');
    const zh = await start({ applicant: 'Li', kind: 'gold' }, 'zh');
    expect(zh.body.msg).toMatch(/^类别：/);
    expect((await start({ applicant: 'Li', kind: 'device' })).status).toBe(200);
  });

  it('a standalone form checks its dictionary columns of a sub-table too', async () => {
    const dict = await dictionary(['a', 'b']);
    const id = await publishedForm({
      name: 'With rows',
      schema: { version: 1, nodes: [field('items', 'subTable', L('Items', '明细'), {
        columns: [field('grade', 'select', L('Grade', '等级'), { dictCode: dict }), field('qty', 'number', L('Qty', '数量'))],
      })] },
    });
    const bad = await s.request('POST', `/api/forms/${id}/submit`, { token: k.token, body: { data: { items: [{ grade: 'a', qty: 1 }, { grade: 'z', qty: 2 }] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Grade');
    expect(bad.body.msg).toContain('2');
    expect((await s.request('POST', `/api/forms/${id}/submit`, { token: k.token, body: { data: { items: [{ grade: 'b', qty: 1 }] } } })).status).toBe(200);
  });
});

describe('the model name in process conditions', () => {
  it('routes a gateway on the submitted document (purchase.amount > 10000)', async () => {
    const { defId } = await purchaseProcess('purchase', 'purchase.amount > 10000');
    const start = async (amount: number) => {
      const res = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: staff, body: { form: { applicant: 'Li', amount } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    expect(await openElements(await start(20000))).toEqual(['big']);
    expect(await openElements(await start(9000))).toEqual(['small']);
  });

  it('without a model name the document stays out of the variables', async () => {
    const { defId } = await purchaseProcess(undefined, 'has(variables.purchase) && variables.purchase.amount > 10000');
    const res = await s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: staff, body: { form: { applicant: 'Li', amount: 20000 } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await openElements(res.body.data.id)).toEqual(['small']);
  });
});

describe('rich text', () => {
  it('is stored sanitized with the CMS allow-list', async () => {
    const id = await publishedForm({ name: 'Notice', schema: { version: 1, nodes: [field('body', 'richText', L('Body', '正文'))] } });
    const res = await s.request('POST', `/api/forms/${id}/submit`, {
      token: k.token, body: { data: { body: '<p onclick="steal()">Hello <strong>all</strong><script>alert(1)</script></p><a href="javascript:x()">x</a>' } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = String(res.body.data.data.body);
    expect(body).toContain('<p>Hello <strong>all</strong></p>');
    expect(body).not.toMatch(/script|onclick|javascript/);
  });
});

describe('sub-tables in the data export', () => {
  it('gives each sub-table its row count and column totals', async () => {
    const id = await publishedForm({
      name: 'Order',
      schema: { version: 1, nodes: [
        field('buyer', 'text', L('Buyer', '采购人')),
        field('items', 'subTable', L('Items', '明细'), {
          columns: [field('name', 'text', L('Name', '品名')), field('qty', 'number', L('Qty', '数量')), field('price', 'money', L('Price', '单价'))],
          sumColumns: ['qty', 'price'],
        }),
      ] },
    });
    const submit = (data: Record<string, unknown>) => s.request('POST', `/api/forms/${id}/submit`, { token: k.token, body: { data } });
    expect((await submit({ buyer: 'Zhao', items: [{ name: '当归', qty: 2, price: 10.5 }, { name: '黄芪', qty: 3, price: 4 }] })).status).toBe(200);
    expect((await submit({ buyer: 'Qian' })).status).toBe(200);
    const csv = await s.request('GET', `/api/forms/${id}/data/export?format=csv&lang=zh`, { token: k.token });
    expect(csv.status).toBe(200);
    const text = String(csv.body);
    expect(text).toContain('明细（行数）,明细·数量合计,明细·单价合计');
    // the rows as text (a quoted cell over two lines), then their count and totals
    expect(text).toMatch(/Zhao,"品名: 当归, 数量: 2, 单价: 10\.5\n品名: 黄芪, 数量: 3, 单价: 4",2,5,14\.5,/);
    expect(text).toMatch(/Qian,,0,0,0,/);
  });
});
