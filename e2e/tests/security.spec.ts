import { strToU8, zipSync } from 'fflate';
import type { Locator, Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin, createAccount } from '../api';

/**
 * Security management and audit as an administrator uses them (issue 3): a role granted one
 * function, an account holding it, what that account sees and may call, revoking the grant and
 * forcing the session out, and the rules the screens enforce. The browser is Chinese (zh-CN).
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const dialog = (page: Page, title: RegExp | string) => page.getByRole('dialog').filter({ hasText: title });
const toast = (page: Page) => page.locator('.ant-message');

/** The row of a table that holds the given text (a unique code or account). */
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
/** A button by its visible label (icons add their own name before it; antd spaces two CJK characters). */
const button = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) });

/** The roles list holds more than one page (the demo seed's roles and those other specs make): the operator searches. */
async function findRole(page: Page, code: string) {
  await page.getByRole('main').getByRole('textbox', { name: /关键字/ }).fill(code);
  await page.getByRole('main').getByRole('button', { name: /查\s*询/ }).click();
  await expect(row(page, code)).toBeVisible();
}

/** Opens the grant drawer of a role and ticks or clears one function of the tree, then saves. */
async function setGrant(page: Page, roleCode: string, authority: string, checked: boolean) {
  await button(row(page, roleCode), '授权').click();
  const drawer = dialog(page, '角色授权');
  await expect(drawer).toBeVisible();
  const node = drawer.locator('.ant-tree-treenode').filter({ hasText: authority });
  await expect(node).toHaveCount(1);
  const box = node.locator('.ant-tree-checkbox');
  const isChecked = async () => (await box.getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false;
  if ((await isChecked()) !== checked) await box.click();
  expect(await isChecked()).toBe(checked);
  const saved = page.waitForResponse((r) => r.url().includes('/grants') && r.request().method() === 'PUT');
  await drawer.getByRole('button', { name: /^保\s*存$/ }).click();
  expect((await saved).status()).toBe(200);
  await expect(toast(page)).toContainText('授权已保存');
  await expect(drawer).toBeHidden();
}

async function selectOption(page: Page, select: Locator, search: string) {
  await select.click();
  await select.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: search }).first().click();
}

