import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page } from '@playwright/test';

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

      const job = (await (await page.request.get('/api/site/articles?kind=job&limit=1&lang=en')).json()).data.records[0] as { id: number; title: string };
      await page.goto(`/#/jobDetail?id=${job.id}`);
      await expect(page.getByTestId('untranslated-notice')).toHaveText('This content is not yet available in English.');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(job.title);
    });
  });
}
