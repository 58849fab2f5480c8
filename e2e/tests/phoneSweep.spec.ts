import type { Browser, Page } from '@playwright/test';
import { test, expect, ConsoleApp } from '../fixtures';
import { api, apiLogin } from '../api';
import { btn, signApproval, toast } from '../ui';
import { menuLeaves, openPage } from '../sweep';

/**
 * The console on a phone (issue 28 items 1 and 6, issue 26 item 8). At 390×844 every menu entry in en, zh,
 * es and ja: the document is never wider than the screen and no visible control lies out of reach; the menu
 * is a drawer; a dialog is a full-screen sheet; the to-do is a list of cards, and a tap on one opens the
 * task, approved with a signature from the bar at the bottom. On a desktop, the sidebar's group labels end
 * before their expand arrow.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp';
const LANGS = [
  { lang: 'en', locale: 'en-US', openMenu: 'Open the menu' },
  { lang: 'zh', locale: 'zh-CN', openMenu: '打开菜单' },
  { lang: 'es', locale: 'es-ES', openMenu: 'Abrir el menú' },
  { lang: 'ja', locale: 'ja-JP', openMenu: 'メニューを開く' },
] as const;

/** a context at phone size in a language (the console reads the `language` cookie), logged in as `who` */
async function phoneAs(browser: Browser, who: { user: string; password: string }, lang: string, locale: string) {
  const context = await browser.newContext({ ...PHONE, locale, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'language', value: lang, url: process.env.E2E_BASE_URL! }]);
  const page = await context.newPage();
  await new ConsoleApp(page).fillLogin(who.user, who.password);
  // the first login of a context downloads the shell: more time on a busy machine
  await page.locator('#main[aria-busy="false"]').waitFor({ timeout: 60_000 });
  return { context, page };
}

/**
 * What is wrong with the page as shown, measured in one pass: a document wider than the screen, and each
 * visible control (button, link, field, tab) whose box lies outside the screen sideways without a scrolling
 * or clipping box of its own inside the screen (a table's columns scroll inside the table: in reach).
 */
function layoutProblems(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`document ${doc.scrollWidth} px wide in a ${doc.clientWidth} px screen`);
    const width = window.innerWidth;
    // inside a box that scrolls or clips sideways and itself lies within the screen (a table's scroller, the tabs' bar)
    const contained = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const box = a.getBoundingClientRect();
        if (box.left >= -1 && box.right <= width + 1) return true;
      }
      return false;
    };
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="menuitem"]');
    for (const c of controls) {
      const box = c.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(c);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0 || c.closest('[aria-hidden="true"]')) continue;
      if (box.left >= -1 && box.right <= width + 1) continue;
      if (contained(c)) continue;
      const name = (c.innerText || c.getAttribute('aria-label') || c.getAttribute('title') || c.tagName).trim().slice(0, 40);
      found.push(`control "${name}" at ${Math.round(box.left)}..${Math.round(box.right)} px, outside the ${width} px screen`);
    }
    return found;
  });
}

