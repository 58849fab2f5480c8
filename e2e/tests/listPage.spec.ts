import { readFile } from 'node:fs/promises';
import { test, expect } from '../fixtures';

/**
 * The list-page kit as an operator uses it on Accounts (issue 16): hide and move a column and find
 * it so after a reload, change the density, fold the search form, and export the current query to
 * Excel and CSV with the screen's column titles.
 */
test('a list keeps the operator\'s columns and exports the current query', async ({ console: app, page }) => {
  await app.login('admin', 'Bencao@2026');
  await page.goto('/console/opt/security/account');
  const table = page.locator('.ant-table').first();
  await expect(table.getByRole('columnheader', { name: '手机号' })).toBeVisible();

  // hide "mobile" and move "status" first
  await page.getByRole('button', { name: '列设置' }).click();
  const settings = page.getByRole('group', { name: '列设置' });
  await settings.getByRole('checkbox', { name: '手机号' }).uncheck();
  await settings.getByRole('button', { name: '上移 状态' }).click();
  await settings.getByRole('button', { name: '上移 状态' }).click();
  await expect(table.getByRole('columnheader', { name: '手机号' })).toHaveCount(0);
  const headers = async () => (await table.locator('thead th').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
  expect((await headers())[0]).toBe('状态');

  // compact → loose
  await page.getByRole('button', { name: '表格密度' }).click();
  await page.getByRole('menuitem', { name: '宽松' }).click();
  await expect(table).not.toHaveClass(/ant-table-small/);

  await page.reload();
  await expect(table.getByRole('columnheader', { name: '账号' })).toBeVisible();
  expect((await headers())[0]).toBe('状态');
  await expect(table.getByRole('columnheader', { name: '手机号' })).toHaveCount(0);

  // export what the screen shows: the visible columns, in their order, titled as on screen
  await page.getByRole('button', { name: /导\s*出/ }).click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^账号列表-\d{8}\.csv$/);
  const text = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [head, ...rows] = text.trim().split(/\r?\n/);
  expect(head.split(',')[0]).toBe('状态');
  expect(head).not.toContain('手机号');
  expect(head).not.toContain('操作');
  expect(rows.some((r) => r.startsWith('正常,admin,'))).toBe(true);

  await page.getByRole('button', { name: /导\s*出/ }).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Excel/ }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile((await xlsx.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an Office Open XML package

  // back to the product's default
  await page.getByRole('button', { name: '列设置' }).click();
  await page.getByRole('group', { name: '列设置' }).getByRole('button', { name: /重\s*置/ }).click();
  await expect(table.getByRole('columnheader', { name: '手机号' })).toBeVisible();
});
