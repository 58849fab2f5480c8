import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pathUrlOf } from '@bencao/contracts/sitePaths';
import { AppRoutes } from './router';
import { primeCache } from './lib/useApi';
import { isSiteLang, loadLang, rememberedLang, setLang } from './i18n';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppRoutes />
  </StrictMode>
);

// A path URL (/news/12) rendered by the server: take its answers and hydrate the markup already on
// screen (no flash of other content); the address stays the path URL.
const ssr = document.getElementById('ssr-data');
const state = ssr ? (JSON.parse(ssr.textContent || '{}') as { route?: string; data?: Record<string, unknown>; lang?: string }) : null;
// an old hash URL (/#/productDetail?id=24, SPEC §2): the server never sees the fragment, so the page is
// moved to its path URL here, before the router reads the address
const oldHash = /^#\//.test(location.hash) ? location.hash.slice(1) : '';
async function start() {
  if (state?.route && !oldHash) {
    // a page opened in a language (/en/news/3) makes it the visitor's choice
    const lang = isSiteLang(state.lang) ? state.lang : 'zh';
    await loadLang(lang);
    setLang(lang, lang !== rememberedLang());
    primeCache(state.data ?? {});
    // / rendered in the remembered English stands for /en/
    if (lang === 'en' && location.pathname === '/') history.replaceState(null, '', `/en/${location.search}`);
    hydrateRoot(root, app);
  } else {
    const lang = location.pathname.startsWith('/en/') ? 'en' : rememberedLang();
    await loadLang(lang);
    setLang(lang);
    if (oldHash) history.replaceState(null, '', pathUrlOf(oldHash, lang));
    // the home markup the server sent for another hash route was kept hidden but for its header (cms/seo.ts):
    // swapped for the asked-for page in one task, so that no frame shows the header gone
    const reactRoot = createRoot(root);
    if (oldHash || document.documentElement.hasAttribute('data-hash-route')) {
      root.replaceChildren();
      document.documentElement.removeAttribute('data-hash-route');
      flushSync(() => reactRoot.render(app));
    } else reactRoot.render(app);
  }
}
void start();
