import { Link } from 'react-router';
import { useSettings } from '../api/site';
import { showUnderConstruction } from '../ui/overlay';
import { LogoMark } from '../ui/Logo';
import { bidHref } from './Header';
import { useColumnTitle } from '../lib/useColumnTitle';
import { useLang, useT } from '../i18n';
import { ADR_LINK } from '../pages/adrLink';

export const ABOUT_SECTIONS = [
  { showIndex: 0, label: 'section.overview', slug: 'overview' },
  { showIndex: 2, label: 'section.strategy', slug: 'strategy' },
  { showIndex: 4, label: 'section.history', slug: 'history' },
  { showIndex: 5, label: 'section.party', slug: 'party' },
] as const;

const SERVICE_HOURS = '9:00-21:00';

export function Footer() {
  const s = useSettings().data;
  const t = useT();
  const culture = useColumnTitle('/corporateCulturePage', t('section.culture'));
  const company = s?.companyName ?? t('site.name');
  const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/homePage" className="brand brand-light">
            <LogoMark size={36} />
            <span className="brand-text">
              <span className="brand-name">{company}</span>
            </span>
            <span className="sr-only">{t('nav.home')}</span>
          </Link>
          <p className="footer-note">{t('footer.motto')}</p>
          {s?.address && <p className="footer-note">{t('footer.address', { v: s.address })}</p>}
          {s?.email && (
            <p className="footer-note">
              {t('footer.email')}<a href={`mailto:${s.email}`}>{s.email}</a>
            </p>
          )}
        </div>
        <nav className="footer-col" aria-label={t('section.about')}>
          <h2>{t('section.about')}</h2>
          <ul>
            {ABOUT_SECTIONS.map((a) => (
              <li key={a.showIndex}>
                <Link to={`/aboutPage?showIndex=${a.showIndex}`}>{t(a.label)}</Link>
              </li>
            ))}
            <li>
              <Link to="/corporateCulturePage">{culture}</Link>
            </li>
          </ul>
        </nav>
        <nav className="footer-col" aria-label={t('footer.services')}>
          <h2>{t('footer.services')}</h2>
          <ul>
            {(['service.mall', 'service.invest', 'service.online'] as const).map((k) => (
              <li key={k}>
                <button type="button" className="linkish" onClick={() => showUnderConstruction(t(k))}>{t(k)}</button>
              </li>
            ))}
            <li>
              <Link to={bidHref()}>{t('section.bids')}</Link>
            </li>
            <li>
              <Link to="/manpowerPage">{t('section.jobs')}</Link>
            </li>
            <li>
              <Link to="/common/page">{t('section.siteMap')}</Link>
            </li>
          </ul>
        </nav>
        <div className="footer-col footer-contact">
          <h2>{t('footer.customer')}</h2>
          <ul>
            {(s?.hotlines ?? []).slice(0, 2).map((h, i) => (
              <li key={h}>
                <span className="footer-label">{i === 0 ? t('footer.hotline') : t('footer.consult')}</span>
                <a className="footer-phone" href={tel(h)}>{h}</a>
              </li>
            ))}
            <li>
              <span className="footer-label">{t('footer.hours')}</span> {t('footer.daily', { v: s?.serviceHours || SERVICE_HOURS })}
            </li>
            <li>
              <Link to="/adrReport">{ADR_LINK[useLang()]}</Link>
            </li>
            <li>
              <Link to="/cs">{t('footer.contact')}</Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="footer-legal">
        <div className="container footer-legal-inner">
          <p>{t('footer.rights', { year: new Date().getFullYear(), name: company })} <Link to="/privacy" className="footer-privacy">{t('footer.privacy')}</Link></p>
          <p className="filings">
            {s?.icp && (
              <a href={s.icpUrl || 'https://beian.miit.gov.cn/'} target="_blank" rel="noopener noreferrer">
                {s.icp}
              </a>
            )}
            {s?.publicSecurityFiling && <span>{s.publicSecurityFiling}</span>}
            {s?.drugInfoCert && <span>{t('footer.drugCert', { v: s.drugInfoCert })}</span>}
          </p>
        </div>
      </div>
    </footer>
  );
}
