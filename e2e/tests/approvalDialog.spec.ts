import type { Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin } from '../api';
import { btn, toast } from '../ui';

/**
 * The approval dialog when the server refuses the node's form (issue 11). A process's review step binds
 * a cloud form whose "purchase route" takes its options from a dictionary; the reviewer (刘建华, zh-CN,
 * then en-US) opens the task and picks a route, and while the task is open an administrator removes
 * that option from the dictionary. Only the server can know: it refuses the approval. The reviewer sees
 * the refusal in their language in the dialog, which stays open, and under the field itself; the comment and the
 * other values are kept; "去修改表单" puts the cursor in the field, another option is picked, and the
 * approval goes through with the comment typed before. The dictionary, form and process are this
 * test's own (unique names), so nothing depends on what other tests leave.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const HEAD = { user: 'deptlead', password: 'Lead@2026' };
const shots = 'test-results/tasks';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
const L = (zh: string, en: string) => ({ zh, en, es: en, ja: zh });
const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-body') }).last();

test.use({ viewport: { width: 1440, height: 1000 } });

function reviewXml(key: string, name: string, head: number, atStart: unknown, atReview: unknown) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:bencao="http://bencao.dev/schema/bpmn" id="Definitions_${key}" targetNamespace="http://bencao.dev/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" bencao:form="${attr(atStart)}"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="review" name="采购复核" bencao:assignment="${attr({ rule: { kind: 'user', accountIds: [head] }, onEmpty: 'admin' })}" bencao:form="${attr(atReview)}"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end" name="完成"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="review_di" bpmnElement="review"><dc:Bounds x="190" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="352" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200"/><di:waypoint x="190" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200"/><di:waypoint x="352" y="200"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

const TEXT = {
  'zh-CN': {
    subject: '采购事由', route: '采购路径', note: '复核说明', approve: '通过', ok: '确定通过', comment: '审批意见', done: '已通过',
    refused: '表单未通过校验', rule: '不在可选范围内', correct: '去修改表单', typed: '同意，请尽快采购', noteText: '供应商已比价三家',
  },
  'en-US': {
    subject: 'Subject', route: 'Purchase route', note: 'Review note', approve: 'Approve', ok: 'Approve', comment: 'Comment', done: 'Approved',
    refused: 'The form was not accepted', rule: 'is not one of the options', correct: 'Correct the form', typed: 'Agreed, please order soon', noteText: 'Three suppliers compared',
  },
} as const;

test('a field refused by the server: shown at the field in the user\'s language, the dialog stays open, nothing lost, corrected and approved (zh, en)', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const suffix = tag();
  const processName = `采购复核${suffix}`;
  const admin = await apiLogin(request, ADMIN.user, ADMIN.password);

  // a dictionary of this test's own: three purchase routes (one is withdrawn during each run)
  const dict = await api<{ id: number }>(request, admin, 'POST', '/api/common/dicts', { code: `apvRoute_${suffix}`, name: `采购路径 ${suffix}` });
  await api(request, admin, 'POST', '/api/common/dict-items', { dictId: dict.id, code: 'normal', name: '常规采购', seq: 1 });
  const special = await api<{ id: number }>(request, admin, 'POST', '/api/common/dict-items', { dictId: dict.id, code: 'special', name: '特批采购', seq: 2 });
  const urgent = await api<{ id: number }>(request, admin, 'POST', '/api/common/dict-items', { dictId: dict.id, code: 'urgent', name: '加急采购', seq: 3 });

  const f = (key: string, type: string, label: ReturnType<typeof L>, more: Record<string, unknown> = {}) => ({ kind: 'field', id: `f_${key}`, key, type, label, ...more });
  const form = await api<{ id: number }>(request, admin, 'POST', '/api/forms', {
    name: `采购复核单 ${suffix}`, action: 'store', modelName: 'review',
    schema: { version: 1, nodes: [
      f('subject', 'text', L('采购事由', 'Subject')),
      f('route', 'select', L('采购路径', 'Purchase route'), { dictCode: `apvRoute_${suffix}` }),
      f('note', 'textarea', L('复核说明', 'Review note')),
    ] },
  });
  await api(request, admin, 'POST', `/api/forms/${form.id}/publish`);

  const [head] = (await api<{ id: number; userId: string }[]>(request, admin, 'GET', `/api/workflow/tasks/users?keyword=${HEAD.user}`)).filter((u) => u.userId === HEAD.user);
  const key = `apvDialog${suffix}`;
  const atStart = { formId: form.id, version: 1, defaultPermission: 'hidden', fields: { subject: 'required' } };
  const atReview = { formId: form.id, version: 1, defaultPermission: 'read', fields: { route: 'required', note: 'write' } };
  const def = await api<{ id: number }>(request, admin, 'POST', '/api/workflow/definitions', { key, name: processName, category: '采购管理', xml: reviewXml(key, processName, head.id, atStart, atReview) });
  await api(request, admin, 'POST', `/api/workflow/definitions/${def.id}/publish`);

  for (const [locale, withdrawn] of [['zh-CN', { id: special.id, name: '特批采购' }], ['en-US', { id: urgent.id, name: '加急采购' }]] as const) {
    const x = TEXT[locale];
    const bk = `BK-${suffix}-${locale}`;
    const inst = await api<{ id: number }>(request, admin, 'POST', `/api/workflow/definitions/${def.id}/start`, { businessKey: bk, form: { subject: '实验室试剂补货' } });

    // ---- the reviewer opens the task and fills the form ----
    const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await new ConsoleApp(page).login(HEAD.user, HEAD.password);
    await page.goto('/console/bpm/task/todo');
    const taskRow = page.locator('.ant-table-row').filter({ hasText: processName }).first(); // the run before has ended its instance
    await expect(taskRow).toBeVisible({ timeout: 30_000 });
    await taskRow.getByRole('button', { name: '采购复核', exact: true }).click();
    const cloud = drawer(page).getByTestId('tasks-cloud-form');
    await expect(cloud.getByLabel(x.subject)).toHaveValue('实验室试剂补货');
    await cloud.getByLabel(x.route).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${withdrawn.name}$`) }).click();
    await cloud.getByLabel(x.note).fill(x.noteText);

    // meanwhile the option is withdrawn from the dictionary
    await api(request, admin, 'DELETE', `/api/common/dict-items/${withdrawn.id}`);

    // ---- approve: the server refuses the field ----
    await drawer(page).locator('.ant-drawer-extra').getByRole('button', { name: btn(x.approve) }).click();
    const approve = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: x.approve }) }).last();
    await approve.getByLabel(x.comment).fill(x.typed);
    const refused = page.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
    await approve.getByRole('button', { name: btn(x.ok) }).click();
    expect((await refused).status()).toBe(400);
    // in the dialog, which stays open with the comment…
    const alert = approve.getByRole('alert');
    await expect(alert).toContainText(x.refused);
    await expect(alert).toContainText(`${x.route}${locale === 'zh-CN' ? '：' : ': '}${x.rule}`);
    await expect(approve.getByLabel(x.comment)).toHaveValue(x.typed);
    // …and under the field itself, the other values as they were
    const routeItem = cloud.locator('.ant-form-item').filter({ has: page.getByLabel(x.route) });
    await expect(routeItem).toHaveClass(/ant-form-item-has-error/);
    await expect(routeItem.locator('.ant-form-item-explain-error')).toHaveText(x.rule);
    await expect(cloud.getByLabel(x.note)).toHaveValue(x.noteText);
    await expect(toast(page, x.done)).toHaveCount(0);
    await page.screenshot({ path: `${shots}/approval-refused-${locale.slice(0, 2)}.png` });

    // ---- correct the form: the cursor goes to the field ----
    await approve.getByRole('button', { name: x.correct }).click();
    await expect(approve).toBeHidden();
    await expect(cloud.getByLabel(x.route)).toBeFocused();
    await cloud.getByLabel(x.route).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^常规采购$/ }).click();
    await expect(routeItem).not.toHaveClass(/ant-form-item-has-error/);

    // ---- approve again: the comment is still there, and it goes through ----
    await drawer(page).locator('.ant-drawer-extra').getByRole('button', { name: btn(x.approve) }).click();
    const again = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: x.approve }) }).last();
    await expect(again.getByLabel(x.comment)).toHaveValue(x.typed);
    await again.getByRole('button', { name: btn(x.ok) }).click();
    await expect(toast(page, x.done)).toBeVisible();
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
    await context.close();

    // the process went on once, with the comment typed before the refusal
    const view = await api<{ instance: { status: string }; history: { comment: string | null }[] }>(request, admin, 'GET', `/api/workflow/instances/${inst.id}/view`);
    expect(view.instance.status).toBe('completed');
    expect(view.history.filter((h) => h.comment === x.typed)).toHaveLength(1);
  }
});
