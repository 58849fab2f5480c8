import { test, expect } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { api, apiLogin, createAccount } from '../api';
import { btn, toast } from '../ui';

/**
 * The inbox people open every morning (issue 26, items 6, 7 and 10), zh-CN console: the bell lists the
 * latest notifications and opens the task they are about (mouse and keyboard); a request returned to its
 * starter offers 重新提交 and 撤销 instead of the approver's actions, and resubmitting sends it on; the
 * modeler's palette and context pad create user tasks (the XML saved says so). Accounts and the process
 * are made for this test through the API.
 */

const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const PASSWORD = 'Inbox@2026e2e';
const suffix = Date.now().toString(36).slice(-5);
const KEY = `e2e_inbox_${suffix}`;
const PROCESS = `收件箱采购（${suffix}）`;
const people = { starter: `e2e_ibs_${suffix}`, head: `e2e_ibh_${suffix}` };
const ids = { starter: 0, head: 0 };
let defId = 0;

const attr = (o: unknown) => JSON.stringify(o).replace(/"/g, '&quot;');
const xml = (head: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bencao="http://bencao.dev/schema/bpmn" id="Defs_${KEY}" targetNamespace="http://bencao.dev/bpmn">
  <bpmn:process id="${KEY}" name="${PROCESS}" isExecutable="true">
    <bpmn:startEvent id="start" name="提交申请"/>
    <bpmn:userTask id="headApprove" name="部门负责人审批" bencao:assignment="${attr({ rule: { kind: 'user', accountIds: [head] } })}"/>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="headApprove"/>
    <bpmn:sequenceFlow id="f2" sourceRef="headApprove" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const drawer = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-body') }).last();
const modal = (page: Page, title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
const bell = (page: Page) => page.getByTestId('notification-bell');

async function login(page: Page, userId: string) {
  await page.goto('/console/login');
  await page.getByRole('textbox', { name: '账号' }).fill(userId);
  await page.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
  await page.getByRole('button', { name: btn('登录') }).click();
  await expect(page.locator('.app-sider .ant-menu')).toBeVisible({ timeout: 30_000 });
  await page.locator('#main[aria-busy="false"]').waitFor();
}

/** the task detail's action bar */
const bar = (page: Page): Locator => drawer(page).locator('.ant-drawer-extra');

test.describe('the inbox', () => {
  test.beforeAll(async ({ request }) => {
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    const role = `E2E_INBOX_${suffix.toUpperCase()}`;
    const made = await api<{ id: number }>(request, admin, 'POST', '/api/security/roles', { code: role, name: `收件箱 ${suffix}` });
    await api(request, admin, 'PUT', `/api/security/roles/${made.id}/grants`, { authorities: ['bpm:task'] });
    ids.starter = (await createAccount(request, admin, people.starter, PASSWORD, [role])).id;
    ids.head = (await createAccount(request, admin, people.head, PASSWORD, [role])).id;
    const def = await api<{ id: number }>(request, admin, 'POST', '/api/workflow/definitions', { key: KEY, name: PROCESS, category: 'e2e', xml: xml(ids.head) });
    await api(request, admin, 'POST', `/api/workflow/definitions/${def.id}/publish`, {});
    defId = def.id;
  });

  test('the bell lists the latest and opens the task; the returned request offers 重新提交 and 撤销, and resubmitting sends it on', async ({ page, request }) => {
    test.setTimeout(180_000);
    // the starter's request, returned to the starter by the head (through the API)
    const starter = await apiLogin(request, people.starter, PASSWORD);
    const head = await apiLogin(request, people.head, PASSWORD);
    const inst = await api<{ id: number }>(request, starter, 'POST', `/api/workflow/definitions/${defId}/start`, { businessKey: `IB-${suffix}`, variables: {} });
    const todo = await api<{ records: { id: number; instanceId: number }[] }>(request, head, 'GET', '/api/workflow/tasks/todo?limit=50');
    const headTask = todo.records.find((r) => r.instanceId === inst.id)!;
    await api(request, head, 'POST', `/api/workflow/tasks/${headTask.id}/return`, { target: 'starter', comment: '请补充报价单' });

    await login(page, people.starter);
    // the badge counts the unread notification; a click opens the list
    await expect(bell(page)).toHaveAccessibleName(/1 条未读消息/, { timeout: 40_000 });
    await bell(page).click();
    const list = page.getByTestId('notification-list');
    await expect(list).toBeVisible();
    const note = list.locator('.app-notify-item').filter({ hasText: PROCESS }).first();
    await expect(note).toHaveClass(/app-notify-unread/);
    await expect(note).toContainText('退回');
    // the list took the cursor: its first notification
    await expect(list.locator('.app-notify-open').first()).toBeFocused();
    await note.locator('.app-notify-open').click();

    // the task detail: the request is back with its starter
    await expect(page).toHaveURL(/\/console\/bpm\/task\/todo\?task=\d+/);
    const detail = drawer(page);
    await expect(detail.getByTestId('tasks-returned')).toBeVisible({ timeout: 30_000 });
    await expect(detail.getByText('请补充报价单').first()).toBeVisible();
    await expect(bar(page).getByRole('button', { name: btn('重新提交') })).toBeVisible();
    await expect(bar(page).getByRole('button', { name: btn('撤销') })).toBeVisible();
    for (const gone of ['通过', '驳回', '退回']) await expect(bar(page).getByRole('button', { name: btn(gone) })).toHaveCount(0);
    await expect(bar(page).getByRole('button', { name: /更\s*多/ })).toHaveCount(0);
    // read now: the badge is gone
    await expect(bell(page)).toHaveAccessibleName('消息通知');

    await bar(page).getByRole('button', { name: btn('重新提交') }).click();
    const dialog = modal(page, '重新提交');
    await dialog.getByLabel('审批意见').fill('已补充报价单');
    await dialog.getByRole('button', { name: btn('确定重新提交') }).click();
    await expect(toast(page, '已重新提交')).toBeVisible();

    // the head has the request again
    await expect(async () => {
      const again = await api<{ records: { instanceId: number; elementId: string }[] }>(request, head, 'GET', '/api/workflow/tasks/todo?limit=50');
      expect(again.records.filter((r) => r.instanceId === inst.id).map((r) => r.elementId)).toEqual(['headApprove']);
    }).toPass({ timeout: 10_000 });
  });

  test('the bell with the keyboard: Enter opens the list, Enter on a notification opens its task, Escape closes', async ({ page, request }) => {
    test.setTimeout(120_000);
    const starter = await apiLogin(request, people.starter, PASSWORD);
    await api(request, starter, 'POST', `/api/workflow/definitions/${defId}/start`, { businessKey: `IB-K-${suffix}`, variables: {} });

    await login(page, people.head);
    await expect(bell(page)).toHaveAccessibleName(/条未读消息/, { timeout: 40_000 });
    await bell(page).focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('notification-list');
    await expect(list).toBeVisible();
    const first = list.locator('.app-notify-open').first();
    await expect(first).toBeFocused();
    await expect(first).toHaveAccessibleName(/^未读 · 查看：/);
    // Escape closes it and gives the cursor back to the bell
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(bell(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toBeFocused();
    await expect(first).toContainText(PROCESS);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/console\/bpm\/task\/todo\?task=\d+/);
    await expect(bar(page).getByRole('button', { name: btn('通过') })).toBeVisible({ timeout: 30_000 });
    await expect(drawer(page).getByText(`IB-K-${suffix}`)).toBeVisible();

    // mark all read from the list (the drawer, which covers the header, closed first)
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await bell(page).click();
    const readAll = page.getByTestId('notification-list').getByRole('button', { name: '全部已读' });
    if (await readAll.isEnabled()) await readAll.click();
    await expect(bell(page)).toHaveAccessibleName('消息通知');
  });

  test('the palette and the context pad create user tasks: the saved XML has bpmn:userTask, never a plain bpmn:task', async ({ page, request, console: app }) => {
    test.setTimeout(120_000);
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    const key = `e2e_pal_${suffix}`;
    const def = await api<{ id: number }>(request, admin, 'POST', '/api/workflow/definitions', { key, name: `调色板 ${suffix}`, category: 'e2e' });
    await app.login(ADMIN.user, ADMIN.password);
    await page.goto(`/console/bpm/definition?model=${def.id}`);
    const canvas = page.getByTestId('wf-canvas');
    await expect(canvas.locator('[data-element-id="Task_1"]')).toBeVisible({ timeout: 30_000 });

    // the palette offers what the engine runs, nothing else
    const palette = canvas.locator('.djs-palette [data-action^="create."]');
    await expect(palette).toHaveCount(10);
    const actions = await palette.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
    expect(actions.sort()).toEqual([
      'create.call-activity', 'create.end-event', 'create.exclusive-gateway', 'create.inclusive-gateway', 'create.parallel-gateway',
      'create.service-task', 'create.start-event', 'create.subprocess-expanded', 'create.timer-catch', 'create.user-task',
    ]);

    // the palette's task, dropped on the canvas
    await canvas.locator('.djs-palette [data-action="create.user-task"]').click();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 480, box.y + 380);
    await page.mouse.move(box.x + 500, box.y + 400, { steps: 4 });
    await page.mouse.click(box.x + 500, box.y + 400);
    await expect(page.getByTestId('wf-properties').locator('.ant-tag').first()).toHaveText('用户任务');

    // the context pad's 追加用户任务 on the seed's task
    await canvas.locator('[data-element-id="Task_1"]').click();
    const pad = canvas.locator('.djs-context-pad.open');
    await expect(pad.locator('[data-action="append.append-task"]')).toHaveAttribute('title', '追加用户任务');
    await expect(pad.locator('[data-action="append.intermediate-event"]')).toHaveCount(0);
    await pad.locator('[data-action="append.append-task"]').click();
    await expect(page.getByTestId('wf-properties').locator('.ant-tag').first()).toHaveText('用户任务');
    // its "change element" menu lists supported types only
    await canvas.locator('.djs-context-pad.open [data-action="replace"]').click();
    await expect(page.locator('.djs-popup [data-id="replace-with-service-task"]')).toBeVisible();
    await expect(page.locator('.djs-popup [data-id="replace-with-task"]')).toHaveCount(0);
    await expect(page.locator('.djs-popup [data-id="replace-with-script-task"]')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /保存草稿/ }).click();
    await expect(toast(page, '草稿已保存')).toBeVisible();
    const saved = await api<{ xml: string }>(request, admin, 'GET', `/api/workflow/definitions/${def.id}`);
    expect(saved.xml.match(/<bpmn:userTask\b/g)).toHaveLength(3);
    expect(saved.xml).not.toMatch(/<bpmn:task\b/);
  });
});
