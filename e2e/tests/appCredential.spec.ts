import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { AppClient, AppApiError } from '@bencao/app-client';
import { btn, dialog } from '../ui';

/**
 * Application credentials (zh-CN console): an operator creates one, sees its secret once (with the
 * warning), the secret works for a signed call of the open API and is nowhere after the dialog is
 * closed; revoking asks first and stops the credential at once.
 */

const OPERATOR = { user: 'operator', password: 'Ops@2026x' };
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

test('application credentials: the secret is shown once, works, is gone after closing; revoking asks and stops it', async ({ page, console: app }) => {
  const name = `订单服务 e2e-${Date.now().toString(36)}`;
  await app.login(OPERATOR.user, OPERATOR.password);
  await app.openMenu(/服务治理/, /应用凭证/);

  await page.getByRole('button', { name: btn('新增') }).click();
  const form = dialog(page, '新建应用凭证');
  await expect(form).toBeVisible();
  await form.getByLabel('名称').fill(name);
  await expect(form.getByRole('checkbox', { name: /读取配置/ })).toBeChecked();
  await form.getByRole('checkbox', { name: /服务发现/ }).check();
  await form.getByRole('combobox', { name: '命名空间' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'public' }).first().click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: btn('保存') }).click();

  const shown = dialog(page, '凭证已创建，请立即保存密钥');
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('密钥只显示这一次');
  const accessKey = (await shown.getByTestId('credential-access-key').textContent())!.trim();
  const secret = (await shown.getByTestId('credential-secret').textContent())!.trim();
  expect(accessKey).toMatch(/^BK[0-9A-F]{24}$/);
  expect(secret).toMatch(/^bcs_/);
  await expect(shown.getByRole('button', { name: /复制密钥/ })).toBeVisible();

  // the secret signs a call of the open API
  const client = new AppClient({ baseUrl: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18765', accessKey, secret, lang: 'zh' });
  expect((await client.getConfig({ dataId: 'demo-service.yaml' }))?.type).toBe('yaml');

  await shown.getByRole('button', { name: /我已保存密钥/ }).click();
  await expect(shown).toBeHidden();
  const row = page.locator('.ant-table-row').filter({ hasText: name });
  await expect(row).toContainText(accessKey);
  await expect(row).toContainText('已启用');
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  // …nor after a reload: the server never answers it again
  await page.reload();
  await expect(row).toContainText(accessKey, { timeout: 30_000 }); // the page's chunks load again after a reload
  expect(await page.content()).not.toContain(secret);

  // revoking asks first; cancelling keeps it
  await row.getByRole('button', { name: /吊\s*销/ }).click();
  const ask = dialog(page, '确定吊销该凭证吗？');
  await expect(ask).toContainText(accessKey);
  await ask.getByRole('button', { name: btn('取消') }).click();
  await expect(row).toContainText('已启用');
  await row.getByRole('button', { name: /吊\s*销/ }).click();
  await dialog(page, '确定吊销该凭证吗？').getByRole('button', { name: btn('吊销') }).click();
  await expect(toast(page, '凭证已吊销')).toBeVisible();
  await expect(row).toContainText('已吊销');
  await expect(row.getByRole('button', { name: /吊\s*销/ })).toHaveCount(0);

  const refused = await client.getConfig({ dataId: 'demo-service.yaml' }).then(() => null, (e: unknown) => e);
  expect(refused).toBeInstanceOf(AppApiError);
  expect((refused as AppApiError).status).toBe(401);
  expect((refused as AppApiError).message).toContain('已吊销');
});
