import { test, expect, type Page } from '@playwright/test';

/**
 * Issue 29 leftovers: a direct visit of the site's reload helper (/redirect/…, a shared link or a reload)
 * lands on the page it names at its path URL, in Chinese and English, never on another host; a reload of a
 * list's page 2 keeps page 2 and its own canonical; pages whose first render drew something of the browser's
 * (a random code, the window's width) hydrate without a mismatch. The data is read from the API first.
 */
type Rec = { id: number; title: string };
type Page1 = { records: Rec[]; total: number };

/** React's hydration complaints (a mismatch between the server's markup and the app's first render) */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && /hydrat|#418|#419|#423|#425/i.test(m.text())) errors.push(m.text()); });
  page.on('pageerror', (e) => { if (/hydrat|#418|#419|#423|#425/i.test(e.message)) errors.push(e.message); });
  return errors;
}
async function hydrated(page: Page, selector = '#root a[href]') {
  await page.waitForFunction((sel) => {
    const a = document.querySelector(sel);
    return !!a && Object.keys(a).some((k) => k.startsWith('__reactProps'));
  }, selector);
}
const pathOf = (page: Page) => { const u = new URL(page.url()); return u.pathname + u.search; };
const canonical = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

test('a direct visit of /redirect/… lands on the page it names, in Chinese and English; another host is no target', async ({ page, request }) => {
  const one = async (kind: string, lang: string) => ((await (await request.get(`/api/site/articles?kind=${kind}&limit=1&lang=${lang}`)).json()) as { data: Page1 }).data.records[0];
  const news = await one('news', 'zh');
  const errors = hydrationErrors(page);

  const res = await page.goto(`/redirect/newsDetail?id=${news.id}`);
  expect(res!.status()).toBe(200);
  expect(pathOf(page)).toBe(`/news/${news.id}`);
  await expect(page.locator('h1')).toHaveText(news.title);
  await hydrated(page);

  const product = await one('product', 'en');
  await page.goto(`/en/redirect/products/${product.id}`);
  expect(pathOf(page)).toBe(`/en/products/${product.id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await hydrated(page);

  await page.goto('/redirect/cs');
  expect(pathOf(page)).toBe('/service');
  await hydrated(page);
  expect(errors).toEqual([]);

  const base = new URL(page.url()).origin;
  for (const evil of ['/redirect//evil.example/', '/redirect/%5Cevil.example', '/redirect/javascript:alert(1)']) {
    const r = await page.goto(evil);
    expect(r!.status(), evil).toBe(404);
    expect(new URL(page.url()).origin, evil).toBe(base);
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  }
});

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a reload of page 2 of the news keeps page 2, its list and its own canonical`, async ({ page, request }) => {
    const at = lang === 'en' ? '/en' : '';
    const list = async (n: number) => ((await (await request.get(`/api/site/articles?kind=news&page=${n}&limit=10&lang=${lang}`)).json()) as { data: Page1 }).data;
    const first = await list(1);
    test.skip(first.total <= 10, 'the news has a single page');
    const second = await list(2);
    const errors = hydrationErrors(page);

    await page.goto(`${at}/news`);
    expect(await canonical(page)).toMatch(new RegExp(`${at}/news$`));
    const pager = page.locator('nav.pager');
    await hydrated(page, 'nav.pager a[href]');
    await pager.getByRole('link', { name: lang === 'en' ? 'Page 2' : '第 2 页' }).click();
    await expect(page).toHaveURL(new RegExp(`${at}/news\\?page=2$`));
    await expect(page.getByText(second.records[0].title, { exact: true }).first()).toBeVisible();

    await page.reload();
    expect(pathOf(page)).toBe(`${at}/news?page=2`);
    expect(await canonical(page)).toMatch(new RegExp(`${at}/news\\?page=2$`));
    await expect(page).toHaveTitle(lang === 'en' ? /\(page 2\)/ : /（第 2 页）/);
    for (const r of second.records) await expect(page.getByText(r.title, { exact: true }).first()).toBeVisible();
    await expect(pager.locator('[aria-current="page"]')).toHaveText('2');
    await hydrated(page, 'nav.pager a[href]');
    // the first page is linked at the list's own address (its canonical)
    await expect(pager.getByRole('link', { name: lang === 'en' ? 'Page 1' : '第 1 页' })).toHaveAttribute('href', `${at}/news`);
    expect(errors).toEqual([]);
  });
}

test('the sign-in and self-check pages hydrate the server markup without a mismatch (zh, en)', async ({ page }) => {
  const errors = hydrationErrors(page);
  for (const p of ['/login', '/en/login', '/status', '/en/status']) {
    await page.goto(p);
    await hydrated(page);
    if (p.endsWith('/login')) await expect(page.locator('svg.code-img text')).toHaveCount(4);
    else await expect(page.locator('.status-summary')).not.toHaveText(/正在检查|Checking/);
  }
  expect(errors).toEqual([]);
});
