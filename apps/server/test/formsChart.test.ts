import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * The portal's form chart (issue 13): a form's documents grouped by a field, counted or a number
 * field summed, option codes read as their labels; behind the form's data authority.
 */

let s: TestServer;
let admin = '';
let formId = 0;
const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>, more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: key, key, type, label, ...more });

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
  const created = await s.request('POST', '/api/forms', {
    token: admin,
    body: {
      name: 'Chart source', action: 'store',
      schema: { version: 1, nodes: [
        field('region', 'select', L('Region', '区域'), { options: [{ value: 'n', label: L('North', '北区') }, { value: 's', label: L('South', '南区') }] }),
        field('amount', 'money', L('Amount', '金额')),
        field('note', 'textarea', L('Note', '备注')),
      ] },
    },
  });
  formId = created.body.data.id;
  expect((await s.request('POST', `/api/forms/${formId}/publish`, { token: admin })).status).toBe(200);
  for (const data of [{ region: 'n', amount: 100 }, { region: 'n', amount: 50.5 }, { region: 's', amount: 20 }, { amount: 7 }]) {
    expect((await s.request('POST', `/api/forms/${formId}/submit`, { token: admin, body: { data } })).status).toBe(200);
  }
});
afterAll(async () => { await s?.close(); });

const chart = (query: string, lang = 'en', token = admin) => s.request('GET', `/api/forms/${formId}/chart?${query}`, { token, lang });

describe('the form chart', () => {
  it('counts the documents per option, labelled in the user language, the unfilled ones apart', async () => {
    const res = await chart('groupBy=region', 'zh');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      { key: 'n', label: '北区', value: 2 },
      { key: 's', label: '南区', value: 1 },
      { key: null, label: '（未填写）', value: 1 },
    ]);
  });

  it('sums a money field per group', async () => {
    const res = await chart('groupBy=region&aggregate=sum&valueField=amount');
    expect(res.body.data.map((p: { label: string; value: number }) => [p.label, p.value])).toEqual([['North', 150.5], ['South', 20], ['(not filled in)', 7]]);
  });

  it('refuses a field it cannot group by or sum, naming it', async () => {
    const bad = await chart('groupBy=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('nope is not a field of this form');
    const notNumber = await chart('groupBy=region&aggregate=sum&valueField=note', 'zh');
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.msg).toBe('note 不是此表单的数字字段');
    expect((await chart('groupBy=region&aggregate=sum')).status).toBe(400);
  });

  it('needs the form data authority', async () => {
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    expect((await chart('groupBy=region', 'en', editor)).status).toBe(403);
  });
});
