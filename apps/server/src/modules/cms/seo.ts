import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type {
  ArticleKind, BidFields, JobFields, ProductFields, SiteArticleDetail, SiteColumn, SiteLang, SiteSettings,
} from '@bencao/contracts';
import type { AppConfig } from '../../config';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { PUBLIC } from '../../platform/guard';
import { APP_ROUTE_PATHS, pathUrlOf } from '@bencao/contracts/sitePaths';
import { redirectRoute } from '@bencao/contracts/siteRedirect';
import { MEDIA_PREFIX } from './media';
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
  render(route: string, data: Record<string, unknown>, lang?: SiteLang): string;
  renderRoute(route: string, apiBase: string, initial?: Record<string, unknown>, lang?: SiteLang): Promise<{ html: string; data: Record<string, unknown>; meta?: { title: string | null; description: string | null } }>;
  articleKey(id: string, preview?: string | null): string;
  pageKey(slug: string): string;
}

export const SITE_NAME = '本草制药';
/**
 * `/` answers the home page, but a visit to `/#/newsPage` keeps its hash, which never reaches the server.
 * Before the body is parsed, such a visit is marked so that the home markup stays hidden but for the header
 * every page shares (none for the pages without it: login, redirect, error pages): the header paints at once,
 * there is no flash of the wrong page and none of its lazy images is fetched. main.tsx removes the mark when
 * it renders the asked-for route.
 * The hero picture would still be found by the browser's preload scanner, which reads ahead of any script:
 * in the home answer it is lazy, and a preload held back by `media="not all"` is let go by the same script
 * only when the visit is the home page itself, so the home keeps its early, high-priority hero.
 */
const HASH_ROUTE_GUARD = "var h=location.hash.slice(1);if(/^\\/./.test(h)&&h!=='/homePage'&&/^\\/(en\\/)?$/.test(location.pathname))document.documentElement.setAttribute('data-hash-route',/^\\/(login|redirect\\/|40[134])/.test(h)?'bare':'site');"
  + "else{var p=document.getElementById('hero-preload');if(p){var l=p.cloneNode();l.removeAttribute('id');l.removeAttribute('media');document.head.appendChild(l)}}";
const HASH_ROUTE_GUARD_SOURCE = `'sha256-${crypto.createHash('sha256').update(HASH_ROUTE_GUARD).digest('base64')}'`;
const HASH_ROUTE_GUARD_HTML = '<style>html[data-hash-route=site] .app-root>:not(.site-header),html[data-hash-route=bare] #root>*{display:none}</style>'
  + `\n    <script>${HASH_ROUTE_GUARD}</script>\n  </head>`;

/** the home markup with its hero picture lazy and a held-back preload of it in the head (see HASH_ROUTE_GUARD) */
export function deferHero(html: string): string {
  // React writes the attributes as spelt in JSX (fetchPriority, srcSet): HTML names are case-insensitive
  const hero = /<img\b[^>]*\sfetchpriority="high"[^>]*>/i.exec(html);
  if (!hero) return html.replace('</head>', HASH_ROUTE_GUARD_HTML);
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(hero[0])?.[1];
  const src = attr('src');
  if (!src) return html.replace('</head>', HASH_ROUTE_GUARD_HTML);
  const srcset = attr('srcset');
  const sizes = attr('sizes');
  const preload = `<link id="hero-preload" rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high" media="not all">`;
  const lazyHero = hero[0].replace(/\sloading="eager"/i, ' loading="lazy"');
  return html
    // React's own preload of a high-priority picture (emitted at the top of the rendered markup) would be found too
    .replace(/<link rel="preload" as="image"[^>]*\/>/gi, '')
    .replace(hero[0], () => lazyHero)
    .replace('</head>', () => `    ${preload}\n    ${HASH_ROUTE_GUARD_HTML}`);
}

