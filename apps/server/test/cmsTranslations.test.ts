import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { testConfig } from './templateDb';
import { cmsArticles, cmsTranslations } from '../src/db/schema/index';
import { seedCmsEnglish } from '../src/db/seed/cms/seedEnglish';

let s: TestServer;
let editor: string;
let auditor: string;
let admin: string;
// the page render of the site as it is now (not a build left over from before), in a folder of this run
const ssrOut = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-ssr-en-'));
beforeAll(async () => {
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/ssr.tsx', '--outDir', ssrOut, '--logLevel', 'error'], { cwd: path.resolve(__dirname, '../../site'), stdio: 'ignore' });
  process.env.SITE_SSR = path.join(ssrOut, 'ssr.js');
  s = await startTestServer();
  [editor, auditor, admin] = await Promise.all([s.login(DEMO.editor.userId, DEMO.editor.password), s.login(DEMO.auditor.userId, DEMO.auditor.password),
    s.login(DEMO.admin.userId, DEMO.admin.password)]);
}, 120_000);
afterAll(async () => {
  await s?.close();
  delete process.env.SITE_SSR;
  fs.rmSync(ssrOut, { recursive: true, force: true });
});

const news = (title: string) => ({ kind: 'news', title, summary: `${title}摘要`, body: `<p>${title}正文</p>`, fields: { source: '测试来源', author: '测试作者', category: '公司新闻' } });
const english = (title: string, extra: Record<string, unknown> = {}) => ({ title, summary: `${title} summary`, body: `<p>${title} body</p>`, fields: { source: 'Test source', author: 'Test author' }, ...extra });
async function create(body: unknown) {
  const res = await s.request('POST', '/api/cms/articles', { token: editor, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number };
}
const saveEnglish = (id: number, body: unknown, token = editor, lang?: string) => s.request('PUT', `/api/cms/articles/${id}/translations/en`, { token, body, lang });
const publish = (id: number) => s.request('POST', `/api/cms/articles/${id}/publish`, { token: editor, body: {} });
const site = async (id: number, lang?: 'en' | 'zh') => (await s.request('GET', `/api/site/articles/${id}${lang ? `?lang=${lang}` : ''}`)).body.data;
const seeded = async (key: string) => {
  const [row] = await s.built.deps.db.select({ id: cmsArticles.id }).from(cmsArticles).where(eq(cmsArticles.seedKey, key));
  return row.id;
};
async function page(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(s.url + p, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), vary: res.headers.get('vary') ?? '' };
}
const jsonLd = (html: string) => JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1])['@graph'] as Record<string, any>[];

