import { test, expect } from '../fixtures';
import { api, apiLogin } from '../api';

/**
 * Security › 对外请求 (docs/SECURITY.md, Outbound requests): the allow-list of hosts the server may call
 * although they are not public, edited one per line and checked line by line before it is saved.
 * 127.0.0.1 stays on the list: gateway.spec registers an application's instance there.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };

test('outbound requests: the allow-list is checked line by line, saved and read back', async ({ page, request, console: app }) => {
  await app.login(ADMIN.user, ADMIN.password);
  await app.openMenu(/安全管理/, /对外请求/);
  await expect(page.getByText(/链路本地（云平台元数据）/)).toBeVisible();
  const box = page.getByLabel('允许的主机');
  await box.fill('127.0.0.1\nnot a host!');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('第 2 项：“not a host!”不是有效的主机名、IP 地址或 CIDR 网段')).toBeVisible();

  await box.fill('127.0.0.1\n Hooks.Example.com \n10.20.0.0/16\n');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('保存成功')).toBeVisible();
  const token = await apiLogin(request, ADMIN.user, ADMIN.password);
  expect((await api<{ allowHosts: string[] }>(request, token, 'GET', '/api/security/outbound')).allowHosts).toEqual(['127.0.0.1', 'hooks.example.com', '10.20.0.0/16']);

  // a listener to a private address not on the list is refused with the rule, in the console's language
  const res = await request.fetch('/api/workflow/listeners', {
    method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'zh-CN' },
    data: { name: 'e2e outbound', scope: 'global', events: ['processStart'], kind: 'http', http: { url: 'http://169.254.169.254/latest/meta-data/' } },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).msg).toContain('http.url：169.254.169.254 是链路本地地址');
});
