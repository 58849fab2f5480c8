import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { NavigationType, Router, createPath, parsePath, type Location, type Navigator, type To } from 'react-router';
import { pathUrlOf, routeOfPath } from '@bencao/contracts/sitePaths';
import { chooseLang, getLang, useLang, type SiteLang } from '../i18n';

/**
 * The browser's router: the address bar shows path URLs (/news/12, /en/products/7), the pages keep
 * the app routes of SPEC §2 (/newsDetail?id=12). Links are written as path URLs (`<a href="/news/12">`)
 * and followed without a reload; back and forward read the path URL again. A path the app has no page
 * for is the 404 page, at its own address.
 */
type Entry = { action: NavigationType; location: Partial<Location> };

const toPath = (to: To) => (typeof to === 'string' ? parsePath(to) : to);
/** the path URL of an app location in a language */
export const hrefOf = (to: To, lang: SiteLang) => pathUrlOf(createPath(toPath(to)), lang);

let keys = 0;
const nextKey = () => `p${++keys}`;

/** the app location the address bar stands for */
function current(): Partial<Location> {
  const found = routeOfPath(window.location.pathname, window.location.search);
  const loc = parsePath(found?.route ?? '/404');
  const st = window.history.state as { usr?: unknown; key?: string } | null;
  // an old route in the fragment is no fragment of this page (the hashchange handler moves to it)
  const hash = /^#\//.test(window.location.hash) ? '' : window.location.hash;
  return { pathname: loc.pathname ?? '/', search: loc.search ?? '', hash, state: st?.usr ?? null, key: st?.key ?? 'default' };
}
/** the language of the address bar (/en/… English, else Chinese) */
const langOfAddress = (): SiteLang => routeOfPath(window.location.pathname)?.lang ?? (window.location.pathname.startsWith('/en/') ? 'en' : 'zh');

export function PathRouter({ children }: { children: ReactNode }) {
  const lang = useLang();
  const [entry, setEntry] = useState<Entry>(() => ({ action: NavigationType.Pop, location: current() }));

  useEffect(() => {
    const onPop = () => {
      if (/^#\//.test(window.location.hash)) return;
      const l = langOfAddress();
      if (l !== getLang()) void chooseLang(l);
      setEntry({ action: NavigationType.Pop, location: current() });
    };
    // an old hash link followed on a page (/#/newsDetail?id=3): its path URL instead
    const onHash = () => {
      if (!/^#\//.test(window.location.hash)) return;
      window.history.replaceState(null, '', pathUrlOf(window.location.hash.slice(1), getLang()));
      setEntry({ action: NavigationType.Replace, location: current() });
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('hashchange', onHash);
    return () => { window.removeEventListener('popstate', onPop); window.removeEventListener('hashchange', onHash); };
  }, []);

  // the language switch: the address follows into the other language's path URL
  useEffect(() => {
    const want = hrefOf(entry.location as To, lang);
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (routeOfPath(window.location.pathname) && !/^#\//.test(window.location.hash) && want !== here) window.history.replaceState(window.history.state, '', want);
  }, [lang, entry.location]);

  const navigator = useMemo<Navigator>(() => {
    const move = (how: 'push' | 'replace') => (to: To, state?: unknown) => {
      const p = toPath(to);
      const key = nextKey();
      const location = { pathname: p.pathname ?? '/', search: p.search ?? '', hash: p.hash ?? '', state: state ?? null, key };
      const url = hrefOf(location, getLang());
      if (how === 'push') window.history.pushState({ usr: state ?? null, key }, '', url);
      else window.history.replaceState({ usr: state ?? null, key }, '', url);
      setEntry({ action: how === 'push' ? NavigationType.Push : NavigationType.Replace, location });
    };
    return {
      createHref: (to: To) => hrefOf(to, lang),
      encodeLocation: (to: To) => { const p = toPath(to); return { pathname: p.pathname ?? '', search: p.search ?? '', hash: p.hash ?? '' }; },
      go: (n: number) => window.history.go(n),
      push: move('push'),
      replace: move('replace'),
    };
  }, [lang]);

  return <Router location={entry.location} navigationType={entry.action} navigator={navigator}>{children}</Router>;
}
