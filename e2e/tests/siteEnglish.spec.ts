import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/**
 * The site in English: the 中文 / English switch in the top bar changes the chrome and the content,
 * is remembered across reloads (the server renders the chosen language), and content without English
 * shows the Chinese text with a notice. On desktop and phone width, with screenshots.
 */
const shotsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

const HERO_EN = 'Trustworthy Chinese medicines, made with modern pharmaceutical science';
const HERO_ZH = '以现代制药科技，做让人放心的好中药';

async function switchTo(page: Page, name: 'English' | '中文') {
  await page.locator('.topbar').getByRole('button', { name }).click();
  await expect(page.locator('.topbar').getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
}

for (const size of [{ name: 'desktop', width: 1280, height: 900 }, { name: 'phone', width: 390, height: 844 }]) {
  test.describe(`${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('switching to English and back, remembered across a reload', async ({ page, context }) => {
      await context.clearCookies();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_ZH);
      await switchTo(page, 'English');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_EN);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // content and column names come in English too
      await expect(page.getByText('Banlangen Granules (Isatis Root Granules)').first()).toBeVisible();
      await expect(page.locator('.site-footer')).toContainText('Customer service');
      await page.screenshot({ path: path.join(shotsDir, `site-english-home-${size.name}.png`), fullPage: false });

      // remembered: a reload of the home path is rendered in English by the server, before any script
      const html = await (await page.request.get('/', { headers: { cookie: 'bencao-lang=en' } })).text();
      expect(html).toContain(HERO_EN);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_EN);
      expect(await page.evaluate(() => localStorage.getItem('bencao-lang'))).toBe('en');

      await switchTo(page, '中文');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_ZH);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_ZH);
    });

    test('a product in English; a job without English shows the Chinese with a notice', async ({ page, context }) => {
      await context.clearCookies();
      const products = (await (await page.request.get('/api/site/articles?kind=product&limit=20&lang=en')).json()).data.records as { id: number; fields: { name: string; rxOtc: string } }[];
      const rx = products.find((p) => p.fields.rxOtc === 'Rx')!;
      await page.goto(`/en/products/${rx.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(rx.fields.name);
      await expect(page.getByText('Prescription medicine · For healthcare professionals only')).toBeVisible();
      await expect(page.getByText('Dosage and administration', { exact: true })).toBeVisible();
      await page.screenshot({ path: path.join(shotsDir, `site-english-product-${size.name}.png`), fullPage: false });

      const jobs = (await (await page.request.get('/api/site/articles?kind=job&limit=50&lang=en')).json()).data.records as { id: number; title: string; untranslated?: boolean }[];
      const job = jobs.find((j) => j.untranslated)!;
      await page.goto(`/#/jobDetail?id=${job.id}`);
      await expect(page.getByTestId('untranslated-notice')).toHaveText('This content is not yet available in English.');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
    });

    test('every route in English: no Chinese in the chrome, axe clean', async ({ page, context }) => {
      test.setTimeout(300_000);
      await context.clearCookies();
      await context.addCookies([{ name: 'bencao-lang', value: 'en', url: process.env.E2E_BASE_URL! }]);
      await page.addInitScript(() => localStorage.setItem('bencao-lang', 'en'));
      const first = async (kind: string) => ((await (await page.request.get(`/api/site/articles?kind=${kind}&limit=1&lang=en`)).json()).data.records[0] as { id: number }).id;
      const [news, product, medicine, job, bid] = await Promise.all(['news', 'product', 'medicine', 'job', 'bid'].map(first));
      const routes = [
        '/homePage', '/aboutPage?showIndex=0', '/newsPage', `/newsDetail?id=${news}`, '/productPage', `/productDetail?id=${product}`,
        '/chineseMedicinePage', `/medicDetail?id=${medicine}`, '/corporateCulturePage', '/manpowerPage', '/jobBoard', `/jobDetail?id=${job}`,
        '/bidReport', `/bidDetail?id=${bid}`, '/cs', '/adrReport', '/test', '/common/page', '/search?q=granules', '/search?q=zzzqqq',
        '/login', '/404', '/403', '/401',
      ];
      const found: string[] = [];
      for (const route of routes) {
        await page.goto(`/#${route}`);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await expect(page.locator('main, .shell-page').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expect(page.locator('[role="status"] .skeleton, .loading, .nav-progress')).toHaveCount(0);
        if (route.startsWith('/jobDetail')) {
          // the application form is chrome too
          await page.getByRole('button', { name: 'Apply online' }).click();
          await expect(page.getByRole('heading', { name: 'Apply for this job' })).toBeVisible();
          await page.getByRole('button', { name: 'Send application' }).click();
          await expect(page.getByRole('alert').first()).toBeVisible();
        }
        if (route === '/login') {
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await expect(page.getByText('Enter your account', { exact: true }).last()).toBeVisible();
        }
        // a detail page's title is its item's (Chinese where the item has no English); polled: the title follows the page's data
        await expect.poll(() => chineseChrome(page, !route.includes('Detail')), { message: route }).toEqual([]);
        const axe = await new AxeBuilder({ page }).analyze();
        found.push(...axe.violations.map((v) => `${route}: axe ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`));
      }
      await page.goto('/#/cs');
      await page.screenshot({ path: path.join(shotsDir, `site-english-cs-${size.name}.png`), fullPage: false });
      expect(found).toEqual([]);
    });
  });
}

