import { test, expect } from '../fixtures';
import type { Page } from '@playwright/test';
import { api, apiLogin } from '../api';

/**
 * Website content end to end: an editor writes and publishes a news item in the console, a visitor
 * sees it on the site, it is taken down and is gone; stored XSS payloads never run on the site.
 */

const EDITOR = { user: 'editor', password: 'Editor@2026' };

async function openArticles(page: Page) {
  await page.getByRole('menuitem', { name: /网站内容/ }).first().click();
  await page.getByRole('menuitem', { name: /内容管理/ }).first().click();
  await expect(page.getByRole('tab', { name: '新闻' })).toBeVisible();
}

/** the id of the article open in the editor (`edit=<id>` in the console URL) */
async function editedId(page: Page): Promise<number> {
  await expect.poll(() => /[?&]edit=(\d+)/.exec(decodeURIComponent(page.url()))?.[1] ?? null).not.toBeNull();
  return Number(/[?&]edit=(\d+)/.exec(decodeURIComponent(page.url()))![1]);
}

async function newNews(page: Page, title: string, summary: string) {
  await page.getByRole('button', { name: /新增/ }).click();
  const editor = page.getByTestId('cms-article-editor');
  await expect(editor).toBeVisible();
  await editor.getByLabel('标题', { exact: true }).fill(title);
  await editor.getByLabel('摘要', { exact: true }).fill(summary);
  await editor.getByLabel('来源', { exact: true }).fill('本草制药党群工作部');
  return editor;
}

test.describe('website content', () => {
  test('an editor publishes a news item, a visitor sees it; unpublished it is gone', async ({ page, browser, console: consoleApp }) => {
    const title = `端到端测试新闻 ${Date.now()}`;
    await consoleApp.login(EDITOR.user, EDITOR.password);
    await openArticles(page);
    const editor = await newNews(page, title, '编辑在控制台撰写并发布的新闻。');
    const body = editor.getByRole('textbox', { name: '正文' });
    await body.click();
    await page.keyboard.type('这是一条由编辑在控制台撰写并发布的新闻正文。');
    await editor.getByRole('button', { name: /立即发布/ }).click();
    await expect(page.getByText('发布成功')).toBeVisible();
    const id = await editedId(page);
    await expect(editor.getByText('网站展示中')).toBeVisible();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/#/newsDetail?id=${id}`);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitor.getByText('这是一条由编辑在控制台撰写并发布的新闻正文。')).toBeVisible();
    await visitor.goto('/#/newsPage');
    await expect(visitor.getByText(title).first()).toBeVisible();

    await editor.getByRole('button', { name: /下线/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('已下线').first()).toBeVisible();

    await visitor.goto('about:blank');
    await visitor.goto(`/#/newsDetail?id=${id}`);
    await expect(visitor.getByText(/未找到|不存在|已下线/).first()).toBeVisible();
    await expect(visitor.getByRole('heading', { name: title })).toHaveCount(0);
    await visitor.goto('about:blank');
    await visitor.goto('/#/newsPage');
    await expect(visitor.locator('main, #root').first()).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);
    await visitor.context().close();
  });

  test('stored XSS payloads saved through the editor never execute on the site', async ({ page, browser, console: consoleApp }) => {
    const payloads = [
      '<script>window.__xss = "script"; alert("script")</script>',
      '<img src="x" onerror="window.__xss=\'img\';alert(\'img\')">',
      '<img src="/api/site/media/1/320" onload="window.__xss=\'onload\';alert(\'onload\')">',
      '<a href="javascript:window.__xss=\'href\';alert(\'href\')">点我</a>',
      '<svg onload="window.__xss=\'svg\';alert(\'svg\')"><circle r="4"/></svg>',
      '<iframe src="javascript:parent.__xss=\'iframe\';alert(\'iframe\')"></iframe>',
      '<details open ontoggle="window.__xss=\'details\';alert(\'details\')">x</details>',
      '<p style="background:url(javascript:alert(1))" onmouseover="window.__xss=\'hover\'">悬停</p>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\';alert(\'mxss\')"></style></mglyph></table></mtext></math>',
      '<object data="javascript:alert(\'object\')"></object><embed src="javascript:alert(\'embed\')">',
    ].join('\n');

    // the console's own session token, as an attacker with an editor account would use it
    let auth: string | null = null;
    page.on('request', (r) => { const h = r.headers().authorization; if (h && r.url().includes('/api/cms/')) auth = h; });

    await consoleApp.login(EDITOR.user, EDITOR.password);
    await openArticles(page);
    const title = `<img src=x onerror="window.__xss='title';alert('title')"> XSS 测试`;
    const editor = await newNews(page, title, '<script>window.__xss="summary"</script>');
    const body = editor.getByRole('textbox', { name: '正文' });
    await body.click();
    // paste the payloads as HTML into the rich-text editor
    await body.evaluate((el, html) => {
      const dt = new DataTransfer();
      dt.setData('text/html', `<p>粘贴内容</p>${html}`);
      dt.setData('text/plain', html);
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    }, payloads);
    await editor.getByRole('button', { name: /立即发布/ }).click();
    await expect(page.getByText('发布成功')).toBeVisible();
    const pastedId = await editedId(page);

    // and the raw payloads straight to the API the editor uses, past the editor's own schema
    await expect.poll(() => auth).not.toBeNull();
    const raw = await page.evaluate(async ({ authorization, html }) => {
      const headers = { authorization, 'content-type': 'application/json' };
      const made = await fetch('/api/cms/articles', { method: 'POST', headers, body: JSON.stringify({
        kind: 'news', title: 'XSS 原始载荷', summary: 'raw', body: html, fields: { source: 'x', author: 'x', category: '公司新闻' } }) }).then((r) => r.json());
      await fetch(`/api/cms/articles/${made.data.id}/publish`, { method: 'POST', headers, body: '{}' });
      return made.data as { id: number; body: string };
    }, { authorization: auth!, html: payloads });
    expect(raw.body).not.toMatch(/<script|onerror|onload|ontoggle|onmouseover|javascript:|<iframe|<svg|<object|<embed|<math|style=/i);

    const visitor = await (await browser.newContext()).newPage();
    const dialogs: string[] = [];
    visitor.on('dialog', async (d) => { dialogs.push(d.message()); await d.dismiss(); });
    for (const id of [pastedId, raw.id]) {
      await visitor.goto('about:blank');
      await visitor.goto(`/#/newsDetail?id=${id}`);
      await expect(visitor.locator('h1').first()).toBeVisible();
      await visitor.waitForLoadState('networkidle');
      await visitor.mouse.move(200, 400);
      await visitor.mouse.move(400, 500);
      const found = await visitor.evaluate(() => ({
        flag: (window as unknown as { __xss?: string }).__xss ?? null,
        handlers: document.querySelectorAll('[onerror],[onload],[onclick],[ontoggle],[onmouseover]').length,
        jsLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
        frames: document.querySelectorAll('iframe, object, embed').length,
        // executable scripts only: the server render's data (application/json, ld+json) holds the text as data
        scripts: [...document.querySelectorAll('script')].filter((s) => !/json/.test(s.type) && s.textContent?.includes('__xss')).length,
        // and that data cannot close its element
        dataTags: [...document.querySelectorAll('script[type*="json"]')].filter((s) => /<\/?script|<img/i.test(s.textContent ?? '')).length,
      }));
      expect(found).toEqual({ flag: null, handlers: 0, jsLinks: 0, frames: 0, scripts: 0, dataTags: 0 });
    }
    await visitor.goto('/#/newsPage');
    await expect(visitor.getByText('XSS 原始载荷').first()).toBeVisible();
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null)).toBeNull();
    expect(dialogs).toEqual([]);
    await visitor.context().close();
  });
});

