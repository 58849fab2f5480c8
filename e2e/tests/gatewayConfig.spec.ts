import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { api, apiLogin } from '../api';
import { openApiClient } from '../openApi';
import { btn, dialog, toast, row } from '../ui';

/**
 * Config centre operations as an operator uses them (zh-CN console, issue 16): clone selected configs
 * to another namespace with a conflict policy and read the summary; publish a beta to a listener's IP,
 * see the "灰度" tag and the application read the beta, then publish the beta as the release.
 */

const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';

test.describe('config centre operations', () => {
  test('clone selected configs to another namespace: abort names the conflict, skip reports what it did', async ({ page, request, console: app }) => {
    test.setTimeout(120_000); // a dozen steps on a machine shared by several servers
    const id = Date.now().toString(36);
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    const target = `e2e-clone-${id}`;
    await api(request, token, 'POST', '/api/gateway/namespaces', { namespaceId: target, showName: `克隆目标${id}` });
    for (const d of ['a', 'b']) {
      await api(request, token, 'POST', '/api/gateway/configs', { namespaceId: 'public', dataId: `e2e-clone-${id}-${d}.yaml`, group: 'DEFAULT_GROUP', type: 'yaml', content: `${d}: 1\n` });
    }
    await api(request, token, 'POST', '/api/gateway/configs', { namespaceId: target, dataId: `e2e-clone-${id}-b.yaml`, group: 'DEFAULT_GROUP', type: 'yaml', content: 'b: 2\n' });

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/服务治理/, /配置管理/);
    await page.getByLabel('Data ID').first().fill(`e2e-clone-${id}`);
    await page.getByRole('button', { name: btn('查询') }).or(page.getByRole('button', { name: btn('搜索') })).first().click();
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    for (const d of ['a', 'b']) await row(page, `e2e-clone-${id}-${d}.yaml`).locator('.ant-checkbox-input').check();

    await page.getByRole('button', { name: btn('克隆') }).click();
    const box = dialog(page, '将 2 个配置克隆到其他命名空间');
    await expect(box).toBeVisible();
    await box.getByLabel('目标命名空间').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: target }).click();
    await expect(box.getByLabel('终止，不做任何修改')).toBeChecked();
    await page.screenshot({ path: `${shots}/gw-config-clone.png` });
    await box.getByRole('button', { name: btn('克隆') }).click();
    await expect(toast(page, /已存在.*e2e-clone-.*-b\.yaml/)).toBeVisible();
    await expect(box).toBeVisible();

    await box.getByLabel('跳过').check();
    await box.getByRole('button', { name: btn('克隆') }).click();
    await expect(page.getByTestId('config-ops-summary')).toHaveText('克隆 1 个，跳过 1 个，覆盖 0 个');
    await page.screenshot({ path: `${shots}/gw-config-clone-summary.png` });
    const inTarget = await api<{ records: { dataId: string }[] }>(request, token, 'GET', `/api/gateway/configs?namespaceId=${target}&limit=50`);
    expect(inTarget.records.map((r) => r.dataId).sort()).toEqual([`e2e-clone-${id}-a.yaml`, `e2e-clone-${id}-b.yaml`]);
  });

  test('beta publish to a listener\'s IP, shown as "灰度", read by that application only, then published as the release', async ({ page, request, console: app }) => {
    test.setTimeout(120_000);
    const dataId = `e2e-beta-${Date.now().toString(36)}.properties`;
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    await api(request, token, 'POST', '/api/gateway/configs', { namespaceId: 'public', dataId, group: 'DEFAULT_GROUP', type: 'properties', content: 'level=1\n' });
    // the application reads from 127.0.0.1: it is listed among the listeners and offered as an IP
    const client = await openApiClient(request, token, ['config:read']);
    expect((await client.getConfig({ dataId }))?.content).toBe('level=1\n');

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/服务治理/, /配置管理/);
    await page.getByLabel('Data ID').first().fill(dataId);
    await page.getByRole('button', { name: btn('查询') }).or(page.getByRole('button', { name: btn('搜索') })).first().click();
    await row(page, dataId).getByRole('button', { name: /灰\s*度/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `${dataId}（DEFAULT_GROUP）灰度发布` });
    await expect(drawer.getByText('当前没有灰度发布')).toBeVisible();
    await drawer.getByLabel('客户端 IP').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option').filter({ hasText: '127.0.0.1' }).click();
    await drawer.getByLabel('灰度内容').fill('level=2\n');
    await drawer.getByRole('button', { name: btn('发布灰度') }).click();
    await expect(toast(page, '灰度发布成功')).toBeVisible();
    await expect(drawer.getByText('正在对 127.0.0.1 灰度')).toBeVisible();
    await page.screenshot({ path: `${shots}/gw-config-beta.png` });
    expect((await client.getConfig({ dataId }))?.content).toBe('level=2\n');
    await drawer.locator('.ant-drawer-close').click();
    await expect(row(page, dataId).locator('.ant-tag').filter({ hasText: '灰度' })).toBeVisible();
    await page.screenshot({ path: `${shots}/gw-config-beta-tag.png` });

    await row(page, dataId).getByRole('button', { name: /灰\s*度/ }).click();
    await drawer.getByRole('button', { name: btn('灰度转正式发布') }).click();
    await dialog(page, '确定将灰度内容发布给所有客户端').getByRole('button', { name: btn('确定') }).click();
    await expect(toast(page, '灰度内容已正式发布')).toBeVisible();
    await expect(row(page, dataId).locator('.ant-tag').filter({ hasText: '灰度' })).toHaveCount(0);
    const cfg = await api<{ records: { id: number }[] }>(request, token, 'GET', `/api/gateway/configs?namespaceId=public&dataId=${dataId}`);
    expect((await api<{ content: string }>(request, token, 'GET', `/api/gateway/configs/${cfg.records[0].id}`)).content).toBe('level=2\n');
  });
});
