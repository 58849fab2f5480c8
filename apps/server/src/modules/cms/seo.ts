import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  ArticleKind, BidFields, JobFields, ProductFields, SiteArticleDetail, SiteColumn, SiteSettings,
} from '@bencao/contracts';
import type { AppConfig } from '../../config';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { PUBLIC } from '../../platform/guard';
import type { CmsService } from './service';

/**
 * Path URLs of the public site (/news/12, /products/7, …): HTML a crawler or a link preview reads
 * without JavaScript — title, description, canonical, Open Graph and WeChat tags, JSON-LD and the
 * full text — rendered by the site's own page components (apps/site/src/ssr.tsx, built by
 * `vite build --ssr` into apps/site/dist-ssr). The browser then hydrates the same markup into the
 * hash route it stands for (apps/site/src/main.tsx). Also /sitemap.xml, /robots.txt and the site's
 * 404 page for paths that match nothing.
 */

interface SsrModule {
  render(route: string, data: Record<string, unknown>): string;
  renderRoute(route: string, apiBase: string, initial?: Record<string, unknown>): Promise<{ html: string; data: Record<string, unknown> }>;
  articleKey(id: string, preview?: string | null): string;
  pageKey(slug: string): string;
}

export const SITE_NAME = '本草制药';
const DEFAULT_DESCRIPTION = '本草制药：现代中药研发、生产与销售企业，提供中药产品、中医药知识、企业新闻、人才招聘与招标采购信息。';

/** path segment → kind, hash route and section of each kind of detail page */
export const DETAIL_PATHS: Record<string, { kind: Exclude<ArticleKind, 'page'>; route: string; section: string; list: string }> = {
  news: { kind: 'news', route: '/newsDetail', section: '新闻中心', list: '/newsPage' },
  medicine: { kind: 'medicine', route: '/medicDetail', section: '中医药', list: '/chineseMedicinePage' },
  products: { kind: 'product', route: '/productDetail', section: '产品中心', list: '/productPage' },
  jobs: { kind: 'job', route: '/jobDetail', section: '人才招聘', list: '/jobBoard' },
  bids: { kind: 'bid', route: '/bidDetail', section: '招标采购', list: '/bidReport' },
};
const SEGMENT_OF: Record<string, string> = Object.fromEntries(Object.entries(DETAIL_PATHS).map(([seg, d]) => [d.kind, seg]));
/** about-us sections by showIndex (SPEC §2), and the culture page */
export const ABOUT_PAGES: { index: number; slug: string; label: string }[] = [
  { index: 0, slug: 'overview', label: '公司概况' },
  { index: 2, slug: 'strategy', label: '发展战略' },
  { index: 4, slug: 'history', label: '发展历程' },
  { index: 5, slug: 'party', label: '党建工作' },
];

/** the path URL of a piece of content */
export function contentPath(kind: ArticleKind, id: number, slug?: string | null): string {
  if (kind === 'page') {
    if (slug === 'culture') return '/culture';
    const about = ABOUT_PAGES.find((a) => a.slug === slug);
    return `/about/${about?.index ?? 0}`;
  }
  return `/${SEGMENT_OF[kind]}/${id}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** JSON inside a <script> element: nothing in it can close the element */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/&[a-z]+;/g, ' ').replace(/\s+/g, ' ').trim();
const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
/** "2026-05-01 09:00" (Beijing) or ISO → ISO */
const isoOf = (s: string | null | undefined) => {
  if (!s) return undefined;
  const t = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s.replace(' ', 'T')}${s.length <= 10 ? 'T00:00' : ''}+08:00`);
  return Number.isFinite(t) ? new Date(t).toISOString() : undefined;
};

interface Head {
  title: string;
  description: string;
  canonical: string;
  image?: string;
  type: 'website' | 'article' | 'product';
  jsonLd: unknown[];
}

export interface SeoOptions { svc: CmsService; config: AppConfig; deps: Deps }

