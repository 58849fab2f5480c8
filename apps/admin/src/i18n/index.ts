import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@bencao/contracts';
import type { Locales, LocaleTree } from './defineLocales';
import shell from './locales/shell';
import { initialLanguage, saveLanguage } from './language';

/** Every feature's `locales.ts`, each its own namespace named after the feature folder. */
const featureModules = import.meta.glob<{ default: Locales<LocaleTree> }>('../features/*/locales.ts', { eager: true });

export const NAMESPACES: Record<string, Locales<LocaleTree>> = {
  shell: shell as unknown as Locales<LocaleTree>,
  ...Object.fromEntries(Object.entries(featureModules).map(([file, mod]) => [file.split('/').at(-2)!, mod.default])),
};

const resources = Object.fromEntries((['en', 'zh', 'es', 'ja'] as Lang[]).map((lang) => [
  lang, Object.fromEntries(Object.entries(NAMESPACES).map(([ns, l]) => [ns, l[lang]])),
]));

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  ns: Object.keys(NAMESPACES),
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function changeLanguage(lang: Lang) {
  saveLanguage(lang);
  document.documentElement.lang = lang;
  return i18next.changeLanguage(lang);
}

export const currentLang = (): Lang => (['en', 'zh', 'es', 'ja'].includes(i18next.language) ? i18next.language : 'en') as Lang;

export default i18next;