test.describe('the console on a phone', () => {
  for (const { lang, locale, openMenu } of LANGS) {
    test(`every menu entry fits a 390 px screen in ${lang}`, async ({ browser }) => {
      test.setTimeout(600_000);
      const { context, page } = await phoneAs(browser, ADMIN, lang, locale);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      // the shell: no sidebar beside the page, a menu button in the language of the console
      await expect(page.locator('.app-main .app-sider, .app-layout > .app-sider')).toHaveCount(0);
      await expect(page.getByRole('button', { name: openMenu })).toBeVisible();
      const token = await apiLogin(page.request, ADMIN.user, ADMIN.password);
      const leaves = await menuLeaves(page, token, lang);
      expect(leaves.length).toBeGreaterThan(20);
      const failures: string[] = [];
      for (const leaf of leaves) {
        pageErrors.length = 0;
        await openPage(page, leaf.path!);
        const problems = [...await layoutProblems(page), ...pageErrors.map((e) => `page error: ${e.split('\n')[0]}`)];
        for (const p of problems) console.log(`[phone ${lang}] ${leaf.path} (${leaf.menuName}): ${p}`);
        failures.push(...problems.map((p) => `${leaf.path} (${leaf.menuName}): ${p}`));
      }
      expect(failures, failures.join('\n')).toEqual([]);
      await context.close();
    });
  }

  for (const { lang, locale, openMenu } of [LANGS[1], LANGS[0]]) {
    test(`the menu is a drawer, a list scrolls inside its table, a dialog is a full-screen sheet (${lang})`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { context, page } = await phoneAs(browser, ADMIN, lang, locale);
      await page.screenshot({ path: `${shots}/phone-shell-${lang}.png` });
      const menuButton = page.getByRole('button', { name: openMenu });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      // keyboard: the menu button is reached and pressed without a pointer; Escape closes the drawer
      await menuButton.focus();
      await page.keyboard.press('Enter');
      const drawer = page.locator('#app-nav-drawer');
      await expect(drawer).toBeVisible();
      await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
      await page.screenshot({ path: `${shots}/phone-menu-${lang}.png` });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      // choosing an entry navigates and closes the drawer
      await menuButton.click();
      const group = lang === 'zh' ? '安全管理' : 'Security';
      const entry = lang === 'zh' ? '账号管理' : 'Accounts';
      await drawer.getByRole('menuitem', { name: group }).first().click();
      await drawer.getByRole('menuitem', { name: entry }).first().click();
      await expect(drawer).toBeHidden();
      await page.locator('#main[data-path="/opt/security/account"][aria-busy="false"]').waitFor({ timeout: 30_000 });
      // the breadcrumb is one line: only the page's own name
      const crumb = page.locator('.app-breadcrumb');
      const crumbBox = (await crumb.boundingBox())!;
      expect(crumbBox.height).toBeLessThan(30);
      await expect(crumb.locator('li:visible')).toHaveCount(1);
      // the list: its table scrolls sideways inside itself, the page does not
      const table = page.locator('#main .ant-table-wrapper').first();
      await expect(table.locator('.ant-table-row').first()).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
      const scroller = table.locator('.ant-table-content, .ant-table-body').first();
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await page.screenshot({ path: `${shots}/phone-list-${lang}.png` });
      // a dialog fills the screen, its buttons at the bottom within reach
      await page.getByRole('button', { name: btn(lang === 'zh' ? '新增' : 'New') }).first().click();
      const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
      await expect(dialog).toBeVisible();
      const box = (await dialog.locator('.ant-modal-container').boundingBox())!;
      expect(Math.round(box.x)).toBe(0);
      expect(Math.round(box.width)).toBe(390);
      const save = dialog.locator('.ant-modal-footer .ant-btn-primary');
      const saveBox = (await save.boundingBox())!;
      expect(saveBox.x + saveBox.width).toBeLessThanOrEqual(390);
      expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(844);
      await page.screenshot({ path: `${shots}/phone-dialog-${lang}.png` });
      await context.close();
    });
  }

  test('the to-do is a list of cards; a tap opens the task, approved with a signature from the bottom bar', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const bk = `CG-PHONE-${Date.now().toString(36).slice(-5).toUpperCase()}`;
    // staff starts 采购申请 with its form
    const staff = await apiLogin(request, 'staff', 'Staff@2026');
    const startable = await api<{ definitionId: number; key: string }[]>(request, staff, 'GET', `/api/workflow/tasks/startable?keyword=${encodeURIComponent('采购申请')}`);
    const def = startable.find((d) => d.key === 'purchaseRequest')!;
    await api(request, staff, 'POST', `/api/workflow/definitions/${def.definitionId}/start`, {
      businessKey: bk, form: { item: '高速冷冻离心机', quantity: 2, unitPrice: 48000, amount: 96000, reason: '提取工艺研究需要两台高速冷冻离心机' },
    });

    // deptlead on his phone
    const { context, page } = await phoneAs(browser, { user: 'deptlead', password: 'Lead@2026' }, 'zh', 'zh-CN');
    await openPage(page, 'bpm/task/todo');
    const card = page.getByTestId('todo-card').filter({ hasText: bk });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText('部门负责人审批');
    await expect(card).toContainText('张敏');
    await expect(card.getByTestId('todo-card-amount')).toHaveText(/96,000\.00/);
    await expect(page.locator('#main .ant-table')).toHaveCount(0);
    expect(await layoutProblems(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/phone-inbox-zh.png` });
    await card.tap();
    // the detail fills the screen; its actions are in the bar at the bottom, under the thumb
    const bar = page.getByTestId('tasks-phone-actions');
    const approve = bar.getByRole('button', { name: btn('通过') });
    await expect(approve).toBeVisible({ timeout: 30_000 });
    const at = (await approve.boundingBox())!;
    expect(at.y).toBeGreaterThan(844 / 2);
    expect(at.y + at.height).toBeLessThanOrEqual(844);
    expect(at.height).toBeGreaterThanOrEqual(40);
    await expect(page.getByTestId('tasks-cloud-form').getByTestId('words-amount')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${shots}/phone-task-zh.png` });
    await approve.tap();
    // the signature dialog: a full-screen sheet whose confirm button is within reach
    const sheet = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: '通过' }) }).last();
    await expect(sheet).toBeVisible();
    const confirm = sheet.getByRole('button', { name: btn('确定通过') });
    const c = (await confirm.boundingBox())!;
    expect(c.x + c.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${shots}/phone-sign-zh.png` });
    const answered = await signApproval(page, { comment: '同意采购', password: 'Lead@2026' });
    expect(answered.status()).toBe(200);
    await expect(toast(page, '已通过')).toBeVisible();
    await expect(page.getByTestId('todo-card').filter({ hasText: bk })).toHaveCount(0);
    await context.close();
  });

  test('sidebar group labels end before their expand arrow (en, es)', async ({ browser }) => {
    test.setTimeout(180_000);
    for (const { lang, locale } of [LANGS[0], LANGS[2]]) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale, reducedMotion: 'reduce' });
      await context.addCookies([{ name: 'language', value: lang, url: process.env.E2E_BASE_URL! }]);
      const page = await context.newPage();
      await new ConsoleApp(page).fillLogin(ADMIN.user, ADMIN.password);
      await expect(page.locator('.app-sider .ant-menu-submenu-title').first()).toBeVisible({ timeout: 60_000 });
      const overlaps = await page.locator('.app-sider').evaluate((sider) => {
        const found: string[] = [];
        for (const title of sider.querySelectorAll<HTMLElement>('.ant-menu-submenu-title')) {
          // the label: antd wraps a plain text in .ant-menu-title-content, the console's labels are a titled span
          const label = title.querySelector<HTMLElement>(':scope > span[title], .ant-menu-title-content');
          const arrow = title.querySelector<HTMLElement>('.ant-menu-submenu-arrow');
          if (!label || !arrow) continue;
          // where the text shows: its own extent, cut by any box between it and the title that clips it
          const range = document.createRange();
          range.selectNodeContents(label);
          let right = range.getBoundingClientRect().right;
          for (let a: HTMLElement | null = label; a && a !== title.parentElement; a = a.parentElement) {
            if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().right);
          }
          const arrowLeft = arrow.getBoundingClientRect().left;
          if (right > arrowLeft + 0.5) found.push(`"${label.innerText}" ends at ${right.toFixed(1)}, its arrow starts at ${arrowLeft.toFixed(1)}`);
          const text = label.matches('[title]') ? label : label.querySelector<HTMLElement>('[title]');
          if (!text || text.title !== label.innerText.trim()) found.push(`"${label.innerText}" has no title with its full text`);
        }
        return found;
      });
      expect(overlaps, `${lang}: ${overlaps.join('\n')}`).toEqual([]);
      await context.close();
    }
  });
});
