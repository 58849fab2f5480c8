import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onQueryTimed } from '../src/db/queryTiming';
import { DEMO, startTestServer, type TestServer } from './harness';
import { line, kit, signature, type Kit } from './workflowKit';

/**
 * What a step costs the database (issue 27): the statements (driver calls) one request sends, counted in
 * the server's process. Each figure is the fewest over several requests of the same kind, so a background
 * job's statement during one of them does not count. The limits sit between this code's counts and the
 * counts before the reads were merged (plain completion 10; 采购申请 start to end 219, its approvals 35–47 each).
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const PEOPLE: Record<string, string> = { staff: 'Staff@2026', deptlead: 'Lead@2026', purchaser: 'Buyer@2026', finance1: 'Finance@2026', finance2: 'Finance@2026' };

beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  for (const [u, pw] of Object.entries(PEOPLE)) T[u] = await s.login(u, pw);
});
afterAll(async () => { await s?.close(); });

/** the statements `send` causes, and its answer */
async function counted<R>(send: () => Promise<R>): Promise<{ n: number; r: R }> {
  let n = 0;
  const off = onQueryTimed(() => { n++; });
  try {
    const r = await send();
    return { n, r };
  } finally { off(); }
}
const ok = (r: { status: number; body: any }) => { expect(r.status, JSON.stringify(r.body)).toBe(200); return r.body.data; };

describe('statements per step', () => {
  it('a plain completion of a chain takes at most 7 statements', async () => {
    const def = await k.deploy(line('stmtChain', ['a', 'b', 'c']));
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const id = await k.start(def, {}, `ST-${i}`);
      const [task] = await k.open(id);
      const { n, r } = await counted(() => k.complete(task.id, { variables: { ok: true } }));
      ok(r);
      counts.push(n);
      // the next task is there: the completion did its work
      expect((await k.open(id)).map((t) => t.elementId)).toEqual(['b']);
    }
    expect(Math.min(...counts), counts.join(',')).toBeLessThanOrEqual(7);
  });

  it('the seeded 采购申请 with its form, signatures and countersign: each step at most 34 statements, start to end at most 175', async () => {
    const defs = ok(await s.request('GET', '/api/workflow/definitions?page=1&limit=50&keyword=purchaseRequest', { token: k.token }));
    const def = defs.records.find((d: { key: string }) => d.key === 'purchaseRequest').id;
    const accountOf = new Map((await k.accountIds(Object.keys(PEOPLE))).map((id, i) => [id, Object.keys(PEOPLE)[i]]));
    const post = (who: string, path: string, body: unknown) => s.request('POST', path, { token: T[who], body, lang: 'zh' });
    const openAt = async (id: number) => (await k.open(id)) as { id: number; elementId: string; assigneeId: number }[];
    const fewest = new Map<string, number>();
    const step = async (name: string, send: () => Promise<{ status: number; body: any }>) => {
      const { n, r } = await counted(send);
      fewest.set(name, Math.min(fewest.get(name) ?? Infinity, n));
      return ok(r);
    };
    const form = { item: '高速冷冻离心机', quantity: 1, unitPrice: 200000, amount: 200000, reason: '提取工艺研究', lines: [{ name: '离心机', qty: 1, price: 200000 }] };
    for (let i = 0; i < 2; i++) {
      const { id } = await step('start', () => post('staff', `/api/workflow/definitions/${def}/start`, { businessKey: `ST-CG-${i}`, form }));
      const [dept] = await openAt(id);
      const deptSig = await signature(s, PEOPLE.deptlead);
      await step('deptApprove', () => post('deptlead', `/api/workflow/tasks/${dept.id}/approve`, { comment: '同意', signature: deptSig }));
      const [buy] = await openAt(id);
      await step('purchase', () => post('purchaser', `/api/workflow/tasks/${buy.id}/approve`, { comment: '已比价', form: { supplier: '国药器械' } }));
      const sign = await openAt(id);
      expect(sign.map((t) => t.elementId)).toEqual(['financeSign', 'financeSign']);
      for (const t of sign) {
        const who = accountOf.get(t.assigneeId)!;
        const sig = await signature(s, PEOPLE[who], { meaning: 'review' });
        await step(`financeSign ${sign.indexOf(t)}`, () => post(who, `/api/workflow/tasks/${t.id}/approve`, { comment: '同意', signature: sig }));
      }
      const [order] = await openAt(id);
      await step('order', () => post('purchaser', `/api/workflow/tasks/${order.id}/approve`, { comment: '已下单' }));
      // the request went through to its end
      const detail = await k.detail(id);
      expect(detail.status).toBe('completed');
    }
    const all = [...fewest.values()];
    for (const [name, n] of fewest) expect(n, `${name}: ${JSON.stringify(Object.fromEntries(fewest))}`).toBeLessThanOrEqual(34);
    expect(all.reduce((a, b) => a + b, 0), JSON.stringify(Object.fromEntries(fewest))).toBeLessThanOrEqual(175);
  });
});
