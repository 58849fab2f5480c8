import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { FormField, FormSchema } from '@bencao/contracts';
import { accounts, formData } from '../src/db/schema/index';
import { hashPassword } from '../src/platform/auth/passwords';
import { DEMO, startTestServer, type TestServer } from './harness';

/** A form's data export (issue 28, item 8): times in the operator's zone as the list exports write them, sub-table lines as rows. */
let s: TestServer;
let admin: string;
let formId: number;
const docs: number[] = [];
const AT = new Date('2026-03-04T05:06:07Z');

const L = (en: string, zh: string) => ({ en, zh });
const field = (key: string, type: FormField['type'], label: FormField['label'], more: Partial<FormField> = {}): FormField => ({ kind: 'field', id: `f_${key}`, key, type, label, ...more });
const schema: FormSchema = { version: 1, nodes: [
  field('applicant', 'text', L('Applicant', '申请人')),
  field('items', 'subTable', L('Items', '采购明细'), { columns: [
    field('product', 'text', L('Product', '品名')),
    field('qty', 'number', L('Quantity', '数量')),
    field('price', 'money', L('Price', '单价')),
    field('unit', 'select', L('Unit', '单位'), { options: [{ value: 'kg', label: L('Kilogram', '千克') }] }),
  ] }),
] };

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  const created = await s.request('POST', '/api/forms', { token: admin, body: { name: 'Herb purchase', action: 'store', schema } });
  formId = created.body.data.id;
  expect((await s.request('POST', `/api/forms/${formId}/publish`, { token: admin })).status).toBe(200);
  for (const [applicant, items] of [
    ['Zhang San', [{ product: 'Ginseng', qty: 2, price: 12.5, unit: 'kg' }, { product: 'Licorice', qty: 1, price: 3 }]],
    ['Li Si', [{ product: 'Goji', qty: 5, price: 4 }]],
  ] as const) {
    const res = await s.request('POST', `/api/forms/${formId}/submit`, { token: admin, body: { data: { applicant, items } } });
    expect(res.status).toBe(200);
    docs.push(res.body.data.id);
  }
  await s.built.deps.db.update(formData).set({ createdAt: AT }).where(eq(formData.formId, formId));
});
afterAll(async () => { await s?.close(); });

async function xlsx(query: string) {
  const res = await fetch(`${s.url}/api/forms/${formId}/data/export?${query}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return book;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

describe('form data export', () => {
  it('writes "Submitted at" in the operator\'s zone (the list exports\' rule), not as a UTC ISO string', async () => {
    const book = await xlsx('format=xlsx&lang=en&utcOffset=480');
    const main = book.worksheets[0];
    const header = values(main, 1);
    const at = header.indexOf('Submitted at');
    expect(at).toBeGreaterThan(0);
    expect(values(main, 2)[at]).toBe('2026-03-04 13:06:07');
    const csv = await s.request('GET', `/api/forms/${formId}/data/export?format=csv&lang=en&utcOffset=-300`, { token: admin });
    expect(csv.body).toContain('2026-03-04 00:06:07');
    expect(csv.body).not.toContain('2026-03-04T05:06:07');
  });

  it('puts each sub-table in a sheet of its own, one row per line led by its document\'s ID', async () => {
    const book = await xlsx('format=xlsx&lang=zh&utcOffset=0');
    expect(book.worksheets.map((w) => w.name)).toEqual(['Herb purchase', '采购明细']);
    const main = book.worksheets[0];
    expect(values(main, 1)).not.toContain('采购明细');
    const lines = book.worksheets[1];
    expect(values(lines, 1)).toEqual(['ID', '#', '品名', '数量', '单价', '单位']);
    expect([2, 3, 4].map((n) => values(lines, n))).toEqual([
      [docs[0], 1, 'Ginseng', 2, 12.5, '千克'],
      [docs[0], 2, 'Licorice', 1, 3, ''],
      [docs[1], 1, 'Goji', 5, 4, ''],
    ]);
  });

  it('refuses an offset beyond ±14 hours', async () => {
    const res = await s.request('GET', `/api/forms/${formId}/data/export?format=csv&utcOffset=900`, { token: admin, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('utcOffset');
  });
});

describe('the designer\'s dictionary picker (issue 28, item 8)', () => {
  it('lists dictionary types by code or name, named in the caller\'s language, to those who design forms only', async () => {
    const en = await s.request('GET', '/api/common/dict-types?keyword=gend', { token: admin, lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body.data).toContainEqual({ code: 'gender', name: 'Gender' });
    const ja = await s.request('GET', '/api/common/dict-types?keyword=%E6%80%A7%E5%88%AB', { token: admin, lang: 'ja' });
    expect(ja.body.data).toContainEqual({ code: 'gender', name: '性別' });
    await s.built.deps.db.insert(accounts).values({ userId: 'nobody-dicts', userName: 'nobody', passwordHash: await hashPassword('Tester@2026') });
    const nobody = await s.login('nobody-dicts', 'Tester@2026');
    expect((await s.request('GET', '/api/common/dict-types', { token: nobody })).status).toBe(403);
  });
});
