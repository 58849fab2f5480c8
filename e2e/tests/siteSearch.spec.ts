import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * Site search as a visitor uses it: the header's search at desktop and phone width, the results
 * page (kind filter, highlighting, no results with suggestions), the server-rendered /search?q=,
 * by keyboard, axe-clean. The word searched for is taken from the live content, not assumed.
 */

const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

async function productName(page: Page): Promise<string> {
  const res = await page.request.get('/api/site/articles?kind=product&limit=1');
  const body = (await res.json()) as { data: { records: { title: string; fields: { name: string } }[] } };
  return body.data.records[0].fields.name;
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

test('desktop: search from the header, filter by kind, keyboard only, axe-clean', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = await productName(page);
  await page.goto('/#/homePage');
  const toggle = page.locator('.mainbar').getByRole('button', { name: '搜索', exact: true });
  await expect(toggle).toBeVisible();

  // by keyboard: Enter opens the bar with the field focused, Escape closes it and gives the focus back
  await toggle.focus();
  await page.keyboard.press('Enter');
  const field = page.getByRole('searchbox', { name: '搜索全站内容' });
  await expect(field).toBeFocused();
  expect(await axe(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`:\\d+/search\\?q=${encodeURIComponent(name)}$`));
  await expect(page.getByRole('heading', { level: 1, name: '站内搜索' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `与“${name}”相关的结果` })).toBeVisible();
  const hit = page.locator('.search-hit').filter({ has: page.locator('.tag', { hasText: '产品' }) }).first();
  await expect(hit.locator('.search-hit-title mark').first()).toHaveText(name);
  await expect(page).toHaveTitle(new RegExp(`^搜索：${name} — `));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // the kind filter keeps the words and narrows the list
  const filter = page.getByRole('navigation', { name: '按类别筛选' });
  await filter.getByRole('link', { name: /^产品/ }).click();
  await expect(page).toHaveURL(/kind=product/);
  await expect(filter.getByRole('link', { name: /^产品/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.search-hit .tag').first()).toHaveText('产品');
  expect(new Set(await page.locator('.search-hit .tag').allTextContents())).toEqual(new Set(['产品']));
  await page.waitForLoadState('networkidle');
  expect(await axe(page)).toEqual([]);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, 'desktop-search-results.png'), fullPage: true });

  // the header's button fits beside the menu at the narrowest desktop width too
  await page.setViewportSize({ width: 961, height: 900 });
  await expect(page.locator('.mainbar').getByRole('button', { name: '搜索', exact: true })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // a result opens its page
  await page.locator('.search-hit-title a').first().click();
  await expect(page).toHaveURL(/:\d+\/products\/\d+$/);
});

test('phone: the search button sits beside the menu button and leads to the results', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const name = await productName(page);
  await page.goto('/#/homePage');
  await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
  await page.locator('.mainbar').getByRole('button', { name: '搜索', exact: true }).click();
  const field = page.getByRole('searchbox', { name: '搜索全站内容' });
  await expect(field).toBeFocused();
  await page.screenshot({ path: path.join(shotsDir, 'phone-search-open.png') });
  await field.fill(name);
  await page.getByRole('search').filter({ has: field }).getByRole('button', { name: '搜索' }).click();
  await expect(page).toHaveURL(/:\d+\/search\?q=/);
  await expect(page.locator('.search-hit').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axe(page)).toEqual([]);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, 'phone-search-results.png'), fullPage: true });
});

test('no results: says so and suggests what to do; the results page searches again', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/#/search?q=${encodeURIComponent('zqxjvw')}`);
  await expect(page.getByText('没有找到与“zqxjvw”相关的内容')).toBeVisible();
  await expect(page.getByText('减少关键词，或用空格分开多个词；')).toBeVisible();
  await expect(page.locator('.search-empty').getByRole('link', { name: '招标' })).toHaveAttribute('href', '/bids');
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: path.join(shotsDir, 'desktop-search-empty.png'), fullPage: true });

  const name = await productName(page);
  const box = page.locator('.search-page').getByRole('searchbox', { name: '搜索全站内容' });
  await box.fill(name);
  await box.press('Enter');
  await expect(page.locator('.search-hit').first()).toBeVisible();
});

test('the server-rendered /search?q= shows the results and becomes the app route', async ({ page, request }) => {
  const name = await productName(page);
  const plain = await request.get(`/search?q=${encodeURIComponent(name)}`);
  expect(plain.status()).toBe(200);
  const html = await plain.text();
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).toContain(`<mark>${name}</mark>`);
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await expect(page).toHaveURL(new RegExp(`:\\d+/search\\?q=${encodeURIComponent(name)}$`));
  await expect(page.locator('.search-hit-title mark').first()).toHaveText(name);
});
