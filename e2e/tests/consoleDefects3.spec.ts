import type { Browser, Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin } from '../api';
import { btn, row, toast } from '../ui';
import { openPage } from '../sweep';

/**
 * Issue 28's leftovers, in Chromium on a desktop and at 390×844, in English and Chinese:
 * 1. the role and organ pickers search by the name the operator reads (a seeded role shows translated);
 * 2. the Forms list's Publish asks the designer's question, which lists the texts lacking a translation;
 * 3. on a phone the Done / Started / Copied-to-me lists are cards: a tap opens the request, paging works.
 * Each test makes its own data through the API and finds it by its own unique names.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const STAFF = { user: 'staff', password: 'Staff@2026' };
const LEAD = { user: 'deptlead', password: 'Lead@2026' };
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';
const tag = () => Date.now().toString(36).slice(-5).toUpperCase() + Math.random().toString(36).slice(2, 4).toUpperCase();
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible').getByText(text).first();

/** a context in a language (the console reads the `language` cookie), on a phone or a desktop, signed in */
async function signedIn(browser: Browser, who: { user: string; password: string }, lang: 'en' | 'zh', phone: boolean) {
  const context = await browser.newContext({ ...(phone ? PHONE : DESKTOP), locale: lang === 'zh' ? 'zh-CN' : 'en-US', reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'language', value: lang, url: process.env.E2E_BASE_URL! }]);
  const page = await context.newPage();
  await new ConsoleApp(page).fillLogin(who.user, who.password);
  await page.locator('#main[aria-busy="false"]').waitFor({ timeout: 60_000 });
  return { context, page };
}

/** the document is no wider than the screen */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const VARIANTS = [{ lang: 'en', phone: false }, { lang: 'zh', phone: true }] as const;

