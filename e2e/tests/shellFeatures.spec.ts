import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';

/**
 * What operators of other consoles reach for (issue 16): the menu search by keyboard, open tabs that
 * survive a reload, the shortcuts help, full screen, and the config centre's code editor.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const ready = (page: Page, path?: string) => page.locator(`#main${path ? `[data-path="${path}"]` : ''}[aria-busy="false"]`).waitFor();

test.describe('console shell features', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'language', value: 'en', url: process.env.E2E_BASE_URL! }]);
  });

  test('Ctrl+K finds a menu by part of its name; arrows move, Enter opens, Esc closes', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await ready(page);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search menus' });
    await expect(search).toBeFocused();
    await search.fill('log');
    const options = page.getByRole('option');
    await expect(options.nth(1)).toBeVisible();
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');

    await search.fill('accoun');
    await expect(options.first()).toContainText('Accounts');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/console\/opt\/security\/account$/);
    await expect(search).toBeHidden();

    // a group's name narrows the search to its menus
    await page.keyboard.press('Control+k');
    await search.fill('security rol');
    await expect(options.first()).toContainText('Roles');
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();
    await expect(page).toHaveURL(/\/opt\/security\/account$/);
  });

  test('the open tabs come back after a reload', async ({ page, console: app }) => {
    await page.addInitScript(() => localStorage.setItem('bencao-settings', JSON.stringify({ tagsView: true })));
    await app.login(ADMIN.user, ADMIN.password);
    await page.goto('/console/opt/security/role');
    await ready(page, '/opt/security/role');
    await page.goto('/console/gateway/config');
    await ready(page, '/gateway/config');
    const tags = page.locator('.app-tags').getByTestId('tag');
    await expect(tags.filter({ hasText: 'Roles' })).toBeVisible();

    await page.reload();
    await ready(page, '/gateway/config');
    await expect(tags.filter({ hasText: 'Roles' })).toBeVisible();
    await expect(tags.filter({ hasText: 'Configs' })).toBeVisible();
    await tags.filter({ hasText: 'Roles' }).click();
    await expect(page).toHaveURL(/\/opt\/security\/role$/);
  });

  test('"?" lists the keyboard shortcuts, and full screen can be switched on and off', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await ready(page);
    await page.locator('body').press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('row').filter({ hasText: 'Search the menus' })).toContainText(/(Ctrl|⌘)\s*K/);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  });

  test('the config editor marks invalid JSON inline and refuses to save it', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await page.goto('/console/gateway/config');
    await ready(page, '/gateway/config');
    const posts: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/api/gateway/configs')) posts.push(r.url()); });
    await page.getByRole('button', { name: 'New' }).first().click();
    const form = page.getByRole('dialog', { name: 'Publish config' });
    await form.getByLabel('Data ID').fill(`editor-${Date.now().toString(36)}.json`);
    await form.getByLabel('Format').click();
    await page.locator('.ant-select-item-option').filter({ hasText: /^json$/ }).click();
    const editor = form.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.type('{\n"port": 8080,\n"name": \n}');
    // highlighted as JSON, the error marked where it is
    await expect(form.locator('.cm-editor .cm-lintRange-error')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.locator('.ant-form-item-explain')).toContainText(/Not valid JSON at line \d+, column \d+/);
    await expect(form).toBeVisible();
    expect(posts).toEqual([]);

    // once it parses, it saves
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('{"port": 8080}');
    await expect(form.locator('.cm-lintRange-error')).toHaveCount(0);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    expect(posts).toHaveLength(1);
  });
});
