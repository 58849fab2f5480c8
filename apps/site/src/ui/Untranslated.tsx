import { HTML_LANG, useLang, useT } from '../i18n';

/** the `lang` of an item's own text: Chinese when it was asked in English and has no English (WCAG 3.1.2) */
export const contentLang = (untranslated?: boolean) => (untranslated ? HTML_LANG.zh : undefined);

/** on content asked for in English that has no English yet: the Chinese text follows */
export function UntranslatedNotice({ show }: { show?: boolean }) {
  const t = useT();
  const lang = useLang();
  if (!show) return null;
  return <p className="untranslated-notice" role="note" lang={HTML_LANG[lang]} data-testid="untranslated-notice">{t('lang.untranslated')}</p>;
}

/** above a list of which some items have no English yet: they are shown in Chinese */
export function UntranslatedListNotice({ items }: { items?: readonly { untranslated?: boolean }[] | null }) {
  const t = useT();
  if (!items?.some((i) => i.untranslated)) return null;
  return <p className="untranslated-notice" role="note" data-testid="untranslated-notice">{t('lang.untranslatedList')}</p>;
}
