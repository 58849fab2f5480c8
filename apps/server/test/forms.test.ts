import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'exceljs';
import type { FormField, FormInput, FormSchema } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { accounts } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import { formsService } from '../src/modules/forms/service';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const L = (en: string, zh: string, es = en, ja = zh) => ({ en, zh, es, ja });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>, more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: `f_${key}`, key, type, label, ...more });

const purchaseSchema = (): FormSchema => ({
  version: 1,
  nodes: [
    { kind: 'row', id: 'r1', columns: [
      { id: 'c1', span: 12, children: [field('applicant', 'text', L('Applicant', '申请人', 'Solicitante', '申請者'), { required: true, maxLength: 20 })] },
      { id: 'c2', span: 12, children: [field('mobile', 'text', L('Mobile', '手机号', 'Móvil', '携帯番号'), { pattern: 'mobile' })] },
    ] },
    { kind: 'group', id: 'g1', title: L('Items', '明细'), children: [
      field('items', 'subTable', L('Items', '采购明细', 'Artículos', '購入明細'), {
        columns: [
          field('product', 'text', L('Product', '品名', 'Producto', '品名'), { required: true }),
          field('qty', 'number', L('Quantity', '数量', 'Cantidad', '数量'), { min: 1 }),
          field('price', 'money', L('Price', '单价', 'Precio', '単価')),
          field('amount', 'computed', L('Amount', '金额', 'Importe', '金額'), { expression: 'data.qty * data.price' }),
        ],
        sumColumns: ['amount'],
      }),
      field('total', 'computed', L('Total', '合计', 'Total', '合計'), { expression: 'sums.items.amount' }),
    ] },
    field('urgent', 'switch', L('Urgent', '加急', 'Urgente', '至急')),
    field('reason', 'textarea', L('Reason', '加急原因', 'Motivo', '至急の理由'), { requiredWhen: 'data.urgent == true', maxLength: 200 }),
    field('kind', 'select', L('Kind', '类别', 'Tipo', '種類'), { options: [{ value: 'herb', label: L('Herb', '药材') }, { value: 'device', label: L('Device', '器械') }] }),
    field('secret', 'text', L('Budget code', '预算编码', 'Código', '予算コード')),
  ],
});

const input = (over: Partial<FormInput> = {}): FormInput =>
  ({ name: 'Purchase request', description: 'for tests', category: 'purchase', action: 'store', schema: purchaseSchema(), ...over } as FormInput);

async function newPublishedForm(name = 'Purchase request') {
  const created = await s.request('POST', '/api/forms', { token: admin, body: input({ name }) });
  expect(created.status).toBe(200);
  const id = created.body.data.id as number;
  expect((await s.request('POST', `/api/forms/${id}/publish`, { token: admin })).status).toBe(200);
  return id;
}

async function tokenWith(userId: string) {
  // an account with no role: no authority at all
  await s.built.deps.db.insert(accounts).values({ userId, userName: userId, passwordHash: await hashPassword('Tester@2026') }).onConflictDoNothing();
  return s.login(userId, 'Tester@2026');
}

