import type { Browser, Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin } from '../api';
import { btn, signApproval, toast } from '../ui';

/**
 * The demo 采购申请 with its real form (issue 26), two browser contexts: staff fills the form — item,
 * quantity, unit price, the amount with its 大写金额, two lines whose totals are summed — and submits;
 * deptlead opens it read-only and approves it with his signature; the purchaser then sets the supplier
 * (the one field her node may write), and the history shows that change: field, old and new value, who.
 */

const STAFF = { user: 'staff', password: 'Staff@2026' };
const LEAD = { user: 'deptlead', password: 'Lead@2026' };
const BUYER = { user: 'purchaser', password: 'Buyer@2026' };
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';
const suffix = Date.now().toString(36).slice(-5).toUpperCase();
const BK = `CG-FORM-${suffix}`;

const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-body') }).last();

test.use({ viewport: { width: 1440, height: 1000 } });

async function signIn(browser: Browser, who: { user: string; password: string }) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await new ConsoleApp(page).fillLogin(who.user, who.password);
  // the first login of a context downloads the shell: more time on a busy machine
  await expect(page.locator('.app-sider .ant-menu')).toBeVisible({ timeout: 60_000 });
  await page.locator('#main[aria-busy="false"]').waitFor({ timeout: 60_000 });
  return { context, page };
}

test('采购申请 filled in its form (lines, sums, 大写金额), approved with a signature; the history keeps the supplier change', async ({ browser, request }) => {
  test.setTimeout(300_000);

  // ---- staff fills the start form ----
  const staff = await signIn(browser, STAFF);
  const sp = staff.page;
  await sp.goto('/console/bpm/task/new');
  await sp.getByRole('textbox', { name: '按名称、标识或说明搜索流程' }).fill('采购申请');
  await sp.getByRole('button', { name: '发起采购申请' }).first().click();
  const start = drawer(sp);
  const form = start.getByTestId('start-cloud-form');
  await expect(form.getByLabel('物品名称')).toBeVisible({ timeout: 30_000 });
  // no hand-typed variables: the process takes its data from the form
  await expect(start.getByRole('button', { name: '添加字段' })).toHaveCount(0);
  await start.getByLabel('业务编号').fill(BK);
  await form.getByLabel('物品名称').fill('高速冷冻离心机');
  await form.getByLabel('申请部门').fill('生产部');
  await form.getByLabel('数量').fill('2');
  await form.getByLabel('单价（元）').fill('48000');
  await form.getByLabel('金额（元）').fill('96000');
  await expect(form.getByTestId('words-amount')).toHaveText('大写：玖万陆仟元整');
  await form.getByLabel('申请理由').fill('提取工艺研究需要两台高速冷冻离心机');
  await form.getByRole('button', { name: /添加一行/ }).click();
  await form.getByRole('button', { name: /添加一行/ }).click();
  const rows = form.locator('.ant-table-tbody tr.ant-table-row');
  await rows.nth(0).locator('input').nth(0).fill('离心机主机');
  await rows.nth(0).locator('input').nth(2).fill('2');
  await rows.nth(0).locator('input').nth(3).fill('45000');
  await rows.nth(1).locator('input').nth(0).fill('转子');
  await rows.nth(1).locator('input').nth(2).fill('2');
  await rows.nth(1).locator('input').nth(3).fill('3000');
  await expect(form.getByTestId('sum-lines-qty')).toHaveText('4');
  await expect(form.getByTestId('sum-lines-subtotal')).toHaveText('96000');
  await sp.screenshot({ path: `${shots}/purchase-form-zh.png` });
  await start.getByRole('button', { name: btn('提交') }).click();
  await expect(toast(sp, '采购申请已提交')).toBeVisible();

  // ---- deptlead: the form read-only, approved with his signature ----
  const lead = await signIn(browser, LEAD);
  const lp = lead.page;
  await lp.goto('/console/bpm/task/todo');
  const taskRow = lp.locator('.ant-table-row').filter({ hasText: BK }).first();
  await expect(taskRow).toBeVisible({ timeout: 30_000 });
  await taskRow.getByRole('button', { name: '部门负责人审批', exact: true }).click();
  const detail = drawer(lp);
  const shown = detail.getByTestId('tasks-cloud-form');
  // the detail's form comes with the task's data and the renderer's chunk, as the start form does above
  await expect(shown.getByTestId('words-amount')).toBeVisible({ timeout: 30_000 });
  await expect(shown.getByTestId('words-amount')).toHaveText('大写：玖万陆仟元整');
  // every field is read-only at the department head's node
  await expect(shown.locator('input:not([disabled]), textarea:not([disabled])')).toHaveCount(0);
  await expect(shown.getByTestId('sum-lines-subtotal')).toHaveText('96000');
  await expect(detail.getByText('您可以修改以下字段')).toHaveCount(0);
  await detail.locator('.ant-drawer-extra').getByRole('button', { name: btn('通过') }).click();
  const approved = await signApproval(lp, { comment: '同意采购', password: LEAD.password });
  expect(approved.status()).toBe(200);
  await expect(toast(lp, '已通过')).toBeVisible();

  // ---- the purchaser sets the supplier (her node's one writable field) ----
  const buyer = await apiLogin(request, BUYER.user, BUYER.password);
  const todo = await api<{ records: { id: number; businessKey: string; instanceId: number }[] }>(request, buyer, 'GET', '/api/workflow/tasks/todo?limit=100');
  const task = todo.records.find((r) => r.businessKey === BK)!;
  await api(request, buyer, 'POST', `/api/workflow/tasks/${task.id}/approve`, { comment: '已比价', form: { supplier: '国药器械' } });

  // ---- the history, where deptlead reads the request again (已办) ----
  await lp.goto(`/console/bpm/task/done?instance=${task.instanceId}`);
  const again = drawer(lp);
  const changes = again.getByTestId('tasks-history-changes');
  await expect(changes).toContainText('供应商：— → 国药器械', { timeout: 30_000 });
  await expect(again.getByText('修改表单')).toBeVisible();
  await lp.screenshot({ path: `${shots}/purchase-history-zh.png` });
  await staff.context.close();
  await lead.context.close();
});
