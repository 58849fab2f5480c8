import Cookies from 'js-cookie';
import { LANGS, type Lang } from '@bencao/contracts/lang';

export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_LABELS: Record<Lang, string> = { en: 'English', zh: '中文', es: 'Español', ja: '日本語' };

const isLang = (v: string | undefined | null): v is Lang => !!v && (LANGS as readonly string[]).includes(v);

/** SPEC §9: the cookie, else the browser's language among en, zh, es, ja, else en. */
export function initialLanguage(cookie = Cookies.get(LANGUAGE_COOKIE), browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Lang {
  if (isLang(cookie)) return cookie;
  for (const tag of browser) {
    const short = tag?.slice(0, 2).toLowerCase();
    if (isLang(short)) return short;
  }
  return 'en';
}

export function saveLanguage(lang: Lang) {
  Cookies.set(LANGUAGE_COOKIE, lang, { expires: 365, sameSite: 'Lax', path: '/' });
}
