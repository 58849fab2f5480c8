import { useEffect } from 'react';
import { translate, useLang } from '../i18n';

/** the title and description the page being rendered on the server asked for (ssr.tsx puts them in the head) */
export const renderedMeta: { title: string | null; description: string | null } = { title: null, description: null };

/** Per-page document title and meta description; `untranslated`: the item's Chinese title on an English page, marked so */
export function useDocumentMeta(titleOf: string | null | undefined, description?: string | null, untranslated?: boolean) {
  const lang = useLang();
  const title = titleOf && untranslated && lang === 'en' ? `${titleOf}${translate(lang, 'lang.inChinese')}` : titleOf;
  if (typeof document === 'undefined') {
    renderedMeta.title = title || null;
    renderedMeta.description = description || null;
  }
  useEffect(() => {
    const name = translate(lang, 'site.name');
    document.title = title ? `${title} — ${name}` : `${name} — ${translate(lang, 'site.tagline')}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = (description || translate(lang, 'site.description')).replace(/\s+/g, ' ').slice(0, 160);
  }, [title, description, lang]);
}
