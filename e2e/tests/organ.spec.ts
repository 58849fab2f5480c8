import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { api, apiLogin } from '../api';

/**
 * Organisation management and common components as an administrator uses them (issue 4), in a
 * Chinese browser: a small organisation in a new view and a move the organ rules forbid; a monthly
 * serial rule handing out numbers; 海淀区 found in the region tree; a holiday marked on the
 * calendar; a dictionary item reaching a select of another screen. Names are unique per run.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

const dialog = (page: Page, title: RegExp | string) => page.getByRole('dialog').filter({ hasText: title });
const toast = (page: Page) => page.locator('.ant-message');
const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });
const save = (scope: Locator) => scope.getByRole('button', { name: /^保\s*存$/ }).click();

/** Picks an option of an antd select by (part of) its label. */
async function pick(page: Page, select: Locator, label: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

/** A node of the organ or region tree, by its name. */
const treeNode = (page: Page, name: string) => page.locator('.ant-tree-treenode').filter({ hasText: name });
const nodeTitle = (page: Page, name: string) => treeNode(page, name).locator('.ant-tree-node-content-wrapper');

/**
 * Drags one tree node and drops it ONTO another (to become its child), as a person does with
 * antd's tree: lets go in the lower half of the target, a little to the right of where the drag began.
 */
async function dropOnto(page: Page, source: string, target: string) {
  const from = nodeTitle(page, source);
  const to = nodeTitle(page, target);
  const [a, b] = [await from.boundingBox(), await to.boundingBox()];
  if (!a || !b) throw new Error('tree nodes not visible');
  const x = Math.max(a.x, b.x) + 10;
  await from.dragTo(to, { sourcePosition: { x: x - a.x, y: a.height / 2 }, targetPosition: { x: x + 60 - b.x, y: b.height * 0.75 } });
}

test.describe('organisation management and common components', () => {
  test('switching the language in the top bar renames the seeded organ types on screen at once, without a reload', async ({ page, console: app }) => {
    await app.login('admin', 'Bencao@2026');
    await page.goto('/console/opt/organ/type');
    const body = page.locator('.ant-table-tbody');
    await expect(body.getByRole('cell', { name: '部门', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    // the list is fetched again in the new language, without a reload
    await expect(body.getByRole('cell', { name: 'Department', exact: true })).toBeVisible();
    await expect(body.getByRole('cell', { name: 'Company', exact: true })).toBeVisible();
    await expect(body.getByRole('cell', { name: '部门', exact: true })).toHaveCount(0);
  });

  test('a small organisation in a new view; a move the rules forbid is refused with the reason, an allowed one is made', async ({ page, request, console: app }) => {
    test.setTimeout(120_000);
    const t = tag();
    const viewName = `E2E视图${t}`;
    const names = { co: `测试公司${t}`, rd: `研发部${t}`, fin: `财务部${t}`, pos: `研发岗${t}` };

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/组织管理/, /组织视图/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const viewForm = dialog(page, '新增组织视图');
    await viewForm.getByLabel('视图编号').fill(`e2e-${t.toLowerCase()}`);
    await viewForm.getByLabel('视图名称').fill(viewName);
    await save(viewForm);
    await expect(viewForm).toBeHidden();
    await expect(row(page, viewName)).toBeVisible();

    await app.openMenu(/组织管理/, /组织机构/);
    const viewSelect = page.getByLabel('组织视图');
    await viewSelect.click();
    await viewSelect.fill(viewName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: viewName }).click();
    await expect(page.getByText('该视图还没有组织')).toBeVisible();

    /** fills the organ dialog: code, type (by its code), name */
    const addOrgan = async (code: string, type: 'company' | 'dept' | 'position', name: string) => {
      const form = dialog(page, '新增组织');
      await form.getByLabel('组织编码').fill(code);
      await pick(page, form.getByLabel('组织类型'), `(${type})`);
      await form.getByLabel('组织名称').fill(name);
      await save(form);
      await expect(form).toBeHidden();
      await expect(treeNode(page, name)).toBeVisible();
    };
    const addChild = async (parent: string, code: string, type: 'dept' | 'position', name: string) => {
      await nodeTitle(page, parent).click();
      await page.getByRole('button', { name: '新增下级' }).click();
      await addOrgan(code, type, name);
    };
    await page.getByRole('button', { name: /新\s*增/ }).first().click();
    await addOrgan(`E2E-${t}`, 'company', names.co);
    await addChild(names.co, `E2E-${t}-RD`, 'dept', names.rd);
    await addChild(names.co, `E2E-${t}-FIN`, 'dept', names.fin);
    await addChild(names.rd, `E2E-${t}-RD-P1`, 'position', names.pos);
    await expect(page.getByText('该视图还没有组织')).toHaveCount(0);

    // an organ of the administrative view joins this one too (the same organ in two views)
    await nodeTitle(page, names.co).click();
    await page.getByRole('button', { name: '加入已有组织' }).last().click();
    const place = dialog(page, '加入已有组织');
    await expect(place).toContainText(names.co);
    await place.getByLabel('组织').fill('人力资源部');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '人力资源部' }).click();
    await save(place);
    await expect(place).toBeHidden();
    await nodeTitle(page, '人力资源部').click();
    await expect(page.locator('.ant-descriptions')).toContainText('行政组织');
    await expect(page.locator('.ant-descriptions')).toContainText(viewName);

    // the details of a position say it is vacant
    await nodeTitle(page, names.pos).click();
    await expect(page.locator('.ant-descriptions')).toContainText('岗位 (position)');
    await expect(page.locator('.ant-descriptions')).toContainText('空缺');

    // a department dropped onto a position: no rule lets a position contain a department
    const refused = page.waitForResponse((r) => r.url().includes('/move'));
    await dropOnto(page, names.fin, names.pos);
    expect((await refused).status()).toBe(400);
    await expect(toast(page)).toContainText('组织规则：“岗位 (position)”下不允许挂“部门 (dept)”');
    await expect(toast(page)).toContainText('允许的类型：无');

    // the tree is unchanged, as the server says too
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    const views = await api<{ id: number; name: string }[]>(request, token, 'GET', '/api/organ/view-options');
    const view = views.find((v) => v.name === viewName)!;
    const hit = async (name: string) => (await api<{ pathNames: string[] }[]>(request, token, 'GET', `/api/organ/views/${view.id}/search?keyword=${encodeURIComponent(name)}`))[0];
    expect((await hit(names.fin)).pathNames).toEqual([names.co, names.fin]);

    // a position dropped onto the other department is allowed
    const moved = page.waitForResponse((r) => r.url().includes('/move'));
    await dropOnto(page, names.pos, names.fin);
    expect((await moved).status()).toBe(200);
    await expect(toast(page)).toContainText('移动成功');
    expect((await hit(names.pos)).pathNames).toEqual([names.co, names.fin, names.pos]);

    // the search opens the path to a match
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(treeNode(page, names.pos)).toHaveCount(0);
    await page.getByPlaceholder('组织编码 / 组织名称').fill(names.pos);
    await page.getByPlaceholder('组织编码 / 组织名称').press('Enter');
    await expect(page.locator('.ant-tree-treenode-selected')).toContainText(names.pos);
    await expect(page.locator('.ant-descriptions')).toContainText(`E2E-${t}-RD-P1`);
  });

  test('a monthly serial rule hands out increasing numbers with the month in them', async ({ page, console: app }) => {
    const t = tag();
    const code = `E2E_${t}`;
    // the server draws in its own current month: the one at the start or, across a month's end, the next
    const monthOf = (d: Date) => `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}`;
    const monthAtStart = monthOf(new Date());

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/公共组件/, /业务流水号/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page, '新增流水号规则');
    await form.getByLabel('规则编号').fill(code);
    await form.getByLabel('名称').fill(`测试单号${t}`);
    await pick(page, form.getByLabel('类型'), '按月');
    // a monthly rule's prefix must end with YYYYMM: the form says so before the server does
    await form.getByLabel('前缀').fill('QD-YYYY');
    await save(form);
    await expect(form.locator('.ant-form-item-explain-error')).toContainText('YYYYMM');
    await form.getByLabel('前缀').fill('QD-YYYYMM');
    await form.getByLabel('长度').fill('3');
    await save(form);
    await expect(form).toBeHidden();

    const rule = row(page, code);
    await expect(rule).toContainText('按月');
    await expect(rule).toContainText(/QD-\d{6}001/);
    const month = /QD-(\d{6})001/.exec((await rule.textContent()) ?? '')![1];
    expect([monthAtStart, monthOf(new Date())]).toContain(month);
    for (const n of [1, 2, 3]) {
      await rule.getByRole('button', { name: '取下一个号' }).click();
      await expect(toast(page).getByText(`下一个号码：QD-${month}00${n}`)).toBeVisible();
      // the list shows the number the next draw will give
      await expect(rule).toContainText(`QD-${month}00${n + 1}`);
    }
  });

  test('海淀区 is found in the region tree by search, which opens the path to it', async ({ page, console: app }) => {
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/公共组件/, /行政区划/);
    // the first level is open at once: the provinces under the country
    await expect(treeNode(page, '北京市').first()).toBeVisible();
    await expect(treeNode(page, '广东省')).toBeVisible();
    await expect(treeNode(page, '海淀区')).toHaveCount(0);

    const search = page.getByPlaceholder('名称 / 编码');
    await search.fill('海淀区');
    await search.press('Enter');
    await expect(page.getByRole('button', { name: /北京市 \/ .*海淀区/ })).toBeVisible();
    const selected = page.locator('.ant-tree-treenode-selected');
    await expect(selected).toContainText('海淀区');
    await expect(selected).toBeInViewport();
    await expect(page.locator('.ant-descriptions')).toContainText('110108');
    await expect(page.locator('.ant-descriptions')).toContainText('区县');

    // by code as well
    await search.fill('110108');
    await search.press('Enter');
    await expect(page.locator('.ant-tree-treenode-selected')).toContainText('海淀区');
  });

  test('a weekday marked as a holiday stops being a working day, on the month view and in the API answer', async ({ page, request, console: app }) => {
    const token = await apiLogin(request, ADMIN.user, ADMIN.password);
    // a fixed day for the browser (the month view opens on "today"), in a year the calendar data covers
    const now = new Date(Date.UTC(2025, 5, 10, 10));
    await page.clock.setFixedTime(now);
    const year = now.getUTCFullYear();
    const cal = await api<{ workingDays: number; days: { date: string }[] }>(request, token, 'GET', `/api/common/calendar?year=${year}`);
    const overridden = new Set(cal.days.map((d) => d.date));
    // an ordinary weekday of this month (no holiday or adjusted day on it)
    let date = '';
    for (let d = 1; d <= 28 && !date; d++) {
      const day = new Date(Date.UTC(year, now.getUTCMonth(), d));
      const iso = day.toISOString().slice(0, 10);
      if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && !overridden.has(iso)) date = iso;
    }
    expect(date).not.toBe('');
    const answer = () => api<{ working: boolean; kind: string }>(request, token, 'GET', `/api/common/calendar/is-working-day?date=${date}`);
    expect((await answer()).working).toBe(true);
    const name = `E2E假日${tag()}`;

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/公共组件/, /工作日历/);
    const yearCount = page.getByTestId('year-working-days');
    await expect(yearCount).toHaveText(`${year} 年共 ${cal.workingDays} 个工作日`);
    const cell = page.locator(`td[title="${date}"]`);
    await cell.click();
    const form = dialog(page, date);
    await expect(form.getByTestId('working-day-answer')).toContainText('是工作日');
    await form.getByLabel('休息日（节假日）').check();
    await form.getByLabel('名称').fill(name);
    await save(form);
    await expect(form).toBeHidden();
    await expect(cell).toContainText(name);
    await expect(cell).toContainText('休');
    await expect(yearCount).toHaveText(`${year} 年共 ${cal.workingDays - 1} 个工作日`);
    expect(await answer()).toMatchObject({ working: false, kind: 'holiday' });

    // opening the day again shows the new answer; back to the weekday default restores it
    await cell.click();
    await expect(form.getByTestId('working-day-answer')).toContainText('是休息日');
    await form.getByLabel('按星期默认').check();
    await save(form);
    await expect(form).toBeHidden();
    await expect(cell).not.toContainText(name);
    await expect(yearCount).toHaveText(`${year} 年共 ${cal.workingDays} 个工作日`);
    expect((await answer()).working).toBe(true);
  });

  test('a menu added in the menu editor appears in the sidebar at once, without a reload, and goes when deleted', async ({ page, console: app }) => {
    const t = tag();
    const name = `E2E菜单${t}`;
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/公共组件/, /菜单管理/);
    await page.getByRole('button', { name: /(^|\s)新\s*增$/ }).click();
    const form = dialog(page, '新增菜单');
    await form.getByLabel('菜单编码').fill(`e2e_${t}`.toLowerCase());
    await form.getByLabel('名称（英文）').fill(`E2E menu ${t}`);
    await form.getByLabel('名称（中文）').fill(name);
    await form.getByLabel('路径').fill('documentation/index');
    await form.getByLabel('叶子菜单').check();
    await save(form);
    await expect(form).toBeHidden();
    const entry = app.sidebar().getByRole('menuitem', { name });
    await expect(entry).toBeVisible();
    await row(page, name).getByRole('button', { name: /删\s*除/ }).click();
    await dialog(page, '确认删除').getByRole('button', { name: /确\s*定/ }).click();
    await expect(entry).toHaveCount(0);
  });

  test('an empty dictionary form says which fields cannot be empty, with no error thrown in the page', async ({ page, console: app }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/公共组件/, /数据字典/);
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page, '新增字典');
    await save(form);
    const explain = form.locator('.ant-form-item-explain-error');
    await expect(explain.first()).toBeVisible();
    await expect(explain).toHaveText(Array(await explain.count()).fill('不能为空'));
    await expect(form).not.toContainText(/Invalid input|无效输入|received/);
    expect(errors).toEqual([]);
  });

  test('a dictionary item added on the dictionary screen appears in the gender select of the staff form', async ({ page, console: app }) => {
    const t = tag();
    const itemName = `测试性别${t}`;
    const staffName = `测试员工${t}`;

    await app.login(ADMIN.user, ADMIN.password);
    await app.openMenu(/公共组件/, /数据字典/);
    await row(page, 'gender').getByRole('button', { name: '字典项' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '性别的字典项' });
    await expect(drawer.getByRole('cell', { name: '女', exact: true })).toBeVisible();
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page, '新增字典项');
    await form.getByLabel('编码').fill(`X${t}`);
    await form.getByLabel('名称').fill(itemName);
    await save(form);
    await expect(form).toBeHidden();
    await expect(row(page, itemName)).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    // another screen: an employee's gender picks from the dictionary
    await app.openMenu(/组织管理/, /组织机构/);
    await page.getByRole('tab', { name: '员工' }).click();
    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    const staffForm = dialog(page, '新增员工');
    await staffForm.getByLabel('员工编号').fill(`E${t}`);
    await staffForm.getByLabel('姓名').fill(staffName);
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // pick the new item; a click that lands while the list is still opening is lost, so check it took
    await expect(async () => {
      if (!(await options.first().isVisible())) await staffForm.getByLabel('性别').click();
      await expect(options.filter({ hasText: '男' }).first()).toBeVisible({ timeout: 2000 });
      await options.filter({ hasText: itemName }).click({ timeout: 2000 });
      await expect(staffForm.locator('.ant-form-item').filter({ has: page.getByText('性别', { exact: true }) })).toContainText(itemName, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await save(staffForm);
    await expect(staffForm).toBeHidden();
    // the demo staff fill the first page: find the new one by name
    await page.getByPlaceholder('员工编号 / 姓名').fill(staffName);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect(row(page, staffName)).toContainText(itemName);

    // clean up, each after the confirmation
    await row(page, staffName).getByRole('button', { name: /删\s*除/ }).click();
    await page.getByRole('dialog').filter({ hasText: '确认删除吗？' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect(row(page, staffName)).toHaveCount(0);
    await app.openMenu(/公共组件/, /数据字典/);
    await row(page, 'gender').getByRole('button', { name: '字典项' }).click();
    await row(page, itemName).getByRole('button', { name: /删\s*除/ }).click();
    await page.getByRole('dialog').filter({ hasText: '确认删除吗？' }).getByRole('button', { name: /确\s*定/ }).click();
    await expect(row(page, itemName)).toHaveCount(0);
  });
});
