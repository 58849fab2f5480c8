import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import type { Lang } from '@bencao/contracts';
import type { Locales, LocaleTree } from './defineLocales';
import shell from './locales/shell';
import { initialLanguage, saveLanguage } from './language';

const LANGS: Lang[] = ['en', 'zh', 'es', 'ja'];

/**
 * The shell's texts are bundled (the login page needs them); every feature's `locales.ts` is its own
 * namespace, named after the feature folder, loaded with the first page that asks for it.
 */
void i18next
  .use(initReactI18next)
  .use(resourcesToBackend((lang: Lang, ns: string) => import(`../features/${ns}/locales.ts`).then((m: { default: Locales<LocaleTree> }) => m.default[lang])))
  .init({
    resources: Object.fromEntries(LANGS.map((l) => [l, { shell: shell[l] }])),
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    ns: ['shell'],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;

export function changeLanguage(lang: Lang) {
  saveLanguage(lang);
  document.documentElement.lang = lang;
  return i18next.changeLanguage(lang);
}

export const currentLang = (): Lang => ((LANGS as string[]).includes(i18next.language) ? i18next.language : 'en') as Lang;

export default i18next;
