import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { cmsService } from '../cms/service';
import { localDiskStorage, mediaDir } from '../cms/storage';
import { SITE_NAME, ssrPath } from '../cms/seo';

interface SsrModule {
  renderRoute(route: string, apiBase: string, initial?: Record<string, unknown>, lang?: 'zh' | 'en'): Promise<{ html: string; data: Record<string, unknown> }>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside a <script> element: nothing in it can close the element */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * /search?q=: the site's results page rendered by its own components (apps/site/src/ssr.tsx), so the
 * results show without JavaScript and the app hydrates them. `noindex`: result pages are not content.
 */
export function searchPageRenderer(deps: Deps) {
  const cms = cmsService(deps.db, localDiskStorage(mediaDir(deps.config.dataDir)), deps.config.now);
  let mod: Promise<SsrModule | null> | undefined;
  const load = () => (mod ??= (async () => {
    const file = ssrPath(deps.config);
    return fs.existsSync(file) ? ((await import(pathToFileURL(file).href)) as SsrModule) : null;
  })());
  const shell = () => {
    const file = path.join(deps.config.siteDist, 'index.html');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  };

  return {
    /** the page's HTML, or null when the site or its render is not built */
    async render(req: FastifyRequest): Promise<string | null> {
      const [ssr, template] = [await load(), shell()];
      if (!ssr || !template) return null;
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const q = (query.get('q') ?? '').trim();
      const route = `/search?${new URLSearchParams(Object.fromEntries(['q', 'kind', 'page'].flatMap((k) => (query.get(k) ? [[k, query.get(k)!]] : []))))}`;
      const local = req.socket.localAddress ?? '127.0.0.1';
      const host = local.includes(':') && !local.startsWith('::ffff:') ? `[${local}]` : local.replace(/^::ffff:/, '');
      // /en/search is English; /search in the visitor's language as the site remembers it (a cookie): the page must not switch it back
      const lang = req.url.startsWith('/en/') || /(?:^|;\s*)bencao-lang=en\b/.test(String(req.headers.cookie ?? '')) ? 'en' : 'zh';
      // the header, footer and settings in the visitor's language too
      const [settings, columns] = await Promise.all([cms.settings.shown(lang), cms.columns.publicTree(lang)]);
      const { html, data } = await ssr.renderRoute(route, `http://${host}:${req.socket.localPort}/api`, { settings, columns }, lang);
      const name = settings.companyName || SITE_NAME;
      const title = lang === 'en' ? `${q ? `Search: ${q}` : 'Search'} — Bencao Pharmaceutical` : `${q ? `搜索：${q}` : '站内搜索'} — ${name}`;
      return template
        .replace(/<html lang="[^"]*"/, `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${esc(title)}</title>\n    <meta name="robots" content="noindex" />`)
        .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${esc(lang === 'en' ? 'Search the site for news, products, TCM knowledge, jobs and tenders' : `在${name}网站搜索新闻、产品、中医药知识、招聘与招标信息`)}" />`)
        .replace(/<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>|<script|<\/body>)/,
          `<div id="root">${html}</div>\n    <script type="application/json" id="ssr-data">${scriptJson({ route, data, lang })}</script>\n    `)
        .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
    },
  };
}
