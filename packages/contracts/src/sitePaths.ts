/**
 * The public site's path URLs (/news/12, /en/products/7, /service) and the app routes of SPEC §2 they
 * stand for (/newsDetail?id=12, /productDetail?id=7, /cs). The site's pages keep SPEC §2's routes; the
 * browser's router and the server's render translate with these two functions, so every link is a
 * path URL and an old hash URL (/#/productDetail?id=24) finds its path URL.
 * Pure and free of dependencies: the site's entry chunk imports it.
 */
export type PathLang = 'zh' | 'en';

/** app route → path, for routes whose query carries nothing in the path */
const STATIC: Record<string, string> = {
  '/homePage': '/',
  '/corporateCulturePage': '/culture',
  '/newsPage': '/news',
  '/productPage': '/products',
  '/chineseMedicinePage': '/medicine',
  '/manpowerPage': '/careers',
  '/jobBoard': '/jobs',
  '/bidReport': '/bids',
  '/cs': '/service',
  '/adrReport': '/adr-report',
  '/privacy': '/privacy',
  '/search': '/search',
  '/common/page': '/site-map',
  '/common': '/site-map',
  '/login': '/login',
  '/test': '/status',
  '/404': '/404',
  '/403': '/403',
  '/401': '/401',
};
/** detail route → path segment (/newsDetail?id=3 → /news/3) */
export const DETAIL_SEGMENTS: Record<string, string> = {
  '/newsDetail': 'news',
  '/medicDetail': 'medicine',
  '/productDetail': 'products',
  '/jobDetail': 'jobs',
  '/bidDetail': 'bids',
};
/** list routes whose `id` is a column (a sub-column's own list): /newsPage?id=1003 → /news/column/1003 */
const COLUMN_LISTS: Record<string, string> = { '/newsPage': 'news', '/chineseMedicinePage': 'medicine', '/bidReport': 'bids' };

const PATH_OF = new Map(Object.entries(STATIC).filter(([route]) => route !== '/common'));
const ROUTE_OF = new Map([...PATH_OF].map(([route, path]) => [path, route]));
const DETAIL_ROUTE_OF = new Map(Object.entries(DETAIL_SEGMENTS).map(([route, seg]) => [seg, route]));
const COLUMN_ROUTE_OF = new Map(Object.entries(COLUMN_LISTS).map(([route, seg]) => [seg, route]));
const ID = /^[1-9]\d{0,9}$/;

const prefix = (lang: PathLang) => (lang === 'en' ? '/en' : '');
const withQuery = (path: string, q: URLSearchParams) => {
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

/**
 * The path URL of an app route in a language: `/newsDetail?id=3&preview=x`, 'en' → `/en/news/3?preview=x`.
 * A route the table does not know keeps its path (under the language prefix).
 */
export function pathUrlOf(route: string, lang: PathLang = 'zh'): string {
  const hashAt = route.indexOf('#');
  const hash = hashAt >= 0 ? route.slice(hashAt) : '';
  const bare = hashAt >= 0 ? route.slice(0, hashAt) : route;
  const [pathname, search = ''] = bare.split('?', 2) as [string, string?];
  const p = pathname === '' ? '/' : pathname;
  const q = new URLSearchParams(search);
  const id = q.get('id');
  let path: string;
  if (DETAIL_SEGMENTS[p] && id && ID.test(id)) {
    q.delete('id');
    path = `/${DETAIL_SEGMENTS[p]}/${id}`;
  } else if (p === '/aboutPage') {
    const index = q.get('showIndex');
    q.delete('showIndex');
    q.delete('id');
    path = `/about/${index && /^\d{1,2}$/.test(index) ? index : '0'}`;
  } else if (COLUMN_LISTS[p] && id && ID.test(id)) {
    q.delete('id');
    path = `/${COLUMN_LISTS[p]}/column/${id}`;
  } else if (p === '/' || p === '/homePage') {
    q.delete('id');
    path = '/';
  } else {
    const known = PATH_OF.get(p) ?? (p === '/common' ? '/site-map' : undefined);
    // a column's id on a list that has no sub-column lists (products, careers, …) names nothing more
    if (known) q.delete('id');
    path = known ?? p;
  }
  return `${withQuery(path === '/' ? `${prefix(lang)}/` : `${prefix(lang)}${path}`, q)}${hash}`;
}

/**
 * The app route and language of a path URL (`/en/news/3`, `?preview=x` → `/newsDetail?id=3&preview=x`, 'en'),
 * or null when the site has no page there.
 */
export function routeOfPath(pathname: string, search = ''): { route: string; lang: PathLang } | null {
  let p = pathname;
  let lang: PathLang = 'zh';
  if (p === '/en' || p.startsWith('/en/')) {
    lang = 'en';
    p = p.slice(3) || '/';
  }
  if (p.length > 1) p = p.replace(/\/+$/, '');
  const q = new URLSearchParams(search);
  const seg = p.split('/').slice(1);
  let route: string | null = null;
  if (p === '/') route = null;
  else if (seg.length === 2 && DETAIL_ROUTE_OF.has(seg[0]) && ID.test(seg[1])) {
    q.delete('id');
    q.set('id', seg[1]);
    return { route: withQuery(DETAIL_ROUTE_OF.get(seg[0])!, reorder(q, 'id')), lang };
  } else if (seg.length === 3 && seg[1] === 'column' && COLUMN_ROUTE_OF.has(seg[0]) && ID.test(seg[2])) {
    q.set('id', seg[2]);
    return { route: withQuery(COLUMN_ROUTE_OF.get(seg[0])!, reorder(q, 'id')), lang };
  } else if (seg.length === 2 && seg[0] === 'about' && /^\d{1,2}$/.test(seg[1])) {
    q.set('showIndex', seg[1]);
    return { route: withQuery('/aboutPage', reorder(q, 'showIndex')), lang };
  } else if (seg[0] === 'redirect') route = withQuery(p, q);
  else if (ROUTE_OF.has(p)) route = withQuery(ROUTE_OF.get(p)!, q);
  if (p === '/') route = withQuery('/homePage', q);
  if (!route) return null;
  return { route, lang };
}

/** the query with `first` first (the app's own links write `?id=3&page=2`) */
function reorder(q: URLSearchParams, first: string): URLSearchParams {
  const out = new URLSearchParams();
  const v = q.get(first);
  if (v != null) out.set(first, v);
  for (const [k, val] of q) if (k !== first) out.append(k, val);
  return out;
}

/** an old hash URL's fragment (`#/productDetail?id=24`) as a path URL, or null when it is no app route */
export function pathUrlOfHash(hash: string, lang: PathLang = 'zh'): string | null {
  const route = hash.replace(/^#/, '');
  if (!route.startsWith('/')) return null;
  return pathUrlOf(route, lang);
}

/** the app routes of SPEC §2 as plain paths (/newsDetail, /aboutPage, …), for the server's redirects of old links */
export const APP_ROUTE_PATHS: readonly string[] = [...Object.keys(STATIC), ...Object.keys(DETAIL_SEGMENTS), '/aboutPage'];
