import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { pathUrlOf } from '../../packages/contracts/src/sitePaths';

/**
 * The public website against the real server on a fresh demo database: every SPEC §2 route shows
 * its content from the API, the header/footer behaviours, accessibility, and screenshots.
 */

const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

interface Env<T> {
  code: number;
  data: T;
}
interface Rec {
  id: number;
  title: string;
  summary: string;
  fields: Record<string, unknown>;
}
interface Settings {
  hotlines: [string, string];
  biddingColumnId: number;
  icp: string;
  publicSecurityFiling: string;
  drugInfoCert: string;
  companyName: string;
}
interface Col {
  id: number;
  label: string;
  path: string;
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), url).toBeTruthy();
  const body = (await res.json()) as Env<T>;
  expect(body.code, url).toBe(200);
  return body.data;
}

interface Fixture {
  settings: Settings;
  columns: Col[];
  news: Rec[];
  products: Rec[];
  medicine: Rec[];
  jobs: Rec[];
  bids: Rec[];
  pages: Record<string, Rec>;
}

let fx: Fixture;

test.beforeAll(async ({ request }) => {
  const list = (kind: string) => api<{ records: Rec[] }>(request, `/api/site/articles?kind=${kind}&page=1&limit=20`).then((p) => p.records);
  const [settings, columns, news, products, medicine, jobs, bids] = await Promise.all([
    api<Settings>(request, '/api/site/settings'),
    api<Col[]>(request, '/api/art/column/columnTreeselect?parentId=1000'),
    list('news'),
    list('product'),
    list('medicine'),
    list('job'),
    list('bid'),
  ]);
  const pages: Record<string, Rec> = {};
  for (const slug of ['overview', 'strategy', 'history', 'party', 'culture']) pages[slug] = await api<Rec>(request, `/api/site/pages/${slug}`);
  fx = { settings, columns, news, products, medicine, jobs, bids, pages };
  for (const k of ['news', 'products', 'medicine', 'jobs', 'bids'] as const) expect(fx[k].length, `${k} seeded`).toBeGreaterThan(0);
});

/** the address bar ends at this path URL */
const at = (p: string) => new RegExp(`^https?://[^/]+${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/**
 * An old hash route (SPEC §2): opened, or followed on the page already open as an old link would be; the app moves
 * it to its path URL. Then wait until the page chunk and its data are in.
 */
const go = async (page: Page, route: string) => {
  if (page.url().startsWith('http')) await page.evaluate((r) => { window.location.hash = r; }, route);
  else await page.goto(`/#${route}`);
  await expect(page).not.toHaveURL(/#\//);
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.locator('.nav-progress, .loading')).toHaveCount(0);
};

/** Every route with what must be on it (resolved against the API data). */
function routes(): { route: string; expectText: () => string; heading?: RegExp }[] {
  const p0 = fx.products[0];
  return [
    { route: '/homePage', expectText: () => fx.news[0].title },
    { route: '/cs', expectText: () => fx.settings.hotlines[1] },
    { route: '/aboutPage?showIndex=0', expectText: () => fx.pages.overview.title },
    { route: '/aboutPage?showIndex=2', expectText: () => fx.pages.strategy.title },
    { route: '/aboutPage?showIndex=4', expectText: () => fx.pages.history.title },
    { route: '/aboutPage?showIndex=5', expectText: () => fx.pages.party.title },
    { route: '/newsPage', expectText: () => fx.news[0].title },
    { route: `/newsDetail?id=${fx.news[0].id}`, expectText: () => fx.news[0].title },
    { route: '/productPage', expectText: () => String(p0.fields.name ?? p0.title) },
    { route: `/productDetail?id=${p0.id}`, expectText: () => String(p0.fields.approvalNumber) },
    { route: '/chineseMedicinePage', expectText: () => fx.medicine[0].title },
    { route: `/medicDetail?id=${fx.medicine[0].id}`, expectText: () => fx.medicine[0].title },
    { route: '/corporateCulturePage', expectText: () => fx.pages.culture.title },
    { route: '/manpowerPage', expectText: () => fx.jobs[0].title },
    { route: '/jobBoard', expectText: () => fx.jobs[fx.jobs.length - 1].title },
    { route: `/jobDetail?id=${fx.jobs[0].id}`, expectText: () => String(fx.jobs[0].fields.department) },
    { route: `/bidReport?id=${fx.settings.biddingColumnId}`, expectText: () => fx.bids[0].title },
    { route: `/bidDetail?id=${fx.bids[0].id}`, expectText: () => String(fx.bids[0].fields.purchaser) },
    { route: '/test', expectText: () => '全部服务运行正常' },
    { route: '/common/page', expectText: () => '使用须知' },
    { route: '/login', expectText: () => '账号登录' },
    { route: '/404', expectText: () => '页面不存在' },
    { route: '/403', expectText: () => '没有访问权限' },
    { route: '/401', expectText: () => '需要登录' },
  ];
}

