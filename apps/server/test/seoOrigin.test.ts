import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteRender } from './siteRender';
import { startTestServer, type TestServer } from './harness';

/** the site's absolute URLs come from SITE_URL or the listen address, never from what the request says its host is */

let plain: TestServer;
let configured: TestServer;
const SITE = 'https://www.bencao.example';
beforeAll(async () => {
  plain = await startTestServer();
  configured = await startTestServer({ siteUrl: SITE });
  ensureSiteRender(plain.built.deps.config);
}, 120_000);
afterAll(async () => { await plain?.close(); await configured?.close(); });

/** a GET with a Host header of our choosing (fetch does not let one set it) */
function get(base: string, p: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const u = new URL(base + p);
  return new Promise((resolve, reject) => {
    http.get({ host: u.hostname, port: u.port, path: u.pathname, headers: { accept: 'text/html', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    }).on('error', reject);
  });
}
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil2.example', 'x-forwarded-proto': 'https' };
const meta = (html: string, name: string) => html.match(new RegExp(`<meta property="${name}" content="([^"]*)"`))?.[1];
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
const jsonLdImage = (html: string) => {
  const graph = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1])['@graph'] as Record<string, any>[];
  return graph.find((g) => g['@type'] === 'NewsArticle')!.image[0] as string;
};

async function newsWithCover(s: TestServer) {
  const records = (await s.request('GET', '/api/site/articles?kind=news&limit=20')).body.data.records as { id: number; cover?: { url: string } }[];
  return records.find((r) => r.cover)!;
}

describe('absolute URLs of the site', () => {
  it('a forged Host or X-Forwarded-Host names no URL: canonical, og:image, JSON-LD, sitemap and robots keep the listen address', async () => {
    const n = await newsWithCover(plain);
    const page = await get(plain.url, `/news/${n.id}`, FORGED);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/evil2?\.example/);
    expect(canonical(page.body)).toBe(`${plain.url}/news/${n.id}`);
    expect(meta(page.body, 'og:image')).toBe(`${plain.url}${n.cover!.url}`);
    expect(jsonLdImage(page.body)).toBe(`${plain.url}${n.cover!.url}`);
    for (const p of ['/', '/news', '/en/news', '/about/0', '/no/such/page']) {
      const r = await get(plain.url, p, FORGED);
      expect(r.body, p).toContain(plain.url);
      expect(r.body, p).not.toMatch(/evil2?\.example/);
    }
    const sitemap = await get(plain.url, '/sitemap.xml', FORGED);
    expect(sitemap.body).toContain(`<loc>${plain.url}/news/${n.id}</loc>`);
    expect(sitemap.body).not.toMatch(/evil2?\.example/);
    const robots = await get(plain.url, '/robots.txt', FORGED);
    expect(robots.body).toContain(`Sitemap: ${plain.url}/sitemap.xml`);
    expect(robots.body).not.toMatch(/evil2?\.example/);
  });

  it('with SITE_URL every absolute URL is on it, whatever the request says', async () => {
    const n = await newsWithCover(configured);
    for (const headers of [{}, FORGED]) {
      const page = await get(configured.url, `/news/${n.id}`, headers);
      expect(canonical(page.body)).toBe(`${SITE}/news/${n.id}`);
      expect(meta(page.body, 'og:url')).toBe(`${SITE}/news/${n.id}`);
      expect(meta(page.body, 'og:image')).toBe(`${SITE}${n.cover!.url}`);
      expect(jsonLdImage(page.body)).toBe(`${SITE}${n.cover!.url}`);
      expect(page.body).not.toContain(configured.url);
      const home = await get(configured.url, '/', headers);
      expect(canonical(home.body)).toBe(`${SITE}/`);
      const sitemap = await get(configured.url, '/sitemap.xml', headers);
      expect(sitemap.body).toContain(`<loc>${SITE}/news/${n.id}</loc>`);
      expect(sitemap.body).toContain(`<loc>${SITE}/en/</loc>`);
      expect(sitemap.body).not.toContain(configured.url);
      const robots = await get(configured.url, '/robots.txt', headers);
      expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    }
  });
});