describe('English translations in the console', () => {
  it('an English edit and a Chinese edit do not overwrite each other', async () => {
    const { id } = await create(news('译文互不覆盖'));
    expect((await saveEnglish(id, english('Kept apart'))).status).toBe(200);
    const zh = news('译文互不覆盖（改）');
    expect((await s.request('PUT', `/api/cms/articles/${id}`, { token: editor, body: zh })).status).toBe(200);
    const en = (await s.request('GET', `/api/cms/articles/${id}/translations/en`, { token: editor })).body.data;
    expect(en).toMatchObject({ title: 'Kept apart', fields: { source: 'Test source' }, pendingDraft: false });
    expect((await saveEnglish(id, english('Kept apart, edited'))).status).toBe(200);
    const article = (await s.request('GET', `/api/cms/articles/${id}`, { token: editor })).body.data;
    expect(article.title).toBe('译文互不覆盖（改）');
    expect(article.translations).toEqual(['en']);
  });

  it('the list tells which articles have no English', async () => {
    const { id } = await create(news('没有英文的文章'));
    const productId = await seeded('prod-01');
    const rows = (await s.request('GET', '/api/cms/articles?limit=100&keyword=没有英文的文章', { token: editor })).body.data.records;
    expect(rows.find((r: { id: number }) => r.id === id).translations).toEqual([]);
    expect((await s.request('GET', `/api/cms/articles/${productId}`, { token: editor })).body.data.translations).toEqual(['en']);
  });

  it('an English edit of a published article goes live on publish, not before', async () => {
    const { id } = await create(news('已发布文章的英文草稿'));
    await saveEnglish(id, english('First English'));
    expect((await publish(id)).status).toBe(200);
    expect((await site(id, 'en')).title).toBe('First English');

    const saved = (await saveEnglish(id, english('Second English'))).body.data;
    expect(saved).toMatchObject({ title: 'Second English', pendingDraft: true, live: true });
    expect((await site(id, 'en')).title).toBe('First English');
    // the preview link shows the pending English
    const { token } = (await s.request('POST', `/api/cms/articles/${id}/preview`, { token: editor })).body.data;
    expect((await s.request('GET', `/api/site/articles/${id}?lang=en&preview=${token}`)).body.data).toMatchObject({ title: 'Second English', preview: true });

    expect((await publish(id)).status).toBe(200);
    expect((await site(id, 'en')).title).toBe('Second English');
    expect((await s.request('GET', `/api/cms/articles/${id}/translations/en`, { token: editor })).body.data.pendingDraft).toBe(false);
  });

  it('a new English translation of a published article waits for publish too', async () => {
    const { id } = await create(news('先发布后翻译'));
    await publish(id);
    await saveEnglish(id, english('Translated later'));
    expect(await site(id, 'en')).toMatchObject({ title: '先发布后翻译', untranslated: true });
    await publish(id);
    const shown = await site(id, 'en');
    expect(shown.title).toBe('Translated later');
    expect(shown.untranslated).toBeUndefined();
  });

  it('checks the translation with the shared rules: 400 naming the field, in the caller\'s language', async () => {
    const productId = await seeded('prod-02');
    const noTitle = await saveEnglish(productId, { ...english(''), fields: {} }, editor, 'en');
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.msg).toContain('title');
    const longName = await saveEnglish(productId, english('Syrup', { fields: { name: 'x'.repeat(101) } }), editor, 'zh');
    expect(longName.status).toBe(400);
    expect(longName.body.msg).toContain('fields.name');
    expect(longName.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await saveEnglish(999999, english('Nobody'))).status).toBe(404);
    expect((await s.request('PUT', `/api/cms/articles/${productId}/translations/fr`, { token: editor, body: english('Non') })).status).toBe(400);
  });

  it('only editors may write a translation', async () => {
    const productId = await seeded('prod-03');
    expect((await saveEnglish(productId, english('Not mine'), auditor)).status).toBe(403);
    expect((await s.request('DELETE', `/api/cms/articles/${productId}/translations/en`, { token: auditor })).status).toBe(403);
    expect((await s.request('PUT', `/api/cms/articles/${productId}/translations/en`, { body: english('Anonymous') })).status).toBe(401);
  });
});

describe('the public API in English', () => {
  it('answers the English, and the Chinese with a notice flag where there is none', async () => {
    const translated = await seeded('news-01');
    const { id: plain } = await create(news('只有中文的新闻'));
    await publish(plain);
    const en = await site(translated, 'en');
    expect(en.title).toBe('Phase II of the smart manufacturing base for modern Chinese medicine goes into production');
    expect(en.body).toContain('From experience to data');
    expect(en.fields).toMatchObject({ source: 'Bencao Party and Public Affairs Department', category: '公司新闻' });
    expect(en.untranslated).toBeUndefined();
    const zh = await site(translated);
    expect(zh.title).toBe('现代中药智能制造基地二期工程竣工投产');
    expect(zh.untranslated).toBeUndefined();
    expect(await site(plain, 'en')).toMatchObject({ title: '只有中文的新闻', untranslated: true });
    // lists and column names too
    const list = (await s.request('GET', '/api/site/articles?kind=product&limit=20&lang=en')).body.data.records as { title: string; fields: { name: string } }[];
    expect(list.map((r) => r.fields.name)).toContain('Banlangen Granules (Isatis Root Granules)');
    const columns = (await s.request('GET', '/api/site/columns?lang=en')).body.data as { path: string; label: string; parent: number }[];
    expect(columns.find((c) => c.path === '/productPage' && c.parent === 1000)!.label).toBe('Products');
    // an English search finds English titles
    const found = (await s.request('GET', '/api/site/articles?kind=news&lang=en&keyword=bumper')).body.data.records as { title: string }[];
    expect(found.map((r) => r.title)).toEqual(['Bumper angelica harvest at the Dingxi farm, with every batch traceable']);
  });

  it('keeps its cached answers per language, and forgets them when a translation changes', async () => {
    const { id } = await create(news('缓存按语言区分'));
    await saveEnglish(id, english('Cached in English'));
    await publish(id);
    const zh = await s.request('GET', `/api/site/articles/${id}`);
    const en = await s.request('GET', `/api/site/articles/${id}?lang=en`);
    expect(zh.body.data.title).toBe('缓存按语言区分');
    expect(en.body.data.title).toBe('Cached in English');
    expect(en.headers.get('etag')).not.toBe(zh.headers.get('etag'));
    // asked again: the same copy (304 with its ETag)
    const again = await fetch(`${s.url}/api/site/articles/${id}?lang=en`, { headers: { 'if-none-match': en.headers.get('etag')! } });
    expect(again.status).toBe(304);
    await saveEnglish(id, english('Cached, then changed'));
    await publish(id);
    expect((await site(id, 'en')).title).toBe('Cached, then changed');
  });
});

