import { test, expect } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { api, apiLogin } from '../api';
import { btn, dialog, toast, row } from '../ui';

/**
 * Workflow as an administrator uses it (zh-CN console): a process is drawn in the bpmn-js modeler from
 * the palette and the context pad, its user task's participants set in our properties panel; the first
 * publish is refused with the problem listed and the element marked, the fix publishes version 1; a
 * test instance is started and found in the monitor with its active node highlighted, hung up and
 * recovered; another instance is terminated. The bpmn-js palette speaks Chinese, and English.
 */

const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';


/** places a palette entry's shape on the canvas at (x, y) relative to the canvas (click, move, click) */
async function createFromPalette(page: Page, canvas: Locator, action: string, x: number, y: number) {
  await canvas.locator(`.djs-palette [data-action="${action}"]`).click();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + x - 20, box.y + y);
  await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.click(box.x + x, box.y + y);
}
const contextPad = (canvas: Locator, action: string) => canvas.locator(`.djs-context-pad.open [data-action="${action}"]`);
/** picks an option of an antd select by typing and clicking the matching option */
async function pick(page: Page, select: Locator, search: string, option: RegExp) {
  await select.click();
  await select.locator('input').fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test.describe('workflow', () => {
  test('draw, publish (refused, fixed), start, monitor with the active node, hang up, recover, terminate', async ({ page, request, console: app }) => {
    test.setTimeout(150_000);
    const key = `e2e_${Date.now().toString(36)}`;
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/流程管理/, /流程定义/);

    // a new definition opens the modeler on the minimal diagram
    await page.getByRole('button', { name: /新建流程定义/ }).click();
    const form = dialog(page, '新建流程定义');
    await form.getByLabel('流程标识').fill(key);
    await form.getByLabel('流程名称').fill('端到端请假流程');
    await form.getByLabel('分类').fill('e2e');
    await form.getByRole('button', { name: /创建并设计/ }).click();
    await expect(toast(page, '流程定义已创建')).toBeVisible();
    const canvas = page.getByTestId('wf-canvas');
    // the first modeler of the page builds bpmn-js (~100 services) and imports the draft: allowed more time on a busy machine
    await expect(canvas.locator('[data-element-id="Task_1"]')).toBeVisible({ timeout: 30_000 });
    // bpmn-js in Chinese: the palette's tooltips
    await expect(canvas.locator('.djs-palette [data-action="create.start-event"]')).toHaveAttribute('aria-label', '创建开始事件');
    await expect(canvas.locator('.djs-palette [data-action="create.user-task"]')).toHaveAttribute('aria-label', '创建用户任务');

    // clear the seed with the keyboard bound to the canvas, then draw start → user task → end from the palette and context pad
    await canvas.locator('svg').first().click({ position: { x: 600, y: 60 } });
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await expect(canvas.locator('[data-element-id="Task_1"]')).toHaveCount(0);
    await createFromPalette(page, canvas, 'create.start-event', 200, 200);
    await expect(page.getByTestId('wf-properties')).toContainText('开始事件');
    // the appended task is a user task (the engine runs no plain task)
    await expect(contextPad(canvas, 'append.append-task')).toHaveAttribute('title', '追加用户任务');
    await contextPad(canvas, 'append.append-task').click();
    await expect(page.getByTestId('wf-properties').locator('.ant-tag').first()).toHaveText('用户任务');
    const taskId = await page.locator('#wf-prop-id').inputValue();
    await page.locator('#wf-prop-name').fill('经理审批');
    await page.locator('#wf-prop-name').press('Enter');
    await expect(canvas.locator(`[data-element-id="${taskId}"]`)).toContainText('经理审批');
    // still selected (a click would deselect it): its context pad is open
    await contextPad(canvas, 'append.end-event').click();
    await expect(canvas.locator('.djs-shape[data-element-id^="Event_"]')).toHaveCount(2);
    // undo / redo from the toolbar
    await page.getByRole('button', { name: '撤销 (Ctrl+Z)' }).click();
    await expect(canvas.locator('.djs-shape[data-element-id^="Event_"]')).toHaveCount(1);
    await page.getByRole('button', { name: '重做 (Ctrl+Y)' }).click();
    await expect(canvas.locator('.djs-shape[data-element-id^="Event_"]')).toHaveCount(2);

    // publish: refused, the task has no participants; the problem is listed and the task marked
    await page.getByRole('button', { name: btn('发布') }).click();
    const problems = page.getByTestId('wf-problems');
    await expect(problems).toBeVisible();
    await expect(problems).toContainText(taskId);
    await expect(canvas.locator(`.djs-element.wf-problem[data-element-id="${taskId}"]`)).toBeVisible();
    await canvas.locator('svg').first().click({ position: { x: 600, y: 60 } });
    await expect(page.locator('#wf-prop-id')).toHaveValue(key); // nothing selected: the process
    await problems.locator('.ant-list-item').first().click();
    await expect(page.locator('#wf-prop-id')).toHaveValue(taskId);

    // participants: named accounts, picked in the properties panel
    await page.locator('#wf-prop-rule-kind').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '指定账号' }).click();
    await pick(page, page.locator('.ant-select').filter({ has: page.locator('#wf-prop-accounts') }), 'admin', /（admin）/);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await page.screenshot({ path: `${shots}/wf-modeler.png` });
    await page.getByRole('button', { name: btn('发布') }).click();
    await expect(toast(page, '已发布为版本 1')).toBeVisible();
    await expect(problems).toHaveCount(0);
    await expect(canvas.locator('.djs-element.wf-problem')).toHaveCount(0);

    // back in the list: version 1; start a test instance with a business key and a variable
    await page.getByRole('button', { name: /返回列表/ }).click();
    await expect(row(page, key)).toContainText('v1');
    const bk = `BK-${key}`;
    await row(page, key).getByRole('button', { name: btn('发起') }).click();
    const start = dialog(page, '发起“端到端请假流程”');
    await start.getByLabel('业务编号').fill(bk);
    await start.getByRole('button', { name: /添加变量/ }).click();
    await start.getByPlaceholder('变量名').fill('days');
    await start.locator('.ant-select').filter({ hasText: '文本' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '数字' }).click();
    await start.getByPlaceholder('值').fill('3');
    await start.getByRole('button', { name: btn('发起') }).click();
    await expect(toast(page, /流程实例 \d+ 已发起/)).toBeVisible();

    // a second instance over the API, to be terminated
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    const defs = await api<{ records: { id: number; key: string }[] }>(request, token, 'GET', `/api/workflow/definitions?page=1&limit=10&keyword=${key}`);
    const defId = defs.records.find((d) => d.key === key)!.id;
    const other = await api<{ id: number }>(request, token, 'POST', `/api/workflow/definitions/${defId}/start`, { businessKey: `${bk}-2`, variables: {} });

    // the monitor: the instance runs, its user task is the active node
    await app.openMenu(/流程管理/, /流程监控/);
    const search = async (text: string) => {
      await page.getByRole('textbox', { name: /业务编号/ }).fill(text);
      await page.getByRole('button', { name: btn('查询') }).click();
    };
    /** the row whose business key cell is exactly this */
    const instanceRow = (text: string) => page.locator('.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${text}$`) }) }).first();
    await search(bk);
    const mine = instanceRow(bk);
    await expect(mine).toContainText('运行中');
    await expect(mine).toContainText('经理审批');
    await mine.getByRole('button', { name: /详情/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '流程实例' }).last();
    const head = drawer.locator('.ant-drawer-extra');
    const diagram = drawer.getByTestId('wf-instance-diagram');
    await expect(diagram.locator(`.djs-element.wf-active[data-element-id="${taskId}"]`)).toBeVisible();
    await expect(diagram.locator('.djs-element.wf-done').first()).toBeVisible();
    await expect(diagram.locator('.djs-connection.wf-taken')).toHaveCount(1);
    await expect(drawer.getByRole('tab', { name: /任务（1）/ })).toBeVisible();
    await drawer.getByRole('tab', { name: /流程变量/ }).click();
    await expect(drawer.locator('.ant-table-row').filter({ hasText: 'days' })).toContainText('number');
    await drawer.getByRole('tab', { name: /活动实例/ }).click();
    await page.screenshot({ path: `${shots}/wf-monitor-detail.png` });

    // hang up, recover (only the legal actions are offered)
    await expect(head.getByRole('button', { name: btn('恢复') })).toHaveCount(0);
    await head.getByRole('button', { name: btn('挂起') }).click();
    await expect(toast(page, '已挂起')).toBeVisible();
    await expect(drawer.locator('.ant-drawer-title .ant-tag').first()).toHaveText('已挂起');
    await expect(head.getByRole('button', { name: btn('挂起') })).toHaveCount(0);
    await head.getByRole('button', { name: btn('恢复') }).click();
    await expect(drawer.locator('.ant-drawer-title .ant-tag').first()).toHaveText('运行中');
    await drawer.locator('.ant-drawer-close').click();

    // terminate the other instance: asked first
    await search(`${bk}-2`);
    const second = instanceRow(`${bk}-2`);
    await second.getByRole('button', { name: /详情/ }).click();
    const drawer2 = page.locator('.ant-drawer').filter({ hasText: `流程实例 ${other.id}` }).last();
    const head2 = drawer2.locator('.ant-drawer-extra');
    await head2.getByRole('button', { name: btn('终止') }).click();
    const warn = dialog(page, '警告');
    await expect(warn).toContainText('确定终止该流程实例吗');
    await warn.getByRole('button', { name: btn('确定') }).click();
    await expect(drawer2.locator('.ant-drawer-title .ant-tag').first()).toHaveText('已终止');
    await expect(head2.getByRole('button', { name: btn('删除') })).toBeVisible(); // finished: may be deleted now
    await drawer2.locator('.ant-drawer-close').click();
    await expect(second).toContainText('已终止');
    await search(bk);
    await expect(mine).toContainText('运行中');
  });

  test('the bpmn-js palette and context pad follow the console language (English)', async ({ page, console: app, context, baseURL }) => {
    await context.addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/Workflow/, /Process definitions/);
    await page.getByRole('button', { name: /New definition/ }).click();
    const form = dialog(page, 'New definition');
    const key = `e2e_en_${Date.now().toString(36)}`;
    await form.getByLabel('Key').fill(key);
    await form.getByLabel('Name').fill('English check');
    await form.getByRole('button', { name: /Create and design/ }).click();
    const canvas = page.getByTestId('wf-canvas');
    await expect(canvas.locator('[data-element-id="Task_1"]')).toBeVisible({ timeout: 30_000 }); // see above: the first modeler of the page
    await expect(canvas.locator('.djs-palette [data-action="create.start-event"]')).toHaveAttribute('aria-label', 'Create start event');
    await expect(canvas.locator('.djs-palette [data-action="create.exclusive-gateway"]')).toHaveAttribute('aria-label', 'Create exclusive gateway');
    await canvas.locator('[data-element-id="Task_1"]').click();
    await expect(contextPad(canvas, 'append.end-event')).toHaveAttribute('title', 'Append end event');
    await contextPad(canvas, 'replace').click();
    await expect(page.locator('.djs-popup [data-id="replace-with-service-task"]')).toContainText('Service task');
  });
});
