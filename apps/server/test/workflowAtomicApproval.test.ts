import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormBinding, FormField, FormInput } from '@bencao/contracts';
import { formData, wfHistory, wfInstances, wfSignatures } from '../src/db/schema/index';
import { setWorkflowClock } from '../src/modules/workflow/engine/clock';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, endEv, flow, kit, signature as signatureOf, usersRule, type Kit } from './workflowKit';

/**
 * The approvals record is one act (issue 26, GMP / 21 CFR Part 11): an approval, the node's form data and the
 * signature manifest are written in one transaction. When writing the form data or the manifest fails, the
 * approval does not stand: the task is still open, no completion is in the history, the data is as it was.
 * The failure is made by the database itself (a trigger this file creates, then drops).
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
const ID: Record<string, number> = {};
const AT = new Date('2026-03-02T01:02:03Z');
const db = () => s.built.deps.db;

beforeAll(async () => {
  s = await startTestServer({ loginKeyRateLimit: 10_000, loginKeyBurst: 0 });
  setWorkflowClock(db(), () => AT);
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  T.staff = await s.login('staff', 'Staff@2026');
  T.deptlead = await s.login('deptlead', 'Lead@2026');
  [ID.deptlead, ID.purchaser] = await k.accountIds(['deptlead', 'purchaser']);
  await db().execute(sql.raw(`create or replace function test_refuse_write() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`));
});
afterAll(async () => { await s?.close(); });

const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>): FormField => ({ kind: 'field', id: `f_${key}`, key, type, label });
const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** while `fn` runs, every insert (or update) of `table` fails inside the database */
async function refusing<T>(table: 'wf_signatures' | 'form_data', on: 'insert' | 'update', fn: () => Promise<T>): Promise<T> {
  await db().execute(sql.raw(`create trigger test_refuse before ${on} on ${table} for each row execute function test_refuse_write()`));
  try {
    return await fn();
  } finally {
    await db().execute(sql.raw(`drop trigger test_refuse on ${table}`));
  }
}

const signature = (password: string, extra: Record<string, unknown> = {}) => signatureOf(s, password, extra);

/** start (item, amount) → deptlead signs with an opinion → purchaser → end */
let deployed: Promise<number> | null = null;
const atomicProcess = () => (deployed ??= (async () => {
  const form: FormInput = {
    name: 'Atomic purchase', action: 'store',
    schema: { version: 1, nodes: [field('item', 'text', L('Item', '物品')), field('amount', 'money', L('Amount', '金额')), field('opinion', 'text', L('Opinion', '意见'))] },
  } as FormInput;
  const created = await s.request('POST', '/api/forms', { token: k.token, body: form });
  const formId = created.body.data.id as number;
  expect((await s.request('POST', `/api/forms/${formId}/publish`, { token: k.token })).status).toBe(200);
  const atStart: FormBinding = { formId, version: 1, defaultPermission: 'hidden', fields: { item: 'required', amount: 'required' } };
  const atSign: FormBinding = { formId, version: 1, defaultPermission: 'read', fields: { opinion: 'write' } };
  const xml = bpmn('atomicPurchase', [
    `<bpmn:startEvent id="start" bencao:form="${attr(atStart)}"/>`,
    `<bpmn:userTask id="sign" name="Head approval" bencao:signature="approve" bencao:assignment="${attr({ rule: usersRule([ID.deptlead]) })}" bencao:form="${attr(atSign)}"/>`,
    `<bpmn:userTask id="buy" name="Purchasing" bencao:assignment="${attr({ rule: usersRule([ID.purchaser]) })}"/>`,
    endEv(), flow('f0', 'start', 'sign'), flow('f1', 'sign', 'buy'), flow('f2', 'buy', 'end'),
  ].join('\n'));
  return k.deploy(xml);
})());