describe('English path URLs without JavaScript', () => {
  it('a product, a news item and an about page under /en/ hold their English title and text', async () => {
    const product = await seeded('prod-10');
    const newsId = await seeded('news-03');
    const pages = [
      { url: `/en/products/${product}`, title: 'Compound Danshen Tablets (Compound Salvia Tablets)', text: 'Prescription medicine · For healthcare professionals only' },
      { url: `/en/news/${newsId}`, title: 'Bumper angelica harvest at the Dingxi farm, with every batch traceable', text: 'Authentic growing regions plus standardised cultivation' },
      { url: '/en/about/0', title: 'Company overview', text: 'Headquartered in Hangzhou, Zhejiang' },
    ];
    for (const p of pages) {
      const { status, html } = await page(p.url);
      expect(status, p.url).toBe(200);
      expect(html).toContain('<html lang="en"');
      expect(html).toContain(`<title>${p.title} — Bencao Pharmaceutical</title>`);
      expect(html).toContain(p.text);
      const zhPath = p.url.replace(/^\/en/, '');
      expect(html).toContain(`<link rel="canonical" href="${s.url}${p.url}" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="zh-CN" href="${s.url}${zhPath}" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="en" href="${s.url}${p.url}" />`);
      expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${s.url}${zhPath}" />`);
      // the chrome is English too, and the app hydrates in English
      expect(html).toContain('Skip to main content');
      expect(JSON.parse(html.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/)![1]).lang).toBe('en');
    }
    const zh = await page(`/products/${product}`);
    expect(zh.html).toContain('<html lang="zh-CN"');
    expect(zh.html).toContain('复方丹参片');
    expect(zh.html).toContain(`<link rel="alternate" hreflang="en" href="${s.url}/en/products/${product}" />`);
  });

  it('content without English: the English page shows the Chinese with the notice, and points to the Chinese page', async () => {
    const job = (await s.request('GET', '/api/site/articles?kind=job&limit=1')).body.data.records[0];
    const { status, html } = await page(`/en/jobs/${job.id}`);
    expect(status).toBe(200);
    expect(html).toContain(job.title);
    expect(html).toContain('This content is not yet available in English.');
    expect(html).toContain(`<link rel="canonical" href="${s.url}/jobs/${job.id}" />`);
    expect(html).not.toContain('hreflang="en"');
  });

  it('the home page has path URLs too: / and /en/, with Organization and the readable text', async () => {
    const zh = await page('/');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('<html lang="zh-CN"');
    expect(zh.html).toContain('以现代制药科技，做让人放心的好中药');
    expect(zh.html).toContain('板蓝根颗粒');
    expect(jsonLd(zh.html).some((g) => g['@type'] === 'Organization')).toBe(true);
    expect(zh.html).toContain(`<link rel="alternate" hreflang="en" href="${s.url}/en/" />`);
    expect(zh.vary).toContain('cookie');

    const en = await page('/en/');
    expect(en.status).toBe(200);
    expect(en.html).toContain('<html lang="en"');
    expect(en.html).toContain('Trustworthy Chinese medicines, made with modern pharmaceutical science');
    expect(en.html).toContain('Banlangen Granules (Isatis Root Granules)');
    expect(en.html).toContain(`<link rel="canonical" href="${s.url}/en/" />`);
    // a visitor who chose English gets the English home page at /
    expect((await page('/', { cookie: 'bencao-lang=en' })).html).toContain('<html lang="en"');
    expect((await page('/en')).status).toBe(301);
  });

  it('the sitemap lists both languages with xhtml:link alternates', async () => {
    const product = await seeded('prod-01');
    const res = await fetch(`${s.url}/sitemap.xml`);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(`<loc>${s.url}/en/products/${product}</loc>`);
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${s.url}/en/products/${product}"/>`);
    expect(xml).toContain(`<loc>${s.url}/en/</loc>`);
    const job = (await s.request('GET', '/api/site/articles?kind=job&limit=1')).body.data.records[0];
    expect(xml).toContain(`<loc>${s.url}/jobs/${job.id}</loc>`);
    expect(xml).not.toContain(`<loc>${s.url}/en/jobs/${job.id}</loc>`);
  });

  it('an unknown English path gets the English 404 page', async () => {
    const { status, html } = await page('/en/nothing-here');
    expect(status).toBe(404);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('Page not found');
  });
});

