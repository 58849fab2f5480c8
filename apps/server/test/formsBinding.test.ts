import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormBinding, FormField, FormInput } from '@bencao/contracts';
import { startTestServer, DEMO, type TestServer } from './harness';
import { bpmn, endEv, flow, kit, usersRule, type Kit } from './workflowKit';

/**
 * A cloud form bound to a process (issue 12) through the task API: the start event and the approval
 * node give the fields different permissions; the server strips hidden fields from the task detail,
 * refuses writes to fields the node may only read, and requires only what the node may write.
 */

let s: TestServer;
let k: Kit;
const T: Record<string, string> = {};
let deptlead = 0;
beforeAll(async () => {
  s = await startTestServer();
  k = kit(s, await s.login(DEMO.admin.userId, DEMO.admin.password));
  T.staff = await s.login('staff', 'Staff@2026');
  T.deptlead = await s.login('deptlead', 'Lead@2026');
  [deptlead] = await k.accountIds(['deptlead']);
});
afterAll(async () => { await s?.close(); });

const L = (en: string, zh: string) => ({ en, zh, es: en, ja: zh });
const field = (key: string, type: FormField['type'], label: ReturnType<typeof L>): FormField => ({ kind: 'field', id: `f_${key}`, key, type, label });
const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function boundProcess() {
  const form: FormInput = {
    name: 'Purchase', action: 'store',
    schema: { version: 1, nodes: [
      field('applicant', 'text', L('Applicant', '申请人')), field('amount', 'money', L('Amount', '金额')),
      field('opinion', 'text', L('Opinion', '审批意见')), field('budget', 'text', L('Budget code', '预算编码')),
    ] },
  } as FormInput;
  const created = await s.request('POST', '/api/forms', { token: k.token, body: form });
  const formId = created.body.data.id as number;
  expect((await s.request('POST', `/api/forms/${formId}/publish`, { token: k.token })).status).toBe(200);
  const atStart: FormBinding = { formId, version: 1, defaultPermission: 'hidden', fields: { applicant: 'required', amount: 'write', budget: 'write' } };
  const atApproval: FormBinding = { formId, version: 1, defaultPermission: 'read', fields: { opinion: 'required', budget: 'hidden' } };
  const assignment = { rule: usersRule([deptlead]) };
  const xml = bpmn('formBound', [
    `<bpmn:startEvent id="start" bencao:form="${attr(atStart)}"/>`,
    `<bpmn:userTask id="approve" name="Approve" bencao:assignment="${attr(assignment)}" bencao:form="${attr(atApproval)}"/>`,
    endEv(), flow('f0', 'start', 'approve'), flow('f1', 'approve', 'end'),
  ].join('\n'));
  return { formId, defId: await k.deploy(xml) };
}

describe('forms bound to a process: permissions per node', () => {
  it('start and approval enforce their own write / read / hidden / required fields', async () => {
    const { formId, defId } = await boundProcess();
    const start = (form: Record<string, unknown>, lang = 'en') =>
      s.request('POST', `/api/workflow/definitions/${defId}/start`, { token: T.staff, lang, body: { businessKey: 'PO-1', form } });

    // the start: applicant required there, opinion hidden there (so not writable)
    const missing = await start({ amount: 120 }, 'zh');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('申请人');
    const hiddenWrite = await start({ applicant: 'Li', opinion: 'self-approved' });
    expect(hiddenWrite.status).toBe(400);
    expect(hiddenWrite.body.msg).toBe('Opinion: cannot be changed at this step');
    const started = await start({ applicant: 'Li', amount: 120, budget: 'B-7' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const instanceId = started.body.data.id as number;

    // the approver's task: budget hidden there (gone from schema and values), the starter's fields read-only
    const [task] = await k.open(instanceId);
    const detail = await s.request('GET', `/api/workflow/tasks/${task.id}`, { token: T.deptlead });
    expect(detail.status).toBe(200);
    const f = detail.body.data.form;
    expect(f).toMatchObject({ formId, version: 1, permissions: { applicant: 'read', amount: 'read', opinion: 'required' }, data: { applicant: 'Li', amount: 120 } });
    expect(JSON.stringify(f.schema)).not.toContain('budget');
    expect(f.data).not.toHaveProperty('budget');

    // a read-only field changed: 400 naming it, nothing done; required applies to the writable opinion only
    const approve = (form: Record<string, unknown>, lang = 'en') =>
      s.request('POST', `/api/workflow/tasks/${task.id}/approve`, { token: T.deptlead, lang, body: { comment: 'ok', form } });
    const readOnly = await approve({ applicant: 'Wang', opinion: 'fine' });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.msg).toBe('Applicant: cannot be changed at this step');
    const noOpinion = await approve({ applicant: 'Li' });
    expect(noOpinion.status).toBe(400);
    expect(noOpinion.body.msg).toContain('Opinion');
    expect(noOpinion.body.msg).not.toContain('Applicant');
    expect((await k.open(instanceId)).map((t) => t.id)).toEqual([task.id]);
    const done = await approve({ applicant: 'Li', amount: 120, opinion: '同意' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    // one document for the instance, each node's change kept
    const docs = await s.request('GET', `/api/forms/${formId}/data`, { token: k.token });
    expect(docs.body.data.total).toBe(1);
    const doc = await s.request('GET', `/api/forms/data/${docs.body.data.records[0].id}`, { token: k.token });
    expect(doc.body.data).toMatchObject({ processInstanceId: instanceId, data: { applicant: 'Li', amount: 120, budget: 'B-7', opinion: '同意' } });
    expect(doc.body.data.history.map((h: { node: string }) => h.node)).toEqual(['start', 'approve']);

    // the starter looking at the instance sees the start form read-only
    const view = await s.request('GET', `/api/workflow/instances/${instanceId}/view`, { token: T.staff });
    expect(view.body.data.form.permissions).toEqual({ applicant: 'read', amount: 'read', budget: 'read' });
  });
});
