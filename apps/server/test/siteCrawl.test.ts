import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteRender } from './siteRender';
import { startTestServer, type TestServer } from './harness';

/**
 * The site as a crawler without JavaScript sees it: the sitemap, every URL in it, every picture a
 * share card names and every internal link on those pages (issue 29).
 */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  ensureSiteRender(s.built.deps.config);
}, 120_000);
afterAll(async () => { await s?.close(); });

const get = async (url: string) => {
  const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type') ?? '', location: res.headers.get('location'), body: res.status === 200 && /image\//.test(res.headers.get('content-type') ?? '') ? '' : await res.text() };
};
const unescape = (v: string) => v.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const attrOf = (tag: string, name: string) => { const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag); return m ? unescape(m[1]) : undefined; };
const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'g')) ?? [];
const metaOf = (html: string, attr: string, key: string) => tags(html, 'meta').map((t) => (attrOf(t, attr) === key ? attrOf(t, 'content') : undefined)).find((v) => v !== undefined);

interface Crawled { url: string; lang: string; alternates: Map<string, string>; links: string[] }

describe('the sitemap crawled without JavaScript', () => {
  it('every URL has its title, description, own canonical, paired hreflang, a loading og:image, JSON-LD and path links that resolve', async () => {
    const sitemap = await get(`${s.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescape(m[1]));
    expect(locs.length).toBeGreaterThan(40);
    // the pages an app's link leads to are in it too (issue 29, item 9)
    for (const p of ['/service', '/adr-report', '/careers', '/site-map', '/en/service', '/en/careers']) expect(locs).toContain(`${s.url}${p}`);
    expect(locs.some((l) => /\/news\/column\/\d+$/.test(l))).toBe(true);

    const problems: string[] = [];
    const crawled = new Map<string, Crawled>();
    const images = new Set<string>();
    const links = new Set<string>();
    for (const url of locs) {
      const res = await get(url);
      if (res.status !== 200) { problems.push(`${url}: status ${res.status}`); continue; }
      const html = res.body;
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.trim();
      if (!title) problems.push(`${url}: no title`);
      if (!metaOf(html, 'name', 'description')?.trim()) problems.push(`${url}: no meta description`);
      const canonical = tags(html, 'link').filter((t) => attrOf(t, 'rel') === 'canonical').map((t) => attrOf(t, 'href'));
      if (canonical.length !== 1 || canonical[0] !== url) problems.push(`${url}: canonical ${canonical.join(', ') || 'missing'}`);
      const alternates = new Map(tags(html, 'link').filter((t) => attrOf(t, 'rel') === 'alternate' && attrOf(t, 'hreflang')).map((t) => [attrOf(t, 'hreflang')!, attrOf(t, 'href')!]));
      const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? '';
      const image = metaOf(html, 'property', 'og:image');
      if (!image?.startsWith(s.url)) problems.push(`${url}: og:image ${image ?? 'missing'}`);
      else images.add(image);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
      if (!ld.length) problems.push(`${url}: no JSON-LD`);
      for (const m of ld) {
        try { JSON.parse(m[1]); } catch { problems.push(`${url}: JSON-LD does not parse`); }
      }
      const hrefs = tags(html.slice(html.indexOf('<body')), 'a').map((t) => attrOf(t, 'href')).filter((h): h is string => h != null);
      const own: string[] = [];
      for (const h of hrefs) {
        if (/^(mailto:|tel:|https?:\/\/(?!127\.0\.0\.1))/.test(h)) continue;
        if (h.startsWith('#')) {
          // a fragment on the page itself (the skip link) is fine; an app route in a fragment is not a path URL
          if (h.startsWith('#/')) problems.push(`${url}: link ${h} is a fragment route`);
          continue;
        }
        if (h.includes('#/')) problems.push(`${url}: link ${h} is a fragment route`);
        const abs = new URL(h, url);
        abs.hash = '';
        own.push(abs.href);
        links.add(abs.href);
      }
      crawled.set(url, { url, lang, alternates, links: own });
    }
    // hreflang: each page names itself, and every page it names names it back in its own language
    for (const c of crawled.values()) {
      if (![...c.alternates.entries()].some(([l, href]) => l === c.lang && href === c.url)) problems.push(`${c.url}: no hreflang ${c.lang} to itself`);
      for (const [l, href] of c.alternates) {
        if (l === 'x-default' || href === c.url) continue;
        const other = crawled.get(href);
        if (!other) { problems.push(`${c.url}: hreflang ${l} ${href} is not in the sitemap`); continue; }
        if (other.alternates.get(c.lang) !== c.url) problems.push(`${c.url}: ${href} does not name it back as ${c.lang}`);
      }
    }
    for (const image of images) {
      const res = await fetch(image);
      if (res.status !== 200 || !/^image\//.test(res.headers.get('content-type') ?? '')) problems.push(`og:image ${image}: ${res.status} ${res.headers.get('content-type')}`);
      await res.arrayBuffer();
    }
    // every internal link leads somewhere: a page, a redirect or a file, never a 404
    for (const link of links) {
      if (crawled.has(link)) continue;
      const res = await get(link);
      if (res.status === 404 || res.status >= 500) problems.push(`link ${link}: ${res.status}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
