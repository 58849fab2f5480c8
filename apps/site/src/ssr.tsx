/**
 * The server's page render: the site's own route table and page components, rendered to HTML by
 * the API server for the path URLs (/news/12, /products/7, …) so that crawlers and link previews
 * get the content without JavaScript. Built with `vite build --ssr src/ssr.tsx` (never part of the
 * browser bundle); the browser hydrates the same markup (main.tsx).
 */
import { renderToString } from 'react-dom/server';
import { NavigationType, Router, createPath, parsePath, type Navigator, type To } from 'react-router';
import { pathUrlOf } from '@bencao/contracts/sitePaths';
import { SiteRoutes } from './router';
import { clearCache, loadWanted, primeCache, snapshot, wanted } from './lib/useApi';
import { setApiBase } from './api/request';
import { renderedMeta } from './lib/seo';
import { getLang, registerDictionary, setLang, type SiteLang } from './i18n';
import { en } from './i18n/en';
import About from './pages/About';
import Culture from './pages/Culture';
import NewsPage from './pages/NewsPage';
import MedicinePage from './pages/MedicinePage';
import ArticleDetail from './pages/ArticleDetail';
import ProductPage from './pages/ProductPage';
import ProductDetail from './pages/ProductDetail';
import Manpower from './pages/Manpower';
import JobBoard from './pages/JobBoard';
import JobDetail from './pages/JobDetail';
import BidReport from './pages/BidReport';
import BidDetail from './pages/BidDetail';
import CustomerService from './pages/CustomerService';
import SiteStatus from './pages/SiteStatus';
import CommonPage from './pages/CommonPage';
import Login from './pages/Login';
import ErrorPage from './pages/ErrorPage';
import Redirect from './pages/Redirect';
import Search from './pages/Search';
import AdrReport from './pages/AdrReport';
import Privacy from './pages/Privacy';

// the server renders both languages: no lazy loading here
registerDictionary('en', en);

const pages = {
  About, Culture, NewsPage, MedicinePage, ArticleDetail, ProductPage, ProductDetail, Manpower, JobBoard, JobDetail,
  BidReport, BidDetail, CustomerService, SiteStatus, CommonPage, Login, ErrorPage, Redirect, Search, AdrReport, Privacy,
};

export { articleKey, listKey, pageKey } from './api/site';

const refuse = () => { throw new Error('the server render does not navigate'); };
/** links as the browser's path router writes them (`/news/3`, `/en/news/3`), so hydration keeps them */
const pathLinks = (lang: SiteLang): Navigator => ({
  createHref: (to: To) => pathUrlOf(typeof to === 'string' ? to : createPath(to), lang),
  encodeLocation: (to: To) => { const p = typeof to === 'string' ? parsePath(to) : to; return { pathname: p.pathname ?? '', search: p.search ?? '', hash: p.hash ?? '' }; },
  go: refuse, push: refuse, replace: refuse,
});

/**
 * HTML of the hash route `route` (e.g. `/newsDetail?id=12`) with the API answers `data` (keyed as
 * the browser's cache keys them), which the page shows at once. Synchronous: one render at a time.
 */
export function render(route: string, data: Record<string, unknown>, lang: SiteLang = 'zh'): string {
  const before = getLang();
  setLang(lang);
  primeCache(data);
  try {
    return renderToString(
      <Router location={{ pathname: '/', search: '', hash: '', ...parsePath(route) }} navigator={pathLinks(lang)} navigationType={NavigationType.Pop} static>
        <SiteRoutes pages={pages} />
      </Router>,
    );
  } finally {
    clearCache();
    setLang(before);
  }
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * HTML of any route: renders, fetches from the API at `apiBase` what the pages asked for, and
 * renders again until nothing is missing (lists, the home page). One render at a time (the answers
 * cache is the page's own). Answers the HTML and the answers it used, for the browser to hydrate with.
 */
export function renderRoute(route: string, apiBase: string, initial: Record<string, unknown> = {}, lang: SiteLang = 'zh'): Promise<{ html: string; data: Record<string, unknown>; meta: { title: string | null; description: string | null } }> {
  const run = async () => {
    setApiBase(apiBase);
    setLang(lang);
    clearCache();
    primeCache(initial);
    try {
      let html = '';
      for (let pass = 0; pass < 4; pass++) {
        wanted.clear();
        renderedMeta.title = null;
        renderedMeta.description = null;
        html = renderToString(
          <Router location={{ pathname: '/', search: '', hash: '', ...parsePath(route) }} navigator={pathLinks(lang)} navigationType={NavigationType.Pop} static>
            <SiteRoutes pages={pages} />
          </Router>,
        );
        if (!wanted.size) break;
        await loadWanted();
      }
      return { html, data: snapshot(), meta: { ...renderedMeta } };
    } finally {
      clearCache();
      setApiBase('/api');
      setLang('zh');
    }
  };
  const next = queue.then(run, run);
  queue = next.catch(() => undefined);
  return next;
}
