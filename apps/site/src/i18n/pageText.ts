import { fill, useLang, type Params, type SiteLang } from './index';

/**
 * The words of one lazy page in both languages, kept in the page's chunk so the home bundle does not
 * carry them (the site-wide chrome is the dictionary of `index.ts`). The type makes English carry every
 * Chinese key; i18n.test.ts checks the placeholders and that no Chinese is left outside such tables.
 */
export function pageText<K extends string>(texts: { zh: Record<K, string>; en: Record<K, string> }) {
  const text = (lang: SiteLang, key: K, params?: Params) => fill(texts[lang][key], params);
  /** the translate function of the current language */
  const use = () => {
    const lang = useLang();
    return (key: K, params?: Params) => text(lang, key, params);
  };
  return { texts, text, use };
}