describe('the English demo content', () => {
  it('is seeded once: a second run adds nothing and keeps an editor\'s English', async () => {
    const db = s.built.deps.db;
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(cmsTranslations)).at(0)!.n;
    const overview = await seeded('page-overview');
    await saveEnglish(overview, english('Edited overview', { fields: {} }));
    const before = await count();
    await seedCmsEnglish(db, testConfig());
    expect(await count()).toBe(before);
    const [row] = await db.select().from(cmsTranslations).where(and(eq(cmsTranslations.articleId, overview), eq(cmsTranslations.lang, 'en')));
    expect((row.draft ?? row.content)!.title).toBe('Edited overview');
    // the about sections, all twelve products and the six newest news items have English
    const keys = ['page-overview', 'page-strategy', 'page-history', 'page-party', 'page-culture', ...Array.from({ length: 12 }, (_, i) => `prod-${String(i + 1).padStart(2, '0')}`),
      ...Array.from({ length: 6 }, (_, i) => `news-0${i + 1}`)];
    for (const k of keys) expect((await s.request('GET', `/api/cms/articles/${await seeded(k)}`, { token: editor })).body.data.translations, k).toEqual(['en']);
  });
});

describe('categories and site settings in English', () => {
  /** changes the settings' English for one test, then puts the settings back as they were */
  async function withEnglishSettings(en: Record<string, unknown>, run: () => Promise<void>) {
    const before = (await s.request('GET', '/api/cms/settings', { token: admin })).body.data;
    const res = await s.request('PUT', '/api/cms/settings', { token: admin, body: { ...before, en } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    try { await run(); } finally { await s.request('PUT', '/api/cms/settings', { token: admin, body: before }); }
  }

  it('the English site shows the company name, address and hours written in English; the Chinese site keeps the Chinese', async () => {
    const en = { companyName: 'Test Herbal Co.', address: '1 Test Road, Hangzhou', serviceHours: '8:00–20:00', categories: {} };
    await withEnglishSettings(en, async () => {
      const english = (await s.request('GET', '/api/site/settings?lang=en')).body.data;
      expect(english).toMatchObject({ companyName: 'Test Herbal Co.', address: '1 Test Road, Hangzhou', serviceHours: '8:00–20:00' });
      const chinese = (await s.request('GET', '/api/site/settings')).body.data;
      expect(chinese.companyName).not.toBe('Test Herbal Co.');
      expect(chinese.companyName).toMatch(/[\u4e00-\u9fff]/);
      // the console reads back what it saved
      expect((await s.request('GET', '/api/cms/settings', { token: admin })).body.data.en).toMatchObject(en);
      // the server-rendered English page shows it too
      const { html } = await page('/en/', {});
      expect(html).toContain('Test Herbal Co.');
    });
  });

  it('a blank English text shows the Chinese one', async () => {
    await withEnglishSettings({ companyName: '', address: '', serviceHours: '', categories: {} }, async () => {
      const [zh, en] = await Promise.all([s.request('GET', '/api/site/settings'), s.request('GET', '/api/site/settings?lang=en')]);
      expect(en.body.data.companyName).toBe(zh.body.data.companyName);
      expect(en.body.data.address).toBe(zh.body.data.address);
    });
  });

  it('the English settings are checked (400 naming the field) and only a settings editor may save them', async () => {
    const before = (await s.request('GET', '/api/cms/settings', { token: admin })).body.data;
    const long = await s.request('PUT', '/api/cms/settings', { token: admin, lang: 'en', body: { ...before, en: { ...before.en, companyName: 'x'.repeat(101) } } });
    expect(long.status).toBe(400);
    expect(long.body.msg).toContain('en.companyName');
    const zhLong = await s.request('PUT', '/api/cms/settings', { token: admin, lang: 'zh', body: { ...before, en: { ...before.en, companyName: 'x'.repeat(101) } } });
    expect(zhLong.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await s.request('PUT', '/api/cms/settings', { token: editor, body: before })).status).toBe(403);
    expect((await s.request('PUT', '/api/cms/settings', { token: auditor, body: before })).status).toBe(403);
  });

  it('a category gets its English name on the English site (lists, details, product filters); its key stays the Chinese name', async () => {
    const cat = `测试类别${Math.random().toString(36).slice(2, 8)}`;
    const { id } = await create({ ...news('分类英文名称'), fields: { source: '测试来源', author: '测试作者', category: cat } });
    expect((await publish(id)).status).toBe(200);
    const product = await create({ kind: 'product', title: '分类测试产品', fields: { name: '分类测试产品', ingredients: 'x', indications: 'x', approvalNumber: '国药准字Z00000000', manufacturer: 'x', rxOtc: 'OTC', category: cat } });
    expect((await publish(product.id)).status).toBe(200);
    await withEnglishSettings({ companyName: '', address: '', serviceHours: '', categories: { [cat]: 'Test category' } }, async () => {
      const list = (await s.request('GET', `/api/site/articles?kind=news&lang=en&category=${encodeURIComponent(cat)}`)).body.data;
      expect(list.records.map((r: { id: number }) => r.id)).toEqual([id]);
      expect(list.records[0]).toMatchObject({ categoryLabel: 'Test category', fields: { category: cat } });
      expect((await site(id, 'en')).categoryLabel).toBe('Test category');
      expect((await site(id)).categoryLabel).toBeUndefined();
      const cats = (await s.request('GET', '/api/site/products/categories?lang=en')).body.data;
      expect(cats.find((c: { name: string }) => c.name === cat)).toMatchObject({ label: 'Test category', count: 1 });
      const zhCats = (await s.request('GET', '/api/site/products/categories')).body.data;
      expect(zhCats.find((c: { name: string }) => c.name === cat)).toMatchObject({ label: cat });
    });
    // without an English name the English site shows the Chinese one
    expect((await site(id, 'en')).categoryLabel).toBeUndefined();
  });
});

describe('English versions in the history', () => {
  const versions = async (id: number) => (await s.request('GET', `/api/cms/articles/${id}/versions`, { token: editor })).body.data as
    { id: number; version: number; lang: string; action: string; title: string; createdBy: string; createdAt: string }[];

  it('lists the English edits beside the Chinese ones: who, when, which language', async () => {
    const { id } = await create(news('历史中的英文版本'));
    await saveEnglish(id, english('English one'));
    await saveEnglish(id, english('English two'));
    await s.request('PUT', `/api/cms/articles/${id}`, { token: editor, body: news('历史中的英文版本（改）') });
    const list = await versions(id);
    expect(list.map((v) => [v.lang, v.version, v.action, v.title])).toEqual([
      ['zh', 2, 'update', '历史中的英文版本（改）'],
      ['en', 2, 'update', 'English two'],
      ['en', 1, 'create', 'English one'],
      ['zh', 1, 'create', '历史中的英文版本'],
    ]);
    for (const v of list) {
      expect(v.createdBy).toBe(DEMO.editor.userId);
      expect(Number.isNaN(Date.parse(v.createdAt))).toBe(false);
    }
    const detail = (await s.request('GET', `/api/cms/articles/${id}/versions/${list[2].id}`, { token: editor })).body.data;
    expect(detail).toMatchObject({ lang: 'en', snapshot: { title: 'English one', fields: { source: 'Test source' } } });
  });

  it('restoring an English version restores the English only, as a new English version', async () => {
    const { id } = await create(news('恢复英文版本'));
    await saveEnglish(id, english('Old English'));
    await saveEnglish(id, english('New English'));
    const old = (await versions(id)).find((v) => v.lang === 'en' && v.version === 1)!;
    expect((await s.request('POST', `/api/cms/articles/${id}/versions/${old.id}/restore`, { token: auditor })).status).toBe(403);
    const res = await s.request('POST', `/api/cms/articles/${id}/versions/${old.id}/restore`, { token: editor });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('恢复英文版本');
    const en = (await s.request('GET', `/api/cms/articles/${id}/translations/en`, { token: editor })).body.data;
    expect(en.title).toBe('Old English');
    const [newest] = await versions(id);
    expect(newest).toMatchObject({ lang: 'en', version: 3, action: 'restore', title: 'Old English' });
  });

  it('restoring an English version of a published article waits for publish like any English edit', async () => {
    const { id } = await create(news('已发布文章恢复英文'));
    await saveEnglish(id, english('Published English'));
    await publish(id);
    await saveEnglish(id, english('Pending English'));
    await publish(id);
    expect((await site(id, 'en')).title).toBe('Pending English');
    const first = (await versions(id)).find((v) => v.lang === 'en' && v.version === 1)!;
    expect((await s.request('POST', `/api/cms/articles/${id}/versions/${first.id}/restore`, { token: editor })).status).toBe(200);
    expect((await site(id, 'en')).title).toBe('Pending English');
    await publish(id);
    expect((await site(id, 'en')).title).toBe('Published English');
  });
});

describe('images of the English body', () => {
  async function upload() {
    // random pixels: a picture no other test has
    const raw = Buffer.alloc(40 * 30 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(Math.random() * 256);
    const png = await sharp(raw, { raw: { width: 40, height: 30, channels: 3 } }).png().toBuffer();
    const form = new FormData();
    form.append('alt', 'English only');
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'en.png');
    const res = await fetch(`${s.url}/api/cms/media`, { method: 'POST', headers: { authorization: `Bearer ${editor}` }, body: form });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { id: number } }).data.id;
  }
  const served = async (mediaId: number) => (await fetch(`${s.url}/api/site/media/${mediaId}`)).status;

  it('an image only the English body shows is public once the item is published, not before', async () => {
    const mediaId = await upload();
    const { id } = await create(news('只有英文正文用到的图片'));
    await saveEnglish(id, english('English with a picture', { body: `<p>Picture:</p><p><img src="/api/site/media/${mediaId}" alt="English only"></p>` }));
    expect(await served(mediaId)).toBe(404);
    expect((await publish(id)).status).toBe(200);
    expect(await served(mediaId)).toBe(200);
    expect((await site(id, 'en')).body).toContain(`/api/site/media/${mediaId}`);
  });

  it('an image added to the English of a published item becomes public with the next publish', async () => {
    const mediaId = await upload();
    const { id } = await create(news('已发布条目新增英文图片'));
    await saveEnglish(id, english('No picture yet'));
    await publish(id);
    await saveEnglish(id, english('Now with a picture', { body: `<p><img src="/api/site/media/${mediaId}/320" alt="English only"></p>` }));
    expect(await served(mediaId)).toBe(404);
    // the preview shows the pending English with the picture's key
    const token = (await s.request('POST', `/api/cms/articles/${id}/preview`, { token: editor })).body.data.token;
    const preview = (await s.request('GET', `/api/site/articles/${id}?lang=en&preview=${token}`)).body.data;
    const src = /src="([^"]+)"/.exec(preview.body)![1];
    expect(src).toMatch(new RegExp(`^/api/site/media/${mediaId}/320\\?k=`));
    expect((await fetch(s.url + src)).status).toBe(200);
    await publish(id);
    expect(await served(mediaId)).toBe(200);
  });
});
