import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteRender } from './siteRender';
import { startTestServer, DEMO, type TestServer } from './harness';

let s: TestServer;
let editor: string;
beforeAll(async () => {
  s = await startTestServer();
  ensureSiteRender(s.built.deps.config);
  editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
}, 120_000);
afterAll(async () => { await s?.close(); });

/** a plain HTTP GET, as a crawler without JavaScript does */
async function page(p: string) {
  const res = await fetch(s.url + p, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}
const meta = (html: string, attr: string, name: string) => html.match(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`))?.[1];
const jsonLd = (html: string) => {
  const m = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/);
  return m ? (JSON.parse(m[1]) as { '@graph': Record<string, any>[] })['@graph'] : [];
};
/** RFC 9309 for the `*` group: the longest matching rule decides, Allow on a tie; no rule: allowed */
const crawlable = (robots: string, p: string) => {
  const rules = [...robots.matchAll(/^(Allow|Disallow):\s*(\S*)/gim)].map((m) => ({ allow: m[1].toLowerCase() === 'allow', prefix: m[2] })).filter((r) => r.prefix && p.startsWith(r.prefix));
  rules.sort((x, y) => y.prefix.length - x.prefix.length || Number(y.allow) - Number(x.allow));
  return rules[0]?.allow ?? true;
};
const first = async (kind: string) => (await s.request('GET', `/api/site/articles?kind=${kind}&limit=1`)).body.data.records[0] as { id: number; title: string; summary: string };

describe('content path URLs render without JavaScript', () => {
  it('a news item: title as h1, description, canonical, Open Graph + WeChat tags, NewsArticle + breadcrumbs, full text', async () => {
    const n = await first('news');
    const full = (await s.request('GET', `/api/site/articles/${n.id}`)).body.data;
    const { status, type, html } = await page(`/news/${n.id}`);
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).toContain(`<title>${full.seoTitle || full.title} — `);
    expect(html).toMatch(new RegExp(`<h1 class="article-title">${full.title}</h1>`));
    expect(meta(html, 'name', 'description')).toBeTruthy();
    expect(html).toContain(`<link rel="canonical" href="${s.url}/news/${n.id}" />`);
    expect(meta(html, 'property', 'og:title')).toBe(full.seoTitle || full.title);
    expect(meta(html, 'property', 'og:url')).toBe(`${s.url}/news/${n.id}`);
    expect(meta(html, 'property', 'og:image')).toBe(`${s.url}${full.cover.url}`);
    expect(meta(html, 'itemprop', 'name')).toBe(full.seoTitle || full.title);
    expect(meta(html, 'itemprop', 'image')).toBe(`${s.url}${full.cover.url}`);
    const graph = jsonLd(html);
    const article = graph.find((g) => g['@type'] === 'NewsArticle')!;
    expect(article).toMatchObject({ headline: full.title, datePublished: full.publishedAt, image: [`${s.url}${full.cover.url}`] });
    expect(graph.find((g) => g['@type'] === 'BreadcrumbList')!.itemListElement).toHaveLength(3);
    expect(graph.some((g) => g['@type'] === 'Organization')).toBe(true);
    // the full readable body, not just a summary
    const sentence = full.body.replace(/<[^>]+>/g, '\n').split('\n').map((t: string) => t.trim()).filter((t: string) => t.length > 20)[0];
    expect(html).toContain(sentence);
    // the browser hydrates into the hash route with the same answers (no second fetch, no flash)
    const state = JSON.parse(html.match(/<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/)![1]);
    expect(state.route).toBe(`/newsDetail?id=${n.id}`);
    expect(state.data[`article:${n.id}:`].title).toBe(full.title);
  });

  it('a product: Drug JSON-LD with its label fields; an Rx product says so', async () => {
    const products = (await s.request('GET', '/api/site/articles?kind=product&limit=100')).body.data.records as { id: number; fields: { rxOtc: string; name: string } }[];
    const p = products[0];
    const { status, html } = await page(`/products/${p.id}`);
    expect(status).toBe(200);
    expect(html).toContain(`<h1 class="product-name">${p.fields.name}</h1>`);
    const drug = jsonLd(html).find((g) => Array.isArray(g['@type']) && g['@type'].includes('Drug'))!;
    const full = (await s.request('GET', `/api/site/articles/${p.id}`)).body.data;
    expect(drug).toMatchObject({ name: p.fields.name, activeIngredient: full.fields.ingredients, legalStatus: full.fields.approvalNumber, manufacturer: { name: full.fields.manufacturer } });
    // the label's text, section by section
    expect(html).toContain('功能主治');
    expect(html).toContain(full.fields.indications.split('\n')[0].trim());
    expect(html).toContain(full.fields.approvalNumber);
    const rx = products.find((x) => x.fields.rxOtc === 'Rx');
    if (rx) {
      const rxHtml = (await page(`/products/${rx.id}`)).html;
      expect(rxHtml).toContain('请仔细阅读说明书并在医师指导下使用');
      expect(rxHtml).toContain('仅供医药专业人士参阅');
      expect(jsonLd(rxHtml).find((g) => Array.isArray(g['@type']))!.prescriptionStatus).toBe('https://schema.org/PrescriptionOnly');
    }
  });

  it('a job, a bid notice and an about section', async () => {
    const j = await first('job');
    const job = await page(`/jobs/${j.id}`);
    expect(job.status).toBe(200);
    expect(jsonLd(job.html).find((g) => g['@type'] === 'JobPosting')).toMatchObject({ title: j.title, hiringOrganization: { '@type': 'Organization' } });
    const b = await first('bid');
    const bid = await page(`/bids/${b.id}`);
    expect(bid.html).toContain(b.title);
    // a notice with a deadline is an Event; a result notice announces (siteStructuredData.test)
    const notice = jsonLd(bid.html).find((g) => g['@type'] === 'Event' || g['@type'] === 'Article')!;
    expect(notice.name ?? notice.headline).toBe(b.title);
    const about = await page('/about/0');
    expect(about.status).toBe(200);
    expect(about.html).toContain('公司概况');
    expect(about.html).toContain(`<link rel="canonical" href="${s.url}/about/0" />`);
  });

  it('column lists: the page as the app shows it, with its items as an ItemList', async () => {
    const news = (await s.request('GET', '/api/site/articles?kind=news&limit=10')).body.data.records as { id: number; title: string }[];
    const list = await page('/news');
    expect(list.status).toBe(200);
    for (const n of news) expect(list.html).toContain(n.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'));
    const items = jsonLd(list.html).find((g) => g['@type'] === 'CollectionPage')!.mainEntity.itemListElement as { url: string }[];
    expect(items.map((i) => i.url)).toEqual(news.map((n) => `${s.url}/news/${n.id}`));
    expect(list.html).toContain(`<link rel="canonical" href="${s.url}/news" />`);
    const products = (await s.request('GET', '/api/site/articles?kind=product&limit=1')).body.data.records[0];
    expect((await page('/products')).html).toContain(products.fields.name);
    expect((await page('/jobs')).status).toBe(200);
    expect((await page('/bids')).status).toBe(200);
  });

  it('a draft, a wrong kind, an unknown id or path answer the site 404 page in HTML; /api keeps JSON', async () => {
    const draft = (await s.request('POST', '/api/cms/articles', { token: editor, body: { kind: 'news', title: 'SEO 草稿', fields: { source: 'x', author: 'x', category: 'x' } } })).body.data;
    for (const p of [`/news/${draft.id}`, '/news/999999', '/news/abc', '/no/such/page']) {
      const r = await page(p);
      expect(r.status, p).toBe(404);
      expect(r.type, p).toContain('text/html');
      expect(r.html, p).toContain('noindex');
      // a 404 is no copy of the home page: no canonical, no og:url
      expect(r.html, p).not.toContain('rel="canonical"');
      expect(meta(r.html, 'property', 'og:url'), p).toBeUndefined();
    }
    const product = await first('product');
    expect((await page(`/news/${product.id}`)).status).toBe(404);
    const api = await fetch(`${s.url}/api/no/such`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('escapes what editors typed in every place of the page; compresses the page', async () => {
    const evil = '</script><img src=x onerror="alert(1)">"\'&<b>';
    const a = (await s.request('POST', '/api/cms/articles', { token: editor, body: { kind: 'news', title: `标题 ${evil}`, summary: `摘要 ${evil}`, seoDescription: `描述 ${evil}`,
      body: '<p>正文</p>', fields: { source: evil, author: evil, category: 'x' } } })).body.data;
    await s.request('POST', `/api/cms/articles/${a.id}/publish`, { token: editor, body: {} });
    const { status, html } = await page(`/news/${a.id}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><img');
    expect(html.match(/<script/g)!.length).toBe(html.match(/<\/script>/g)!.length);
    expect(jsonLd(html).find((g) => g['@type'] === 'NewsArticle')!.headline).toBe(`标题 ${evil}`);
    expect(meta(html, 'property', 'og:title')).toBe(`标题 ${evil}`.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
    const gz = await fetch(`${s.url}/news/${a.id}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toContain('NewsArticle');
  });

  it('sitemap.xml lists the content URLs with lastmod from their update; robots.txt points to it', async () => {
    const n = await first('news');
    const sm = await fetch(`${s.url}/sitemap.xml`);
    expect(sm.headers.get('content-type')).toContain('xml');
    const xml = await sm.text();
    for (const p of [`/news/${n.id}`, `/products/`, `/jobs/`, `/bids/`, `/about/0`, '/culture', '/news<', '/products<']) expect(xml).toContain(`${s.url}${p}`);
    const before = xml.match(new RegExp(`<loc>${s.url}/news/${n.id}</loc><lastmod>([^<]+)</lastmod>`))![1];
    // a new publish shows in lastmod
    const a = (await s.request('POST', '/api/cms/articles', { token: editor, body: { kind: 'news', title: '站点地图新闻', fields: { source: 'x', author: 'x', category: 'x' } } })).body.data;
    expect((await fetch(`${s.url}/sitemap.xml`).then((r) => r.text()))).not.toContain(`/news/${a.id}<`);
    const pub = (await s.request('POST', `/api/cms/articles/${a.id}/publish`, { token: editor, body: {} })).body.data;
    const after = await fetch(`${s.url}/sitemap.xml`).then((r) => r.text());
    const lastmod = after.match(new RegExp(`<loc>${s.url}/news/${a.id}</loc><lastmod>([^<]+)</lastmod>`))![1];
    expect(lastmod).toBe(pub.updatedAt);
    expect(Date.parse(lastmod)).toBeGreaterThanOrEqual(Date.parse(before));
    const robots = await fetch(`${s.url}/robots.txt`).then((r) => r.text());
    expect(robots).toContain(`Sitemap: ${s.url}/sitemap.xml`);
  });

  it('pages without a picture of their own share the site picture (a 1200×630 PNG); the Organization logo is a raster PNG', async () => {
    const pngSize = (file: string) => {
      const b = fs.readFileSync(path.resolve(__dirname, '../../site/public', file));
      expect(b.subarray(1, 4).toString(), file).toBe('PNG');
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    };
    expect(pngSize('og-default.png')).toEqual({ width: 1200, height: 630 });
    const logo = pngSize('logo.png');
    expect(logo.width).toBeGreaterThanOrEqual(112);
    expect(logo.height).toBe(logo.width);
    const paths = ['/', '/en/', '/news', '/en/products', '/jobs', '/bids'];
    for (const kind of ['job', 'bid']) {
      const a = await first(kind);
      const full = (await s.request('GET', `/api/site/articles/${a.id}`)).body.data;
      if (!full.cover && !full.images.length) paths.push(`/${kind}s/${a.id}`);
    }
    expect(paths.some((p) => /\/(job|bid)s\/\d/.test(p))).toBe(true);
    for (const p of paths) {
      const { status, html } = await page(p);
      expect(status, p).toBe(200);
      expect(meta(html, 'property', 'og:image'), p).toBe(`${s.url}/og-default.png`);
      expect(meta(html, 'property', 'og:image:width'), p).toBe('1200');
      expect(meta(html, 'property', 'og:image:height'), p).toBe('630');
      expect(meta(html, 'itemprop', 'image'), p).toBe(`${s.url}/og-default.png`);
      expect(meta(html, 'name', 'twitter:card'), p).toBe('summary_large_image');
      expect(jsonLd(html).find((g) => g['@type'] === 'Organization')!.logo, p).toBe(`${s.url}/logo.png`);
    }
  });

  it('robots.txt lets crawlers fetch the pictures of og:image and JSON-LD, and keeps the rest of /api/ closed', async () => {
    const robots = await fetch(`${s.url}/robots.txt`).then((r) => r.text());
    const n = (await s.request('GET', '/api/site/articles?kind=news&limit=20')).body.data.records.find((r: { cover?: unknown }) => r.cover) as { id: number };
    const { html } = await page(`/news/${n.id}`);
    const pictures = [meta(html, 'property', 'og:image')!, jsonLd(html).find((g) => g['@type'] === 'NewsArticle')!.image[0] as string];
    for (const url of pictures) {
      expect(url).toContain('/api/site/media/');
      expect(crawlable(robots, new URL(url).pathname), url).toBe(true);
    }
    for (const p of ['/api/site/articles/1', '/api/cms/articles', '/console/']) expect(crawlable(robots, p), p).toBe(false);
    for (const p of ['/', `/news/${n.id}`, '/en/products']) expect(crawlable(robots, p), p).toBe(true);
  });
});