describe('forms: design and versions', () => {
  it('creates, reads, updates and lists a form', async () => {
    const created = await s.request('POST', '/api/forms', { token: admin, body: input() });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Purchase request', status: 'draft', version: 0 });
    const id = created.body.data.id;
    const upd = await s.request('PUT', `/api/forms/${id}`, { token: admin, body: input({ name: 'Purchase request v2' }) });
    expect(upd.body.data.name).toBe('Purchase request v2');
    const list = await s.request('GET', '/api/forms?keyword=v2', { token: admin });
    expect(list.body.data.records.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('refuses a schema with a duplicate key or bad CEL, naming it', async () => {
    const schema = purchaseSchema();
    schema.nodes.push(field('applicant', 'text', L('Again', '重复')));
    const dup = await s.request('POST', '/api/forms', { token: admin, body: input({ schema }), lang: 'zh' });
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toContain('字段标识“applicant”重复');
    const bad = purchaseSchema();
    bad.nodes.push(field('x', 'computed', L('X', 'X'), { expression: 'data.qty *' }));
    const cel = await s.request('POST', '/api/forms', { token: admin, body: input({ schema: bad }) });
    expect(cel.status).toBe(400);
    expect(cel.body.msg).toContain('the expression of "x" is not valid');
  });

  it('publishing freezes a version; a later edit is a new draft and a document keeps its version', async () => {
    const id = await newPublishedForm();
    const first = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Li', items: [] } } });
    expect(first.status).toBe(200);
    expect(first.body.data.version).toBe(1);
    expect((await s.request('POST', `/api/forms/${id}/publish`, { token: admin })).status).toBe(409);

    const changed = purchaseSchema();
    changed.nodes.push(field('note', 'text', L('Note', '备注'), { required: true }));
    const edited = await s.request('PUT', `/api/forms/${id}`, { token: admin, body: input({ schema: changed }) });
    expect(edited.body.data).toMatchObject({ status: 'draft', version: 1, dirty: true });
    // the draft is not live: version 1 still accepts a document without a note
    expect((await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Wang' } } })).status).toBe(200);
    const pub = await s.request('POST', `/api/forms/${id}/publish`, { token: admin });
    expect(pub.body.data).toMatchObject({ status: 'published', version: 2 });
    const need = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Zhao' } } });
    expect(need.status).toBe(400);
    expect(need.body.msg).toBe('Note: cannot be empty');
    const doc = await s.request('GET', `/api/forms/data/${first.body.data.id}`, { token: admin });
    expect(doc.body.data.version).toBe(1);
    expect((await s.request('GET', `/api/forms/${id}/versions`, { token: admin })).body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('copies, exports and imports a form', async () => {
    const id = await newPublishedForm('To copy');
    const copy = await s.request('POST', `/api/forms/${id}/copy`, { token: admin, lang: 'zh' });
    expect(copy.body.data).toMatchObject({ name: 'To copy（副本）', status: 'draft', version: 0 });
    const exported = await s.request('GET', `/api/forms/${id}/export`, { token: admin });
    expect(exported.body.data).toMatchObject({ format: 'bencao-form', name: 'To copy' });
    const imported = await s.request('POST', '/api/forms/import', { token: admin, body: { ...exported.body.data, name: 'Imported' } });
    expect(imported.body.data).toMatchObject({ name: 'Imported', version: 0 });
    expect((await s.request('GET', `/api/forms/${imported.body.data.id}`, { token: admin })).body.data.schema).toEqual(purchaseSchema());
  });

  it('a form with documents is not deleted; an unused one is', async () => {
    const id = await newPublishedForm('Used');
    await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Li' } } });
    const refused = await s.request('DELETE', `/api/forms/${id}`, { token: admin });
    expect(refused.status).toBe(409);
    const unused = (await s.request('POST', '/api/forms', { token: admin, body: input({ name: 'Unused' }) })).body.data.id;
    expect((await s.request('POST', '/api/forms/delete', { token: admin, body: { ids: [unused] } })).status).toBe(200);
    expect((await s.request('GET', `/api/forms/${unused}`, { token: admin })).status).toBe(404);
  });
});

describe('forms: authorities', () => {
  it('someone without the forms authorities gets 403 on every kind of route', async () => {
    const t = await tokenWith('formsnobody');
    const id = await newPublishedForm('Guarded');
    for (const [method, path, body] of [
      ['GET', '/api/forms'], ['POST', '/api/forms', input()], ['PUT', `/api/forms/${id}`, input()], ['DELETE', `/api/forms/${id}`],
      ['POST', `/api/forms/${id}/publish`], ['POST', `/api/forms/${id}/submit`, { data: {} }], ['GET', `/api/forms/${id}/data`],
      ['GET', `/api/forms/${id}/data/export`], ['GET', '/api/forms/process-forms'],
    ] as [string, string, unknown?][]) {
      const res = await s.request(method, path, { token: t, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('forms: standalone submission and validation', () => {
  let id: number;
  beforeAll(async () => { id = await newPublishedForm('Validated'); });

  it('names the field and rule in the user language (four languages)', async () => {
    const bad = { data: { applicant: '', mobile: '12345' } };
    const expected: Record<string, string> = {
      en: 'Applicant: cannot be empty; Mobile: enter a correct mobile number',
      zh: '申请人：不能为空; 手机号：请输入正确的手机号码',
      es: 'Solicitante: no puede estar vacío; Móvil: introduzca un número de móvil correcto',
      ja: '申請者：必須項目です; 携帯番号：正しい携帯電話番号を入力してください',
    };
    for (const lang of ['en', 'zh', 'es', 'ja']) {
      const res = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: bad, lang });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(expected[lang]);
    }
  });

  it('applies requiredWhen, options, ranges in sub-table rows, and recomputes computed fields on the server', async () => {
    const urgent = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Li', urgent: true } } });
    expect(urgent.status).toBe(400);
    expect(urgent.body.msg).toBe('Reason: cannot be empty');
    const option = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Li', kind: 'food' } } });
    expect(option.body.msg).toBe('Kind: is not one of the options');
    const row = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, lang: 'zh', body: { data: { applicant: 'Li', items: [{ product: '当归', qty: 0, price: 1 }] } } });
    expect(row.status).toBe(400);
    expect(row.body.msg).toBe('采购明细第 1 行的数量：不能小于 1');
    const good = await s.request('POST', `/api/forms/${id}/submit`, {
      token: admin,
      body: { data: { applicant: 'Li', mobile: '13800138000', items: [{ product: '当归', qty: 3, price: 2.5, amount: 999 }, { product: '黄芪', qty: 2, price: 10 }], total: 1 } },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.data.items.map((r: { amount: number }) => r.amount)).toEqual([7.5, 20]);
    expect(good.body.data.data.total).toBe(27.5);
  });

  it('refuses a field the form does not have', async () => {
    const res = await s.request('POST', `/api/forms/${id}/submit`, { token: admin, body: { data: { applicant: 'Li', hacker: 1 } } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('hacker is not a field of this form');
  });

  it('a form not yet published cannot be filled', async () => {
    const draft = (await s.request('POST', '/api/forms', { token: admin, body: input({ name: 'Draft only' }) })).body.data.id;
    expect((await s.request('POST', `/api/forms/${draft}/submit`, { token: admin, body: { data: { applicant: 'x' } } })).status).toBe(409);
  });

  it('lists documents with a search on a top-level field and exports them as xlsx and csv', async () => {
    const exp = await newPublishedForm('Exported');
    for (const applicant of ['Zhang San', 'Li Si']) {
      expect((await s.request('POST', `/api/forms/${exp}/submit`, { token: admin, body: { data: { applicant, kind: 'herb', items: [{ product: 'A', qty: 1, price: 2 }] } } })).status).toBe(200);
    }
    const found = await s.request('GET', `/api/forms/${exp}/data?field=applicant&value=zhang`, { token: admin });
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.records[0].data.applicant).toBe('Zhang San');
    const csv = await s.request('GET', `/api/forms/${exp}/data/export?format=csv&lang=zh`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('申请人');
    expect(csv.body).toContain('药材');
    expect(csv.body).toContain('Li Si');
    const res = await fetch(`${s.url}/api/forms/${exp}/data/export?format=xlsx`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new XLSX.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(1).values).toContain('Applicant');
  });
});

describe('forms: permissions per workflow node', () => {
  it('strips hidden fields, refuses writes to read-only fields, requires "required" fields', async () => {
    const id = await newPublishedForm('Bound');
    const svc = formsService(s.built.deps.db);
    const start = { formId: id, version: 1, defaultPermission: 'write' as const, fields: { secret: 'hidden' as const, mobile: 'required' as const } };
    const approve = { formId: id, version: 1, defaultPermission: 'read' as const, fields: { reason: 'write' as const } };
    const actor = { userId: 'admin', lang: 'en' as const };

    await expect(svc.submitForNode({ binding: start, input: { applicant: 'Li' }, actor, node: 'start', processInstanceId: 7 }))
      .rejects.toMatchObject({ status: 400, key: 'Mobile: cannot be empty' });
    await expect(svc.submitForNode({ binding: start, input: { applicant: 'Li', mobile: '13800138000', secret: 'X1' }, actor, node: 'start', processInstanceId: 7 }))
      .rejects.toMatchObject({ status: 400, key: 'Budget code: cannot be changed at this step' });
    const started = await svc.submitForNode({ binding: start, input: { applicant: 'Li', mobile: '13800138000' }, actor, node: 'start', processInstanceId: 7 });

    const view = await svc.formForTask(approve, 'zh', started.dataId);
    expect(view.permissions).toMatchObject({ applicant: 'read', reason: 'write', secret: 'read' });
    const atStart = await svc.formForTask(start, 'en', started.dataId);
    expect(JSON.stringify(atStart.schema)).not.toContain('"secret"');
    expect(Object.keys(atStart.permissions)).not.toContain('secret');
    expect(atStart.permissions.mobile).toBe('required');

    await expect(svc.submitForNode({ binding: approve, input: { applicant: 'Wang', reason: 'ok' }, actor: { ...actor, lang: 'zh' }, node: 'approve', processInstanceId: 7, dataId: started.dataId }))
      .rejects.toMatchObject({ status: 400, key: '申请人：当前环节不可修改' });
    // resending the unchanged read-only value is fine; only the writable field changes
    const approved = await svc.submitForNode({ binding: approve, input: { applicant: 'Li', reason: 'urgent need' }, actor, node: 'approve', processInstanceId: 7, dataId: started.dataId });
    expect(approved.data).toMatchObject({ applicant: 'Li', mobile: '13800138000', reason: 'urgent need' });
    const doc = await s.request('GET', `/api/forms/data/${started.dataId}`, { token: admin });
    expect(doc.body.data.history.map((h: { node: string; diff: object }) => [h.node, Object.keys(h.diff)])).toEqual([
      ['start', expect.arrayContaining(['applicant', 'mobile'])], ['approve', ['reason']],
    ]);
  });
});
