import { SITE_LANGS, chooseLang, useLang, useT, HTML_LANG } from '../i18n';

/** 中文 / English in the top bar: switches the chrome and the content, and remembers the choice. */
export function LangSwitch() {
  const lang = useLang();
  const t = useT();
  return (
    <span className="lang-switch" role="group" aria-label={t('lang.switch')}>
      {SITE_LANGS.map((l) => (
        <button key={l} type="button" lang={HTML_LANG[l]} className={l === lang ? 'linkish is-active' : 'linkish'} aria-pressed={l === lang}
          onClick={() => void chooseLang(l, true)}>
          {t(`lang.${l}`)}
        </button>
      ))}
    </span>
  );
}