test.describe('site routes', () => {
  test('every route renders its content from the server, with its own title', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const titles = new Set<string>();
    for (const r of routes()) {
      await go(page, r.route);
      await expect(page.getByText(r.expectText(), { exact: false }).first(), r.route).toBeVisible();
      titles.add(await page.title());
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description, r.route).toBeTruthy();
    }
    expect(titles.size).toBeGreaterThan(15);
    expect(errors).toEqual([]);
  });

  test('the product detail follows the drug label format', async ({ page }) => {
    const p = fx.products[0];
    await go(page, `/productDetail?id=${p.id}`);
    const label = page.locator('.drug-label');
    for (const section of ['药品名称', '成份', '功能主治', '批准文号', '生产企业']) await expect(label.getByText(`【${section}】`)).toBeVisible();
    await expect(label.getByText(String(p.fields.pinyin))).toBeVisible();
    await expect(label.locator('.rx-mark')).toHaveText(new RegExp(String(p.fields.rxOtc), 'i'));
    const img = page.locator('.product-main-img img');
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(await img.getAttribute('width')).toMatch(/^\d+$/);
    expect(await img.getAttribute('alt')).toBeTruthy();
  });

  test('redirects: / is the home page, /common → /site-map, /redirect/* and unknown routes', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(at('/'));
    await go(page, '/common');
    await expect(page).toHaveURL(at('/site-map'));
    await go(page, '/redirect/newsPage');
    await expect(page).toHaveURL(at('/news'));
    await go(page, '/no-such-page');
    await expect(page).toHaveURL(at('/no-such-page'));
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  });

  test('a detail id of another kind or absent shows the right page', async ({ page }) => {
    await go(page, `/productDetail?id=${fx.news[0].id}`);
    await expect(page).toHaveURL(at(`/news/${fx.news[0].id}`));
    await go(page, '/newsDetail?id=999999');
    await expect(page.getByRole('heading', { name: '未找到该新闻' })).toBeVisible();
  });
});

