import type { Browser } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { btn, dialog, row } from '../ui';
import { api, apiLogin } from '../api';

/**
 * Issue 28, items 2, 8, 9, 11: the console defects a daily operator meets, as they meet them.
 * Names are unique per run.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

/** the fixture's login, with room for a machine under load (the shell's chunk and the menu can take longer than 10 s) */
async function signIn(app: ConsoleApp) {
  await app.fillLogin(ADMIN.user, ADMIN.password);
  await expect(app.page.locator('.app-sider .ant-menu')).toBeVisible({ timeout: 60_000 });
  await app.page.locator('#main[aria-busy="false"]').waitFor({ timeout: 60_000 });
}

async function loginAs(browser: Browser, locale: string, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ locale, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const app = new ConsoleApp(page);
  await signIn(app);
  return { context, page, app };
}

test.use({ viewport: { width: 1440, height: 900 } });

test('form designer: new widgets carry no widget name as a translation, untranslated fields are marked and listed on publish; the dictionary is picked; the data list asks for no empty dictionary', async ({ page, console: app }) => {
  test.setTimeout(180_000);
  const name = `翻译检查 ${tag()}`;
  await signIn(app);
  await app.open('/cform/designer');
  await expect(page.getByTestId('drop-root')).toBeVisible();

  await page.getByTestId('palette-text').click();
  await expect(page.getByTestId('node-text1')).toBeVisible();
  const mark = page.getByTestId('untranslated-text1');
  await expect(mark).toHaveText('en es ja');
  await page.getByTestId('prop-label-en').fill('Applicant');
  await expect(mark).toHaveText('es ja');

  // a select over the gender dictionary, picked from the dictionary types
  await page.getByTestId('palette-select').click();
  await expect(page.getByTestId('node-select1')).toBeVisible();
  await page.getByTestId('prop-label-zh').fill('性别');
  await page.getByTestId('prop-option-source').getByText('数据字典').click();
  await page.getByTestId('prop-dict').click();
  await page.keyboard.type('性别');
  await page.locator('.ant-select-item-option', { hasText: '性别 (gender)' }).click();

  await page.getByTestId('form-name').fill(name);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/forms') && r.request().method() === 'POST');
  await page.getByRole('button', { name: btn('保存') }).click();
  // the stored schema holds only what was typed
  const stored = (await (await saved).json()).data as { schema: { nodes: { key: string; label: Record<string, string>; dictCode?: string }[] } };
  const [text, select] = stored.schema.nodes;
  expect(text.label).toEqual({ zh: '单行文本', en: 'Applicant' });
  expect(select.label).toEqual({ zh: '性别' });
  expect(select.dictCode).toBe('gender');
  await expect(page).toHaveURL(/designer\?id=\d+/);

  await page.getByRole('button', { name: btn('发布') }).click();
  const warning = page.getByTestId('publish-untranslated');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('单行文本 (text1): 缺少西班牙文和日文');
  await expect(warning).toContainText('性别 (select1): 缺少英文、西班牙文和日文');
  const published = page.waitForResponse((r) => /\/api\/forms\/\d+\/publish$/.test(r.url()));
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  expect((await (await published).json()).code).toBe(200);

  // the data list: no request for a dictionary without a code
  const emptyDict: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/common/dicts//')) emptyDict.push(r.url()); });
  await app.open('/cform/list');
  const formRow = row(page, name);
  // the list's times are in the console's language (zh): 2026-11-27 19:07:30, never "11/27/2026, 7:07:30 PM"
  await expect(formRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(formRow).not.toContainText(/AM|PM/);
  await formRow.getByRole('button', { name: btn('数据') }).click();
  await expect(page.locator('.ant-drawer')).toBeVisible();
  await page.locator('#main[aria-busy="false"]').waitFor();
  expect(emptyDict).toEqual([]);
});

test('a form shown in Japanese falls back to Chinese, in Spanish to English', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = `回退 ${tag()}`;
  const token = await apiLogin(request, ADMIN.user, ADMIN.password);
  const created = await api<{ id: number }>(request, token, 'POST', '/api/forms', { name, action: 'store', schema: { version: 1, nodes: [
    { kind: 'field', id: 'f1', key: 'amount', type: 'text', label: { zh: '金额', en: 'Amount' } },
  ] } });
  await api(request, token, 'POST', `/api/forms/${created.id}/publish`);

  for (const [locale, label] of [['ja-JP', '金额'], ['es-ES', 'Amount']] as const) {
    const other = await loginAs(browser, locale);
    await other.app.open('/cform/list');
    await row(other.page, name).getByRole('button', { name: locale === 'ja-JP' ? btn('入力') : 'Rellenar' }).click();
    await expect(other.page.locator('.ant-drawer').getByText(label, { exact: true })).toBeVisible();
    await other.context.close();
  }
});

test('the Menus screen has the list toolbar; column settings follow the account to another browser; its category reads in English', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await loginAs(browser, 'zh-CN');
  await a.app.openMenu(/公共组件/, /菜单管理/);
  const table = a.page.locator('.ant-table').first();
  await expect(table.getByRole('columnheader', { name: '图标' })).toBeVisible();
  await expect(a.page.getByRole('button', { name: '刷新' })).toBeVisible();
  await a.page.getByRole('button', { name: '列设置' }).click();
  const stored = a.page.waitForResponse((r) => r.url().includes('/api/system/preferences/') && r.request().method() === 'PUT');
  await a.page.getByRole('group', { name: '列设置' }).getByRole('checkbox', { name: '图标' }).uncheck();
  expect((await stored).status()).toBe(200);
  await expect(table.getByRole('columnheader', { name: '图标' })).toHaveCount(0);

  // another browser (no local copy): the server's settings apply
  const b = await loginAs(browser, 'zh-CN');
  await b.app.openMenu(/公共组件/, /菜单管理/);
  const tableB = b.page.locator('.ant-table').first();
  await expect(tableB.getByRole('columnheader', { name: '路径' })).toBeVisible();
  await expect(tableB.getByRole('columnheader', { name: '图标' })).toHaveCount(0);
  await b.page.getByRole('button', { name: '列设置' }).click();
  const reset = b.page.waitForResponse((r) => r.url().includes('/api/system/preferences/') && r.request().method() === 'PUT');
  await b.page.getByRole('group', { name: '列设置' }).getByRole('button', { name: /重\s*置/ }).click();
  await reset;
  await expect(tableB.getByRole('columnheader', { name: '图标' })).toBeVisible();
  await a.context.close();
  await b.context.close();

  const en = await loginAs(browser, 'en-US');
  await en.app.openMenu(/Common components/, /(^|\s)Menus$/);
  await expect(en.page.locator('.ant-select').filter({ hasText: 'Console menu' }).first()).toBeVisible();
  await en.context.close();
});

test('a long dialog keeps Save in view on a short window', async ({ browser }) => {
  const { context, page, app } = await loginAs(browser, 'zh-CN', { width: 1280, height: 600 });
  await app.openMenu(/安全管理|权限管理/, /账号管理/);
  await page.getByRole('button', { name: btn('新增') }).first().click();
  const form = dialog(page, '新增账号');
  await expect(form).toBeVisible();
  const save = form.getByRole('button', { name: btn('保存') });
  const box = (await save.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(600);
  expect(box.y).toBeGreaterThan(0);
  await context.close();
});
