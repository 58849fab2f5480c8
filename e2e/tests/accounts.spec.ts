import ExcelJS from 'exceljs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { api, apiLogin } from '../api';

/**
 * Accounts as an operator uses them (issue 16): the organisation tree beside the list filters by an
 * organ and everything below it, batch lock of the selected rows with a result summary, and an Excel
 * import where one bad row stops the whole file and is reported by row and column, and a good file runs as a
 * background job whose progress the dialog shows. Browser in Chinese.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const tag = `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });
const button = (scope: Page | Locator, label: string) => scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...label].join('\\s*')}$`) });

/** company → department A / B, each with a position held by a staff member who has an account */
async function organsWithAccounts(request: APIRequestContext, token: string) {
  const views = await api<{ id: number; code: string }[]>(request, token, 'GET', '/api/organ/view-options');
  const viewId = views.find((v) => v.code === 'admin')!.id;
  const organ = (code: string, typeCode: string, name: string, parentId: number | null) =>
    api<{ id: number }>(request, token, 'POST', '/api/organ/organs', { code, typeCode, name, viewId, parentId });
  const company = await organ(`EC${tag}`, 'company', `端到端公司${tag}`, null);
  const out: Record<string, string> = {};
  for (const part of ['甲', '乙']) {
    const dept = await organ(`ED${part === '甲' ? 'A' : 'B'}${tag}`, 'dept', `${part}部${tag}`, company.id);
    const pos = await organ(`EP${part === '甲' ? 'A' : 'B'}${tag}`, 'position', `${part}岗${tag}`, dept.id);
    const st = await api<{ id: number }>(request, token, 'POST', '/api/organ/staff', { code: `ES${part === '甲' ? 'A' : 'B'}${tag}`, name: `${part}员工`, positionId: pos.id });
    const userId = `e2e_${part === '甲' ? 'a' : 'b'}_${tag}`;
    await api(request, token, 'POST', '/api/security/accounts', { userId, userName: `${part}用户`, password: 'Passw0rd!x', confirmPassword: 'Passw0rd!x', staffId: st.id });
    out[part] = userId;
  }
  return out as { 甲: string; 乙: string };
}

test.describe('accounts', () => {
  test('organisation tree filter, batch lock with a summary, and an import with one bad row', async ({ page, request, console: app }) => {
    test.setTimeout(240_000);
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    const users = await organsWithAccounts(request, token);
    await app.login(ADMIN.user, ADMIN.password);
    await app.open('/opt/security/account');
    await expect(page.getByText('组织机构')).toBeVisible({ timeout: 30_000 });

    // the tree: "all" on top; search, pick department A: only its account is listed
    const tree = page.locator('.ant-tree');
    await expect(tree.getByText('全部机构')).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索机构' }).fill(`甲部${tag}`);
    const listed = page.waitForResponse((r) => r.url().includes('/api/security/accounts?') && r.url().includes('organId='));
    await tree.getByText(`甲部${tag}`).click();
    await listed;
    await expect(row(page, users.甲)).toBeVisible();
    await expect(row(page, users.乙)).toHaveCount(0);
    // the parent company holds both
    await page.getByRole('searchbox', { name: '搜索机构' }).fill(`端到端公司${tag}`);
    await tree.getByText(`端到端公司${tag}`).click();
    await expect(row(page, users.乙)).toBeVisible();
    await expect(row(page, users.甲)).toBeVisible();

    // batch lock of both: confirmation, then what was done
    await row(page, users.甲).getByRole('checkbox').check();
    await row(page, users.乙).getByRole('checkbox').check();
    await button(page, '锁定').click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定锁定选中的 2 个账号吗' });
    await expect(confirm).toBeVisible();
    const locked = page.waitForResponse((r) => r.url().includes('/batch-lock'));
    await button(confirm, '确定').click();
    expect((await locked).status()).toBe(200);
    const summary = page.getByRole('dialog').filter({ hasText: '处理结果' });
    await expect(summary.getByRole('tab', { name: '成功（2）' })).toBeVisible();
    await expect(summary.getByRole('tab', { name: '已拒绝（0）' })).toBeVisible();
    await summary.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
    await expect(row(page, users.甲).getByText('锁定')).toBeVisible();
    await expect(row(page, users.乙).getByText('锁定')).toBeVisible();

    // import: the template from the dialog's own route, filled with a good and a bad row
    const tpl = await request.get('/api/security/accounts/import-template', { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'zh' } });
    expect(tpl.status()).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await tpl.body() as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    sheet.spliceRows(2, 1,
      [`e2e_imp1_${tag}`, '导入一', 'Passw0rd!x', '正常', '13800138000', '', '', '', '', -1],
      [`e2e_imp2_${tag}`, '导入二', 'Passw0rd!x', '正常', '12345', '', '', '', '', -1]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());

    await button(page, '导入').click();
    const dialog = page.getByRole('dialog').filter({ hasText: '导入账号' });
    await expect(dialog.getByRole('button', { name: /下载模板/ })).toBeVisible();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'accounts.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    const imported = page.waitForResponse((r) => r.url().endsWith('/api/security/accounts/import'));
    await button(dialog, '开始导入').click();
    expect((await imported).status()).toBe(200);
    await expect(dialog.getByText('发现 1 处错误，未导入任何数据')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText('已检查 2 / 2 行')).toBeVisible();
    const bad = dialog.locator('.ant-table-row').filter({ hasText: '手机号' });
    await expect(bad).toHaveCount(1);
    await expect(bad.locator('td').first()).toHaveText('3');
    await page.screenshot({ path: test.info().outputPath('accounts-import-zh.png') });
    const report = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /下载错误报告/ }).click();
    expect((await report).suggestedFilename()).toBe('账号导入错误.csv');
    // nothing was imported
    const none = await api<{ total: number }>(request, token, 'GET', `/api/security/accounts?page=1&limit=10&keyword=e2e_imp1_${tag}`);
    expect(none.total).toBe(0);

    // a good file of 100 rows runs as a job: the dialog follows it (rows checked, accounts prepared) to its end
    sheet.spliceRows(2, 2, ...Array.from({ length: 100 }, (_, i) => [`e2e_many${i}_${tag}`, `批量${i}`, 'Passw0rd!x', '正常', '', '', '', '', '', -1]));
    const good = Buffer.from(await wb.xlsx.writeBuffer());
    const seen: { status: string; prepared: number }[] = [];
    page.on('response', async (r) => {
      if (/\/api\/security\/accounts\/imports\/\d+$/.test(r.url())) seen.push((await r.json()).data);
    });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'accounts.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good });
    await button(dialog, '开始导入').click();
    const progress = dialog.getByTestId('import-progress');
    await expect(progress.getByText(/已准备 \d+ \/ 100 个账号/)).toBeVisible();
    await expect(progress.getByText('已检查 100 / 100 行')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('accounts-import-progress-zh.png') });
    await expect(dialog.locator('.ant-alert-success').getByText('已导入 100 个账号')).toBeVisible({ timeout: 90_000 });
    await expect(progress.getByText('已准备 100 / 100 个账号')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('accounts-import-done-zh.png') });
    // progress was shown while the accounts were being prepared, before any was saved
    expect(seen.some((j) => j.status === 'preparing' && j.prepared < 100)).toBe(true);
    const all = await api<{ total: number }>(request, token, 'GET', `/api/security/accounts?page=1&limit=10&keyword=e2e_many`);
    expect(all.total).toBeGreaterThanOrEqual(100);
  });
});
