import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { api, apiLogin, createAccount } from '../api';

/**
 * The console shell as a person uses it: login messages and lock, the sidebar the server builds
 * per account, deep links, the tags view and its kept state, language, logout.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
/**
 * Opens a tab's context menu and picks an entry (a right-click can land while the tab bar re-renders: try again).
 * A context menu closes when the page scrolls, as a desktop one does; a click that Playwright retries (the menu
 * still growing in) scrolls the page first, so the pick waits until the menu has finished opening.
 */
async function tagMenu(page: Page, tag: string, entry: string) {
  const item = page.getByRole('menuitem', { name: entry, exact: true });
  await expect(async () => {
    await page.locator('.app-tags').getByTestId('tag').filter({ hasText: tag }).click({ button: 'right' });
    await expect(item).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('.ant-dropdown', { has: item })).not.toHaveClass(/-(appear|enter)\b/);
  await item.click();
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('console shell', () => {
  test('a wrong password says so, in Chinese for a Chinese browser', async ({ page, console: app }) => {
    await app.fillLogin('admin', 'not-the-password');
    await expect(page.locator('.login-error')).toContainText('用户名或密码错误，请重新输入');
    await expect(page).toHaveURL(/\/console\/login/);
  });

  test('after the policy count of wrong passwords the account is locked, even for the right one', async ({ page, request, console: app }) => {
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    const policy = await api<{ maxFailedLogins: number }>(request, admin, 'GET', '/api/security/policy');
    const userId = unique('lock');
    await createAccount(request, admin, userId, 'Lockme@2026x');
    const submit = page.getByRole('button', { name: /登\s*录/ });
    for (let i = 0; i < policy.maxFailedLogins; i++) {
      await Promise.all([page.waitForResponse((r) => r.url().includes('/api/oauth/token')), app.fillLogin(userId, `wrong-${i}`)]);
      await expect(submit).toBeEnabled();
    }
    await app.fillLogin(userId, 'Lockme@2026x');
    await expect(page.locator('.login-error')).toContainText('锁定');
    await expect(page).toHaveURL(/\/console\/login/);
  });

  test('the sidebar shows the groups the account may see, and nothing else', async ({ page, console: app }) => {
    await app.login('auditor', 'Audit@2026');
    const sider = app.sidebar();
    await expect(sider.getByRole('menuitem', { name: /审计管理/ })).toBeVisible();
    await expect(sider.getByRole('menuitem', { name: /安全管理/ })).toHaveCount(0);
    await expect(sider.getByRole('menuitem', { name: /网站内容/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /您好/ })).toBeVisible();
  });

  test('a deep link opens its page, and a reload stays on it', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await page.goto('/console/opt/security/account');
    await expect(page.getByRole('cell', { name: 'auditor', exact: true })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/console\/opt\/security\/account$/);
    await expect(page.getByRole('cell', { name: 'auditor', exact: true })).toBeVisible();
    await page.goto('/console/no/such/page');
    await expect(page).toHaveURL(/\/console\/404$/);
    await expect(page.getByText('页面不存在', { exact: true })).toBeVisible();
  });

  test('tags view: views open as tabs, keep their state, close, close others, close all; the dashboard stays', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await page.getByRole('button', { name: '页面设置' }).click();
    await page.getByRole('switch', { name: '开启标签页' }).click();
    await page.keyboard.press('Escape');
    const tags = page.locator('.app-tags');
    await expect(tags.getByTestId('tag')).toHaveText(['首页']);

    await app.openMenu(/安全管理/, /账号管理/);
    const keyword = page.getByLabel('关键字').filter({ visible: true }).first();
    await keyword.fill('half-typed search');
    await app.openMenu(/审计管理/, /登录日志/);
    await expect(tags.getByTestId('tag')).toHaveText(['首页', '账号管理', '登录日志']);

    await tags.getByTestId('tag').filter({ hasText: '账号管理' }).click();
    await expect(page).toHaveURL(/opt\/security\/account/);
    await expect(page.getByLabel('关键字').filter({ visible: true }).first()).toHaveValue('half-typed search');

    await tagMenu(page, '登录日志', '关闭其他');
    await expect(tags.getByTestId('tag')).toHaveText(['首页', '登录日志']);

    await app.openMenu(/安全管理/, /角色管理/);
    await tagMenu(page, '角色管理', '关闭');
    await expect(tags.getByTestId('tag')).toHaveText(['首页', '登录日志']);

    await tagMenu(page, '首页', '关闭所有');
    await expect(tags.getByTestId('tag')).toHaveText(['首页']);
    await expect(page).toHaveURL(/dashboard\/index/);
  });

  /**
   * Whether the user menu's popup slid in as it opened (antd's slide class with an animation that takes time): a
   * MutationObserver sees it however briefly it is there (polling after the click can come too late on a loaded machine).
   */
  async function userMenuAnimates(page: Page) {
    await page.evaluate(() => {
      const w = window as unknown as { __slid: boolean };
      w.__slid = false;
      new MutationObserver(() => {
        const el = document.querySelector('.ant-dropdown[class*="ant-slide-up"]');
        if (el && parseFloat(getComputedStyle(el).animationDuration) > 0) w.__slid = true;
      })
        .observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.getByTestId('user-menu').click();
    await expect(page.locator('.ant-dropdown', { has: page.getByRole('menuitem', { name: '退出登录' }) })).toBeVisible();
    return page.evaluate(() => (window as unknown as { __slid: boolean }).__slid);
  }
  test.describe('for a person whose system does not ask for less motion', () => {
    // its own page from the start: switching the setting under a running page races React's re-render with the click
    test.use({ reducedMotion: 'no-preference' });
    test('menus animate open', async ({ page, console: app }) => {
      await app.login(ADMIN.user, ADMIN.password);
      expect(await userMenuAnimates(page)).toBe(true);
    });
  });
  test('menus open at once for a person whose system asks for less motion', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
    expect(await userMenuAnimates(page)).toBe(false);
  });

  test('switching to 日本語 relabels the menu and the page', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await expect(app.sidebar().getByRole('menuitem', { name: /セキュリティ管理/ })).toBeVisible();
    await expect(app.sidebar().getByRole('menuitem', { name: /安全管理/ })).toHaveCount(0);
    await page.reload();
    await expect(app.sidebar().getByRole('menuitem', { name: /監査/ })).toBeVisible();
  });

  test('an account without a grant gets no menu entry, and the API refuses it with 403', async ({ page, request, console: app }) => {
    const admin = await apiLogin(request, ADMIN.user, ADMIN.password);
    const userId = unique('nogrant');
    await createAccount(request, admin, userId, 'Nogrant@2026x');
    await app.login(userId, 'Nogrant@2026x');
    await expect(app.sidebar().getByRole('menuitem', { name: /安全管理/ })).toHaveCount(0);
    await expect(app.sidebar().getByRole('menuitem', { name: /审计管理/ })).toHaveCount(0);
    const token = await apiLogin(request, userId, 'Nogrant@2026x');
    const res = await request.get('/api/security/accounts', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(403);
    // a screen that exists but is not theirs: 403, not "page not found"; a made-up path: 404
    await page.goto('/console/opt/security/account');
    await expect(page).toHaveURL(/\/console\/403$/);
    await page.goto('/console/opt/security/no-such-screen');
    await expect(page).toHaveURL(/\/console\/404$/);
  });

  test('logout returns to the login page, and the back button shows no data', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await page.goto('/console/opt/security/account');
    await expect(page.getByRole('cell', { name: 'auditor', exact: true })).toBeVisible();
    // the user menu opens on a click (not on hover, which closed it under a moving pointer), and logout
    // leaves before it waits for the server
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/console\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/console\/login/);
    await expect(page.getByRole('cell', { name: 'auditor', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('bencao-token'))).toBeNull();
  });
});
