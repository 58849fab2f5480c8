import { test, expect } from '../fixtures';
import type { Locator, Page } from '@playwright/test';
import { api, apiLogin } from '../api';
import { openApiClient } from '../openApi';
import { btn, dialog, row } from '../ui';

/**
 * Service governance as an operator uses it (zh-CN console): a route is written, refused on the line
 * of its bad predicate, fixed, released (the gateway port serves it), cancelled, batch-released and
 * deleted with the extra confirmation; a config is published, edited, compared with its history side
 * by side and rolled back; an instance is taken offline after the explanation. Texts: SPEC §8.
 */

const OPERATOR = { user: 'operator', password: 'Ops@2026x' };
const base = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18765');
/** the gateway listens on GATEWAY_PORT: the console's port + 1 in the e2e set-up */
const GATEWAY = process.env.E2E_GATEWAY_URL ?? `${base.protocol}//${base.hostname}:${Number(base.port) + 1}`;
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
async function confirmIn(box: Locator) {
  await box.getByRole('button', { name: btn('确定') }).click();
}

test.describe('service governance', () => {
  test('gateway routes: line error, release takes effect, cancel, batch release needs a selection, a released route asks twice before delete', async ({ page, request, console: app }) => {
    test.setTimeout(120_000); // a long flow of a dozen screens, like the alarm flow below
    const id = `e2e-${Date.now().toString(36)}`;
    await app.login(OPERATOR.user, OPERATOR.password);
    await app.openMenu(/服务治理/, /网关路由/);
    await expect(page.getByRole('button', { name: /批量发布/ })).toBeVisible();

    // a new route with a bad predicate: refused with the line and the reason, under the field
    await page.getByRole('button', { name: btn('新增') }).click();
    const form = dialog(page, '新增路由');
    await expect(form).toBeVisible();
    await form.getByLabel('路由ID').fill(id);
    await form.getByLabel('路由名称').fill('端到端测试路由');
    await form.getByLabel('URI').fill(base.origin);
    await form.getByLabel('断言').fill(`Path=/${id}/**\nWeekday=Monday`);
    await form.getByLabel('过滤器').fill('SetPath=/api/health');
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(form.getByText(/第 2 行.*Weekday/)).toBeVisible();
    await page.screenshot({ path: `${shots}/gw-route-form-error.png` });
    await form.getByLabel('断言').fill(`Path=/${id}/**\nMethod=GET`);
    await expect(form.getByText(/第 2 行/)).toHaveCount(0);
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '创建成功')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row(page, id)).toContainText('未发布');

    // the same route ID again: SPEC §8 "route ID already exists"
    await page.getByRole('button', { name: btn('新增') }).click();
    const dup = dialog(page, '新增路由');
    await dup.getByLabel('路由ID').fill(id);
    await dup.getByLabel('路由名称').fill('重复');
    await dup.getByLabel('URI').fill('lb://demo-service');
    await dup.getByRole('button', { name: btn('保存') }).click();
    await expect(dup.getByText('创建失败：路由ID已存在')).toBeVisible();
    await dup.getByRole('button', { name: btn('取消') }).click();

    // not released: the gateway does not know it
    expect((await request.get(`${GATEWAY}/${id}/x`)).status()).toBe(404);

    // release (default confirmation), the gateway serves it within a second
    await row(page, id).getByRole('button', { name: /发\s*布/ }).click();
    const warn = dialog(page, '警告');
    await expect(warn).toContainText('确定执行此操作吗？');
    await confirmIn(warn);
    await expect(toast(page, '发布成功')).toBeVisible();
    await expect(row(page, id)).toContainText('已发布');
    await expect.poll(async () => (await request.get(`${GATEWAY}/${id}/x`)).status(), { timeout: 3000 }).toBe(200);
    await page.screenshot({ path: `${shots}/gw-routes.png` });

    // cancel release
    await row(page, id).getByRole('button', { name: /取消发布/ }).click();
    await confirmIn(dialog(page, '警告'));
    await expect(toast(page, '取消发布成功')).toBeVisible();
    await expect(row(page, id)).toContainText('未发布');
    await expect.poll(async () => (await request.get(`${GATEWAY}/${id}/x`)).status(), { timeout: 3000 }).toBe(404);

    // batch release: nothing selected → "select routes to publish first"; selected → released
    await page.getByRole('button', { name: /批量发布/ }).click();
    await expect(toast(page, '请先选择要发布的路由')).toBeVisible();
    await row(page, id).getByRole('checkbox').check();
    await page.getByRole('button', { name: /批量发布/ }).click();
    await confirmIn(dialog(page, '警告'));
    await expect(toast(page, '发布成功')).toBeVisible();
    await expect(row(page, id)).toContainText('已发布');

    // deleting a released route asks a second time, saying it is serving traffic
    await row(page, id).getByRole('button', { name: /删\s*除/ }).click();
    const first = dialog(page, '确认删除');
    await expect(first).toContainText('确认删除吗？');
    await confirmIn(first);
    const second = dialog(page, '删除已发布的路由');
    await expect(second).toContainText(`路由 ${id} 已发布，正在承载流量`);
    await page.screenshot({ path: `${shots}/gw-route-delete-released.png` });
    await second.getByRole('button', { name: btn('删除') }).click();
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(page.locator('.ant-table-row').filter({ hasText: id })).toHaveCount(0);
    await expect.poll(async () => (await request.get(`${GATEWAY}/${id}/x`)).status(), { timeout: 3000 }).toBe(404);
  });

  test('configs: publish, edit, compare two versions side by side, roll back', async ({ page, request, console: app }) => {
    const dataId = `e2e-${Date.now().toString(36)}.properties`;
    await app.login(OPERATOR.user, OPERATOR.password);
    await app.openMenu(/服务治理/, /配置管理/);

    await page.getByRole('button', { name: btn('新增') }).click();
    const form = dialog(page, '发布配置');
    await form.getByLabel('Data ID').fill(dataId);
    await form.getByLabel('归属应用').fill('e2e-app');
    await form.getByLabel('配置内容').fill('greeting=hello\nlevel=1\n');
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '创建成功')).toBeVisible();
    await expect(row(page, dataId)).toBeVisible();

    await row(page, dataId).getByRole('button', { name: /编\s*辑/ }).click();
    const edit = dialog(page, '编辑配置');
    // the code editor shows the stored content line by line
    await expect(edit.locator('.cm-content .cm-line')).toHaveText(['greeting=hello', 'level=1', '']);
    await edit.getByLabel('配置内容').fill('greeting=hello world\nlevel=2\nfeature=on\n');
    await edit.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '更新成功')).toBeVisible();
    const openApi = await openApiClient(request, await apiLogin(request, OPERATOR.user, OPERATOR.password), ['config:read']);
    const read = async () => (await openApi.getConfig({ dataId }))?.content;
    expect(await read()).toBe('greeting=hello world\nlevel=2\nfeature=on\n');

    // the application that read it is listed among the config's listeners
    await row(page, dataId).getByRole('button', { name: /监听者/ }).click();
    const listeners = page.locator('.ant-drawer').filter({ hasText: `读取 ${dataId}（DEFAULT_GROUP）的应用` });
    await expect(listeners.locator('.ant-table-row')).toHaveCount(1);
    await expect(listeners.locator('.ant-table-row')).toContainText('活跃');
    await listeners.getByRole('button', { name: 'Close' }).or(listeners.locator('.ant-drawer-close')).first().click();
    await expect(listeners).toBeHidden();

    await row(page, dataId).getByRole('button', { name: /历史版本/ }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: `${dataId}（DEFAULT_GROUP）的历史版本` });
    await expect(drawer).toBeVisible();
    const history = drawer.locator('.ant-table-row');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText('更新');
    await expect(history.nth(1)).toContainText('发布');

    // the update kept the content before it: compared with the current content, side by side
    await history.nth(0).getByRole('button', { name: /对\s*比/ }).click();
    const cmp = dialog(page, '版本对比');
    await expect(cmp).toContainText('左侧：历史记录保存的内容；右侧：当前内容。');
    const lines = cmp.locator('tbody tr');
    await expect(lines.filter({ hasText: 'level=1' }).filter({ hasText: 'level=2' })).toHaveCount(1); // the changed line, next to its replacement
    await expect(lines.filter({ hasText: 'feature=on' })).toHaveCount(1);
    await page.screenshot({ path: `${shots}/gw-config-compare.png` });
    await cmp.locator('.ant-modal-close').click();

    // two records ticked: compared with each other
    await drawer.getByRole('button', { name: /对比所选版本/ }).click();
    await expect(toast(page, '请选择两个版本进行对比')).toBeVisible();
    await history.nth(0).getByRole('checkbox').check();
    await history.nth(1).getByRole('checkbox').check();
    await drawer.getByRole('button', { name: /对比所选版本/ }).click();
    const two = dialog(page, '版本对比');
    await expect(two).toContainText('左侧：较早的记录；右侧：较新的记录。');
    await expect(two.locator('tbody tr').filter({ hasText: 'greeting=hello' })).toHaveCount(1);
    await two.locator('.ant-modal-close').click();

    // roll back the update: the content before it is published again
    await history.nth(0).getByRole('button', { name: /回\s*滚/ }).click();
    const warn = dialog(page, '警告');
    await expect(warn).toContainText('将重新发布这次变更之前的内容（左侧）');
    await confirmIn(warn);
    await expect(toast(page, '回滚成功')).toBeVisible();
    expect(await read()).toBe('greeting=hello\nlevel=1\n');
    await expect(history).toHaveCount(3);
  });

  test('services: taking an instance offline is confirmed and explained', async ({ page, request, console: app }) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    // the application runs on this machine: applications may register loopback only when the outbound allow-list names it
    await api(request, await apiLogin(request, 'admin', 'Bencao@2026'), 'PUT', '/api/security/outbound', { allowHosts: ['127.0.0.1'] });
    const openApi = await openApiClient(request, await apiLogin(request, OPERATOR.user, OPERATOR.password));
    const reg = await openApi.register({ serviceName: 'demo-service', ip: '127.0.0.1', port });
    expect(reg.port).toBe(port);
    // heartbeats as a live application sends them: without one for 30 s the instance is removed
    const beats = setInterval(() => { void openApi.beat({ serviceName: 'demo-service', ip: '127.0.0.1', port }).catch(() => undefined); }, 4000);
    try {
      await app.login(OPERATOR.user, OPERATOR.password);
      await app.openMenu(/服务治理/, /服务管理/);
      await row(page, 'demo-service').getByRole('button', { name: /实\s*例/ }).click();
      const drawer = page.locator('.ant-drawer').filter({ hasText: 'demo-service 的实例' });
      await expect(drawer).toBeVisible();
      await expect(drawer).toContainText('下线后实例仍保持注册');
      const inst = drawer.locator('.ant-table-row').filter({ hasText: String(port) });
      await expect(inst).toContainText('已上线');
      await inst.getByRole('button', { name: /下\s*线/ }).click();
      const ask = dialog(page, `确定将 127.0.0.1:${port} 下线吗？`);
      await expect(ask).toContainText('下线后实例仍保持注册（心跳照常），但网关和服务发现不会再把流量分配给它，直到重新上线。');
      await page.screenshot({ path: `${shots}/gw-instance-offline.png` });
      await ask.getByRole('button', { name: btn('下线') }).click();
      await expect(inst).toContainText('已下线');
      // still registered, but no traffic: discovery leaves it out
      const found = await openApi.instances('demo-service');
      expect(found.instances.map((i) => i.port)).not.toContain(port);
      await inst.getByRole('button', { name: /上\s*线/ }).click();
      await expect(inst).toContainText('已上线');

      // metadata edited in place, checked by the shared schema
      await inst.getByRole('button', { name: `127.0.0.1:${port} 的元数据` }).click();
      const meta = dialog(page, `127.0.0.1:${port} 的元数据`);
      await meta.getByLabel('元数据').fill('zone=sh-1\nversion=2.3');
      await meta.getByRole('button', { name: btn('保存') }).click();
      await expect(meta).toBeHidden();
      await expect(inst).toContainText('zone=sh-1');
      await expect(inst).toContainText('version=2.3');

      // the application that read the instances is listed among the subscribers
      await drawer.getByRole('tab', { name: '订阅者' }).click();
      const sub = drawer.getByRole('tabpanel', { name: '订阅者' });
      await expect(sub).toContainText('最近 24 小时内通过应用接口读取本服务实例的应用');
      await expect(sub.locator('.ant-table-row').first()).toContainText('e2e ');
      await expect(sub.locator('.ant-table-row').first()).toContainText('活跃');
      await page.screenshot({ path: `${shots}/gw-service-subscribers.png` });
    } finally {
      clearInterval(beats);
    }
    await openApi.deregister({ serviceName: 'demo-service', ip: '127.0.0.1', port });
  });

  test('alarm rules: the expression is explained and checked on save; traffic through the gateway makes it fire, listed in the history', async ({ page, request, console: app }) => {
    test.setTimeout(120_000);
    const id = `e2e-alarm-${Date.now().toString(36)}`;
    const name = `流量告警 ${id}`;
    // a released route with some traffic through the gateway
    const token = await apiLogin(request, OPERATOR.user, OPERATOR.password);
    const route = await api<{ id: number }>(request, token, 'POST', '/api/gateway/routes', {
      routeId: id, routeName: id, orderNum: 0, uri: base.origin, predicates: `Path=/${id}/**`, filters: 'SetPath=/api/health',
    });
    await api(request, token, 'POST', `/api/gateway/routes/${route.id}/release`, {});
    await expect.poll(async () => (await request.get(`${GATEWAY}/${id}/x`)).status(), { timeout: 3000 }).toBe(200);
    for (let i = 0; i < 4; i++) await request.get(`${GATEWAY}/${id}/x`);

    await app.login(OPERATOR.user, OPERATOR.password);
    await app.openMenu(/服务治理/, /告警规则/);
    await page.getByRole('button', { name: btn('新增') }).click();
    const form = dialog(page, '新增');
    await expect(form).toContainText('blocked_rate');
    await form.getByLabel('名称', { exact: true }).fill(name);
    await form.getByLabel('表达式').fill('requests >= 3 &&');
    await form.getByLabel('摘要', { exact: true }).fill('{{resource}} 最近一分钟 {{requests}} 次请求');
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(form.getByText(/告警表达式无效/)).toBeVisible();
    await page.screenshot({ path: `${shots}/gw-alarm-form.png` });
    await form.getByLabel('表达式').fill(`requests >= 3 && resource == "route:${id}"`);
    await form.getByRole('button', { name: btn('保存') }).click();
    await expect(toast(page, '创建成功')).toBeVisible();
    await expect(row(page, name)).toContainText('requests >= 3');

    // the server evaluates on its timer (ALARM_INTERVAL_SEC); the history shows the alert firing
    await page.getByRole('tab', { name: '告警记录' }).click();
    await expect(page.getByText('所有规则的每一次告警：待定 → 告警中 → 已恢复。每 5 秒刷新一次。')).toBeVisible();
    const alert = page.getByRole('tabpanel', { name: '告警记录' }).locator('.ant-table-row').filter({ hasText: `route:${id}` });
    await expect(alert).toContainText('告警中', { timeout: 45_000 });
    await expect(alert).toContainText(`route:${id} 最近一分钟`);
    await expect(alert).toContainText(name);
    await page.screenshot({ path: `${shots}/gw-alarm-history.png` });

    // the same traffic on the live metrics: the route is offered in the picker and charted once picked
    await app.openMenu(/服务治理/, /网关监控/);
    await expect(page.locator('.ant-table-row:visible').filter({ hasText: `route:${id}` })).toBeVisible();
    await page.getByRole('combobox', { name: '选择要查看的资源（不选则显示流量最大的 8 个）' }).fill(id);
    await page.locator('.ant-select-item-option').filter({ hasText: `route:${id}` }).click();
    await page.keyboard.press('Escape');
    const chart = page.getByTestId(`metrics-chart-route:${id}`);
    await expect(chart.locator('canvas')).toBeVisible();
    await expect(page.locator('[data-testid^="metrics-chart-"]')).toHaveCount(1);
    await page.screenshot({ path: `${shots}/gw-metrics.png` });
  });
});