async function started() {
  const res = await s.request('POST', `/api/workflow/definitions/${await atomicProcess()}/start`, { token: T.staff, body: { form: { item: 'Gloves', amount: 1200 } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const instanceId = res.body.data.id as number;
  const [task] = await k.open(instanceId);
  return { instanceId, taskId: task.id as number };
}

const documentOf = async (instanceId: number) => (await db().select({ data: formData.data }).from(formData).where(eq(formData.processInstanceId, instanceId)))[0]?.data;
const historyOf = (instanceId: number) => db().select({ action: wfHistory.action, taskId: wfHistory.taskId }).from(wfHistory).where(eq(wfHistory.instanceId, instanceId));
const approve = async (taskId: number) => s.request('POST', `/api/workflow/tasks/${taskId}/approve`, {
  token: T.deptlead, body: { comment: 'ok', form: { opinion: 'fine' }, signature: await signature('Lead@2026') },
});

/** nothing of the approval stands: the task open, no completion, signature or data change in the history, the data as it was */
async function nothingStands(instanceId: number, taskId: number, before: unknown) {
  expect((await k.open(instanceId)).map((t) => t.id)).toEqual([taskId]);
  const history = await historyOf(instanceId);
  expect(history.filter((h) => h.taskId === taskId).map((h) => h.action)).toEqual(['taskCreate']);
  expect(history.some((h) => ['taskComplete', 'sign', 'dataChange'].includes(h.action))).toBe(false);
  expect(await documentOf(instanceId)).toEqual(before);
  expect(await db().select().from(wfSignatures).where(eq(wfSignatures.instanceId, instanceId))).toEqual([]);
}

describe('an approval with its form data and signature', () => {
  it('does not stand when its signature manifest cannot be written', async () => {
    const { instanceId, taskId } = await started();
    const before = await documentOf(instanceId);
    expect(before).toMatchObject({ item: 'Gloves', amount: 1200 });

    const failed = await refusing('wf_signatures', 'insert', () => approve(taskId));
    expect(failed.status).toBeGreaterThanOrEqual(400);
    await nothingStands(instanceId, taskId, before);

    // once the database takes it again, the same approval goes through with all of its record
    const res = await approve(taskId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await k.open(instanceId)).map((t) => t.elementId)).toEqual(['buy']);
    expect(await documentOf(instanceId)).toMatchObject({ item: 'Gloves', amount: 1200, opinion: 'fine' });
    const history = await historyOf(instanceId);
    expect(history.filter((h) => h.taskId === taskId).map((h) => h.action)).toEqual(expect.arrayContaining(['taskComplete', 'sign', 'dataChange']));
    const [m] = (await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff })).body.data.signatures;
    // the manifest covers the data as the step left it (the opinion included)
    expect(m).toMatchObject({ taskId, covers: true });
  });

  it('does not stand when its form data cannot be written', async () => {
    const { instanceId, taskId } = await started();
    const before = await documentOf(instanceId);

    const failed = await refusing('form_data', 'update', () => approve(taskId));
    expect(failed.status).toBeGreaterThanOrEqual(400);
    await nothingStands(instanceId, taskId, before);
  });

  it('a resubmission does not stand when its start form cannot be written', async () => {
    const { instanceId, taskId } = await started();
    const back = await s.request('POST', `/api/workflow/tasks/${taskId}/return`, { token: T.deptlead, body: { target: 'starter', comment: 'the quote is missing' } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const [resubmitTask] = await k.open(instanceId);
    expect(resubmitTask.elementId).toBe('start');
    const before = await documentOf(instanceId);

    const resubmit = () => s.request('POST', `/api/workflow/tasks/${resubmitTask.id}/resubmit`, { token: T.staff, body: { comment: 'added', form: { item: 'Gloves', amount: 900 } } });
    const failed = await refusing('form_data', 'update', resubmit);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect((await k.open(instanceId)).map((t) => t.id)).toEqual([resubmitTask.id]);
    expect((await historyOf(instanceId)).some((h) => h.taskId === resubmitTask.id && h.action === 'taskComplete')).toBe(false);
    expect(await documentOf(instanceId)).toEqual(before);

    const res = await resubmit();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await documentOf(instanceId)).toMatchObject({ amount: 900 });
    expect((await k.open(instanceId)).map((t) => t.elementId)).toEqual(['sign']);
  });
  it('a start does not stand when its start form cannot be written', async () => {
    const definitionId = await atomicProcess();
    const instancesBefore = (await db().select({ id: wfInstances.id }).from(wfInstances).where(eq(wfInstances.definitionId, definitionId))).length;
    const start = () => s.request('POST', `/api/workflow/definitions/${definitionId}/start`, { token: T.staff, body: { form: { item: 'Masks', amount: 300 } } });

    const failed = await refusing('form_data', 'insert', start);
    expect(failed.status).toBeGreaterThanOrEqual(400);
    // no instance without its start form: nothing waits at the head's approval with no data to judge
    expect((await db().select({ id: wfInstances.id }).from(wfInstances).where(eq(wfInstances.definitionId, definitionId))).length).toBe(instancesBefore);

    const res = await start();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await documentOf(res.body.data.id)).toMatchObject({ item: 'Masks', amount: 300 });
  });
});
