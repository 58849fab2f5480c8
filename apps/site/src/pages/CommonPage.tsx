import { Link } from 'react-router';
import { useColumns, useSettings } from '../api/site';
import { buildMenu, columnHref } from '../lib/menu';
import { useDocumentMeta } from '../lib/seo';
import { ABOUT_SECTIONS } from '../shell/Footer';
import { useT } from '../i18n';
import { bidHref } from '../shell/Header';
import { PageHead } from '../ui/PageHead';
import { Loading } from '../ui/States';

/** /common/page: the site map and the notices every visitor should know. */
export default function CommonPage() {
  const t = useT();
  useDocumentMeta(t('section.siteMap'), t('sitemap.description'));
  const columns = useColumns().data;
  const s = useSettings().data;
  const company = s?.companyName ?? t('site.name');
  const menu = columns ? buildMenu(columns, s?.biddingColumnId) : null;
  return (
    <>
      <PageHead title={t('section.siteMap')} subtitle={t('sitemap.subtitle')} crumbs={[{ label: t('section.siteMap') }]} />
      <div className="container section">
        <div className="grid grid-3 sitemap">
          <section aria-labelledby="sm-cols">
            <h2 id="sm-cols">{t('sitemap.columns')}</h2>
            {!menu ? <Loading rows={2} /> : (
              <ul>
                {menu.map((c) => (
                  <li key={c.id}>
                    <Link to={columnHref(c)}>{c.label}</Link>
                    {c.children.length > 0 && (
                      <ul>{c.children.map((k) => <li key={k.id}><Link to={columnHref(k)}>{k.label}</Link></li>)}</ul>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="sm-about">
            <h2 id="sm-about">{t('section.about')}</h2>
            <ul>
              {ABOUT_SECTIONS.map((a) => <li key={a.slug}><Link to={`/aboutPage?showIndex=${a.showIndex}`}>{t(a.label)}</Link></li>)}
              <li><Link to="/corporateCulturePage">{t('section.culture')}</Link></li>
            </ul>
          </section>
          <section aria-labelledby="sm-svc">
            <h2 id="sm-svc">{t('footer.services')}</h2>
            <ul>
              <li><Link to="/cs">{t('sitemap.service')}</Link></li>
              <li><Link to="/jobBoard">{t('jobs.board')}</Link></li>
              <li><Link to={bidHref()}>{t('section.bids')}</Link></li>
              <li><Link to="/test">{t('sitemap.status')}</Link></li>
            </ul>
          </section>
        </div>
        <section className="notice-box" aria-labelledby="sm-notice">
          <h2 id="sm-notice" className="section-title">{t('sitemap.notice')}</h2>
          <ul>
            <li>{t('sitemap.note1')}</li>
            <li>{t('sitemap.note2')}</li>
            <li>{t('sitemap.note3', { name: company })}</li>
            {s?.drugInfoCert && <li>{t('sitemap.note4', { v: s.drugInfoCert })}</li>}
          </ul>
        </section>
      </div>
    </>
  );
}
