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

  test('a wrong client IP is shown at the IP field naming the item, from the console\'s own check and from the server\'s 400 (`ips.1`)', async ({ page, request, console: app }) => {
    test.setTimeout(120_000);
    const dataId = `e2e-beta-ip-${Date.now().toString(36)}.properties`;
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    const created = await api<{ id: number }>(request, token, 'POST', '/api/gateway/configs', { namespaceId: 'public', dataId, group: 'DEFAULT_GROUP', type: 'properties', content: 'level=1\n' });

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/服务治理/, /配置管理/);
    await page.getByLabel('Data ID').first().fill(dataId);
    await page.getByRole('button', { name: btn('查询') }).or(page.getByRole('button', { name: btn('搜索') })).first().click();
    await row(page, dataId).getByRole('button', { name: /灰\s*度/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `${dataId}（DEFAULT_GROUP）灰度发布` });
    await expect(drawer.getByText('当前没有灰度发布')).toBeVisible();
    const ips = drawer.getByLabel('客户端 IP');
    const ipsItem = drawer.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: '客户端 IP' }) });
    const ipsError = ipsItem.locator('.ant-form-item-explain-error');

    // the console's own check (the shared schema): the second tag is wrong, and the field says so
    for (const ip of ['10.0.0.1', 'bad-ip']) { await ips.fill(ip); await ips.press('Enter'); }
    await expect(ipsError).toHaveText('第 2 项：“bad-ip”不是有效的 IP 地址');
    await page.screenshot({ path: `${shots}/gw-config-beta-ip-client.png` });
    // Backspace removes the last tag; rc-select ignores it for a moment after a key pressed with text in the box
    // (so that holding it to delete the text does not go on to delete tags): pressed again until it takes
    const badTag = drawer.locator('.ant-select-selection-item', { hasText: 'bad-ip' });
    await expect(async () => {
      await ips.press('Backspace');
      await expect(badTag).toHaveCount(0, { timeout: 500 });
    }).toPass();
    await expect(drawer.locator('.ant-select-selection-item', { hasText: '10.0.0.1' })).toHaveCount(1);
    await ips.fill('10.0.0.9');
    await ips.press('Enter');
    await expect(ipsError).toHaveCount(0);
    await ips.press('Escape');

    // the server's check: what reaches it is changed on the way, so its 400 names `ips.1`
    await page.route('**/api/gateway/configs/*/beta', async (route) => {
      const req = route.request();
      if (req.method() !== 'PUT') return route.continue();
      await route.continue({ postData: (req.postData() ?? '').replace(/(ips(?:\[|%5B)1(?:\]|%5D)=)[^&]*/, '$110.0.0.999') });
    });
    await drawer.getByRole('button', { name: btn('发布灰度') }).click();
    await expect(toast(page, 'ips.1：“10.0.0.999”不是有效的 IP 地址')).toBeVisible();
    await expect(ipsError).toHaveText('第 2 项：“10.0.0.999”不是有效的 IP 地址');
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: `${shots}/gw-config-beta-ip-server.png` });
    expect(await api(request, token, 'GET', `/api/gateway/configs/${created.id}/beta`)).toBeNull();

    // once the request goes through unchanged, the beta is published and the field is clear
    await page.unroute('**/api/gateway/configs/*/beta');
    await drawer.getByRole('button', { name: btn('发布灰度') }).click();
    await expect(toast(page, '灰度发布成功')).toBeVisible();
    await expect(ipsError).toHaveCount(0);
    expect((await api<{ ips: string[] }>(request, token, 'GET', `/api/gateway/configs/${created.id}/beta`)).ips).toEqual(['10.0.0.1', '10.0.0.9']);
  });
});
