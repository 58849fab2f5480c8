import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, DEMO, type TestServer } from './harness';
import { cmsArticles } from '../src/db/schema/index';

let s: TestServer;
let editor: string;
/** the server's clock: frozen at the start, moved only by the tests that need time to pass */
const T0 = Date.now();
let elapsed = 0;
const clockNow = () => T0 + elapsed;
// the page render of the site as it is now, in a folder of this run
const ssrOut = fs.mkdtempSync(path.join(os.tmpdir(), 'bencao-ssr-content-'));
beforeAll(async () => {
  execFileSync('npx', ['vite', 'build', '--ssr', 'src/ssr.tsx', '--outDir', ssrOut, '--logLevel', 'error'], { cwd: path.resolve(__dirname, '../../site'), stdio: 'ignore' });
  process.env.SITE_SSR = path.join(ssrOut, 'ssr.js');
  s = await startTestServer({ now: () => new Date(clockNow()) });
  editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
}, 120_000);
afterAll(async () => {
  await s?.close();
  delete process.env.SITE_SSR;
  fs.rmSync(ssrOut, { recursive: true, force: true });
});

const seeded = async (key: string) => {
  const [row] = await s.built.deps.db.select({ id: cmsArticles.id }).from(cmsArticles).where(eq(cmsArticles.seedKey, key));
  return row.id;
};
async function page(p: string) {
  const res = await fetch(s.url + p, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}
const sitemap = async () => (await fetch(`${s.url}/sitemap.xml`)).text();
/** the <lastmod> of a path in the sitemap, or null when the path is not listed */
const lastmodOf = (xml: string, p: string) => {
  const entry = xml.split('<url>').find((u) => u.includes(`<loc>${s.url}${p}</loc>`));
  return entry ? entry.match(/<lastmod>([^<]+)<\/lastmod>/)?.[1] ?? '' : null;
};
/** the console's form values of an article (what 保存 sends back) */
async function editable(id: number) {
  const a = (await s.request('GET', `/api/cms/articles/${id}`, { token: editor })).body.data;
  return {
    kind: a.kind, title: a.title, summary: a.summary, body: a.body, coverId: a.coverId, columnId: a.columnId, slug: a.slug,
    seoTitle: a.seoTitle, seoDescription: a.seoDescription, seq: a.seq, publishAt: a.publishAt, unpublishAt: a.unpublishAt, fields: a.fields,
  };
}
const search = async (q: string, lang: 'zh' | 'en') =>
  (await s.request('GET', `/api/site/search?q=${encodeURIComponent(q)}&lang=${lang}`)).body.data as { total: number; records: { id: number; lang: string; title: string }[] };

describe('a scheduled edit of a published article', () => {
  it('keeps the live version on the API, the page and the sitemap until its time, then replaces it; a plain save leaves lastmod', async () => {
    const id = await seeded('news-02');
    const live = (await s.request('GET', `/api/site/articles/${id}`)).body.data;
    expect(live.title).toBeTruthy();
    const before = lastmodOf(await sitemap(), `/news/${id}`);
    expect(before).toBeTruthy();

    // 保存 on the published article: pending edits only, the live page and its lastmod stay
    elapsed += 60_000;
    const edited = { ...(await editable(id)), title: '定时修改后的标题' };
    expect((await s.request('PUT', `/api/cms/articles/${id}`, { token: editor, body: edited })).status).toBe(200);
    expect(lastmodOf(await sitemap(), `/news/${id}`)).toBe(before);

    // 定时发布 two minutes ahead
    const at = new Date(clockNow() + 120_000).toISOString();
    const scheduled = await s.request('POST', `/api/cms/articles/${id}/publish`, { token: editor, body: { publishAt: at, unpublishAt: null } });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);

    const api = await s.request('GET', `/api/site/articles/${id}`);
    expect(api.status).toBe(200);
    expect(api.body.data.title).toBe(live.title);
    const list = (await s.request('GET', '/api/site/articles?kind=news&limit=100')).body.data.records.map((r: { id: number }) => r.id);
    expect(list).toContain(id);
    const html = await page(`/news/${id}`);
    expect(html.status).toBe(200);
    expect(html.html).toContain(live.title);
    expect(html.html).not.toContain('定时修改后的标题');
    expect(lastmodOf(await sitemap(), `/news/${id}`)).toBe(before);

    // its time comes: the scheduled version replaces the live one everywhere (the cached answer too)
    elapsed += 121_000;
    const after = await s.request('GET', `/api/site/articles/${id}`);
    expect(after.status).toBe(200);
    expect(after.body.data.title).toBe('定时修改后的标题');
    expect(Date.parse(after.body.data.publishedAt)).toBe(Date.parse(at));
    expect((await page(`/news/${id}`)).html).toContain('定时修改后的标题');
    expect(lastmodOf(await sitemap(), `/news/${id}`)).toBe(at);
    const console = (await s.request('GET', `/api/cms/articles/${id}`, { token: editor })).body.data;
    expect(console.pendingDraft).toBe(false);
    expect(console.live).toBe(true);
  });

  it('an article not yet live is simply scheduled (nothing to keep online)', async () => {
    const created = await s.request('POST', '/api/cms/articles', {
      token: editor, body: { kind: 'news', title: '尚未上线的新闻', summary: '摘要', body: '<p>正文</p>', fields: { source: '测试', author: '测试', category: '公司新闻' } },
    });
    const id = created.body.data.id as number;
    const at = new Date(clockNow() + 120_000).toISOString();
    expect((await s.request('POST', `/api/cms/articles/${id}/publish`, { token: editor, body: { publishAt: at } })).status).toBe(200);
    expect((await s.request('GET', `/api/site/articles/${id}`)).status).toBe(404);
    elapsed += 121_000;
    expect((await s.request('GET', `/api/site/articles/${id}`)).body.data.title).toBe('尚未上线的新闻');
  });
});