/** the words of the pages' heads in each language of the site (the page bodies are the site's own dictionary) */
const WORDS = {
  zh: {
    site: '本草制药', home: '首页', about: '关于我们', culture: '企业文化', notFound: '页面不存在', listSep: '：', itemSep: '；',
    description: '本草制药：现代中药研发、生产与销售企业，提供中药产品、中医药知识、企业新闻、人才招聘与招标采购信息。',
    homeTitle: '现代中药，守护健康', duties: '岗位职责：', requirements: '任职要求：', locale: 'zh_CN',
    /** a list's page after the first (the site's pager.title) */
    pageTitle: '{title}（第 {n} 页）',
  },
  en: {
    site: 'Bencao Pharmaceutical', home: 'Home', about: 'About us', culture: 'Corporate culture', notFound: 'Page not found', listSep: ': ', itemSep: '; ',
    description: 'Bencao Pharmaceutical researches, makes and sells modern traditional Chinese medicines: products, TCM knowledge, company news, careers and procurement notices.',
    homeTitle: 'Modern Chinese medicine for better health', duties: 'Duties: ', requirements: 'Requirements: ', locale: 'en_US',
    pageTitle: '{title} (page {n})',
    /** after the Chinese title of an item that has no English yet */
    inChinese: ' (in Chinese)',
  },
} as const;
const HTML_LANG: Record<SiteLang, string> = { zh: 'zh-CN', en: 'en' };
/** the path prefix of a language: Chinese at the root, English under /en */
export const langPrefix = (lang: SiteLang) => (lang === 'zh' ? '' : `/${lang}`);
const DEFAULT_DESCRIPTION = WORDS.zh.description;

/** path segment → kind, hash route and section of each kind of detail page */
export const DETAIL_PATHS: Record<string, { kind: Exclude<ArticleKind, 'page'>; route: string; section: string; sectionEn: string; list: string }> = {
  news: { kind: 'news', route: '/newsDetail', section: '新闻中心', sectionEn: 'News', list: '/newsPage' },
  medicine: { kind: 'medicine', route: '/medicDetail', section: '中医药', sectionEn: 'TCM knowledge', list: '/chineseMedicinePage' },
  products: { kind: 'product', route: '/productDetail', section: '产品中心', sectionEn: 'Products', list: '/productPage' },
  jobs: { kind: 'job', route: '/jobDetail', section: '人才招聘', sectionEn: 'Careers', list: '/jobBoard' },
  bids: { kind: 'bid', route: '/bidDetail', section: '招标采购', sectionEn: 'Procurement', list: '/bidReport' },
};
const SEGMENT_OF: Record<string, string> = Object.fromEntries(Object.entries(DETAIL_PATHS).map(([seg, d]) => [d.kind, seg]));
/** about-us sections by showIndex (SPEC §2), and the culture page */
export const ABOUT_PAGES: { index: number; slug: string; label: string }[] = [
  { index: 0, slug: 'overview', label: '公司概况' },
  { index: 2, slug: 'strategy', label: '发展战略' },
  { index: 4, slug: 'history', label: '发展历程' },
  { index: 5, slug: 'party', label: '党建工作' },
];

/** an author who is a unit (本草科普编辑部, Party and Public Affairs Department) is an Organization, else a Person (林晓) */
const UNIT = /(部|室|处|科|组|所|院|局|中心|公司|委员会|办公室|编辑部|集团|协会|学会|Department|Office|Team|Cent(er|re)|Company|Editorial|Committee|Group|Association|Pharmaceutical)$/i;
export function authorOf(author: string | undefined, company: string) {
  const name = author?.trim();
  if (!name) return { '@type': 'Organization', name: company };
  return { '@type': UNIT.test(name) ? 'Organization' : 'Person', name };
}

/** the path URL of a piece of content */
export function contentPath(kind: ArticleKind, id: number, slug?: string | null): string {
  if (kind === 'page') {
    if (slug === 'culture') return '/culture';
    const about = ABOUT_PAGES.find((a) => a.slug === slug);
    return `/about/${about?.index ?? 0}`;
  }
  return `/${SEGMENT_OF[kind]}/${id}`;
}

/** the picture of a page without one of its own, and the Organization's raster logo (apps/site/public, scripts/share-images.mjs) */
export const SHARE_IMAGE = { path: '/og-default.png', width: 1200, height: 630 };
export const LOGO_PATH = '/logo.png';
const shareImage = (base: string) => `${base}${SHARE_IMAGE.path}`;

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
  /** none on an error page: a 404 is nobody's copy of another URL */
  canonical?: string;
  /** the page's own picture, else the site's share picture */
  image: string;
  type: 'website' | 'article' | 'product';
  jsonLd: unknown[];
  lang: SiteLang;
  /** the same page in each language it exists in (hreflang; x-default is the Chinese one) */
  alternates: Partial<Record<SiteLang, string>>;
}

