import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { btn, toast, row } from '../ui';

/**
 * Workflow administration as an administrator uses it: a participants' rule of kind role previewed
 * (the role's accounts), an HTTP listener created and listed, the process configuration refused on a
 * bad value then saved and still there after a reload, the performance analysis drawing its charts for
 * the seeded demo processes — in 中文 (the e2e browser's language) and in English, with no raw keys.
 */

const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';

const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) }).last();
/** a translation key left untranslated shows as dotted words such as "participant.field.code" */
async function expectNoRawKeys(page: Page) {
  const text = await page.locator('.app-main, main, body').first().innerText();
  expect(text).not.toMatch(/\b(participant|listener|plugin|permission|config|performance)\.[a-z]+(\.[a-zA-Z0-9]+)*\b/);
}
async function pickOption(page: Page, text: string | RegExp) {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

test.describe('workflow administration (中文)', () => {
  test('participants: a rule of kind role previews the accounts holding the role', async ({ page, console: app }) => {
    const code = `e2e-role-${Date.now().toString(36)}`;
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/流程管理/, /参与者$/);
    await page.getByRole('button', { name: btn('新增') }).click();
    const form = dialog(page, '新增参与者规则');
    await expect(form).toBeVisible();
    await form.getByLabel('编码').fill(code);
    await form.getByLabel('名称').fill('审计员审批');
    await expect(form.getByLabel('类型')).toBeVisible();
    await form.getByLabel('角色', { exact: true }).click();
    await pickOption(page, '审计员');
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: btn('预览') }).click();
    const preview = dialog(page, /参与者预览/);
    await expect(preview.getByText('auditor')).toBeVisible();
    await expect(preview.getByText(/共 1 人/)).toBeVisible();
    await page.screenshot({ path: `${shots}/wf-participant-preview.png` });
    await preview.locator('.ant-modal-footer').getByRole('button', { name: btn('关闭') }).click();
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '规则已创建')).toBeVisible();
    await expect(row(page, code)).toContainText('角色');
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-participant-list.png` });

    // the saved rule previews from the list too
    await row(page, code).getByRole('button', { name: /预\s*览/ }).click();
    await expect(dialog(page, /参与者预览/).getByText('auditor')).toBeVisible();
  });

  test('listeners: an HTTP listener is created, listed and has an (empty) invocation history', async ({ page, console: app }) => {
    const name = `E2E 回调 ${Date.now().toString(36)}`;
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/流程管理/, /监听器$/);
    await page.getByRole('button', { name: btn('新增') }).click();
    const form = dialog(page, '新增监听器');
    await form.getByLabel('名称').fill(name);
    // a bad URL is refused under the field
    await form.getByLabel('回调地址').fill('not a url');
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(form.locator('.ant-form-item-explain-error')).not.toHaveCount(0);
    await form.getByLabel('回调地址').fill('https://hooks.example.com/bencao');
    await form.getByLabel('任务完成').check();
    await page.screenshot({ path: `${shots}/wf-listener-form.png` });
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '监听器已创建')).toBeVisible();
    await expect(form).toBeHidden();
    const line = row(page, name);
    await expect(line).toContainText('https://hooks.example.com/bencao');
    await expect(line).toContainText('全部流程');
    await expect(line).toContainText('任务完成');
    await line.getByRole('button', { name: /调用记录/ }).click();
    await expect(page.locator('.ant-drawer').getByText('暂无调用记录')).toBeVisible();
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-listener-history.png` });
  });

  test('configuration: a bad value is refused with the shared message, a good one is saved and stays after a reload', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/流程管理/, /流程配置/);
    const retention = page.getByLabel('已结束流程保留');
    await expect(retention).toBeVisible();
    await retention.fill('99999');
    await page.getByRole('button', { name: btn('保存') }).click();
    await expect(page.getByText('保留天数须为 0（永久保留）到 36500 之间的整数')).toBeVisible();
    await page.screenshot({ path: `${shots}/wf-config-error.png` });
    const days = String(100 + (Date.now() % 800));
    await retention.fill(days);
    await expect(page.getByText('保留天数须为 0（永久保留）到 36500 之间的整数')).toHaveCount(0);
    await page.getByRole('tab', { name: '催办提醒' }).click();
    await page.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '流程配置已保存')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('已结束流程保留')).toHaveValue(days);
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-config.png`, fullPage: true });
  });

  test('performance analysis draws its charts for the demo processes', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/流程管理/, /绩效分析/);
    const perDay = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: '每日发起与办结' }) });
    await expect(perDay.locator('canvas')).toBeVisible({ timeout: 20_000 });
    const duration = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: '各节点耗时' }) });
    await expect(duration.locator('canvas')).toBeVisible();
    await expect(page.locator('.ant-statistic').filter({ hasText: '发起数' })).not.toContainText('—');
    await expectNoRawKeys(page);
    await page.waitForTimeout(800); // let the charts' entry animation finish before the picture
    await page.screenshot({ path: `${shots}/wf-performance-zh.png`, fullPage: true });
  });
});

test.describe('workflow administration (English)', () => {
  test.use({ locale: 'en-US' });

  test('every screen reads in English', async ({ page, console: app }) => {
    test.setTimeout(120_000);
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/Workflow/, /Participants$/);
    await expect(page.getByRole('button', { name: /Add/ }).first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Rule' })).toBeVisible();
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-participant-en.png` });

    await app.openMenu(/Workflow/, /Listeners$/);
    await expect(page.getByRole('columnheader', { name: 'Events' })).toBeVisible();
    await expectNoRawKeys(page);
    await page.getByRole('button', { name: /Add/ }).first().click();
    const listener = dialog(page, 'New listener');
    await listener.getByText('Mail', { exact: true }).click();
    await expect(listener.getByRole('tab', { name: '日本語' }).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/wf-listener-mail-en.png` });
    await listener.getByRole('button', { name: 'Cancel' }).click();

    await app.openMenu(/Workflow/, /Plugin buttons/);
    await expect(page.getByRole('tab', { name: 'Plugin types' })).toBeVisible();
    await page.getByRole('tab', { name: 'Plugin types' }).click();
    await expect(page.getByRole('button', { name: /Add type/ })).toBeVisible();
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-plugin-en.png` });
    await page.getByRole('button', { name: /Add type/ }).click();
    const type = dialog(page, 'New plugin type');
    await expect(type.getByText('Answer mapping')).toBeVisible();
    await page.screenshot({ path: `${shots}/wf-plugin-type-form-en.png` });
    await type.getByRole('button', { name: 'Cancel' }).click();

    await app.openMenu(/Workflow/, /Process permissions/);
    await expect(page.getByRole('columnheader', { name: 'May start' })).toBeVisible();
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-permission-en.png` });
    // other specs add processes whose keys sort before it: find it the way an operator would
    await page.getByLabel('Keyword').fill('purchaseRequest');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await row(page, 'purchaseRequest').getByRole('button', { name: /Edit/ }).click();
    const perm = dialog(page, /Process permissions/);
    await expect(perm.getByText('Who may start new instances.')).toBeVisible();
    await expect(perm.getByLabel('Everyone').first()).toBeChecked();
    await page.screenshot({ path: `${shots}/wf-permission-edit-en.png` });
    await perm.getByRole('button', { name: 'Cancel' }).click();
    await expect(perm).toBeHidden();

    await app.openMenu(/Workflow/, /Process configuration/);
    await expect(page.getByLabel('Keep finished processes for')).toBeVisible();
    await expectNoRawKeys(page);
    await page.screenshot({ path: `${shots}/wf-config-en.png`, fullPage: true });

    await app.openMenu(/Workflow/, /Performance analysis/);
    const perDay = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head', { hasText: 'Started and completed per day' }) });
    await expect(perDay.locator('canvas')).toBeVisible({ timeout: 20_000 });
    await expectNoRawKeys(page);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${shots}/wf-performance-en.png`, fullPage: true });
  });
});
