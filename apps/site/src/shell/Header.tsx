import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { useColumns, useSettings } from '../api/site';
import { buildMenu, columnHref, isColumnActive, menuPathFor } from '../lib/menu';
import { headerScrolled } from '../lib/scroll';
import { currentVisitor, logout, onVisitorChange } from '../lib/auth';
import { showUnderConstruction } from '../ui/overlay';
import { LogoMark } from '../ui/Logo';
import { HTML_LANG, useLang, useT } from '../i18n';
import { LangSwitch } from './LangSwitch';
import { HeaderSearch } from './HeaderSearch';

/** the bidding list: it shows the settings' bidding column (a path URL of its own, /bids, not a column's) */
export function bidHref() {
  return '/bidReport';
}

function useScrolled() {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && headerScrolled(window.scrollY));
  useEffect(() => {
    const on = () => setScrolled(headerScrolled(window.scrollY));
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
  }, []);
  return scrolled;
}

export function Header() {
  const { pathname } = useLocation();
  const settings = useSettings().data;
  const columns = useColumns().data;
  const scrolled = useScrolled();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const t = useT();
  const lang = useLang();
  const visitor = useSyncExternalStore(onVisitorChange, () => sessionStorage.getItem('bencao-site-visitor'), () => null);
  const menu = columns ? buildMenu(columns, settings?.biddingColumnId) : [];
  const bidding = bidHref();
  const hotline = settings?.hotlines?.[0];

  useEffect(() => setOpen(false), [pathname]);

  const services = (cls?: string) =>
    [t('service.mall'), t('service.chat'), t('service.online')].map((name) => (
      <li key={name} className={cls}>
        <button type="button" className="linkish" onClick={() => showUnderConstruction(name)}>
          {name}
        </button>
      </li>
    ));

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`} data-scrolled={scrolled ? 'true' : 'false'}>
      <div className="topbar">
        <div className="container topbar-inner">
          <p className="topbar-hotline">
            <span className="topbar-hotline-label">{t('header.hotline')}</span> {hotline ? <a href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>{hotline}</a> : <span className="muted">—</span>}
          </p>
          <ul className="topbar-links" aria-label={t('nav.quick')}>
            {services('topbar-service')}
            <li className="topbar-bids">
              <Link to={bidding} className={menuPathFor(pathname) === '/bidReport' ? 'is-active' : undefined}>{t('section.bids')}</Link>
            </li>
            <li>
              {visitor ? (
                <button type="button" className="linkish" onClick={logout} title={currentVisitor()?.name}>{t('header.logout')}</button>
              ) : (
                <Link to="/login">{t('header.login')}</Link>
              )}
            </li>
            <li>
              <LangSwitch />
            </li>
          </ul>
        </div>
      </div>
      <div className="mainbar">
        <div className="container mainbar-inner">
          <Link to="/homePage" className="brand">
            <LogoMark />
            <span className="brand-text">
              <span className="brand-name">{t('site.name')}</span>
              {/* the name in the other language: read out in its own */}
              <span className="brand-sub" lang={HTML_LANG[lang === 'zh' ? 'en' : 'zh']}>{t('site.nameSub')}</span>
            </span>
            <span className="sr-only">{t('nav.home')}</span>
          </Link>
          <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={navId} onClick={() => setOpen((o) => !o)}>
            <span className="menu-toggle-bars" aria-hidden="true" />
            <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          </button>
          <nav id={navId} className={`main-nav${open ? ' is-open' : ''}`} aria-label={t('nav.main')}>
            <ul className="nav-list">
              {menu.map((c) => {
                const active = isColumnActive(c, pathname) || c.children.some((k) => isColumnActive(k, pathname));
                return (
                  <li key={c.id} className={c.children.length ? 'has-sub' : undefined}>
                    <Link to={columnHref(c)} className={active ? 'nav-link is-active' : 'nav-link'} aria-current={active ? 'page' : undefined}>
                      {c.label}
                    </Link>
                    {c.children.length > 0 && (
                      <ul className="sub-nav">
                        {c.children.map((k) => (
                          <li key={k.id}>
                            <Link to={columnHref(k)}>{k.label}</Link>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
            <ul className="mobile-services" aria-label={t('nav.more')}>
              {services()}
              <li>
                <Link to={bidding}>{t('section.bids')}</Link>
              </li>
            </ul>
          </nav>
          <HeaderSearch />
        </div>
      </div>
    </header>
  );
}