describe('hreflang announces only real translations', () => {
  it('a Chinese page names an English alternate when the item has English, and none when it has not', async () => {
    const job = (await s.request('GET', '/api/site/articles?kind=job&limit=1')).body.data.records[0];
    const untranslated = await page(`/jobs/${job.id}`);
    expect(untranslated.status).toBe(200);
    expect(untranslated.html).toContain('hreflang="zh-CN"');
    expect(untranslated.html).not.toContain('hreflang="en"');

    const product = await seeded('prod-10');
    const translated = await page(`/products/${product}`);
    expect(translated.html).toContain(`<link rel="alternate" hreflang="en" href="${s.url}/en/products/${product}" />`);
  });
});

describe('search in both languages', () => {
  it('an English search finds items by their Chinese words and shows their English titles', async () => {
    const danshen = await seeded('prod-10');
    const ginkgo = await seeded('prod-11');
    const pipa = await seeded('prod-02');
    for (const [q, id] of [['丹参', danshen], ['银杏', ginkgo], ['枇杷', pipa]] as const) {
      const hit = (await search(q, 'en')).records.find((r) => r.id === id);
      expect(hit, q).toBeTruthy();
      expect(hit!.lang, q).toBe('en');
      expect(hit!.title, q).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('a Chinese search finds items by their English words and shows their Chinese titles', async () => {
    const ginkgo = await seeded('prod-11');
    const hit = (await search('ginkgo', 'zh')).records.find((r) => r.id === ginkgo);
    expect(hit).toMatchObject({ lang: 'zh', title: '银杏叶胶囊' });
    expect((await search('isatis', 'zh')).records.some((r) => r.title.includes('板蓝根'))).toBe(true);
    const granules = await search('granules', 'zh');
    expect(granules.total).toBeGreaterThan(1);
    expect(granules.records.every((r) => r.lang === 'zh')).toBe(true);
    // each item once, whatever the number of its languages that match
    expect(new Set(granules.records.map((r) => r.id)).size).toBe(granules.records.length);
  });

  it('an item without English is found in an English search and shown in Chinese, marked as such', async () => {
    const job = (await s.request('GET', '/api/site/articles?kind=job&limit=1')).body.data.records[0];
    const word = (job.title as string).slice(0, 2);
    const hit = (await search(word, 'en')).records.find((r) => r.id === job.id);
    expect(hit).toMatchObject({ lang: 'zh', title: job.title });
  });
});

describe('the privacy policy at its path URL', () => {
  it('is rendered from the CMS page in both languages and linked from every page\'s footer', async () => {
    const zh = await page('/privacy');
    expect(zh.status).toBe(200);
    expect(zh.html).toContain('个人信息保护法');
    expect(zh.html).toContain('<a class="footer-privacy" href="/privacy"');
    const en = await page('/en/privacy');
    expect(en.status).toBe(200);
    expect(en.html).toContain('Personal Information Protection Law');
    expect(en.html).toContain('href="/en/privacy"');
    expect(await sitemap()).toContain(`<loc>${s.url}/privacy</loc>`);
  });
});
