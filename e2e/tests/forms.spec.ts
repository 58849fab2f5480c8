import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { ConsoleApp } from '../fixtures';

/**
 * Cloud forms (issue 12): an administrator designs a form by dragging widgets from the palette — a
 * required text, a select over the 性别 dictionary and a sub-table with a quantity column summed —
 * saves and publishes it, then fills it in standalone from the form list; the same form is shown in
 * English. Names are unique per run.
 */
const ADMIN = { user: 'admin', password: 'Bencao@2026' };
const shots = 'test-results/forms';
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

test.use({ viewport: { width: 1440, height: 1000 } });

/** Drags one element onto another with the mouse, in small steps, as a person does. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const x = a.x + a.width / 2, y = a.y + a.height / 2;
  const tx = b.x + b.width / 2, ty = b.y + b.height - 12;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 15; i++) await page.mouse.move(x + ((tx - x) * i) / 15, y + ((ty - y) * i) / 15);
  await page.mouse.move(tx, ty);
  await page.mouse.up();
}

async function loginAs(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  await new ConsoleApp(page).login(ADMIN.user, ADMIN.password);
  return { context, page };
}

test('design a form by dragging, publish it and fill it in standalone (zh, en)', async ({ page, console: c, browser }) => {
  test.setTimeout(180_000);
  const name = `采购申请单 ${tag()}`;
  await c.login(ADMIN.user, ADMIN.password);
  await c.open('/cform/designer');
  const root = page.getByTestId('drop-root');
  await expect(root).toBeVisible();

  // a required text
  await drag(page, page.getByTestId('palette-text'), root);
  await expect(page.getByTestId('node-text1')).toBeVisible();
  await page.getByTestId('prop-key').fill('applicant');
  await page.getByTestId('prop-label-zh').fill('申请人');
  await page.getByTestId('prop-label-en').fill('Applicant');
  await page.getByTestId('prop-required').check();

  // a select whose options are the gender dictionary
  await drag(page, page.getByTestId('palette-select'), root);
  await expect(page.getByTestId('node-select1')).toBeVisible();
  await page.getByTestId('prop-label-zh').fill('性别');
  await page.getByTestId('prop-label-en').fill('Gender');
  await page.getByTestId('prop-option-source').getByText('数据字典').click();
  // the dictionary is picked from the dictionary types, searched by code or name
  await page.getByTestId('prop-dict').click();
  await page.keyboard.type('gender');
  await page.locator('.ant-select-item-option', { hasText: '性别 (gender)' }).click();

  // a sub-table with a text and a number column (its column keys are its own: text1 again)
  await drag(page, page.getByTestId('palette-subTable'), root);
  const table = page.getByTestId('node-subTable1');
  await expect(table).toBeVisible();
  const columns = table.locator('[data-testid^="drop-fld_"]');
  await drag(page, page.getByTestId('palette-text'), columns);
  await expect(table.getByTestId('node-text1')).toBeVisible();
  await page.getByTestId('prop-label-zh').fill('品名');
  await page.getByTestId('prop-label-en').fill('Product');
  await drag(page, page.getByTestId('palette-number'), columns);
  await expect(page.getByTestId('node-number1')).toBeVisible();
  await page.getByTestId('prop-label-zh').fill('数量');
  await page.getByTestId('prop-label-en').fill('Quantity');
  await table.click({ position: { x: 60, y: 12 } });
  await page.getByTestId('prop-label-zh').fill('采购明细');
  await page.getByTestId('prop-label-en').fill('Items');
  await page.getByTestId('prop-sums').click();
  await page.locator('.ant-select-item-option', { hasText: 'number1' }).click();
  await page.keyboard.press('Escape');

  // undo and redo the last edit
  await page.getByRole('button', { name: /撤\s*销/ }).click();
  await page.getByRole('button', { name: /重\s*做/ }).click();

  await page.getByTestId('form-name').fill(name);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/forms') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  expect((await (await saved).json()).code).toBe(200);
  await expect(page).toHaveURL(/designer\?id=\d+/);
  await page.getByRole('button', { name: /发\s*布/ }).click();
  const published = page.waitForResponse((r) => /\/api\/forms\/\d+\/publish$/.test(r.url()));
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
  expect((await (await published).json()).data).toMatchObject({ status: 'published', version: 1 });
  await page.screenshot({ path: `${shots}/designer-zh.png` });

  // phone preview
  await page.getByRole('button', { name: /预\s*览/ }).click();
  await page.getByText('手机').click();
  await expect(page.getByTestId('preview-phone')).toBeVisible();
  await page.screenshot({ path: `${shots}/preview-phone-zh.png` });
  await page.keyboard.press('Escape');

  // fill it in standalone
  await c.open('/cform/list');
  const row = page.locator('tr', { hasText: name });
  await row.getByRole('button', { name: /填\s*报/ }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByLabel('申请人')).toBeVisible();
  await drawer.getByTestId('fill-submit').click();
  await expect(drawer.locator('.ant-form-item-has-error').first()).toContainText('申请人');
  await expect(drawer.locator('.ant-form-item-has-error').first()).toContainText('不能为空');
  await drawer.getByLabel('申请人').fill('李时珍');
  await drawer.getByLabel('性别').click();
  await page.locator('.ant-select-item-option', { hasText: /^男$/ }).click();
  await drawer.getByRole('button', { name: /添加一行/ }).click();
  await drawer.getByRole('button', { name: /添加一行/ }).click();
  const cells = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await cells.nth(0).locator('input').nth(0).fill('当归');
  await cells.nth(0).locator('input').nth(1).fill('3');
  await cells.nth(1).locator('input').nth(0).fill('黄芪');
  await cells.nth(1).locator('input').nth(1).fill('4');
  await expect(drawer.locator('[data-testid="sum-subTable1-number1"]')).toHaveText('7');
  await page.screenshot({ path: `${shots}/fill-zh.png` });
  const submitted = page.waitForResponse((r) => /\/api\/forms\/\d+\/submit$/.test(r.url()));
  await drawer.getByTestId('fill-submit').click();
  const answer = await (await submitted).json();
  expect(answer.msg ?? '').not.toMatch(/：|: /);
  expect(answer.code).toBe(200);
  expect(answer.data.data).toMatchObject({ applicant: '李时珍', select1: '1', subTable1: [{ text1: '当归', number1: 3 }, { text1: '黄芪', number1: 4 }] });

  // the same form in English, and its data
  const en = await loginAs(browser, 'en-US');
  await en.page.goto('/console/cform/list');
  const enRow = en.page.locator('tr', { hasText: name });
  await enRow.getByRole('button', { name: 'Fill in' }).click();
  await expect(en.page.locator('.ant-drawer').getByText('Applicant')).toBeVisible();
  await expect(en.page.locator('.ant-drawer').getByRole('button', { name: 'Add row' })).toBeVisible();
  await en.page.screenshot({ path: `${shots}/fill-en.png` });
  await en.page.locator('.ant-drawer').getByRole('button', { name: 'Close' }).first().click();
  await enRow.getByRole('button', { name: 'Data' }).click();
  await expect(en.page.locator('.ant-drawer').getByText('李时珍')).toBeVisible();
  await en.page.screenshot({ path: `${shots}/data-en.png` });
  await en.context.close();
});
