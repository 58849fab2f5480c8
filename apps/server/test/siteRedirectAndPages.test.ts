import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteRender } from './siteRender';
import { startTestServer, DEMO, type TestServer } from './harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  ensureSiteRender(s.built.deps.config);
}, 120_000);
afterAll(async () => { await s?.close(); });

/** a plain HTTP GET that does not follow redirects, as a crawler's first request */
async function get(p: string) {
  const res = await fetch(s.url + p, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), cache: res.headers.get('cache-control'), type: res.headers.get('content-type') ?? '', html: await res.text() };
}
const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]*)" \/>/)?.[1];
const hreflang = (html: string, lang: string) => html.match(new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)" />`))?.[1];
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const collectionUrl = (html: string) => {
  const graph = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1])['@graph'] as Record<string, any>[];
  return graph.find((g) => g['@type'] === 'CollectionPage')?.url as string | undefined;
};
const firstOf = async (kind: string) => (await s.request('GET', `/api/site/articles?kind=${kind}&limit=1`)).body.data.records[0] as { id: number };

describe('the reload helper /redirect/* visited directly (a shared link, a reload)', () => {
  it('moves to the path URL of the page it names, in Chinese and under /en, keeping the query', async () => {
    const news = await firstOf('news');
    const product = await firstOf('product');
    const cases: [string, string][] = [
      ['/redirect/newsPage?page=2', '/news?page=2'],
      ['/en/redirect/newsPage?page=2', '/en/news?page=2'],
      [`/redirect/newsDetail?id=${news.id}`, `/news/${news.id}`],
      [`/en/redirect/products/${product.id}`, `/en/products/${product.id}`],
      ['/redirect/cs', '/service'],
      ['/redirect/', '/'],
      ['/en/redirect/', '/en/'],
    ];
    for (const [from, to] of cases) {
      const r = await get(from);
      expect(r.status, from).toBe(302);
      expect(r.location, from).toBe(to);
      // a helper, not an address of its own: nobody keeps the answer
      expect(r.cache, from).toBe('no-store');
      const landed = await get(to);
      expect(landed.status, to).toBe(200);
      expect(landed.type, to).toContain('text/html');
    }
  });

  it('leads nowhere but the site: another host, a script URL or an unknown page is the 404 page', async () => {
    for (const p of ['/redirect//evil.example/x', '/redirect/%2F%2Fevil.example', '/redirect/%5Cevil.example', '/redirect/javascript:alert(1)',
      '/en/redirect/https://evil.example/', '/redirect/no-such-page', '/redirect/redirect/newsPage']) {
      const r = await get(p);
      expect(r.status, p).toBe(404);
      expect(r.location, p).toBeNull();
      expect(r.type, p).toContain('text/html');
      expect(r.html, p).toContain('noindex');
    }
  });
});

describe('each page of a paged list is its own page', () => {
  /** the list's total, after publishing as many items as it takes to have a second page */
  async function withSecondPage(kind: 'news' | 'product', limit: number) {
    const totalNow = async () => (await s.request('GET', `/api/site/articles?kind=${kind}&limit=${limit}`)).body.data.total as number;
    const editor = await s.login(DEMO.editor.userId, DEMO.editor.password);
    for (let n = await totalNow(); n <= limit; n++) {
      const fields = kind === 'news' ? { source: 'x', author: 'x', category: 'x' }
        : { name: `分页测试产品 ${n}`, ingredients: 'x', indications: 'x', approvalNumber: `国药准字Z9${String(n).padStart(7, '0')}`, manufacturer: 'x', rxOtc: 'OTC', category: 'x' };
      const a = (await s.request('POST', '/api/cms/articles', { token: editor, body: { kind, title: `分页测试 ${n}`, body: '<p>正文</p>', fields } })).body.data;
      expect((await s.request('POST', `/api/cms/articles/${a.id}/publish`, { token: editor, body: {} })).status).toBe(200);
    }
    return totalNow();
  }

  for (const [segment, kind, limit] of [['news', 'news', 10], ['products', 'product', 12]] as const) {
    it(`/${segment}: page 1's canonical is the list, page 2's names its page, in Chinese and English`, async () => {
      const total = await withSecondPage(kind, limit);
      for (const prefix of ['', '/en']) {
        for (const first of [`${prefix}/${segment}`, `${prefix}/${segment}?page=1`]) {
          const one = await get(first);
          expect(one.status, first).toBe(200);
          expect(canonicalOf(one.html), first).toBe(`${s.url}${prefix}/${segment}`);
          expect(one.html, first).not.toContain('noindex');
        }
        const two = await get(`${prefix}/${segment}?page=2`);
        expect(two.status).toBe(200);
        expect(canonicalOf(two.html)).toBe(`${s.url}${prefix}/${segment}?page=2`);
        expect(two.html).toContain(`<meta property="og:url" content="${s.url}${prefix}/${segment}?page=2" />`);
        expect(collectionUrl(two.html)).toBe(`${s.url}${prefix}/${segment}?page=2`);
        expect(hreflang(two.html, 'zh-CN')).toBe(`${s.url}/${segment}?page=2`);
        expect(hreflang(two.html, 'en')).toBe(`${s.url}/en/${segment}?page=2`);
        expect(two.html).not.toContain('noindex');
        expect(two.html).not.toMatch(/rel="(prev|next)"/);
        // its title differs from the first page's
        expect(titleOf(two.html)).toContain(prefix ? '(page 2)' : '（第 2 页）');
        expect(titleOf(two.html)).not.toBe(titleOf((await get(`${prefix}/${segment}`)).html));
        // the server's pager links the first page at the list's own address
        expect(two.html).not.toContain('page=1"');
      }
      // past the last page there is none
      const past = Math.ceil(total / limit) + 1;
      expect((await get(`/${segment}?page=${past}`)).status).toBe(404);
    });
  }

  it('a filtered view stands for its list; the sitemap lists the lists at their first page only', async () => {
    const filtered = await get('/news?keyword=%E4%B8%AD%E8%8D%AF');
    expect(filtered.status).toBe(200);
    expect(canonicalOf(filtered.html)).toBe(`${s.url}/news`);
    const sitemap = await (await fetch(`${s.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${s.url}/news</loc>`);
    expect(sitemap).not.toContain('page=');
  });
});