test.describe('header and navigation', () => {
  test('the menu comes from the columns, without the bidding column, each linking to its path URL', async ({ page }) => {
    await go(page, '/homePage');
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const c of fx.columns.filter((c) => c.id !== fx.settings.biddingColumnId)) {
      await expect(nav.getByRole('link', { name: c.label, exact: true })).toHaveAttribute('href', pathUrlOf(c.path));
    }
    const bidding = fx.columns.find((c) => c.id === fx.settings.biddingColumnId);
    if (bidding) await expect(nav.getByRole('link', { name: bidding.label, exact: true })).toHaveCount(0);
  });

  test('detail routes highlight their list', async ({ page }) => {
    const label = (p: string) => fx.columns.find((c) => c.path === p)!.label;
    const cases = [
      [`/newsDetail?id=${fx.news[0].id}`, '/newsPage'],
      [`/productDetail?id=${fx.products[0].id}`, '/productPage'],
      [`/medicDetail?id=${fx.medicine[0].id}`, '/chineseMedicinePage'],
    ] as const;
    const nav = page.getByRole('navigation', { name: '主导航' });
    for (const [route, list] of cases) {
      await go(page, route);
      const active = nav.locator('[aria-current="page"]');
      await expect(active).toHaveCount(1);
      await expect(active).toHaveText(label(list));
    }
  });

  test('the top-bar bidding link opens the notices of the bidding column', async ({ page }) => {
    await go(page, '/homePage');
    await page.locator('.topbar').getByRole('link', { name: '招标采购' }).click();
    await expect(page).toHaveURL(at('/bids'));
    await expect(page.getByText(fx.bids[0].title)).toBeVisible();
    await page.getByText(fx.bids[0].title).click();
    await expect(page).toHaveURL(at(`/bids/${fx.bids[0].id}`));
    await expect(page.getByRole('cell', { name: String(fx.bids[0].fields.purchaser) })).toBeVisible();
  });

  test('under-construction dialogs in the top bar and the footer', async ({ page }) => {
    await go(page, '/homePage');
    const openers = [
      page.locator('.topbar').getByRole('button', { name: '网上商城' }),
      page.locator('.topbar').getByRole('button', { name: '在线客服' }),
      page.locator('.topbar').getByRole('button', { name: '在线服务' }),
      page.locator('.site-footer').getByRole('button', { name: '网上商城' }),
      page.locator('.site-footer').getByRole('button', { name: '产品招商' }),
      page.locator('.site-footer').getByRole('button', { name: '在线服务' }),
    ];
    for (const [i, opener] of openers.entries()) {
      await opener.click();
      const dialog = page.getByRole('dialog', { name: '提示' });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText('正在建设中');
      await expect(dialog.getByRole('button', { name: '知道了' })).toBeFocused();
      if (i % 2) await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: '知道了' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    }
  });

  test('the header scroll state toggles at 30px', async ({ page }) => {
    await go(page, '/newsPage');
    const header = page.locator('header.site-header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 31));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('navigation scrolls to the top', async ({ page }) => {
    await go(page, '/homePage');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('.site-footer').getByRole('link', { name: '发展历程' }).click();
    await expect(page).toHaveURL(at('/about/4'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the mobile menu opens and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await go(page, '/homePage');
    const toggle = page.getByRole('button', { name: '打开菜单' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: fx.columns[2].label, exact: true }).click();
    await expect(page).toHaveURL(at(pathUrlOf(fx.columns[2].path)));
    await expect(page.getByRole('button', { name: '打开菜单' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('footer, widgets, protection, login', () => {
  test('the footer shows the hotlines, hours, filings and links', async ({ page }) => {
    await go(page, '/homePage');
    const footer = page.locator('footer.site-footer');
    for (const h of fx.settings.hotlines) await expect(footer.getByRole('link', { name: h })).toBeVisible();
    await expect(footer).toContainText('9:00-21:00');
    await expect(footer.getByRole('link', { name: fx.settings.icp })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    await expect(footer).toContainText(fx.settings.publicSecurityFiling);
    await expect(footer).toContainText(`互联网药品信息服务资格证书：${fx.settings.drugInfoCert}`);
    for (const [name, idx] of [['公司概况', 0], ['发展战略', 2], ['发展历程', 4], ['党建工作', 5]] as const) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', `/about/${idx}`);
    }
    await expect(footer.getByRole('link', { name: '招标采购' })).toHaveAttribute('href', '/bids');
  });

  test('go-to-top appears after 200px and its phone popover opens', async ({ page }) => {
    await go(page, '/newsPage');
    const widget = page.getByTestId('gotop');
    await expect(widget).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 150));
    // scrolling down shows it; wait for that scroll event, or the browser may coalesce both scrolls into one (0 → 120: down)
    await expect(widget).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 120)); // scrolling up below 200px: hidden
    await expect(widget).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(widget).toBeVisible();
    await widget.getByRole('button', { name: '咨询电话' }).click();
    const pop = page.getByRole('dialog', { name: '咨询电话' });
    await expect(pop).toBeVisible();
    await expect(pop).toContainText(fx.settings.hotlines[0]);
    await page.keyboard.press('Escape');
    await expect(pop).toHaveCount(0);
    await widget.getByRole('button', { name: '返回顶部' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('copy protection blocks the context menu and copy outside form fields', async ({ page }) => {
    await go(page, '/newsPage');
    const blocked = await page.evaluate(() => {
      const el = document.querySelector('.page-title')!;
      const fire = (type: string) => {
        const ev = new Event(type, { bubbles: true, cancelable: true });
        el.dispatchEvent(ev);
        return ev.defaultPrevented;
      };
      return { contextmenu: fire('contextmenu'), copy: fire('copy'), dragstart: fire('dragstart'), selectstart: fire('selectstart') };
    });
    expect(blocked).toEqual({ contextmenu: true, copy: true, dragstart: true, selectstart: true });
    const inInput = await page.evaluate(() => {
      const ev = new Event('copy', { bubbles: true, cancelable: true });
      document.querySelector('input[type="search"]')!.dispatchEvent(ev);
      return ev.defaultPrevented;
    });
    expect(inInput).toBe(false);
    await expect(page.locator('[data-copy-protection="on"]')).toHaveCount(1);
  });

  test('the public login form requires its three fields; login and logout are local', async ({ page }) => {
    await go(page, '/homePage');
    await page.locator('.topbar').getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(at('/login'));
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.locator('.field-error')).toHaveText(['请输入您的账号', '请输入您的密码', '请输入验证码']);
    await expect(page.getByLabel('账号')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('input[name="userName"]').fill('visitor');
    await page.locator('input[name="password"]').fill('secret');
    const code = (await page.getByRole('img', { name: /^验证码/ }).getAttribute('aria-label'))!.replace(/验证码|\s/g, '');
    await page.locator('input[name="code"]').fill(code);
    const sent: string[] = [];
    page.on('request', (r) => r.method() !== 'GET' && sent.push(r.url()));
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(at('/'));
    await page.locator('.topbar').getByRole('button', { name: '退出' }).click();
    await expect(page.locator('.topbar').getByRole('link', { name: '登录' })).toBeVisible();
    expect(sent).toEqual([]);
  });
});

test.describe('envelope codes (SPEC §8)', () => {
  test('401 and 10002 offer a re-login that goes to /homePage; 500 shows a toast', async ({ page }) => {
    let code = 401;
    await page.route('**/api/site/articles?kind=job*', (route) => route.fulfill({ status: code === 500 ? 500 : 200, json: { code, msg: code === 10002 ? '您的会话已在其他地方结束' : '服务器开小差了', data: null } }));
    await page.goto('/#/jobBoard');
    let dialog = page.getByRole('dialog', { name: '系统提示' });
    await expect(dialog).toContainText('系统或网络出现问题，请稍后重试');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await expect(page).toHaveURL(at('/'));

    code = 10002;
    await page.goto('about:blank');
    await page.goto('/#/jobBoard');
    dialog = page.getByRole('dialog', { name: '系统提示' });
    await expect(dialog).toContainText('您的会话已在其他地方结束');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(at('/jobs'));

    code = 500;
    await page.goto('about:blank');
    await page.goto('/#/jobBoard');
    await expect(page.getByRole('status').filter({ hasText: '服务器开小差了' })).toBeVisible();
    await expect(page.getByText('内容暂时无法加载')).toBeVisible();
  });
});

test.describe('rich text', () => {
  test('the site sanitizes bodies again on render: stored XSS payloads never execute', async ({ page }) => {
    const news = fx.news[0];
    const payloads = [
      '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
      '<script>window.__xss=(window.__xss||0)+1</script>',
      '<a id="js-link" href="javascript:window.__xss=(window.__xss||0)+1">点此</a>',
      '<svg><script>window.__xss=(window.__xss||0)+1</script></svg>',
      '<iframe srcdoc="<script>parent.__xss=(parent.__xss||0)+1</script>"></iframe>',
      '<p onclick="window.__xss=(window.__xss||0)+1" style="position:fixed;inset:0">正文</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=(window.__xss||0)+1">',
      '<details open ontoggle="window.__xss=(window.__xss||0)+1"><summary>x</summary></details>',
    ].join('');
    // bypass the server's own sanitizing on save: the API answer itself carries the payloads
    await page.route(`**/api/site/articles/${news.id}`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.body = `<p>安全正文</p>${payloads}`;
      await route.fulfill({ response: res, json: body });
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await go(page, `/newsDetail?id=${news.id}`);
    await expect(page.locator('.rich-text')).toContainText('安全正文');
    await page.locator('.rich-text').click({ position: { x: 5, y: 5 } });
    const link = page.locator('#js-link');
    if (await link.count()) await link.click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const html = await page.locator('.rich-text').innerHTML();
    expect(html).not.toMatch(/<script|onerror|onclick|ontoggle|javascript:|<iframe|style=/i);
  });
});

test.describe('columns, headings, images, labels, notices', () => {
  test('header sub-menus come from the child columns; a sub-column lists only its own news', async ({ page, request }) => {
    const tree = await api<(Col & { parent: number })[]>(request, '/api/site/columns');
    const newsTop = tree.find((c) => c.path === '/newsPage' && c.parent === 1000)!;
    const subs = tree.filter((c) => c.parent === newsTop.id);
    expect(subs.length).toBeGreaterThan(1);
    await go(page, '/homePage');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: newsTop.label, exact: true }).hover();
    for (const c of subs) await expect(nav.locator('.sub-nav').getByRole('link', { name: c.label, exact: true })).toHaveAttribute('href', pathUrlOf(`${c.path}?id=${c.id}`));
    const industry = subs[subs.length - 1];
    const own = await api<{ total: number; records: Rec[] }>(request, `/api/site/articles?kind=news&columnId=${industry.id}&limit=100`);
    const all = await api<{ total: number }>(request, '/api/site/articles?kind=news&limit=1');
    expect(own.total).toBeLessThan(all.total);
    await go(page, `/newsPage?id=${industry.id}`);
    await expect(page.getByRole('heading', { level: 1, name: industry.label })).toBeVisible();
    await expect(page.locator('.article-item')).toHaveCount(Math.min(10, own.total));
    for (const r of own.records.slice(0, 10)) await expect(page.getByRole('heading', { name: r.title, exact: true })).toBeVisible();
  });

  test('detail pages: the item title is the one h1', async ({ page }) => {
    for (const [route, title] of [
      [`/newsDetail?id=${fx.news[0].id}`, fx.news[0].title],
      [`/medicDetail?id=${fx.medicine[0].id}`, fx.medicine[0].title],
      [`/productDetail?id=${fx.products[0].id}`, String(fx.products[0].fields.name)],
      [`/jobDetail?id=${fx.jobs[0].id}`, fx.jobs[0].title],
      [`/bidDetail?id=${fx.bids[0].id}`, fx.bids[0].title],
    ]) {
      await go(page, route);
      await expect(page.locator('h1'), route).toHaveCount(1);
      await expect(page.locator('h1'), route).toContainText(title);
    }
  });

  test('images: a list thumbnail downloads the size shown, a cover is never stretched past its file', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // the list's own path URL: the site's root path renders the home page, whose images would be cached first
      await page.goto('/news');
      await expect(page).toHaveURL(at('/news'));
      await expect(page.locator('.nav-progress, .loading')).toHaveCount(0);
      const thumb = page.locator('.article-thumb img').first();
      await expect(thumb).toBeVisible();
      await expect.poll(() => thumb.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeTruthy();
      const t = await thumb.evaluate((i: HTMLImageElement) => ({ src: i.currentSrc, shown: i.getBoundingClientRect().width }));
      expect(t.shown, `${width}px`).toBeLessThanOrEqual(320);
      expect(t.src, `${width}px`).toMatch(/\/320$/);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    // (other specs may have added news without a cover: take one that has one)
    const withCover = fx.news.find((n) => (n as Rec & { cover?: unknown }).cover)!;
    await go(page, `/newsDetail?id=${withCover.id}`);
    const cover = page.locator('.article-cover img');
    await expect.poll(() => cover.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeTruthy();
    const c = await cover.evaluate((i: HTMLImageElement) => ({ src: i.currentSrc, shown: i.getBoundingClientRect().width, original: Number(i.getAttribute('width')) }));
    // the variant is as wide as the picture is shown, or the original itself when that is narrower
    const chosen = Number(/\/(\d+)$/.exec(c.src)![1]);
    expect(chosen).toBeGreaterThanOrEqual(Math.min(c.shown, c.original));
  });

  test('an Rx product has the Rx label header and the professionals-only notice; OTC keeps its own', async ({ page }) => {
    const rx = fx.products.find((p) => p.fields.rxOtc === 'Rx');
    const otc = fx.products.find((p) => p.fields.rxOtc === 'OTC')!;
    if (rx) {
      await go(page, `/productDetail?id=${rx.id}`);
      await expect(page.locator('.drug-label-warn')).toHaveText('请仔细阅读说明书并在医师指导下使用');
      await expect(page.getByText('仅供医药专业人士参阅')).toBeVisible();
    }
    await go(page, `/productDetail?id=${otc.id}`);
    await expect(page.locator('.drug-label-warn')).toHaveText('请仔细阅读说明书并按说明使用或在药师指导下购买和使用');
    await expect(page.getByText('仅供医药专业人士参阅')).toHaveCount(0);
  });

  test('an unknown article id is asked for once', async ({ page }) => {
    let asked = 0;
    page.on('request', (r) => { if (r.url().includes('/api/site/articles/987654')) asked++; });
    await go(page, '/newsDetail?id=987654');
    await expect(page.getByRole('heading', { name: '未找到该新闻' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toBe(1);
  });

  test('bid notices: closed ones say 已截止 by the visitor clock; qualifications keep line breaks; search by project number', async ({ page, request }) => {
    const all = await api<{ records: Rec[] }>(request, '/api/site/articles?kind=bid&limit=100');
    const open = all.records.filter((b) => b.fields.bidType !== 'result' && b.fields.bidDeadline);
    expect(open.length).toBeGreaterThan(0);
    const deadline = (b: Rec) => Date.parse(`${String(b.fields.bidDeadline).replace(' ', 'T')}${/[Z+]/.test(String(b.fields.bidDeadline)) ? '' : '+08:00'}`);
    const latest = Math.max(...open.map(deadline));
    const earliest = Math.min(...open.map(deadline));
    // a clock before every deadline: nothing closed; after every deadline: every tender/change notice closed
    await page.addInitScript((t) => { (window as unknown as { __BENCAO_NOW__: number }).__BENCAO_NOW__ = t; }, earliest - 86_400_000);
    await go(page, `/bidReport?id=${fx.settings.biddingColumnId}`);
    await expect(page.locator('.notice-row').first()).toBeVisible();
    await expect(page.locator('.notice-closed')).toHaveCount(0);
    const page2 = await page.context().newPage();
    await page2.addInitScript((t) => { (window as unknown as { __BENCAO_NOW__: number }).__BENCAO_NOW__ = t; }, latest + 60_000);
    await go(page2, `/bidReport?id=${fx.settings.biddingColumnId}`);
    const shownOpen = await page2.locator('.notice-row').filter({ hasNot: page2.locator('.type-result') }).count();
    await expect(page2.locator('.notice-closed')).toHaveCount(Math.min(shownOpen, open.length));
    const withQual = all.records.find((b) => String(b.fields.qualifications ?? '').includes('\n'));
    if (withQual) {
      await go(page2, `/bidDetail?id=${withQual.id}`);
      const cell = page2.getByRole('row', { name: /资格要求/ }).locator('td');
      expect(await cell.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('pre-line');
      const h = await cell.evaluate((el) => el.getBoundingClientRect().height);
      expect(h).toBeGreaterThan(40);
    }
    const numbered = all.records.find((b) => /BC-ZB-\d{4}-\d+/.test(String(b.fields.project)))!;
    const no = /BC-ZB-\d{4}-\d+/.exec(String(numbered.fields.project))![0];
    await go(page2, `/bidReport?id=${fx.settings.biddingColumnId}`);
    // the notices' own search (the header has the site search)
    const main = page2.locator('#main');
    await main.getByRole('searchbox').fill(no);
    await main.getByRole('button', { name: '搜索' }).click();
    await expect(page2.locator('.notice-row').first()).toBeVisible();
    const titles = await page2.locator('.notice-title').allTextContents();
    const expected = all.records.filter((b) => String(b.fields.project).includes(no)).map((b) => b.title);
    expect(titles.map((t) => t.replace('已截止', ''))).toEqual(expect.arrayContaining(expected));
    expect(titles).toHaveLength(expected.length);
    await page2.close();
  });
});

test.describe('path URLs (server-rendered, shared)', () => {
  test('a shared path URL shows its content without JavaScript, then keeps its path URL in the app without errors', async ({ browser }) => {
    const n = fx.news[0];
    const noJs = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    const res = await noJs.goto(`/news/${n.id}`);
    expect(res!.status()).toBe(200);
    await expect(noJs.getByRole('heading', { level: 1, name: n.title })).toBeVisible();
    await expect(noJs.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/news/${n.id}$`));
    await noJs.context().close();

    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    const apiCalls: string[] = [];
    page.on('request', (r) => { if (r.url().includes(`/api/site/articles/${n.id}`)) apiCalls.push(r.url()); });
    await page.goto(`/news/${n.id}`);
    await expect(page).toHaveURL(at(`/news/${n.id}`));
    await expect(page.getByRole('heading', { level: 1, name: n.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]); // the answer came with the page
    // the app works on from there
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: fx.columns.find((c) => c.path === '/productPage')!.label, exact: true }).click();
    await expect(page).toHaveURL(at('/products'));
    await expect(page.getByText(String(fx.products[0].fields.name)).first()).toBeVisible();
    expect(problems).toEqual([]);

    // a column list's path URL hydrates into its list route the same way
    await page.goto('/news');
    await expect(page).toHaveURL(at('/news'));
    await expect(page.getByRole('heading', { name: fx.news[0].title, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);

    const missing = await page.goto('/no/such/page');
    expect(missing!.status()).toBe(404);
    await expect(page.getByText('页面不存在').first()).toBeVisible();
    await ctx.close();
  });
});

test.describe('a hash route opened on the home path', () => {
  test('shows only the asked-for route: of the home page the server rendered only the shared header shows, and its pictures are not fetched', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); }); // a CSP refusal of the guard lands here
    const media: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/api/site/media/')) media.push(new URL(r.url()).pathname.replace(/\/\d+$/, '')); });
    // hold the app's code until the server's markup has been parsed and painted, as on a slow phone
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route(/\/assets\/.*\.js$/, async (route) => { await held; await route.continue(); });

    const homeHtml = await (await page.request.get('/')).text();
    const pictures = (loading: string) => [...homeHtml.matchAll(new RegExp(`<img src="(/api/site/media/\\d+)/\\d+"[^>]*loading="${loading}"`, 'g'))].map((m) => m[1]);
    // every picture of the home answer waits for layout, the hero too: the preload scanner must not find one.
    // The hero's preload is held back in the head until the guard sees that the visit is the home page itself.
    expect(pictures('eager')).toEqual([]);
    const hero = /<link id="hero-preload" rel="preload" as="image" href="(\/api\/site\/media\/\d+)\/\d+"[^>]*media="not all">/.exec(homeHtml)![1];
    const lazyPictures = pictures('lazy');
    expect(lazyPictures).toContain(hero);
    expect(lazyPictures.length).toBeGreaterThan(3);

    const opened = async (hash: string) => {
      await page.goto(`/#${hash}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.readyState !== 'loading');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      return page.evaluate(() => [...document.querySelectorAll('#root *')].filter((e) => e.parentElement && getComputedStyle(e.parentElement).display !== 'none'
        && getComputedStyle(e).display !== 'none' && e.parentElement.classList.contains('app-root')).map((e) => e.tagName.toLowerCase()));
    };
    // a page without the site's header (login): nothing of the home shows
    expect(await opened('/login')).toEqual([]);
    await page.goto('about:blank');
    // a page of the site: its header, shared by every page, paints at once; nothing else of the home shows
    expect(await opened('/bidReport')).toEqual(['header']);

    release();
    await expect(page.getByRole('heading', { level: 1, name: '招标采购' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(media.filter((m) => lazyPictures.includes(m))).toEqual([]);
    expect(problems).toEqual([]);
    // the home path without a hash is the home page, hydrated (the guard leaves it alone), its hero preloaded at once
    media.length = 0;
    await page.goto('/');
    await expect(page).toHaveURL(at('/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hash-route'))).toBe(false);
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="preload"][as="image"]:not([media])').length)).toBe(1);
    expect(media).toContain(hero);
    expect(problems).toEqual([]);
  });
});

test('a detail page opened directly on a phone does not move under the reader\'s eyes while it loads (no layout shift)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const w = window as unknown as { shifted: string[] };
    w.shifted = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
        w.shifted.push(`${e.value.toFixed(4)} ${(e.sources ?? []).map((x) => (x.node as Element | undefined)?.className ?? '?').join(' ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const route of [`/productDetail?id=${fx.products[0].id}`, `/newsDetail?id=${fx.news[0].id}`]) {
    await page.goto('about:blank');
    await page.goto(`/#${route}`);
    await expect(page.locator('main h1')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted), route).toEqual([]);
  }
});

test('a detail page\'s main picture is preloaded as soon as its data is in, with the sizes the page shows it at', async ({ page }) => {
  await go(page, `/productDetail?id=${fx.products[0].id}`);
  const main = page.locator('.product-main-img img');
  await expect(main).toBeVisible();
  const [src, sizes] = [await main.getAttribute('src'), await main.getAttribute('sizes')];
  const preload = page.locator(`head link[rel="preload"][as="image"][href="${src}"]`);
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('imagesizes')).toBe(sizes);
  expect(await preload.getAttribute('fetchpriority')).toBe('high');
});

test.describe('accessibility and screenshots', () => {
  test('axe finds no violation on any route', async ({ page }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const r of routes()) {
      await go(page, r.route);
      await expect(page.getByText(r.expectText(), { exact: false }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).analyze();
      for (const v of result.violations) found.push(`${r.route}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    }
    await go(page, '/homePage');
    await page.locator('.topbar').getByRole('button', { name: '网上商城' }).click();
    const dialogResult = await new AxeBuilder({ page }).include('.modal').analyze();
    for (const v of dialogResult.violations) found.push(`dialog: ${v.id}`);
    expect(found).toEqual([]);
  });

  test('phone and desktop screenshots', async ({ browser }) => {
    test.setTimeout(240_000);
    fs.mkdirSync(shotsDir, { recursive: true });
    const shots = ['/homePage', `/productDetail?id=${fx.products[0].id}`, '/productPage', '/newsPage', `/newsDetail?id=${fx.news[0].id}`, '/aboutPage?showIndex=4', `/bidDetail?id=${fx.bids[0].id}`, '/jobBoard', '/cs', '/login'];
    for (const [name, viewport] of [['phone', { width: 375, height: 812 }], ['desktop', { width: 1440, height: 900 }]] as const) {
      const ctx = await browser.newContext({ viewport, locale: 'zh-CN', baseURL: process.env.E2E_BASE_URL });
      const page = await ctx.newPage();
      for (const route of shots) {
        await go(page, route);
        await page.waitForLoadState('networkidle');
        // bring the lazy images in before the full-page capture
        const height = await page.evaluate(() => document.body.scrollHeight);
        for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForLoadState('networkidle');
        const file = `${name}-${route.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-')}.png`;
        await page.screenshot({ path: path.join(shotsDir, file), fullPage: true });
        // no horizontal overflow on either width
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} ${route} overflow`).toBe(true);
      }
      await ctx.close();
    }
  });
});