/**
 * Texts of the page's chrome that hold Chinese: the header, the footer, the breadcrumb up to the item,
 * headings of sections, labels, buttons, table heads, fact names, tags, chips, placeholders, the
 * document title. The items' own texts may be Chinese (content without English shows with a notice),
 * and the filing numbers are official identifiers, shown as issued.
 */
function chineseChrome(page: Page, withTitle: boolean): Promise<string[]> {
  return page.evaluate((withTitle) => {
    const han = /[\u4e00-\u9fff]/;
    const chrome = [
      '.site-header', '.site-footer', '.breadcrumb li:not(:last-child)', '.page-subtitle', 'label', 'button', 'th', 'dt', 'caption',
      '.tag', '.chip', '.section-title', '.job-block > h2', '.cs-card', '.contact-box dt', '.sub-form', '.status-summary', '.search-page', '.notfound-block', '.shell-card',
    ].join(', ');
    const shown = (e: Element) => !!(e as HTMLElement).offsetParent || getComputedStyle(e).position === 'fixed';
    const out = new Set<string>();
    for (const e of document.querySelectorAll(chrome)) {
      if (!shown(e) || e.closest('[lang="zh-CN"]')) continue;
      const copy = e.cloneNode(true) as Element;
      // the language switch names 中文 in Chinese; filings are identifiers; content inside chrome containers is not chrome
      copy.querySelectorAll('[lang="zh-CN"], .filings, .search-hit-title, .search-hit-snippet, .card-title, .card-text').forEach((x) => x.remove());
      // the ADR form quotes the word printed on Chinese packages for the batch number
      const text = (copy.textContent ?? '').replace(/\s+/g, ' ').replace('“批号”', '').trim();
      if (han.test(text)) out.add(`${e.tagName.toLowerCase()}.${(e as HTMLElement).className}: ${text.slice(0, 120)}`);
    }
    for (const e of document.querySelectorAll('[placeholder], [aria-label]')) {
      const v = `${e.getAttribute('placeholder') ?? ''} ${e.getAttribute('aria-label') ?? ''}`;
      if (han.test(v) && !e.matches('[lang="zh-CN"]')) out.add(`@${e.tagName.toLowerCase()}: ${v.trim()}`);
    }
    if (withTitle && han.test(document.title)) out.add(`title: ${document.title}`);
    return [...out];
  }, withTitle);
}

test.describe('narrow phones', () => {
  for (const width of [320, 360, 390]) {
    test(`at ${width} px the top bar and the header fit, in Chinese and in English`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      for (const url of ['/', '/en/']) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${url} scrolls sideways`).toBeLessThanOrEqual(0);
        // the language switch and the menu button are on screen, and the switch is on the top bar's one line
        for (const control of [page.locator('.topbar').getByRole('button', { name: 'English' }), page.locator('.menu-toggle')]) {
          const box = (await control.boundingBox())!;
          expect(box.x + box.width, `${url}: a control leaves the screen`).toBeLessThanOrEqual(width);
        }
        const bar = (await page.locator('.topbar').boundingBox())!;
        expect(bar.height, `${url}: the top bar wraps`).toBeLessThanOrEqual(40);
      }
    });
  }
});