test.describe('security management and audit', () => {
  test('a role granted one function: its account sees only that menu, loses it when revoked, and is forced out', async ({ page, browser, console: app }) => {
    test.setTimeout(120_000);
    const roleCode = unique('R_LOG_').toUpperCase();
    const roleName = `登录日志查看${roleCode.slice(-4)}`;
    const userId = unique('viewer');
    const password = 'Viewer@2026x';

    // --- the administrator creates the role ---
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/安全管理/, /角色管理/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const roleForm = dialog(page, '新增角色');
    await roleForm.getByLabel('编码').fill(roleCode);
    await roleForm.getByLabel('名称').fill(roleName);
    await roleForm.getByLabel('名称').press('Enter'); // the keyboard saves the form
    await expect(toast(page)).toContainText('保存成功');
    await expect(roleForm).toBeHidden();
    await findRole(page, roleCode);

    // --- grants it one function (the login log) with the tree ---
    await setGrant(page, roleCode, 'audit:loginLog', true);
    // the function and, under it in the tree, its clean-up action
    await expect(row(page, roleCode).getByRole('cell', { name: '2', exact: true }).first()).toBeVisible();

    // --- creates an account with that role; a mismatched confirmation is caught first ---
    await app.openMenu(/安全管理/, /账号管理/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const accForm = dialog(page, '新增账号');
    await accForm.getByLabel('账号', { exact: true }).fill(userId);
    await accForm.getByLabel('用户名', { exact: true }).fill('日志查看员');
    await accForm.getByLabel('密码', { exact: true }).fill(password);
    await accForm.getByLabel('确认密码', { exact: true }).fill(`${password}-typo`);
    await accForm.getByRole('button', { name: /^保\s*存$/ }).click();
    await expect(accForm.getByText('两次输入的密码不一致！')).toBeVisible();
    await accForm.getByLabel('确认密码', { exact: true }).fill(password);
    await expect(accForm.getByText('两次输入的密码不一致！')).toBeHidden();
    await selectOption(page, accForm.getByLabel('角色', { exact: true }), roleCode);
    const created = page.waitForResponse((r) => r.url().endsWith('/api/security/accounts') && r.request().method() === 'POST');
    await accForm.getByRole('button', { name: /^保\s*存$/ }).click();
    expect((await created).status()).toBe(200);
    await expect(accForm).toBeHidden();
    // the list holds more accounts than one page: the operator finds the new one by searching
    await page.getByRole('main').getByRole('textbox', { name: /关键字/ }).fill(userId);
    await page.getByRole('main').getByRole('button', { name: /查\s*询/ }).click();
    await expect(row(page, userId)).toContainText(roleName);

    // --- the new account, in a second browser: only the granted menu ---
    const ctx2 = await browser.newContext({ locale: 'zh-CN' });
    // a controllable clock (it runs normally until the test moves it on)
    await ctx2.clock.install();
    try {
      const page2 = await ctx2.newPage();
      const app2 = new ConsoleApp(page2);
      await app2.login(userId, password);
      const sider = app2.sidebar();
      await app2.openMenu(/审计管理/, /登录日志/);
      await expect(page2).toHaveURL(/opt\/audit\/loginLog/);
      await expect(page2.getByRole('cell', { name: userId, exact: true }).first()).toBeVisible();
      await expect(sider.getByRole('menuitem', { name: /登录日志/ })).toBeVisible();
      for (const other of [/在线用户/, /操作日志/, /前端错误日志/, /安全管理/, /组织管理/, /服务治理/, /网站内容/]) {
        await expect(sider.getByRole('menuitem', { name: other })).toHaveCount(0);
      }
      // the API the browser would call: its own screen answers, another module's refuses with 403
      const statusOf = (path: string) => page2.evaluate(async (p) => (await fetch(p, { headers: { Authorization: `Bearer ${localStorage.getItem('bencao-token')}` } })).status, path);
      expect(await statusOf('/api/audit/login-logs')).toBe(200);
      expect(await statusOf('/api/security/accounts')).toBe(403);
      expect(await statusOf('/api/audit/operation-logs')).toBe(403);

      // --- the administrator revokes the grant; the menu entry goes without a new login ---
      await app.openMenu(/安全管理/, /角色管理/);
      await findRole(page, roleCode);
      await setGrant(page, roleCode, 'audit:loginLog', false);
      await expect(row(page, roleCode).getByRole('cell', { name: '0', exact: true }).first()).toBeVisible();
      // the person comes back to the tab: the console re-reads the user and rebuilds the menu
      await page2.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(sider.getByRole('menuitem', { name: /登录日志/ })).toHaveCount(0);
      await expect(sider.getByRole('menuitem', { name: /审计管理/ })).toHaveCount(0);
      await expect(sider.getByRole('menuitem', { name: /首页/ })).toBeVisible();
      await expect(page2).not.toHaveURL(/loginLog/);
      expect(await statusOf('/api/audit/login-logs')).toBe(403);
      // the person goes on to their profile
      await sider.getByRole('menuitem', { name: /个人中心/ }).click();
      await expect(page2).toHaveURL(/profile\/index/);

      // --- forced out from Online users: the next action shows the SPEC §8 dialog, then the login page ---
      await app.openMenu(/审计管理/, /在线用户/);
      await page.getByLabel('关键字').filter({ visible: true }).first().fill(userId);
      await page.getByRole('button', { name: /^查\s*询$/ }).filter({ visible: true }).first().click();
      const session = row(page, userId);
      await expect(session).toHaveCount(1);
      await session.getByRole('button', { name: '强制下线' }).click();
      const confirm = dialog(page, '强制下线');
      await expect(confirm).toContainText(`确定将「${userId}」强制下线吗？`);
      await confirm.getByRole('button', { name: '强制下线' }).click();
      await expect(toast(page)).toContainText('已强制下线');
      await expect(row(page, userId)).toHaveCount(0);

      // half a minute later the person opens the dashboard: its request meets the ended session
      await ctx2.clock.fastForward('00:30');
      await sider.getByRole('menuitem', { name: /首页/ }).click();
      const relogin = dialog(page2, '系统提示');
      await expect(relogin).toBeVisible();
      await expect(relogin).toContainText('被管理员强制下线');
      await relogin.getByRole('button', { name: '重新登录' }).click();
      await expect(page2).toHaveURL(/\/console\/login/);
      expect(await page2.evaluate(() => localStorage.getItem('bencao-token'))).toBeNull();
    } finally {
      await ctx2.close();
    }
  });

  test('the super administrator role: its grants are shown read-only, it cannot be edited or deleted', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/安全管理/, /角色管理/);
    const sup = row(page, 'SUPER_ADMIN');
    await expect(sup).toHaveCount(1);
    await expect(button(sup, '授权')).toBeVisible();
    await expect(button(sup, '编辑')).toHaveCount(0);
    await expect(button(sup, '删除')).toHaveCount(0);
    await expect(sup.getByRole('checkbox')).toBeDisabled();
    // an ordinary role offers both
    await expect(button(row(page, 'AUDITOR'), '编辑')).toBeVisible();
    await expect(button(row(page, 'AUDITOR'), '删除')).toBeVisible();
    await button(sup, '授权').click();
    const drawer = dialog(page, '角色授权');
    await expect(drawer).toContainText('超级管理员角色拥有全部权限，其授权不能修改。');
    await expect(drawer.getByRole('button', { name: /保\s*存/ })).toHaveCount(0);
    const box = drawer.locator('.ant-tree-treenode').filter({ hasText: 'audit:loginLog' }).locator('.ant-tree-checkbox');
    await expect(box).toHaveClass(/ant-tree-checkbox-checked/);
    await expect(box).toHaveClass(/ant-tree-checkbox-disabled/);
  });

  test('deleting a role granted to accounts is refused, naming them', async ({ page, request, console: app }) => {
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    const code = unique('R_HELD_').toUpperCase();
    await api(request, admin, 'POST', '/api/security/roles', { code, name: `在用角色${code.slice(-4)}`, roleType: 'common', scope: 'global' });
    const holder = unique('holder');
    await createAccount(request, admin, holder, 'Holder@2026x', [code]);

    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/安全管理/, /角色管理/);
    await findRole(page, code);
    await button(row(page, code), '删除').click();
    const confirm = dialog(page, '确认删除');
    await expect(confirm).toContainText('确认删除吗？');
    await button(confirm, '确定').click();
    await expect(toast(page)).toContainText(`角色 ${code} 已授予 ${holder}`);
    await expect(toast(page)).toContainText('请先取消授权再删除');
    // the failed delete closes its confirmation and leaves nothing thrown in the page
    await expect(confirm).toBeHidden();
    expect(errors).toEqual([]);
    await expect(row(page, code)).toBeVisible();
  });

  test('the function import refuses a zip whose SQL holds a DROP TABLE, naming the line; the tree is unchanged', async ({ page, request, console: app }) => {
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    const treeBefore = JSON.stringify(await api(request, admin, 'GET', '/api/security/tree'));
    const sql = [
      "INSERT INTO auth_apps (id, code, name, context, seq, server_host, transport, port) VALUES (1, 'evil', 'Evil', '/evil', 9, 'evil.example.com', 'https', 443);",
      'DROP TABLE accounts;',
    ].join('\n');
    const zip = Buffer.from(zipSync({ 'tree.txt': strToU8(sql) }));

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/安全管理/, /功能管理/);
    await page.getByRole('button', { name: /导\s*入/ }).click();
    const modal = dialog(page, '导入功能树');
    // SQL that cannot be parsed: SPEC §8's "check whether the imported SQL is reasonable", and the line
    const broken = Buffer.from(zipSync({ 'tree.txt': strToU8("INSERT INTO auth_modules (app_id, code, name, seq) VALUES (1, 'm', 'M', 0);\nINSERT INTO auth_apps (code VALUES ('x';\n") }));
    await modal.locator('input[type=file]').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: broken });
    await button(modal, '导入').click();
    await expect(toast(page)).toContainText('请检查导入的 SQL 是否合理');
    await expect(modal.locator('.ant-alert-error')).toContainText('第 2 行');
    // a DROP TABLE is refused, naming its line
    await modal.locator('input[type=file]').setInputFiles({ name: 'tree.zip', mimeType: 'application/zip', buffer: zip });
    await expect(modal).toContainText('tree.zip');
    await button(modal, '导入').click();
    await expect(modal.locator('.ant-alert-error')).toContainText('第 2 行：只允许 INSERT 语句，发现 DROP TABLE');
    expect(JSON.stringify(await api(request, admin, 'GET', '/api/security/tree'))).toBe(treeBefore);
    expect((await api<{ total: number }>(request, admin, 'GET', '/api/security/accounts')).total).toBeGreaterThan(0);
  });
});
