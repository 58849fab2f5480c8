import type { Browser, Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin } from '../api';
import { btn, toast } from '../ui';

/**
 * A cloud form bound to a process (issue 12): a copy of 采购申请 (the demo process stays untouched)
 * whose start event and department-head approval bind one form with different field permissions —
 * at the start everything is writable but the approval opinion (hidden); at the approval the starter's
 * fields are read-only, the budget code hidden and the opinion required. The administrator binds the
 * form as an operator does: opens the copy in the BPMN modeler, selects the start event and then the
 * user task, picks the published form in the properties panel, sets each field's permission there and
 * publishes. The starter fills the start form on 新建任务, saves a draft, reopens it with the values
 * restored and submits; the department head opens the task and sees the read-only fields and no
 * budget code. Screenshots in zh and en.
 * (Designing a form by dragging from the palette is forms.spec.ts; here the form is made over the API. The
 * copy is made in the definitions list, and the head, the branch condition and the binding in the modeler.)
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const STARTER = { user: 'staff', password: 'Staff@2026' };
const HEAD = { user: 'deptlead', password: 'Lead@2026' };
const shots = 'test-results/forms';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();
const L = (zh: string, en: string) => ({ zh, en, es: en, ja: zh });
const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-body') }).last();

test.use({ viewport: { width: 1440, height: 1000 } });

async function signIn(browser: Browser, who: { user: string; password: string }, locale: string) {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await new ConsoleApp(page).login(who.user, who.password);
  return { context, page };
}

test('a form bound to a 采购申请 copy: start form, draft, read-only and hidden fields at the approval (zh, en)', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const suffix = tag();
  const processName = `采购申请（表单）${suffix}`;
  const admin = await apiLogin(request, ADMIN.user, ADMIN.password);

  // the form: a dictionary select and a sub-table among the fields
  const f = (key: string, type: string, label: ReturnType<typeof L>, more: Record<string, unknown> = {}) => ({ kind: 'field', id: `f_${key}`, key, type, label, ...more });
  const form = await api<{ id: number }>(request, admin, 'POST', '/api/forms', {
    name: `采购申请单 ${suffix}`, action: 'store', modelName: 'purchase',
    schema: { version: 1, nodes: [
      { kind: 'row', id: 'r1', columns: [
        { id: 'c1', span: 12, children: [f('applicant', 'text', L('申请人', 'Applicant'), { required: true })] },
        { id: 'c2', span: 12, children: [f('urgent', 'select', L('是否加急', 'Urgent'), { dictCode: 'yesNo' })] },
      ] },
      f('amount', 'money', L('金额', 'Amount'), { span: 12 }),
      f('budget', 'text', L('预算编码', 'Budget code'), { span: 12 }),
      f('items', 'subTable', L('采购明细', 'Items'), {
        columns: [f('name', 'text', L('品名', 'Product')), f('qty', 'number', L('数量', 'Quantity'))], sumColumns: ['qty'],
      }),
      f('opinion', 'textarea', L('审核意见', 'Review opinion')),
    ] },
  });
  await api(request, admin, 'POST', `/api/forms/${form.id}/publish`);

  // ---- the administrator copies 采购申请 under a key of its own, in the definitions list ----
  const key = `purchaseForm${suffix}`;
  const designer = await signIn(browser, ADMIN, 'zh-CN');
  const dp = designer.page;
  const adminApp = new ConsoleApp(dp);
  await adminApp.openMenu(/流程管理/, /流程定义/);
  await dp.getByLabel('关键字').fill('purchaseRequest');
  await dp.getByRole('button', { name: btn('查询') }).click();
  const demoRow = dp.locator('.ant-table-row').filter({ has: dp.getByRole('cell', { name: 'purchaseRequest', exact: true }) });
  await demoRow.getByRole('button', { name: '更多' }).click();
  await dp.getByRole('menuitem', { name: '复制' }).click();
  const copyDialog = dp.getByRole('dialog', { name: '复制“采购申请”' });
  await expect(copyDialog.getByLabel('流程名称')).toHaveValue('采购申请（副本）');
  await copyDialog.getByLabel('流程标识').fill(key);
  await copyDialog.getByLabel('流程名称').fill(processName);
  await copyDialog.getByRole('button', { name: '复制并设计' }).click();
  await expect(toast(dp, '已复制，副本为草稿，设计后发布即可使用')).toBeVisible();

  // ---- in the copy's modeler: the head named at the approval, the condition on the form's amount ----
  const canvas = dp.getByTestId('wf-canvas');
  await expect(canvas.locator('[data-element-id="deptApprove"]')).toBeVisible({ timeout: 30_000 }); // the first modeler of the page builds bpmn-js
  const props = dp.getByTestId('wf-properties');
  const formName = `采购申请单 ${suffix} (v1)`;
  /** picks the published form for the selected node, then the permissions of the fields named */
  const bind = async (perms: Record<string, string>, defaultPerm: string) => {
    const select = props.getByLabel('本环节表单');
    await select.click();
    await select.fill(suffix);
    await dp.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: formName }).click();
    const binding = props.getByTestId('form-binding');
    await expect(binding.locator('.ant-table-row')).toHaveCount(6);
    await expect(binding.locator('.ant-table-row').filter({ hasText: '采购明细' }).locator('.ant-radio-button-wrapper-checked')).toHaveText(defaultPerm);
    for (const [label, perm] of Object.entries(perms)) {
      const fieldRow = binding.locator('.ant-table-row').filter({ hasText: label });
      await fieldRow.getByText(perm, { exact: true }).click();
      await expect(fieldRow.locator('.ant-radio-button-wrapper-checked')).toHaveText(perm);
    }
  };
  await canvas.locator('[data-element-id="start"]').click();
  await expect(dp.locator('#wf-prop-id')).toHaveValue('start');
  await bind({ 申请人: '必填', 审核意见: '隐藏' }, '可编辑');
  await canvas.locator('[data-element-id="deptApprove"]').click();
  await expect(dp.locator('#wf-prop-id')).toHaveValue('deptApprove');
  // the department head by account, in place of the demo's saved rule
  await props.getByText('直接设置', { exact: true }).click();
  await dp.locator('#wf-prop-rule-kind').click();
  await dp.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^指定账号$/ }).click();
  await dp.locator('#wf-prop-accounts').click();
  await dp.locator('#wf-prop-accounts').fill(HEAD.user);
  await dp.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: HEAD.user }).first().click();
  await expect(props.locator('.ant-select-selection-item').filter({ hasText: HEAD.user })).toBeVisible();
  await bind({ 预算编码: '隐藏', 审核意见: '必填' }, '只读');
  // the 超过 5 万 branch reads the amount the form stores under its model name: clicked on its line, as a person does
  const onLine = await canvas.locator('[data-element-id="f_big"] .djs-visual > path').first().evaluate((path: SVGPathElement) => {
    const p = path.getPointAtLength(path.getTotalLength() / 2);
    const m = path.getScreenCTM()!;
    return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
  });
  await dp.mouse.click(onLine.x, onLine.y);
  await expect(dp.locator('#wf-prop-id')).toHaveValue('f_big');
  const condition = dp.locator('#wf-prop-condition');
  await expect(condition).toHaveValue('purchase.amount > 50000');
  await condition.fill('purchase.amount > 50000');
  await condition.blur();
  await dp.screenshot({ path: `${shots}/modeler-binding-zh.png` });
  await dp.getByRole('button', { name: btn('发布') }).click();
  await expect(toast(dp, '已发布为版本 1')).toBeVisible();
  // back on the start event: the binding is in the diagram as saved
  await canvas.locator('[data-element-id="start"]').click();
  await expect(props.getByTestId('form-binding').locator('.ant-table-row').filter({ hasText: '申请人' }).locator('.ant-radio-button-wrapper-checked')).toHaveText('必填');
  await designer.context.close();

  // ---- the starter: 新建任务 opens the start form ----
  const starter = await signIn(browser, STARTER, 'zh-CN');
  const sp = starter.page;
  await sp.goto('/console/bpm/task/new');
  await sp.getByRole('textbox', { name: '按名称、标识或说明搜索流程' }).fill(suffix);
  await sp.getByRole('button', { name: `发起${processName}` }).first().click();
  let start = drawer(sp);
  const cloud = start.getByTestId('start-cloud-form');
  await expect(cloud.getByLabel('申请人')).toBeVisible();
  await expect(cloud.getByText('审核意见')).toHaveCount(0);

  // submitting empty: the client's rule under the field, nothing sent
  await start.getByRole('button', { name: btn('提交') }).click();
  await expect(cloud.locator('.ant-form-item-has-error').first()).toContainText('申请人');
  await expect(start.getByRole('alert')).toHaveText('请先修改表单中标红的字段。');

  await cloud.getByLabel('申请人').fill('李时珍');
  await cloud.getByLabel('是否加急').click();
  await sp.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^是$/ }).click();
  await cloud.getByLabel('金额').fill('68000');
  await cloud.getByLabel('预算编码').fill('YS-2026-07');
  await cloud.getByRole('button', { name: /添加一行/ }).click();
  await cloud.getByRole('button', { name: /添加一行/ }).click();
  const rows = cloud.locator('.ant-table-tbody tr.ant-table-row');
  await rows.nth(0).locator('input').nth(0).fill('当归');
  await rows.nth(0).locator('input').nth(1).fill('30');
  await rows.nth(1).locator('input').nth(0).fill('黄芪');
  await rows.nth(1).locator('input').nth(1).fill('20');
  await expect(cloud.getByTestId('sum-items-qty')).toHaveText('50');
  await sp.screenshot({ path: `${shots}/start-form-zh.png` });

  // save a draft, close, reopen it from 我的草稿: the values are back
  await start.getByRole('button', { name: btn('保存草稿') }).click();
  await expect(toast(sp, '草稿已保存')).toBeVisible();
  await start.getByRole('button', { name: btn('取消') }).click();
  await sp.getByRole('tab', { name: /我的草稿/ }).click();
  await sp.locator('.ant-table-row').filter({ hasText: processName }).getByRole('button', { name: btn('编辑') }).click();
  start = drawer(sp);
  const reopened = start.getByTestId('start-cloud-form');
  await expect(reopened.getByLabel('申请人')).toHaveValue('李时珍');
  await expect(reopened.getByLabel('预算编码')).toHaveValue('YS-2026-07');
  await expect(reopened.getByTestId('sum-items-qty')).toHaveText('50');
  await start.getByRole('button', { name: btn('提交') }).click();
  await expect(toast(sp, `${processName}已提交`)).toBeVisible();
  await starter.context.close();

  // ---- the department head: read-only fields, no budget code, the opinion to write ----
  for (const locale of ['zh-CN', 'en-US']) {
    const zh = locale === 'zh-CN';
    const approver = await signIn(browser, HEAD, locale);
    const ap = approver.page;
    await ap.goto('/console/bpm/task/todo');
    const taskRow = ap.locator('.ant-table-row').filter({ hasText: processName }).first();
    await expect(taskRow).toBeVisible({ timeout: 30_000 });
    await taskRow.getByRole('button', { name: '部门负责人审批', exact: true }).click();
    const detail = ap.getByTestId('tasks-cloud-form');
    await expect(detail.getByLabel(zh ? '申请人' : 'Applicant')).toHaveValue('李时珍');
    await expect(detail.getByLabel(zh ? '申请人' : 'Applicant')).toBeDisabled();
    await expect(detail.getByLabel(zh ? '金额' : 'Amount')).toBeDisabled();
    await expect(detail.getByText(zh ? '预算编码' : 'Budget code')).toHaveCount(0);
    await expect(detail.getByTestId('sum-items-qty')).toHaveText('50');
    await expect(detail.getByLabel(zh ? '审核意见' : 'Review opinion')).toBeEditable();
    await ap.screenshot({ path: `${shots}/approval-form-${zh ? 'zh' : 'en'}.png` });
    await approver.context.close();
  }
});