for (const { lang, phone } of VARIANTS) {
  const where = `${lang}, ${phone ? '390 px' : 'desktop'}`;
  const en = lang === 'en';

  test(`pickers find a seeded role and a deep organ by the name shown (${where})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await signedIn(browser, ADMIN, lang, phone);
    // the portal's assignment: the role picker
    await openPage(page, 'cportal/portal');
    await page.getByRole('button', { name: btn(en ? 'New assignment' : '新建分配') }).click();
    const dlg = page.getByRole('dialog').filter({ hasText: en ? 'New assignment' : '新建分配' });
    await dlg.getByRole('combobox', { name: en ? 'Roles' : '角色' }).click();
    const answered = page.waitForResponse((r) => r.url().includes('/api/portal/scopes') && r.url().includes('keyword=') && !r.url().endsWith('keyword='));
    await page.keyboard.type(en ? 'workflow user' : '流程用户');
    await answered;
    await expect(option(page, en ? 'Workflow user (BPM_USER)' : '流程用户 (BPM_USER)')).toBeVisible();
    await page.screenshot({ path: `${shots}/h5-role-picker-${lang}${phone ? '-phone' : ''}.png` });
    await option(page, en ? 'Workflow user (BPM_USER)' : '流程用户 (BPM_USER)').click();
    await expect(dlg.locator('.ant-select-selection-item')).toContainText([en ? 'Workflow user (BPM_USER)' : '流程用户 (BPM_USER)']);
    await dlg.getByRole('button', { name: btn(en ? 'Cancel' : '取消') }).click();
    await expect(dlg).toBeHidden();

    // a process's permissions: the organ tree picker finds an organ in a branch not opened yet
    await openPage(page, 'bpm/permission');
    await page.getByLabel(en ? 'Keyword' : '关键字').fill('purchaseRequest');
    await page.getByRole('button', { name: btn(en ? 'Search' : '查询') }).click();
    await row(page, 'purchaseRequest').getByRole('button', { name: btn(en ? 'Edit' : '设置') }).click();
    const perm = page.locator('.ant-modal-wrap:visible .ant-modal').last();
    await expect(perm).toBeVisible();
    const everyone = perm.getByRole('switch').first();
    if (await everyone.isChecked()) await everyone.click();
    await perm.locator('.ant-select').filter({ hasText: en ? 'Pick organs' : '请选择机构' }).first().click();
    const searched = page.waitForResponse((r) => /\/api\/organ\/views\/\d+\/search\?/.test(r.url()));
    await page.keyboard.type(en ? 'qualified' : '质量受权');
    expect((await searched).status()).toBe(200);
    const found = page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: en ? 'Qualified person（Position）' : '质量受权人（岗位）' });
    await expect(found).toBeVisible();
    await page.screenshot({ path: `${shots}/h5-organ-picker-${lang}${phone ? '-phone' : ''}.png` });
    await found.click();
    await expect(perm.locator('.ant-select-selection-item').filter({ hasText: en ? 'Qualified person' : '质量受权人' })).toBeVisible();
    await perm.getByRole('button', { name: btn(en ? 'Cancel' : '取消') }).click();
    expect(await pageWidth(page)).toBeLessThanOrEqual(0);
    await context.close();
  });

  test(`the Forms list's Publish lists the untranslated texts as the designer does (${where})`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    const name = `Publish check ${tag()}`;
    await api(request, token, 'POST', '/api/forms', { name, action: 'store', schema: { version: 1, nodes: [
      { kind: 'field', id: 'f1', key: 'applicant', type: 'text', label: { zh: '申请人', en: 'Applicant', es: 'Solicitante', ja: '申請者' } },
      { kind: 'field', id: 'f2', key: 'reason', type: 'text', label: { zh: '事由', en: 'Reason' } },
    ] } });
    const { context, page } = await signedIn(browser, ADMIN, lang, phone);
    await openPage(page, 'cform/list');
    const line = row(page, name);
    await expect(line).toBeVisible();
    await line.getByRole('button', { name: btn(en ? 'Publish' : '发布') }).click();
    const warning = page.getByTestId('publish-untranslated');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(en ? 'Reason (reason): missing in Spanish and Japanese' : '事由 (reason): 缺少西班牙文和日文');
    await expect(warning).not.toContainText(en ? 'Applicant' : '申请人');
    const question = page.locator('.ant-modal-confirm').filter({ has: warning });
    await expect(question).toContainText(en ? `Publish "${name}"?` : `确定发布“${name}”吗？`);
    await page.screenshot({ path: `${shots}/h5-list-publish-${lang}${phone ? '-phone' : ''}.png` });
    const published = page.waitForResponse((r) => /\/api\/forms\/\d+\/publish$/.test(r.url()));
    await question.getByRole('button', { name: en ? 'OK' : /确\s*定/ }).click();
    expect((await (await published).json()).code).toBe(200);
    await expect(toast(page, en ? 'Published as version 1' : '已发布为第 1 版')).toBeVisible();
    await context.close();
  });
}