/** the renderer of each running app (by its deps), for the server's not-found handler */
const renderers = new WeakMap<Deps, ReturnType<typeof siteRenderer>>();

/** where the built page render lives (SITE_SSR overrides; the default is beside the site's dist) */
export const ssrPath = (config: AppConfig) => path.resolve(process.env.SITE_SSR ?? path.join(config.siteDist, '..', 'dist-ssr', 'ssr.js'));

export function siteRenderer({ svc, config }: SeoOptions) {
  let mod: Promise<SsrModule | null> | null = null;
  const load = () => {
    mod ??= (async () => {
      const file = ssrPath(config);
      if (!fs.existsSync(file)) return null;
      return (await import(pathToFileURL(file).href)) as SsrModule;
    })();
    return mod;
  };
  let template: string | null | undefined;
  const shell = () => {
    if (template === undefined) {
      const file = path.join(config.siteDist, 'index.html');
      template = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
    }
    return template
      ?? '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1" />\n    <title></title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
  };
  const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

  const organization = (s: SiteSettings, base: string) => ({
    '@type': 'Organization', name: s.companyName, url: `${base}/`, logo: `${base}/favicon.svg`,
    ...(s.address ? { address: s.address } : {}), ...(s.email ? { email: s.email } : {}),
    contactPoint: s.hotlines.map((t) => ({ '@type': 'ContactPoint', telephone: t, contactType: 'customer service', hoursAvailable: s.serviceHours })),
  });
  const breadcrumbs = (base: string, items: { name: string; url: string }[]) => ({
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: '首页', url: `${base}/` }, ...items].map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  });

  function headHtml(h: Head, s: SiteSettings) {
    const title = `${h.title} — ${s.companyName || SITE_NAME}`;
    const tags = [
      `<link rel="canonical" href="${esc(h.canonical)}" />`,
      `<meta property="og:site_name" content="${esc(s.companyName || SITE_NAME)}" />`,
      `<meta property="og:locale" content="zh_CN" />`,
      `<meta property="og:type" content="${h.type}" />`,
      `<meta property="og:title" content="${esc(h.title)}" />`,
      `<meta property="og:description" content="${esc(h.description)}" />`,
      `<meta property="og:url" content="${esc(h.canonical)}" />`,
      ...(h.image ? [`<meta property="og:image" content="${esc(h.image)}" />`] : []),
      `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}" />`,
      // WeChat and QQ read these for the share card
      `<meta itemprop="name" content="${esc(h.title)}" />`,
      `<meta itemprop="description" content="${esc(h.description)}" />`,
      ...(h.image ? [`<meta itemprop="image" content="${esc(h.image)}" />`] : []),
      `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', '@graph': h.jsonLd })}</script>`,
    ];
    return { title, tags: tags.join('\n    ') };
  }

  function page(body: string, h: Head, s: SiteSettings, state: { route: string; data: Record<string, unknown> }) {
    const { title, tags } = headHtml(h, s);
    let html = shell()
      .replace(/<title>[^<]*<\/title>/, `<title>${esc(title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, '');
    html = html.replace('</title>', `</title>\n    <meta name="description" content="${esc(h.description)}" />\n    ${tags}`);
    // the rendered page replaces the boot placeholder; the answers it used travel with it (not executed: CSP-safe)
    html = html.replace(/<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>|<script|<\/body>)/, `<div id="root">${body}</div>\n    <script type="application/json" id="ssr-data">${scriptJson(state)}</script>\n    `);
    html = html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
    return html;
  }

  async function common() {
    const [settings, columns] = await Promise.all([svc.settings.get(), svc.columns.publicTree()]);
    return { settings, columns };
  }

  const imageUrl = (base: string, a: SiteArticleDetail) => (a.cover ? `${base}${a.cover.url}` : a.images[0] ? `${base}${a.images[0].url}` : undefined);

  function jsonLdOf(a: SiteArticleDetail, base: string, url: string, s: SiteSettings, description: string, updatedAt?: string) {
    const org = organization(s, base);
    const image = imageUrl(base, a);
    const common = { name: a.title, description, url, ...(image ? { image } : {}) };
    switch (a.kind) {
      case 'news':
      case 'medicine':
        return {
          '@type': a.kind === 'news' ? 'NewsArticle' : 'Article', headline: clip(a.title, 110), description, url, mainEntityOfPage: url,
          ...(image ? { image: [image] } : {}), datePublished: a.publishedAt, dateModified: updatedAt ?? a.publishedAt,
          author: { '@type': 'Organization', name: (a.fields as { author?: string; source?: string }).author || s.companyName },
          publisher: org, articleBody: clip(plain(a.body), 5000),
        };
      case 'product': {
        const f = a.fields as ProductFields;
        return {
          '@type': ['Drug', 'Product'], ...common, name: f.name || a.title, ...(f.pinyin ? { alternateName: f.pinyin } : {}),
          nonProprietaryName: f.name || a.title, activeIngredient: f.ingredients, description: clip(f.indications || description, 300),
          prescriptionStatus: f.rxOtc === 'Rx' ? 'https://schema.org/PrescriptionOnly' : 'https://schema.org/OTC',
          isProprietary: false, manufacturer: { '@type': 'Organization', name: f.manufacturer }, brand: { '@type': 'Brand', name: s.companyName },
          category: f.category, ...(f.usage ? { doseSchedule: { '@type': 'DoseSchedule', frequency: f.usage } } : {}),
          ...(f.precautions || f.contraindications ? { warning: [f.contraindications, f.precautions].filter(Boolean).join('\n') } : {}),
          legalStatus: f.approvalNumber, ...(f.specification ? { size: f.specification } : {}), sku: f.approvalNumber,
        };
      }
      case 'job': {
        const f = a.fields as JobFields;
        return {
          '@type': 'JobPosting', title: a.title, description: [a.summary, `岗位职责：${f.duties}`, `任职要求：${f.requirements}`].filter(Boolean).join('\n'),
          datePosted: isoOf(f.startDate) ?? a.publishedAt, validThrough: isoOf(f.endDate), totalJobOpenings: f.headcount, employmentType: 'FULL_TIME',
          hiringOrganization: org, jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: f.location, addressCountry: 'CN' } },
          ...(f.education ? { educationRequirements: f.education } : {}), ...(f.experience ? { experienceRequirements: f.experience } : {}), url,
        };
      }
      case 'bid': {
        const f = a.fields as BidFields;
        return {
          '@type': 'Event', additionalType: 'https://schema.org/BusinessEvent', name: a.title, description, url,
          startDate: isoOf(f.documentStart) ?? a.publishedAt, ...(isoOf(f.bidDeadline) ? { endDate: isoOf(f.bidDeadline) } : {}),
          eventStatus: 'https://schema.org/EventScheduled', eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
          location: f.openingPlace ? { '@type': 'Place', name: f.openingPlace, address: f.openingPlace } : { '@type': 'VirtualLocation', url },
          organizer: { '@type': 'Organization', name: f.purchaser }, about: f.project,
        };
      }
      default:
        return { '@type': 'WebPage', ...common, publisher: org };
    }
  }

  /** HTML of a detail page, or null when the render is not built */
  async function detailPage(req: FastifyRequest, segment: string, id: number): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const d = DETAIL_PATHS[segment];
    const { settings, columns } = await common();
    const a = await svc.site.article(id); // 404 (AppError) when not live
    if (a.kind !== d.kind) throw new AppError(404, 'error.notFound');
    const base = origin(req);
    const url = `${base}/${segment}/${id}`;
    const section = columns.find((c) => c.path === d.list && c.parent === 1000)?.label ?? columns.find((c) => c.path === d.list)?.label ?? d.section;
    const title = a.seoTitle || (a.kind === 'product' ? (a.fields as ProductFields).name || a.title : a.title);
    const description = clip((a.seoDescription || a.summary || plain(a.body)).replace(/\s+/g, ' '));
    const head: Head = {
      title, description, canonical: url, image: imageUrl(base, a), type: a.kind === 'product' ? 'product' : 'article',
      jsonLd: [jsonLdOf(a, base, url, settings, description), organization(settings, base), breadcrumbs(base, [{ name: section, url: `${base}/${segment}` }, { name: a.title, url }])],
    };
    const route = `${d.route}?id=${id}`;
    const data = { settings, columns, [ssr.articleKey(String(id))]: a };
    return page(ssr.render(route, data), head, settings, { route, data });
  }

  async function contentPage(req: FastifyRequest, slug: string, route: string, pathUrl: string, crumb: string): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const { settings, columns } = await common();
    const a = await svc.site.page(slug);
    const base = origin(req);
    const url = `${base}${pathUrl}`;
    const description = clip((a.seoDescription || a.summary || plain(a.body)).replace(/\s+/g, ' '));
    const head: Head = {
      title: a.seoTitle || a.title, description, canonical: url, image: imageUrl(base, a), type: 'website',
      jsonLd: [{ '@type': 'AboutPage', name: a.title, description, url, ...(imageUrl(base, a) ? { image: imageUrl(base, a) } : {}), publisher: organization(settings, base) },
        organization(settings, base), breadcrumbs(base, [{ name: crumb, url: `${base}/about/0` }, { name: a.title, url }])],
    };
    const data = { settings, columns, [ssr.pageKey(slug)]: a };
    return page(ssr.render(route, data), head, settings, { route, data });
  }

  /** a column list (news, products, …): the page as the app shows it, its items as an ItemList */
  async function listPage(req: FastifyRequest, segment: string): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const d = DETAIL_PATHS[segment];
    const { settings, columns } = await common();
    const base = origin(req);
    const local = req.socket.localAddress ?? '127.0.0.1';
    const apiBase = `http://${local.includes(':') && !local.startsWith('::ffff:') ? `[${local}]` : local.replace(/^::ffff:/, '')}:${req.socket.localPort}/api`;
    const { html, data } = await ssr.renderRoute(d.list, apiBase, { settings, columns });
    const url = `${base}/${segment}`;
    const label = columns.find((c) => c.path === d.list && c.parent === 1000)?.label ?? d.section;
    const records = Object.entries(data).filter(([k]) => k.startsWith('articles:')).flatMap(([, v]) => (v as { records?: { id: number; kind: ArticleKind; title: string }[] }).records ?? [])
      .filter((r) => r.kind === d.kind);
    const head: Head = {
      title: label, description: `${settings.companyName}${label}：${records.slice(0, 5).map((r) => r.title).join('；')}`.slice(0, 160), canonical: url, type: 'website',
      jsonLd: [
        { '@type': 'CollectionPage', name: label, url, mainEntity: { '@type': 'ItemList', itemListElement: records.map((r, i) => ({ '@type': 'ListItem', position: i + 1, name: r.title, url: `${base}${contentPath(r.kind, r.id)}` })) } },
        organization(settings, base), breadcrumbs(base, [{ name: label, url }]),
      ],
    };
    return page(html, head, settings, { route: d.list, data });
  }

  /** the site's own 404 page (status 404), or null when the render is not built */
  async function notFoundPage(req: FastifyRequest): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const { settings, columns } = await common();
    const base = origin(req);
    const head: Head = { title: '页面不存在', description: DEFAULT_DESCRIPTION, canonical: `${base}/`, type: 'website', jsonLd: [organization(settings, base)] };
    const route = '/404';
    const data = { settings, columns };
    return page(ssr.render(route, data), head, settings, { route, data }).replace('<head>', '<head>\n    <meta name="robots" content="noindex" />');
  }

  async function sitemap(req: FastifyRequest): Promise<string> {
    const base = origin(req);
    const entries = await svc.site.sitemapEntries();
    const urls: { loc: string; lastmod?: string }[] = [{ loc: `${base}/` }];
    const lists: { loc: string; lastmod?: string }[] = [];
    const newest = new Map<string, string>();
    for (const e of entries) {
      const loc = `${base}${contentPath(e.kind, e.id, e.slug)}`;
      urls.push({ loc, lastmod: e.updatedAt });
      if (e.kind !== 'page') {
        const list = `${base}/${SEGMENT_OF[e.kind]}`;
        if (!newest.has(list) || newest.get(list)! < e.updatedAt) newest.set(list, e.updatedAt);
      }
    }
    for (const [loc, lastmod] of newest) lists.push({ loc, lastmod });
    const body = [...urls.slice(0, 1), ...lists, ...urls.slice(1)].map((u) => `  <url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
  }

  return { detailPage, contentPage, listPage, notFoundPage, sitemap, origin };
}

/** the page, compressed when the client takes it (static files are precompressed; pages are made per request) */
function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** the site's path URLs, sitemap and robots.txt; registered from the cms routes */
export const seoRoutes: FastifyPluginAsyncZod<SeoOptions> = async (app, opts) => {
  const r = siteRenderer(opts);
  renderers.set(opts.deps, r);
  const tags = ['site'];
  const notFound = async (req: FastifyRequest, reply: FastifyReply) => {
    const html = await r.notFoundPage(req);
    if (html) return sendHtml(req, reply, html, 404);
    return reply.code(404).send({ code: 404, msg: 'not found', data: null });
  };
  const orNotFound = async (req: FastifyRequest, reply: FastifyReply, make: () => Promise<string | null>) => {
    try {
      const html = await make();
      if (html) return sendHtml(req, reply, html);
      // the page render is not built: the app itself still shows the content
      return reply.redirect('/');
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return notFound(req, reply);
      throw err;
    }
  };

  for (const [segment, d] of Object.entries(DETAIL_PATHS)) {
    app.get(`/${segment}/:id`, { config: { authority: PUBLIC }, schema: { tags, hide: true, params: z.object({ id: z.string().max(20) }) } }, async (req, reply) => {
      const id = /^[1-9]\d{0,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (!id || id > 2_147_483_647) return notFound(req, reply);
      return orNotFound(req, reply, () => r.detailPage(req, segment, id));
    });
    // the column list, as the app shows it
    app.get(`/${segment}`, { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) => orNotFound(req, reply, () => r.listPage(req, segment)));
  }
  app.get('/about/:index', { config: { authority: PUBLIC }, schema: { tags, hide: true, params: z.object({ index: z.string().max(4) }) } }, async (req, reply) => {
    const about = ABOUT_PAGES.find((a) => String(a.index) === req.params.index);
    if (!about) return notFound(req, reply);
    return orNotFound(req, reply, () => r.contentPage(req, about.slug, `/aboutPage?showIndex=${about.index}`, `/about/${about.index}`, '关于我们'));
  });
  app.get('/culture', { config: { authority: PUBLIC }, schema: { tags, hide: true } },
    async (req, reply) => orNotFound(req, reply, () => r.contentPage(req, 'culture', '/corporateCulturePage', '/culture', '企业文化')));

  app.get('/sitemap.xml', { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(await r.sitemap(req)));
  app.get('/robots.txt', { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /console/\n\nSitemap: ${r.origin(req)}/sitemap.xml\n`));
};

/**
 * For the server's not-found handler: a GET of a page path outside /api and /console answers the
 * site's 404 page (HTML, 404). Returns false when it does not apply (the caller answers JSON).
 */
export async function siteNotFound(deps: Deps, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const p = req.url.split('?')[0];
  if (/^\/(api|console|assets)(\/|$)/.test(p)) return false;
  const r = renderers.get(deps);
  const html = r && await r.notFoundPage(req);
  if (!html) return false;
  await sendHtml(req, reply, html, 404);
  return true;
}

export type { SiteColumn };
