import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin } from '../api';
import { btn, toast } from '../ui';

/**
 * Electronic signature and the printed approval sheet (issue 26, items 4 and 5). A process of this test's
 * own binds a form and asks for a signature at the department head's step (meanings 批准 / 审核). 刘建华
 * (zh-CN, Asia/Shanghai) approves: the dialog asks for his password and the meaning, he draws his
 * signature with the mouse and saves it as his own. The timeline shows the manifest; the sheet opened from
 * the task's detail is printed to PDF by Chromium (page.pdf, A4) and its text, read with pdftotext, holds
 * the company's header, the form data, the step with its signer, meaning and time with the zone.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const HEAD = { user: 'deptlead', password: 'Lead@2026', name: '刘建华' };
const shots = 'test-results/tasks';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
const L = (zh: string, en: string) => ({ zh, en, es: en, ja: zh });
const attr = (o: unknown) => JSON.stringify(o).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-body') }).last();

function signedXml(key: string, name: string, head: number, atStart: unknown, atSign: unknown) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:bencao="http://bencao.dev/schema/bpmn" id="Definitions_${key}" targetNamespace="http://bencao.dev/bpmn">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start" name="提交申请" bencao:form="${attr(atStart)}"><bpmn:outgoing>f1</bpmn:outgoing></bpmn:startEvent>
    <bpmn:userTask id="headSign" name="部门负责人签批" bencao:signature="approve,review" bencao:assignment="${attr({ rule: { kind: 'user', accountIds: [head] }, onEmpty: 'admin' })}" bencao:form="${attr(atSign)}"><bpmn:incoming>f1</bpmn:incoming><bpmn:outgoing>f2</bpmn:outgoing></bpmn:userTask>
    <bpmn:endEvent id="end" name="完成"><bpmn:incoming>f2</bpmn:incoming></bpmn:endEvent>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="headSign"/>
    <bpmn:sequenceFlow id="f2" sourceRef="headSign" targetRef="end"/>
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="headSign_di" bpmnElement="headSign"><dc:Bounds x="190" y="160" width="100" height="80"/></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="352" y="182" width="36" height="36"/></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="200"/><di:waypoint x="190" y="200"/></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="290" y="200"/><di:waypoint x="352" y="200"/></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

test('approve with an electronic signature (password, meaning, handwritten), then print the approval sheet to PDF', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const suffix = tag();
  const processName = `试剂采购签批${suffix}`;
  const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
  const f = (key: string, type: string, label: ReturnType<typeof L>) => ({ kind: 'field', id: `f_${key}`, key, type, label });
  const form = await api<{ id: number }>(request, admin, 'POST', '/api/forms', {
    name: `试剂采购单 ${suffix}`, action: 'store',
    schema: { version: 1, nodes: [f('item', 'text', L('物品', 'Item')), f('amount', 'money', L('金额', 'Amount')), f('opinion', 'text', L('审批意见栏', 'Opinion'))] },
  });
  await api(request, admin, 'POST', `/api/forms/${form.id}/publish`);
  const [head] = (await api<{ id: number; userId: string }[]>(request, admin, 'GET', `/api/workflow/tasks/users?keyword=${HEAD.user}`)).filter((u) => u.userId === HEAD.user);
  const key = `signPrint${suffix}`;
  const atStart = { formId: form.id, version: 1, defaultPermission: 'hidden', fields: { item: 'required', amount: 'required', opinion: 'read' } };
  const atSign = { formId: form.id, version: 1, defaultPermission: 'read', fields: { opinion: 'write' } };
  const def = await api<{ id: number }>(request, admin, 'POST', '/api/workflow/definitions', { key, name: processName, category: '采购管理', xml: signedXml(key, processName, head.id, atStart, atSign) });
  await api(request, admin, 'POST', `/api/workflow/definitions/${def.id}/publish`);
  const bk = `SIG-${suffix}`;
  const inst = await api<{ id: number }>(request, admin, 'POST', `/api/workflow/definitions/${def.id}/start`, { businessKey: bk, form: { item: '丹参提取物', amount: 86000 } });
  const site = await api<{ companyName: string }>(request, admin, 'GET', '/api/site/settings?lang=zh');

  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await new ConsoleApp(page).login(HEAD.user, HEAD.password);
  await page.goto('/console/bpm/task/todo');
  const taskRow = page.locator('.ant-table-row').filter({ hasText: bk }).first();
  await expect(taskRow).toBeVisible({ timeout: 30_000 });
  await taskRow.getByRole('button', { name: '部门负责人签批', exact: true }).click();
  const detail = drawer(page);
  await detail.getByTestId('tasks-cloud-form').getByLabel('审批意见栏').fill('同意采购');

  // ---- the approval asks for the signature ----
  await detail.locator('.ant-drawer-extra').getByRole('button', { name: btn('通过') }).click();
  const approve = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '通过' }) }).last();
  await expect(approve.getByText('此环节需要电子签名')).toBeVisible();
  await approve.getByLabel('审批意见').fill('按预算执行');
  await approve.getByRole('radio', { name: '审核' }).check();

  // a wrong password first: refused in the dialog's language, nothing approved
  await approve.getByLabel('登录密码').fill('not-his-password');
  const refused = page.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
  await approve.getByRole('button', { name: btn('确定通过') }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByText('密码错误，未能签名').first()).toBeVisible();
  await expect(approve).toBeVisible();

  // the right password, a handwritten signature drawn with the mouse, kept as his own
  await approve.getByLabel('登录密码').fill(HEAD.password);
  await approve.getByRole('radio', { name: '现在手写' }).check();
  const pad = approve.getByTestId('signature-pad');
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[60, -50], [110, 20], [170, -40], [240, 30], [300, -20]]) await page.mouse.move(box.x + dx, box.y + 100 + dy, { steps: 6 });
  await page.mouse.up();
  await approve.getByLabel('保存为我的签名').check();
  await page.screenshot({ path: `${shots}/signature-dialog-zh.png` });
  const signed = page.waitForResponse((r) => r.url().endsWith('/approve') && r.request().method() === 'POST');
  await approve.getByRole('button', { name: btn('确定通过') }).click();
  expect((await signed).status()).toBe(200);
  await expect(toast(page, '已通过')).toBeVisible();

  // ---- the timeline shows the manifest ----
  await page.goto(`/console/bpm/task/done?instance=${inst.id}`);
  const view = drawer(page);
  const manifest = view.getByTestId('signature-manifest');
  await expect(manifest).toContainText('审核', { timeout: 30_000 });
  await expect(manifest).toContainText(`签名人：${HEAD.name}（${HEAD.user}）`);
  await expect(manifest).toContainText('+08:00');
  await expect(manifest).toContainText('签名覆盖当前数据');
  await expect(manifest.locator('img')).toBeVisible();
  const saved = await api<{ image: string | null }>(request, await apiLogin(request, HEAD.user, HEAD.password), 'GET', '/api/workflow/tasks/my-signature');
  expect(saved.image).toMatch(/^data:image\/png;base64,/);

  // ---- the approval sheet, from the detail, printed to PDF ----
  const [sheet] = await Promise.all([context.waitForEvent('page'), view.getByTestId('print-sheet').click()]);
  await sheet.waitForLoadState();
  await expect(sheet.getByTestId('approval-sheet')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(sheet.getByTestId('sheet-signature').locator('img')).toBeVisible();
  await sheet.emulateMedia({ media: 'print' });
  await expect(sheet.getByRole('button', { name: '打印 / 另存为 PDF' })).toBeHidden();
  const pdfPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-')), 'sheet.pdf');
  await sheet.pdf({ path: pdfPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
  fs.copyFileSync(pdfPath, `${shots}/approval-sheet-zh.pdf`);
  // table cells wrap their text over lines: compared without white space
  const squash = (v: string) => v.replace(/\s+/g, '');
  const text = squash(execFileSync('pdftotext', ['-enc', 'UTF-8', pdfPath, '-'], { encoding: 'utf8' }));
  for (const expected of [site.companyName, '审批单', processName, bk, '丹参提取物', '86000', '同意采购', '部门负责人签批', HEAD.name, '按预算执行', '审核', `${HEAD.user}`, '+08:00', '提交申请 → 部门负责人签批']) {
    expect(text, `the PDF holds "${expected}"`).toContain(squash(expected));
  }
  await context.close();
});
