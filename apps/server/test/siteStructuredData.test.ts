import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteRender } from './siteRender';
import { startTestServer, type TestServer } from './harness';

/** issue 29: path URLs in the server's HTML, old links moved for good, English pages of Chinese items, structured data */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  ensureSiteRender(s.built.deps.config);
}, 120_000);
afterAll(async () => { await s?.close(); });

async function page(p: string) {
  const res = await fetch(s.url + p, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}
const graph = (html: string) => {
  const m = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return m ? (JSON.parse(m[1]) as { '@graph': Record<string, any>[] })['@graph'] : [];
};
type Rec = { id: number; title: string; untranslated?: boolean; fields: Record<string, any> };
const list = async (kind: string, lang = 'zh') => (await s.request('GET', `/api/site/articles?kind=${kind}&limit=50&lang=${lang}`)).body.data.records as Rec[];

describe('links in the server HTML are path URLs', () => {
  it('an English news page links to English path URLs, never to a #/ route', async () => {
    const [n] = await list('news', 'en');
    const { status, html } = await page(`/en/news/${n.id}`);
    expect(status).toBe(200);
    expect(html).not.toMatch(/href="[^"]*#\//);
    expect(html).toContain('href="/en/news"');
    expect(html).toContain('href="/en/products"');
    expect(html).toContain('href="/en/service"');
    expect(html).toMatch(/href="\/en\/about\/0"/);
  });

  it('old app routes written as paths are moved for good to their path URL; /en/search and the form pages answer', async () => {
    const [n] = await list('news');
    expect(await page(`/newsDetail?id=${n.id}`)).toMatchObject({ status: 301, location: `/news/${n.id}` });
    expect(await page('/en/productPage')).toMatchObject({ status: 301, location: '/en/products' });
    expect(await page('/aboutPage?showIndex=2')).toMatchObject({ status: 301, location: '/about/2' });
    expect((await page('/en/search?q=ginkgo')).status).toBe(200);
    for (const p of ['/service', '/en/adr-report', '/careers', '/site-map', '/login']) {
      const r = await page(p);
      expect(r.status, p).toBe(200);
      expect(r.html, p).toMatch(/<title>[^<]+ — [^<]+<\/title>/);
    }
    expect((await page('/login')).html).toContain('<meta name="robots" content="noindex" />');
  });
});

describe('English pages of items that have no English yet (WCAG 3.1.2)', () => {
  it('a list shows the notice and marks the Chinese titles zh-CN; a detail page marks its title in the head and its text', async () => {
    const jobs = await list('job', 'en');
    const zhOnly = jobs.find((j) => j.untranslated)!;
    expect(zhOnly).toBeTruthy();
    const board = await page('/en/jobs');
    expect(board.html).toContain('<html lang="en"');
    expect(board.html).toContain('data-testid="untranslated-notice"');
    expect(board.html).toContain(`<span class="job-title" lang="zh-CN">${zhOnly.title}</span>`);
    const detail = await page(`/en/jobs/${zhOnly.id}`);
    expect(detail.html).toMatch(/<title>[^<]* \(in Chinese\) — Bencao Pharmaceutical<\/title>/);
    expect(detail.html).toMatch(/<h1 class="article-title" lang="zh-CN">/);
    const news = await page('/en/news');
    const zhNews = (await list('news', 'en')).find((x) => x.untranslated)!;
    expect(news.html).toContain('data-testid="untranslated-notice"');
    expect(news.html).toContain(`<h2 class="article-item-title" lang="zh-CN">${zhNews.title}</h2>`);
  });
});

describe('structured data (issue 29, item 9)', () => {
  it('a news item by a person names a Person; by an editorial unit an Organization', async () => {
    const news = await list('news');
    const lin = news.find((n) => n.fields.author === '林晓')!;
    expect(graph((await page(`/news/${lin.id}`)).html).find((g) => g['@type'] === 'NewsArticle')!.author).toEqual({ '@type': 'Person', name: '林晓' });
    const unit = (await list('medicine')).find((n) => n.fields.author === '本草科普编辑部')!;
    expect(graph((await page(`/medicine/${unit.id}`)).html).find((g) => g['@type'] === 'Article')!.author).toEqual({ '@type': 'Organization', name: '本草科普编辑部' });
  });

  it('a result notice is no Event; a tender is an Event with its end', async () => {
    const bids = await list('bid');
    const result = bids.find((b) => b.fields.bidType === 'result')!;
    const ld = graph((await page(`/bids/${result.id}`)).html);
    expect(ld.some((g) => g['@type'] === 'Event')).toBe(false);
    expect(ld.find((g) => g['@type'] === 'Article')).toMatchObject({ headline: result.title });
    const tender = bids.find((b) => b.fields.bidType === 'tender' && b.fields.bidDeadline)!;
    const event = graph((await page(`/bids/${tender.id}`)).html).find((g) => g['@type'] === 'Event')!;
    expect(event.endDate).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('a JobPosting has its salary, identifier and direct application; the registration job has a real description', async () => {
    const jobs = await list('job');
    const reg = jobs.find((j) => j.title === '药品注册专员')!;
    const { html } = await page(`/jobs/${reg.id}`);
    const posting = graph(html).find((g) => g['@type'] === 'JobPosting')!;
    expect(posting).toMatchObject({
      directApply: true,
      identifier: { '@type': 'PropertyValue', value: String(reg.id) },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'CNY', value: { '@type': 'QuantitativeValue', minValue: 9000, maxValue: 14000, unitText: 'MONTH' } },
    });
    expect(html.match(/<meta name="description" content="([^"]*)"/)![1].length).toBeGreaterThan(50);
    // the page shows the salary it announces
    expect(html).toContain('9,000–14,000 元/月');
  });
});
