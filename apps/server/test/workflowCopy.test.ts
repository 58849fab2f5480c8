import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, DEMO, type TestServer } from './harness';

/**
 * Copying a process definition (issue 12): the copy is a new draft with the original's diagram under
 * its own key and name (the process id follows the key), publishable and startable on its own; the
 * original does not change. Refused: a key in use (409), a bad key (400 naming the field), no grant (403).
 */
let s: TestServer;
let admin: string;
type Def = { id: number; key: string; name: string; category: string | null; latestVersion: number; xml?: string };

beforeAll(async () => {
  s = await startTestServer({ loginRateLimit: 1000 });
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const demo = async () => {
  const list = await s.request('GET', '/api/workflow/definitions?page=1&limit=50&keyword=purchaseRequest', { token: admin });
  const row = (list.body.data.records as Def[]).find((d) => d.key === 'purchaseRequest')!;
  return (await s.request('GET', `/api/workflow/definitions/${row.id}`, { token: admin })).body.data as Def;
};

describe('copy a process definition', () => {
  it('makes a draft with the same diagram under the new key and name; it publishes and starts; the original stays', async () => {
    const original = await demo();
    const res = await s.request('POST', `/api/workflow/definitions/${original.id}/copy`, { token: admin, body: { key: 'purchaseCopy1', name: '采购申请（副本）', category: '采购管理' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const copy = (await s.request('GET', `/api/workflow/definitions/${res.body.data.id}`, { token: admin })).body.data as Def;
    expect([copy.key, copy.name, copy.category, copy.latestVersion]).toEqual(['purchaseCopy1', '采购申请（副本）', '采购管理', 0]);
    expect(copy.xml).toMatch(/<bpmn:process id="purchaseCopy1" name="采购申请（副本）"/);
    expect(copy.xml).toMatch(/bpmnElement="purchaseCopy1"/);
    // every node of the original, with its rules, is in the copy
    for (const id of [...original.xml!.matchAll(/<bpmn:userTask id="([^"]+)"/g)].map((m) => m[1])) expect(copy.xml).toContain(`<bpmn:userTask id="${id}"`);
    expect(copy.xml).toContain('bencao:assignment=');

    // the copy keeps the original's bound purchase form: it is started by that form, as the original is
    const pub = await s.request('POST', `/api/workflow/definitions/${copy.id}/publish`, { token: admin });
    expect(pub.status, JSON.stringify(pub.body)).toBe(200);
    const started = await s.request('POST', `/api/workflow/definitions/${copy.id}/start`, { token: admin, body: { form: { item: '移液器', quantity: 1, unitPrice: 100, amount: 100, reason: '实验室补充', lines: [{ name: '移液器', qty: 1, price: 100 }] } } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const after = await demo();
    expect([after.key, after.name, after.xml]).toEqual([original.key, original.name, original.xml]);
  });

  it('refuses a key in use, a bad key naming the field, an unknown definition, and an account without the grant', async () => {
    const original = await demo();
    const taken = await s.request('POST', `/api/workflow/definitions/${original.id}/copy`, { token: admin, body: { key: 'purchaseRequest', name: 'x' } });
    expect(taken.status).toBe(409);
    const bad = await s.request('POST', `/api/workflow/definitions/${original.id}/copy`, { token: admin, lang: 'zh', body: { key: '1 bad key', name: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/key|标识/);
    expect((await s.request('POST', '/api/workflow/definitions/999999/copy', { token: admin, body: { key: 'nowhere', name: 'x' } })).status).toBe(404);
    const auditor = await s.login(DEMO.auditor.userId, DEMO.auditor.password);
    expect((await s.request('POST', `/api/workflow/definitions/${original.id}/copy`, { token: auditor, body: { key: 'auditorCopy', name: 'x' } })).status).toBe(403);
    const list = await s.request('GET', '/api/workflow/definitions?page=1&limit=50&keyword=auditorCopy', { token: admin });
    expect(list.body.data.total).toBe(0);
  });

  it('the same copy sent 40 times at once makes one definition; the others are told the key is taken', async () => {
    const original = await demo();
    const answers = await Promise.all(Array.from({ length: 40 }, () =>
      s.request('POST', `/api/workflow/definitions/${original.id}/copy`, { token: admin, body: { key: 'raceCopy', name: 'race' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(39).fill(409)]);
    const list = await s.request('GET', '/api/workflow/definitions?page=1&limit=50&keyword=raceCopy', { token: admin });
    expect(list.body.data.total).toBe(1);
  });
});