test.describe('the workflow lists on a phone', () => {
  for (const lang of ['zh', 'en'] as const) {
    test(`Done, Started and Copied to me are cards; a tap opens the request; paging works (${lang})`, async ({ browser, request }) => {
      test.setTimeout(300_000);
      const en = lang === 'en';
      const prefix = `CG-H5${lang.toUpperCase()}-${tag()}`;
      const staff = await apiLogin(request, STAFF.user, STAFF.password);
      const lead = await apiLogin(request, LEAD.user, LEAD.password);
      const startable = await api<{ definitionId: number; key: string }[]>(request, staff, 'GET', '/api/workflow/tasks/startable?keyword=purchaseRequest');
      const def = startable.find((d) => d.key === 'purchaseRequest')!;
      // eleven requests by staff: two pages of cards under one search
      for (let i = 1; i <= 11; i++) {
        await api(request, staff, 'POST', `/api/workflow/definitions/${def.definitionId}/start`, {
          businessKey: `${prefix}-${String(i).padStart(2, '0')}`, form: { item: '离心机', quantity: 1, unitPrice: 1000 * i, amount: 1000 * i, reason: '提取工艺研究' },
        });
      }
      // the department head copies the first one to staff, then turns it down
      const [me] = (await api<{ id: number; userId: string }[]>(request, lead, 'GET', `/api/workflow/tasks/users?keyword=${STAFF.user}`)).filter((u) => u.userId === STAFF.user);
      const todo = await api<{ records: { id: number; businessKey: string }[] }>(request, lead, 'GET', `/api/workflow/tasks/todo?limit=50&keyword=${encodeURIComponent(`${prefix}-01`)}`);
      const task = todo.records.find((r) => r.businessKey === `${prefix}-01`)!;
      await api(request, lead, 'POST', `/api/workflow/tasks/${task.id}/cc`, { userIds: [me.id], comment: '请知悉' });
      await api(request, lead, 'POST', `/api/workflow/tasks/${task.id}/reject`, { comment: '预算不足' });

      // ---- staff: started by me, eleven under the search, as cards over two pages ----
      const s = await signedIn(browser, STAFF, lang, true);
      await openPage(s.page, 'bpm/task/done');
      const search = async (page: Page, keyword: string) => {
        const box = page.getByRole('searchbox', { name: en ? 'Process, task or business key' : '流程、任务或业务编号' });
        await box.fill(keyword);
        await box.press('Enter');
      };
      // copied to me: unread until the request is opened
      await s.page.getByRole('tab', { name: en ? 'Copied to me' : '抄送我的' }).click();
      await search(s.page, prefix);
      const cards = s.page.getByTestId('task-card');
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText(`${prefix}-01`);
      await expect(cards.first()).toContainText('请知悉');
      await expect(cards.first()).toContainText(en ? 'Unread' : '未读');
      expect(await pageWidth(s.page)).toBeLessThanOrEqual(0);
      await s.page.screenshot({ path: `${shots}/h5-cc-cards-${lang}.png` });
      await cards.first().tap();
      const copied = s.page.getByRole('dialog').filter({ hasText: `${prefix}-01` });
      await expect(copied).toBeVisible({ timeout: 30_000 });
      await s.page.keyboard.press('Escape');
      await expect(copied).toBeHidden();

      await s.page.getByRole('tab', { name: en ? 'Started by me' : '我发起的' }).click();
      await search(s.page, prefix);
      await expect(cards).toHaveCount(10);
      await expect(s.page.locator('#main .ant-table')).toHaveCount(0);
      expect(await pageWidth(s.page)).toBeLessThanOrEqual(0);
      await s.page.screenshot({ path: `${shots}/h5-started-cards-${lang}.png` });
      await s.page.locator('.ant-pagination-next').click();
      await expect(cards).toHaveCount(1);
      // the first request (turned down) is alone on the second page: newest first
      await expect(cards.first()).toContainText(`${prefix}-01`);
      await expect(cards.first()).toContainText(en ? 'Terminated' : '已终止');
      await cards.first().tap();
      const detail = s.page.getByRole('dialog').filter({ hasText: `${prefix}-01` });
      await expect(detail).toBeVisible({ timeout: 30_000 });
      await s.page.screenshot({ path: `${shots}/h5-started-detail-${lang}.png` });
      await s.page.keyboard.press('Escape');
      await expect(detail).toBeHidden();

      await s.context.close();

      // ---- the department head: done by me ----
      const l = await signedIn(browser, LEAD, lang, true);
      await openPage(l.page, 'bpm/task/done');
      await search(l.page, prefix);
      const done = l.page.getByTestId('task-card');
      await expect(done).toHaveCount(1);
      await expect(done.first()).toContainText(`${prefix}-01`);
      await expect(done.first()).toContainText(en ? 'Rejected' : '驳回');
      expect(await pageWidth(l.page)).toBeLessThanOrEqual(0);
      await l.page.screenshot({ path: `${shots}/h5-done-cards-${lang}.png` });
      await done.first().tap();
      await expect(l.page.getByRole('dialog').filter({ hasText: `${prefix}-01` })).toBeVisible({ timeout: 30_000 });
      await l.page.screenshot({ path: `${shots}/h5-done-detail-${lang}.png` });
      await l.context.close();

      // ---- on a desktop the same list stays a table ----
      const d = await signedIn(browser, LEAD, lang, false);
      await openPage(d.page, 'bpm/task/done');
      await search(d.page, prefix);
      await expect(d.page.locator('#main .ant-table-row').filter({ hasText: `${prefix}-01` })).toBeVisible();
      await expect(d.page.getByTestId('task-card')).toHaveCount(0);
      await d.context.close();
    });
  }
});