/** http://HOST:PORT of the listener that took the request (a wildcard host reads as 127.0.0.1) */
function listenOrigin(req: FastifyRequest): string {
  const addr = req.server.server.address();
  if (!addr || typeof addr === 'string') return 'http://127.0.0.1';
  const host = ['0.0.0.0', '::', ''].includes(addr.address) ? '127.0.0.1' : addr.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${addr.port}`;
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
  /**
   * The origin of every absolute URL: SITE_URL, else the address this server listens on. Never the
   * request's Host or X-Forwarded-Host: anyone can send those, and a cache or a crawler would keep
   * their canonical, og:image and sitemap pointing elsewhere.
   */
  const origin = (req: FastifyRequest) => config.siteUrl ?? listenOrigin(req);

  const organization = (s: SiteSettings, base: string) => ({
    '@type': 'Organization', name: s.companyName, url: `${base}/`, logo: `${base}${LOGO_PATH}`,
    ...(s.address ? { address: s.address } : {}), ...(s.email ? { email: s.email } : {}),
    contactPoint: s.hotlines.map((t) => ({ '@type': 'ContactPoint', telephone: t, contactType: 'customer service', hoursAvailable: s.serviceHours })),
  });
  const breadcrumbs = (base: string, items: { name: string; url: string }[], lang: SiteLang = 'zh') => ({
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: WORDS[lang].home, url: `${base}${langPrefix(lang)}/` }, ...items].map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: it.url })),
  });

  function headHtml(h: Head, s: SiteSettings) {
    const site = h.lang === 'zh' ? s.companyName || SITE_NAME : WORDS[h.lang].site;
    const title = `${h.title} — ${site}`;
    const alternates = Object.entries(h.alternates) as [SiteLang, string][];
    const tags = [
      ...(h.canonical ? [`<link rel="canonical" href="${esc(h.canonical)}" />`] : []),
      ...alternates.map(([l, url]) => `<link rel="alternate" hreflang="${HTML_LANG[l]}" href="${esc(url)}" />`),
      ...(h.alternates.zh ? [`<link rel="alternate" hreflang="x-default" href="${esc(h.alternates.zh)}" />`] : []),
      `<meta property="og:site_name" content="${esc(site)}" />`,
      `<meta property="og:locale" content="${WORDS[h.lang].locale}" />`,
      ...alternates.filter(([l]) => l !== h.lang).map(([l]) => `<meta property="og:locale:alternate" content="${WORDS[l].locale}" />`),
      `<meta property="og:type" content="${h.type}" />`,
      `<meta property="og:title" content="${esc(h.title)}" />`,
      `<meta property="og:description" content="${esc(h.description)}" />`,
      ...(h.canonical ? [`<meta property="og:url" content="${esc(h.canonical)}" />`] : []),
      `<meta property="og:image" content="${esc(h.image)}" />`,
      ...(h.image.endsWith(SHARE_IMAGE.path) ? [`<meta property="og:image:width" content="${SHARE_IMAGE.width}" />`, `<meta property="og:image:height" content="${SHARE_IMAGE.height}" />`] : []),
      '<meta name="twitter:card" content="summary_large_image" />',
      // WeChat and QQ read these for the share card
      `<meta itemprop="name" content="${esc(h.title)}" />`,
      `<meta itemprop="description" content="${esc(h.description)}" />`,
      `<meta itemprop="image" content="${esc(h.image)}" />`,
      `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', '@graph': h.jsonLd })}</script>`,
    ];
    return { title, tags: tags.join('\n    ') };
  }

  function page(body: string, h: Head, s: SiteSettings, state: { route: string; data: Record<string, unknown> }) {
    const { title, tags } = headHtml(h, s);
    let html = shell()
      .replace(/<html lang="[^"]*"/, `<html lang="${HTML_LANG[h.lang]}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${esc(title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, '');
    html = html.replace('</title>', `</title>\n    <meta name="description" content="${esc(h.description)}" />\n    ${tags}`);
    // the rendered page replaces the boot placeholder; the answers it used travel with it (not executed: CSP-safe)
    html = html.replace(/<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>|<script|<\/body>)/, `<div id="root">${body}</div>\n    <script type="application/json" id="ssr-data">${scriptJson({ ...state, lang: h.lang })}</script>\n    `);
    html = html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
    return html;
  }

  async function common(lang: SiteLang) {
    const [settings, columns] = await Promise.all([svc.settings.shown(lang), svc.columns.publicTree(lang)]);
    return { settings, columns };
  }
  /** canonical and alternates of a page at `path` (without language prefix); `english` false: the English page shows the Chinese text */
  const urls = (base: string, path: string, lang: SiteLang, english = true) => {
    const zh = `${base}${path}`;
    const en = `${base}/en${path === '/' ? '/' : path}`;
    return { canonical: lang === 'en' && english ? en : zh, alternates: english ? { zh, en } : { zh } };
  };

  /** whether the item has a published English translation (the Chinese page announces the English one only then, as the sitemap does) */
  const hasEnglish = async (a: SiteArticleDetail, lang: SiteLang) =>
    (lang === 'en' ? !a.untranslated : (await svc.translations.shown([a.id], 'en')).has(a.id));

  const imageUrl = (base: string, a: SiteArticleDetail) => (a.cover ? `${base}${a.cover.url}` : a.images[0] ? `${base}${a.images[0].url}` : undefined);

  function jsonLdOf(a: SiteArticleDetail, base: string, url: string, s: SiteSettings, description: string, lang: SiteLang, updatedAt?: string) {
    const org = organization(s, base);
    const image = imageUrl(base, a);
    const common = { name: a.title, description, url, ...(image ? { image } : {}) };
    switch (a.kind) {
      case 'news':
      case 'medicine':
        return {
          '@type': a.kind === 'news' ? 'NewsArticle' : 'Article', headline: clip(a.title, 110), description, url, mainEntityOfPage: url,
          ...(image ? { image: [image] } : {}), datePublished: a.publishedAt, dateModified: updatedAt ?? a.publishedAt,
          author: authorOf((a.fields as { author?: string }).author, s.companyName),
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
          '@type': 'JobPosting', title: a.title, description: [a.summary, `${WORDS[lang].duties}${f.duties}`, `${WORDS[lang].requirements}${f.requirements}`].filter(Boolean).join('\n'),
          datePosted: isoOf(f.startDate) ?? a.publishedAt, validThrough: isoOf(f.endDate), totalJobOpenings: f.headcount, employmentType: 'FULL_TIME',
          hiringOrganization: org, jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: f.location, addressCountry: 'CN' } },
          ...(f.education ? { educationRequirements: f.education } : {}), ...(f.experience ? { experienceRequirements: f.experience } : {}), url,
          identifier: { '@type': 'PropertyValue', name: s.companyName, value: String(a.id) },
          // the job page takes the application itself (its form)
          directApply: true,
          ...(f.salaryMin != null || f.salaryMax != null ? {
            baseSalary: { '@type': 'MonetaryAmount', currency: 'CNY', value: { '@type': 'QuantitativeValue', ...(f.salaryMin != null ? { minValue: f.salaryMin } : {}), ...(f.salaryMax != null ? { maxValue: f.salaryMax } : {}), unitText: 'MONTH' } },
          } : {}),
        };
      }
      case 'bid': {
        const f = a.fields as BidFields;
        const end = isoOf(f.bidDeadline);
        // a result notice, or a notice without a deadline, announces; it is no event with a time to attend
        if (f.bidType === 'result' || !end) {
          return {
            '@type': 'Article', headline: clip(a.title, 110), description, url, mainEntityOfPage: url,
            datePublished: a.publishedAt, dateModified: updatedAt ?? a.publishedAt, author: { '@type': 'Organization', name: f.purchaser }, publisher: org, about: f.project,
          };
        }
        return {
          '@type': 'Event', additionalType: 'https://schema.org/BusinessEvent', name: a.title, description, url,
          startDate: isoOf(f.documentStart) ?? a.publishedAt, endDate: end,
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
  async function detailPage(req: FastifyRequest, segment: string, id: number, lang: SiteLang = 'zh'): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const d = DETAIL_PATHS[segment];
    const { settings, columns } = await common(lang);
    const a = await svc.site.article(id, undefined, lang); // 404 (AppError) when not live
    if (a.kind !== d.kind) throw new AppError(404, 'error.notFound');
    const base = origin(req);
    const url = `${base}${langPrefix(lang)}/${segment}/${id}`;
    const { canonical, alternates } = urls(base, `/${segment}/${id}`, lang, await hasEnglish(a, lang));
    const section = columns.find((c) => c.path === d.list && c.parent === 1000)?.label ?? columns.find((c) => c.path === d.list)?.label ?? (lang === 'zh' ? d.section : d.sectionEn);
    const named = a.seoTitle || (a.kind === 'product' ? (a.fields as ProductFields).name || a.title : a.title);
    const title = lang === 'en' && a.untranslated ? `${named}${WORDS.en.inChinese}` : named;
    const description = clip((a.seoDescription || a.summary || plain(a.body)).replace(/\s+/g, ' '));
    const head: Head = {
      title, description, canonical, alternates, lang, image: imageUrl(base, a) ?? shareImage(base), type: a.kind === 'product' ? 'product' : 'article',
      jsonLd: [jsonLdOf(a, base, url, settings, description, lang), organization(settings, base), breadcrumbs(base, [{ name: section, url: `${base}${langPrefix(lang)}/${segment}` }, { name: a.title, url }], lang)],
    };
    const route = `${d.route}?id=${id}`;
    const data = { settings, columns, [ssr.articleKey(String(id))]: a };
    return page(ssr.render(route, data, lang), head, settings, { route, data });
  }

  async function contentPage(req: FastifyRequest, slug: string, route: string, pathUrl: string, crumb: 'about' | 'culture', lang: SiteLang = 'zh'): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const { settings, columns } = await common(lang);
    const a = await svc.site.page(slug, undefined, lang);
    const base = origin(req);
    const url = `${base}${langPrefix(lang)}${pathUrl}`;
    const { canonical, alternates } = urls(base, pathUrl, lang, await hasEnglish(a, lang));
    const description = clip((a.seoDescription || a.summary || plain(a.body)).replace(/\s+/g, ' '));
    const head: Head = {
      title: `${a.seoTitle || a.title}${lang === 'en' && a.untranslated ? WORDS.en.inChinese : ''}`, description, canonical, alternates, lang, image: imageUrl(base, a) ?? shareImage(base), type: 'website',
      jsonLd: [{ '@type': 'AboutPage', name: a.title, description, url, ...(imageUrl(base, a) ? { image: imageUrl(base, a) } : {}), publisher: organization(settings, base) },
        organization(settings, base), breadcrumbs(base, [{ name: WORDS[lang][crumb], url: `${base}${langPrefix(lang)}/about/0` }, { name: a.title, url }], lang)],
    };
    const data = { settings, columns, [ssr.pageKey(slug)]: a };
    return page(ssr.render(route, data, lang), head, settings, { route, data });
  }

  /** a column list (news, products, …): the page as the app shows it, its items as an ItemList */
  /** the API of this very server, for the page render's own requests */
  const apiOf = (req: FastifyRequest) => {
    const local = req.socket.localAddress ?? '127.0.0.1';
    return `http://${local.includes(':') && !local.startsWith('::ffff:') ? `[${local}]` : local.replace(/^::ffff:/, '')}:${req.socket.localPort}/api`;
  };

  /** `columnId`: a sub-column's own list (/news/column/1003); `query`: the list's page, keyword or tab as the app keeps them */
  async function listPage(req: FastifyRequest, segment: string, lang: SiteLang = 'zh', columnId?: number, query = ''): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const d = DETAIL_PATHS[segment];
    const { settings, columns } = await common(lang);
    const top = columns.find((c) => c.path === d.list && c.parent === 1000);
    const column = columnId == null ? undefined : columns.find((c) => c.id === columnId && top && c.parent === top.id);
    if (columnId != null && !column) throw new AppError(404, 'error.notFound');
    const base = origin(req);
    const q = new URLSearchParams(query);
    q.delete('id');
    if (column) q.set('id', String(column.id));
    const route = q.size ? `${d.list}?${q}` : d.list;
    const { html, data } = await ssr.renderRoute(route, apiOf(req), { settings, columns }, lang);
    const own = column ? `/${segment}/column/${column.id}` : `/${segment}`;
    const url = `${base}${langPrefix(lang)}${own}`;
    const records = Object.entries(data).filter(([k]) => k.startsWith('articles:')).flatMap(([, v]) => (v as { records?: { id: number; kind: ArticleKind; title: string }[] }).records ?? [])
      .filter((r) => r.kind === d.kind);
    const pageNo = listPageOf(q);
    // past the last page there is no page
    if (pageNo > 1 && !records.length) throw new AppError(404, 'error.notFound');
    // each page of the list is a page of its own (/news?page=2; the first is /news); a filtered view (keyword, category, tab) stands for the list
    const filtered = [...q.keys()].some((k) => k !== 'page' && k !== 'id');
    const canonicalPath = pageNo > 1 && !filtered ? `${own}?page=${pageNo}` : own;
    const label = column?.label ?? top?.label ?? (lang === 'zh' ? d.section : d.sectionEn);
    const w = WORDS[lang];
    const head: Head = {
      ...urls(base, canonicalPath, lang), lang, image: shareImage(base),
      title: pageNo > 1 ? w.pageTitle.replace('{title}', label).replace('{n}', String(pageNo)) : label, description: `${lang === 'zh' ? settings.companyName : w.site}${lang === 'zh' ? '' : ' '}${label}${w.listSep}${records.slice(0, 5).map((r) => r.title).join(w.itemSep)}`.slice(0, 160), type: 'website',
      jsonLd: [
        { '@type': 'CollectionPage', name: label, url: `${base}${langPrefix(lang)}${canonicalPath}`, mainEntity: { '@type': 'ItemList', itemListElement: records.map((r, i) => ({ '@type': 'ListItem', position: i + 1, name: r.title, url: `${base}${langPrefix(lang)}${contentPath(r.kind, r.id)}` })) } },
        organization(settings, base), breadcrumbs(base, [...(column && top ? [{ name: top.label, url: `${base}${langPrefix(lang)}/${segment}` }] : []), { name: label, url }], lang),
      ],
    };
    return page(html, head, settings, { route, data });
  }

  /** the home page: the company, its products, news and TCM articles as the app shows them */
  async function homePage(req: FastifyRequest, lang: SiteLang = 'zh'): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const { settings, columns } = await common(lang);
    const base = origin(req);
    const { html, data } = await ssr.renderRoute('/homePage', apiOf(req), { settings, columns }, lang);
    const w = WORDS[lang];
    const url = `${base}${langPrefix(lang)}/`;
    const head: Head = {
      ...urls(base, '/', lang), lang, image: shareImage(base), title: w.homeTitle, description: w.description, type: 'website',
      jsonLd: [organization(settings, base), { '@type': 'WebSite', name: lang === 'zh' ? settings.companyName : w.site, url, inLanguage: HTML_LANG[lang], publisher: organization(settings, base) }],
    };
    return deferHero(page(html, head, settings, { route: '/homePage', data }));
  }

  /**
   * A page of the app without content of its own to describe (customer service, the ADR form, careers,
   * the site map, a sub-column's list, login, …): the app's render, its own title and description, the
   * site's picture. `index` false: `noindex` (login, status).
   */
  async function appPage(req: FastifyRequest, route: string, pathUrl: string, lang: SiteLang, type: 'WebPage' | 'ContactPage' | 'CollectionPage', index = true): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const { settings, columns } = await common(lang);
    const base = origin(req);
    const { html, data, meta } = await ssr.renderRoute(route, apiOf(req), { settings, columns }, lang);
    const url = `${base}${langPrefix(lang)}${pathUrl}`;
    const title = meta?.title || WORDS[lang].homeTitle;
    const description = clip((meta?.description || WORDS[lang].description).replace(/\s+/g, ' '));
    const head: Head = {
      ...urls(base, pathUrl, lang), lang, image: shareImage(base), title, description, type: 'website',
      jsonLd: [{ '@type': type, name: title, description, url, inLanguage: HTML_LANG[lang], publisher: organization(settings, base) },
        organization(settings, base), breadcrumbs(base, [{ name: title, url }], lang)],
    };
    const out = page(html, head, settings, { route, data });
    return index ? out : out.replace('<head>', '<head>\n    <meta name="robots" content="noindex" />');
  }

  /** the site's own 404 page (status 404), or null when the render is not built */
  async function notFoundPage(req: FastifyRequest): Promise<string | null> {
    const ssr = await load();
    if (!ssr) return null;
    const lang: SiteLang = /^\/en(\/|$)/.test(req.url) ? 'en' : 'zh';
    const { settings, columns } = await common(lang);
    const base = origin(req);
    const head: Head = {
      title: WORDS[lang].notFound, description: lang === 'zh' ? DEFAULT_DESCRIPTION : WORDS.en.description,
      alternates: {}, lang, image: shareImage(base), type: 'website', jsonLd: [organization(settings, base)],
    };
    const route = '/404';
    const data = { settings, columns };
    return page(ssr.render(route, data, lang), head, settings, { route, data }).replace('<head>', '<head>\n    <meta name="robots" content="noindex" />');
  }

  /** every page in Chinese, and in English where it has English (each with its alternates) */
  async function sitemap(req: FastifyRequest): Promise<string> {
    const base = origin(req);
    const entries = await svc.site.sitemapEntries();
    const pages: { path: string; lastmod?: string; english: boolean }[] = [{ path: '/', english: true }];
    const items: typeof pages = [];
    const newest = new Map<string, string>();
    for (const e of entries) {
      items.push({ path: contentPath(e.kind, e.id, e.slug), lastmod: e.updatedAt, english: e.english });
      if (e.kind !== 'page') {
        const list = `/${SEGMENT_OF[e.kind]}`;
        if (!newest.has(list) || newest.get(list)! < e.updatedAt) newest.set(list, e.updatedAt);
      }
    }
    for (const [path, lastmod] of newest) pages.push({ path, lastmod, english: true });
    for (const [path, , , index] of APP_PAGES) if (index) pages.push({ path, english: true });
    // the sub-columns' own lists (新闻中心 › 行业资讯)
    const columns = await svc.columns.publicTree('zh');
    for (const segment of ['news', 'medicine']) {
      const top = columns.find((c) => c.path === DETAIL_PATHS[segment].list && c.parent === 1000);
      if (top) for (const c of columns.filter((k) => k.parent === top.id)) pages.push({ path: `/${segment}/column/${c.id}`, english: true });
    }
    const body = [...pages, ...items].flatMap((p) => {
      const { alternates } = urls(base, p.path, 'zh', p.english);
      const links = p.english
        ? [...(Object.entries(alternates) as [SiteLang, string][]).map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${HTML_LANG[l]}" href="${esc(href)}"/>`),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${esc(alternates.zh!)}"/>`].join('')
        : '';
      const lastmod = p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : '';
      return Object.values(alternates).map((loc) => `  <url><loc>${esc(loc)}</loc>${lastmod}${links}</url>`);
    }).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
  }

  /** the site's index.html as it is (the app renders everything itself), when the page render is not built */
  const plainShell = () => shell();

  return { detailPage, contentPage, listPage, homePage, appPage, notFoundPage, sitemap, origin, plainShell, common };
}

/** the page, compressed when the client takes it (static files are precompressed; pages are made per request) */
function sendHtml(req: FastifyRequest, reply: FastifyReply, html: string, status = 200) {
  const vary = reply.getHeader('vary');
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** the page number of a list's query, as the app reads it (absent or not a number: the first) */
const listPageOf = (q: URLSearchParams) => Math.max(1, Number.parseInt(q.get('page') ?? '1', 10) || 1);

/** the query of a request as the app keeps it (`page=2&keyword=x`) */
const queryOf = (req: FastifyRequest) => {
  const at = req.url.indexOf('?');
  return at < 0 ? '' : new URLSearchParams(req.url.slice(at + 1)).toString();
};

/** path URL, app route, JSON-LD type and whether a search engine should index it, of the app's pages without content of their own */
export const APP_PAGES: [string, string, 'WebPage' | 'ContactPage' | 'CollectionPage', boolean][] = [
  ['/service', '/cs', 'ContactPage', true],
  ['/adr-report', '/adrReport', 'WebPage', true],
  ['/privacy', '/privacy', 'WebPage', true],
  ['/careers', '/manpowerPage', 'WebPage', true],
  ['/site-map', '/common/page', 'CollectionPage', true],
  ['/login', '/login', 'WebPage', false],
  ['/status', '/test', 'WebPage', false],
];

/** the site's path URLs, sitemap and robots.txt; registered from the cms routes */
export const seoRoutes: FastifyPluginAsyncZod<SeoOptions> = async (app, opts) => {
  const r = siteRenderer(opts);
  renderers.set(opts.deps, r);
  if (opts.config.profile === 'production' && !opts.config.siteUrl) {
    app.log.warn('SITE_URL is not set: canonical, og:image, sitemap and robots.txt name the listen address');
  }
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

  // every page in Chinese at its path, and in English under /en
  for (const lang of ['zh', 'en'] as const) {
    const at = langPrefix(lang);
    for (const [segment] of Object.entries(DETAIL_PATHS)) {
      app.get(`${at}/${segment}/:id`, { config: { authority: PUBLIC }, schema: { tags, hide: true, params: z.object({ id: z.string().max(20) }) } }, async (req, reply) => {
        const id = /^[1-9]\d{0,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
        if (!id || id > 2_147_483_647) return notFound(req, reply);
        return orNotFound(req, reply, () => r.detailPage(req, segment, id, lang));
      });
      // the column list, as the app shows it (its page, keyword or tab in the query)
      app.get(`${at}/${segment}`, { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) => orNotFound(req, reply, () => r.listPage(req, segment, lang, undefined, queryOf(req))));
      if (['news', 'medicine', 'bids'].includes(segment)) {
        // a sub-column's own list (/news/column/1003)
        app.get(`${at}/${segment}/column/:id`, { config: { authority: PUBLIC }, schema: { tags, hide: true, params: z.object({ id: z.string().max(20) }) } }, async (req, reply) => {
          const id = /^[1-9]\d{0,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
          if (!id || id > 2_147_483_647) return notFound(req, reply);
          return orNotFound(req, reply, () => r.listPage(req, segment, lang, id, queryOf(req)));
        });
      }
    }
    // the app's other pages, each at its path URL (sitePaths in the contracts)
    for (const [pathUrl, route, type, index] of APP_PAGES) {
      app.get(`${at}${pathUrl}`, { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) => {
        const q = queryOf(req);
        return orNotFound(req, reply, () => r.appPage(req, q ? `${route}?${q}` : route, pathUrl, lang, type, index));
      });
    }
    // SPEC §2's routes written as paths (/newsDetail?id=3, /aboutPage?showIndex=2): moved for good to their path URL
    // (a path URL of its own, such as /search or /login, is no old route)
    for (const route of APP_ROUTE_PATHS.filter((r) => pathUrlOf(r) !== r || r.endsWith('Detail'))) {
      app.get(`${at}${route}`, { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) => {
        const q = queryOf(req);
        const target = pathUrlOf(q ? `${route}?${q}` : route, lang);
        // a detail route without its id names no page
        if (target.split('?')[0] === `${at}${route}`) return notFound(req, reply);
        return reply.redirect(target, 301);
      });
    }
    // the reload helper of SPEC §2 (/redirect/newsPage?page=2): a moved answer to the page's path URL, as the app does;
    // only to a page of the site, so it redirects nowhere else
    app.get(`${at}/redirect/*`, { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) => {
      const route = redirectRoute((req.params as { '*': string })['*'], queryOf(req));
      if (!route) return notFound(req, reply);
      return reply.header('cache-control', 'no-store').redirect(pathUrlOf(route, lang), 302);
    });
    app.get(`${at}/about/:index`, { config: { authority: PUBLIC }, schema: { tags, hide: true, params: z.object({ index: z.string().max(4) }) } }, async (req, reply) => {
      const about = ABOUT_PAGES.find((a) => String(a.index) === req.params.index);
      if (!about) return notFound(req, reply);
      return orNotFound(req, reply, () => r.contentPage(req, about.slug, `/aboutPage?showIndex=${about.index}`, `/about/${about.index}`, 'about', lang));
    });
    app.get(`${at}/culture`, { config: { authority: PUBLIC }, schema: { tags, hide: true } },
      async (req, reply) => orNotFound(req, reply, () => r.contentPage(req, 'culture', '/corporateCulturePage', '/culture', 'culture', lang)));
  }
  // the home page: /en/ in English; / in the visitor's remembered language (a crawler has none: Chinese)
  const home = async (req: FastifyRequest, reply: FastifyReply, lang: SiteLang) => {
    const html = await r.homePage(req, lang);
    reply.header('vary', 'cookie');
    // the guard is the one inline script of the site: allowed by its hash, nothing else inline runs
    const csp = reply.getHeader('content-security-policy');
    if (html && typeof csp === 'string') reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${HASH_ROUTE_GUARD_SOURCE}`));
    if (html) return sendHtml(req, reply, html);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(r.plainShell());
  };
  app.get('/', { config: { authority: PUBLIC }, schema: { tags, hide: true } },
    async (req, reply) => home(req, reply, /(?:^|;\s*)bencao-lang=en\b/.test(req.headers.cookie ?? '') ? 'en' : 'zh'));
  app.get('/en/', { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) => home(req, reply, 'en'));
  app.get('/en', { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (_req, reply) => reply.redirect('/en/', 301));

  app.get('/sitemap.xml', { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(await r.sitemap(req)));
  app.get('/robots.txt', { config: { authority: PUBLIC }, schema: { tags, hide: true } }, async (req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache')
      // the longest matching rule wins (RFC 9309): pictures (og:image, JSON-LD) stay fetchable under the closed API
      .send(`User-agent: *\nAllow: /\nAllow: ${MEDIA_PREFIX}\nDisallow: /api/\nDisallow: /console/\n\nSitemap: ${r.origin(req)}/sitemap.xml\n`));
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
