import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { api, apiLogin } from '../api';

/** Defects an operator found in screens that otherwise work (console issue). */
const OPERATOR = { user: 'operator', password: 'Ops@2026x' };
const dialog = (page: Page, title: string | RegExp) => page.locator('.ant-modal').filter({ hasText: title }).last();
const btn = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s*')}$`);

test.describe('console defects', () => {
  test('a flow rule picks its route from the existing ones, and its dialog fits a 900 px high window', async ({ page, request, console: app }) => {
    const id = `e2e-flow-${Date.now().toString(36)}`;
    const token = await apiLogin(request, OPERATOR.user, OPERATOR.password);
    await api(request, token, 'POST', '/api/gateway/routes', { routeId: id, routeName: `限流路由 ${id}`, orderNum: 0, uri: 'http://127.0.0.1:9', predicates: `Path=/${id}/**`, filters: '' });

    await page.setViewportSize({ width: 1366, height: 900 });
    await app.login(OPERATOR.user, OPERATOR.password);
    await app.openMenu(/服务治理/, /流控规则/);
    await page.getByRole('button', { name: btn('新增') }).click();
    const form = dialog(page, '新增流控规则');
    await expect(form).toBeVisible();
    await form.getByLabel('名称', { exact: true }).fill(`限流 ${id}`);
    await form.getByLabel('路由ID / API 分组').click();
    await page.keyboard.type(id);
    await page.locator('.ant-select-item-option').filter({ hasText: id }).click();
    await form.getByLabel('阈值', { exact: true }).fill('10');
    const box = await form.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(form).toBeHidden();
    await expect(page.locator('.ant-table-row').filter({ hasText: `限流 ${id}` })).toContainText(id);
  });

  for (const [lang, more, remove] of [['en', 'More', 'Delete'], ['zh', '更多', '删除'], ['es', 'Más', 'Eliminar'], ['ja', 'その他', '削除']] as const) {
    test(`accounts (${lang}): every row's actions are inside the table and reachable`, async ({ page, context, console: app }) => {
      await context.addCookies([{ name: 'language', value: lang, url: process.env.E2E_BASE_URL! }]);
      await page.setViewportSize({ width: 1366, height: 900 });
      await app.login('admin', 'Bencao@2026');
      // move inside the running console, as the sidebar does: a reload would boot the whole console again
      // (seconds of script work on a loaded machine before the list is even asked for)
      await page.evaluate(() => { history.pushState(null, '', '/console/opt/security/account'); dispatchEvent(new PopStateEvent('popstate')); });
      await expect(page).toHaveURL(/opt\/security\/account/);
      await expect(page.locator('#main')).toHaveAttribute('aria-busy', 'false');
      const rows = page.locator('.ant-table-tbody .ant-table-row');
      await expect(rows.first()).toBeVisible();
      const table = await page.locator('.ant-table-container').boundingBox();
      for (let i = 0; i < Math.min(await rows.count(), 5); i++) {
        const button = rows.nth(i).getByRole('button', { name: new RegExp(more) });
        await expect(button).toBeVisible();
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(table!.x + table!.width + 1);
      }
      await rows.first().getByRole('button', { name: new RegExp(more) }).click();
      await expect(page.getByRole('menuitem', { name: new RegExp(remove) })).toBeVisible();
    });
  }
});
