import { test, expect, type Page } from '@playwright/test';

/**
 * The public site on path URLs (issue 29, items 1, 2): the address bar keeps the path URL after
 * hydration and after every in-app navigation (Chinese and /en), links are followed without a
 * reload, back and forward work, an old hash URL lands on its path URL, and all of it at 390 px.
 */
type Rec = { id: number; title: string; fields: Record<string, unknown> };
let news: Rec[];
let products: Rec[];

test.beforeAll(async ({ request }) => {
  const list = async (kind: string, lang = 'zh') => ((await (await request.get(`/api/site/articles?kind=${kind}&limit=5&lang=${lang}`)).json()) as { data: { records: Rec[] } }).data.records;
  [news, products] = await Promise.all([list('news'), list('product')]);
});

/**
 * The server's markup is hydrated: the link carries React's handlers. React hydrates the page's parts
 * one after another (the header before a lazily loaded route), so a test that clicks a link in the
 * content waits for that link; clicking it earlier is a plain page load, which is right but not what
 * these tests look at.
 */
async function hydrated(page: Page, selector = '#root a[href]') {
  await page.waitForFunction((sel) => {
    const a = document.querySelector(sel);
    return !!a && Object.keys(a).some((k) => k.startsWith('__reactProps'));
  }, selector);
}
const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash;
/** a mark that a full page load would wipe */
const mark = (page: Page) => page.evaluate(() => { (window as unknown as { __kept: number }).__kept = 1; });
const kept = (page: Page) => page.evaluate(() => (window as unknown as { __kept?: number }).__kept === 1);

test('Chinese: the path URL stays after hydration and after navigation; links are path URLs followed without a reload; back and forward', async ({ page }) => {
  const n = news[0];
  await page.goto(`/news/${n.id}`);
  await hydrated(page);
  await expect(page.locator('h1')).toHaveText(n.title);
  expect(pathOf(page)).toBe(`/news/${n.id}`);
  await expect(page.locator('a[href^="#/"]')).toHaveCount(0);
  await mark(page);

  const nav = page.locator('nav.main-nav');
  await nav.getByRole('link', { name: '产品中心', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  const p = products[0];
  await page.locator(`a[href="/products/${p.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}$`));
  await expect(page.locator('h1')).toHaveText(String(p.fields.name || p.title));
  expect(await kept(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/news/${n.id}$`));
  await expect(page.locator('h1')).toHaveText(n.title);
  await page.goForward();
  await expect(page).toHaveURL(/\/products$/);
  expect(await kept(page)).toBe(true);
});

test('English: /en/… stays after hydration and navigation, and the language switch moves the address', async ({ page }) => {
  const n = news[0];
  await page.goto(`/en/news/${n.id}`);
  await hydrated(page);
  expect(pathOf(page)).toBe(`/en/news/${n.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await mark(page);
  await page.locator('a[href="/en/products"]').first().click();
  await expect(page).toHaveURL(/\/en\/products$/);
  await page.locator('a[href^="/en/products/"]').first().click();
  await expect(page).toHaveURL(/\/en\/products\/\d+$/);
  expect(await kept(page)).toBe(true);
  // 中文: the same page at its Chinese address
  const at = new URL(page.url()).pathname.replace(/^\/en/, '');
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page).toHaveURL(new RegExp(`${at}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(new URL(page.url()).pathname).toBe(at);
});

test('an old hash URL lands on its path URL', async ({ page }) => {
  const p = products[0];
  await page.goto(`/#/productDetail?id=${p.id}`);
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}$`));
  await expect(page.locator('h1')).toHaveText(String(p.fields.name || p.title));
  await page.goto('about:blank');
  await page.goto(`/#/newsDetail?id=${news[0].id}`);
  await expect(page).toHaveURL(new RegExp(`/news/${news[0].id}$`));
  await expect(page.locator('h1')).toHaveText(news[0].title);
  // an old route written as a path is moved for good by the server
  await page.goto('/aboutPage?showIndex=2');
  await expect(page).toHaveURL(/\/about\/2$/);
});

test('phone width (390 px): path URLs through a list into a detail and back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  const p = products[0];
  await hydrated(page, `#root a[href="/products/${p.id}"]`);
  await mark(page);
  await page.locator(`a[href="/products/${p.id}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}$`));
  await expect(page.locator('h1')).toHaveText(String(p.fields.name || p.title));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  expect(await kept(page)).toBe(true);
});
