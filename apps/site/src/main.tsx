import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

// A path URL (/news/12) rendered by the server: take its answers, move to the hash route it
// stands for, and hydrate the markup already on screen (no flash of other content).
const ssr = document.getElementById('ssr-data');
const state = ssr ? (JSON.parse(ssr.textContent || '{}') as { route?: string; data?: Record<string, unknown>; lang?: string }) : null;
// a hash route asked for on the home path (a reload of /#/newsDetail?id=3) is not the page rendered there
const hashRoute = location.hash.replace(/^#/, '');
async function start() {
  if (state?.route && (!hashRoute || hashRoute === state.route || location.pathname !== '/')) {
    // a page opened in a language (/en/news/3) makes it the visitor's choice
    const lang = isSiteLang(state.lang) ? state.lang : 'zh';
    await loadLang(lang);
    setLang(lang, lang !== rememberedLang());
    primeCache(state.data ?? {});
    history.replaceState(null, '', `/#${state.route}`);
    hydrateRoot(root, app);
  } else {
    const lang = rememberedLang();
    await loadLang(lang);
    setLang(lang);
    // the home markup the server sent for another hash route was kept hidden but for its header (cms/seo.ts):
    // swapped for the asked-for page in one task, so that no frame shows the header gone
    const reactRoot = createRoot(root);
    if (document.documentElement.hasAttribute('data-hash-route')) {
      root.replaceChildren();
      document.documentElement.removeAttribute('data-hash-route');
      flushSync(() => reactRoot.render(app));
    } else reactRoot.render(app);
  }
}
void start();