test.describe('media library, pending edits and previews', () => {
  test('the media library opened directly lays its pictures out in a grid', async ({ page, console: consoleApp }) => {
    await consoleApp.login(EDITOR.user, EDITOR.password);
    await page.getByRole('menuitem', { name: /网站内容/ }).first().click();
    await page.getByRole('menuitem', { name: /媒体库/ }).first().click();
    const cards = page.getByTestId('cms-media-card');
    await expect(cards.first()).toBeVisible();
    const grid = await page.locator('.cms-media-grid').boundingBox();
    const card = await cards.first().boundingBox();
    const img = await cards.first().locator('img').boundingBox();
    expect(card!.width).toBeLessThan(grid!.width / 2);
    expect(img!.height).toBeLessThan(300);
    // two cards share a row
    const second = await cards.nth(1).boundingBox();
    expect(Math.abs(second!.y - card!.y)).toBeLessThan(2);
    // the thumbnails load (unpublished ones too: the console's URLs carry their key)
    await expect.poll(() => cards.first().locator('img').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  });

  test('editing a published item keeps the live version until publish; the preview says it is one', async ({ page, request, browser, console: consoleApp }) => {
    const token = await apiLogin(request, EDITOR.user, EDITOR.password);
    const live = `线上版本 ${Date.now()}`;
    const edited = `${live}（修改稿）`;
    const body = (t: string) => ({ kind: 'news', title: t, summary: '摘要', body: `<p>${t} 正文</p>`, fields: { source: '本草制药', author: '编辑', category: '公司新闻' } });
    const a = await api<{ id: number }>(request, token, 'POST', '/api/cms/articles', body(live));
    await api(request, token, 'POST', `/api/cms/articles/${a.id}/publish`, {});
    await api(request, token, 'PUT', `/api/cms/articles/${a.id}`, body(edited));

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`/#/newsDetail?id=${a.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: live, exact: true })).toBeVisible();
    await expect(visitor.getByTestId('preview-banner')).toHaveCount(0);

    // the console shows the edit and that it is not live yet
    await consoleApp.login(EDITOR.user, EDITOR.password);
    await openArticles(page);
    const row = page.getByRole('row', { name: new RegExp(edited.replace(/[()（）]/g, '.')) });
    await expect(row.getByTestId('cms-pending')).toBeVisible();

    const pv = await api<{ sitePath: string }>(request, token, 'POST', `/api/cms/articles/${a.id}/preview`);
    await visitor.goto('about:blank');
    await visitor.goto(pv.sitePath);
    await expect(visitor.getByTestId('preview-banner')).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1, name: edited, exact: true })).toBeVisible();

    await api(request, token, 'POST', `/api/cms/articles/${a.id}/publish`, {});
    await visitor.goto('about:blank');
    await visitor.goto(`/#/newsDetail?id=${a.id}`);
    await expect(visitor.getByRole('heading', { level: 1, name: edited, exact: true })).toBeVisible();
    await visitor.context().close();
  });
});
