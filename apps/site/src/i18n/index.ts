import { useSyncExternalStore } from 'react';
import { zh, type SiteMessages } from './zh';
import { writeCookie } from '../lib/cookie';

/**
 * The site's two languages: the chrome strings (a typed dictionary, `en` must have every key of
 * `zh`), the language of the content the API answers, and the visitor's choice — kept in
 * localStorage and in a cookie the server reads, so its page render agrees with the app.
 */
export type SiteLang = 'zh' | 'en';
export type MessageKey = keyof SiteMessages;
export const SITE_LANGS: readonly SiteLang[] = ['zh', 'en'];
/** Chinese is bundled; English is fetched when first chosen (the server render registers it at start) */
const dictionaries: Partial<Record<SiteLang, SiteMessages>> = { zh };
export function registerDictionary(lang: SiteLang, messages: SiteMessages) { dictionaries[lang] = messages; }
/** makes sure a language's dictionary is here before it is shown */
export async function loadLang(lang: SiteLang) {
  if (!dictionaries[lang] && lang === 'en') registerDictionary('en', (await import('./en')).en);
}
export const LANG_COOKIE = 'bencao-lang';
/** `<html lang>` and hreflang of each language */
export const HTML_LANG: Record<SiteLang, string> = { zh: 'zh-CN', en: 'en' };

let current: SiteLang = 'zh';
const listeners = new Set<() => void>();

export const isSiteLang = (v: unknown): v is SiteLang => v === 'zh' || v === 'en';
export const getLang = () => current;

/** the visitor's remembered choice (browser only), else Chinese */
export function rememberedLang(): SiteLang {
  if (typeof window === 'undefined') return 'zh';
  try {
    const stored = localStorage.getItem(LANG_COOKIE);
    if (isSiteLang(stored)) return stored;
  } catch { /* storage blocked: the cookie may still say */ }
  const m = /(?:^|;\s*)bencao-lang=(zh|en)\b/.exec(document.cookie);
  return m ? (m[1] as SiteLang) : 'zh';
}

/** loads the language's dictionary, then switches to it (the language switch) */
export async function chooseLang(lang: SiteLang, remember = false) {
  await loadLang(lang);
  setLang(lang, remember);
}

/** switches the language (its dictionary loaded, see `loadLang`); `remember` keeps it for the next visit (storage and cookie) */
export function setLang(lang: SiteLang, remember = false) {
  if (remember && typeof window !== 'undefined') {
    try { localStorage.setItem(LANG_COOKIE, lang); } catch { /* private mode */ }
    writeCookie(LANG_COOKIE, lang, 31536000);
  }
  if (lang === current) return;
  current = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => { listeners.add(l); return () => { listeners.delete(l); }; };
export const useLang = (): SiteLang => useSyncExternalStore(subscribe, getLang, getLang);

export type Params = Record<string, string | number>;
/** a chrome string in `lang`, `{name}` replaced by params */
export function translate(lang: SiteLang, key: MessageKey, params?: Params): string {
  return fill(dictionaries[lang]?.[key] ?? zh[key], params);
}
/** `{name}` in a text replaced by params */
export const fill = (text: string, params?: Params) =>
  params ? text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all)) : text;
export const t = (key: MessageKey, params?: Params) => translate(current, key, params);

/** the translate function of the current language; re-renders the component when it changes */
export function useT() {
  const lang = useLang();
  return (key: MessageKey, params?: Params) => translate(lang, key, params);
}
