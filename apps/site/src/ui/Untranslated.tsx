import { useT } from '../i18n';

/** on content asked for in English that has no English yet: the Chinese text follows */
export function UntranslatedNotice({ show }: { show?: boolean }) {
  const t = useT();
  if (!show) return null;
  return <p className="untranslated-notice" role="note" data-testid="untranslated-notice">{t('lang.untranslated')}</p>;
}
