import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';
import { kit, line, type Kit } from './workflowKit';

/**
 * The to-do list carries the amount a request is for (issue 26 item 8: the phone inbox shows it on each
 * card): the 采购申请 form's amount, a plain `amount` variable, and nothing for a text or a missing one.
 */
let s: TestServer;
let k: Kit;
beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
});
afterAll(async () => { await s?.close(); });

const todoOf = async (token: string) => {
  const res = await s.request('GET', '/api/workflow/tasks/todo?limit=100', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.records as { businessKey: string; amount: number | null }[];
};

describe('the to-do amount', () => {
  it('is the 采购申请 form\'s amount on the department head\'s task', async () => {
    const staff = await s.login('staff', 'Staff@2026');
    const startable = await s.request('GET', '/api/workflow/tasks/startable?keyword=采购申请', { token: staff });
    const def = (startable.body.data as { definitionId: number; key: string }[]).find((d) => d.key === 'purchaseRequest')!;
    const started = await s.request('POST', `/api/workflow/definitions/${def.definitionId}/start`, {
      token: staff,
      body: { businessKey: 'AMT-FORM-1', form: { item: '高速冷冻离心机', quantity: 2, unitPrice: 48000, amount: 96000, reason: '提取工艺研究' } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const lead = await todoOf(await s.login('deptlead', 'Lead@2026'));
    expect(lead.find((r) => r.businessKey === 'AMT-FORM-1')).toMatchObject({ amount: 96000 });
  });

  it('is a plain numeric amount variable, and null for a text or no amount', async () => {
    const def = await k.deploy(line('todoAmount', ['a']));
    await k.start(def, { amount: 1200.5 }, 'AMT-VAR');
    await k.start(def, { amount: '68000' }, 'AMT-TEXT');
    await k.start(def, {}, 'AMT-NONE');
    const mine = await todoOf(k.token);
    const by = (bk: string) => mine.find((r) => r.businessKey === bk);
    expect(by('AMT-VAR')).toMatchObject({ amount: 1200.5 });
    expect(by('AMT-TEXT')).toMatchObject({ amount: null });
    expect(by('AMT-NONE')).toMatchObject({ amount: null });
  });
});
