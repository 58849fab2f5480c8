import { Link } from 'react-router';
import { useSettings } from '../api/site';
import { useDocumentMeta } from '../lib/seo';
import { PageHead } from '../ui/PageHead';
import { Loading } from '../ui/States';
import { AdrEntry } from './AdrEntry';
import { csText } from './csText';

const tel = (n: string) => `tel:${n.replace(/[^\d+]/g, '')}`;

/** Customer service: hotlines, hours, address and what each line is for. */
export default function CustomerService() {
  const t = csText.use();
  useDocumentMeta(t('title'), t('description'));
  const s = useSettings().data;
  return (
    <>
      <PageHead title={t('title')} subtitle={t('subtitle')} crumbs={[{ label: t('title') }]} />
      <div className="container section">
        {!s ? <Loading /> : (
          <div className="grid grid-3 cs-grid">
            {s.hotlines.map((h, i) => (
              <section key={h} className="cs-card" aria-labelledby={`hl-${i}`}>
                <h2 id={`hl-${i}`}>{i === 0 ? t('hotline') : t('consult')}</h2>
                <a className="cs-phone" href={tel(h)}>{h}</a>
                <p>{i === 0 ? t('hotlineFor') : t('consultFor')}</p>
              </section>
            ))}
            <section className="cs-card" aria-labelledby="hours">
              <h2 id="hours">{t('hours')}</h2>
              <p className="cs-hours">{t('daily', { v: s.serviceHours || '9:00-21:00' })}</p>
              <p>{t('hoursNote')}</p>
            </section>
          </div>
        )}
        {s && (
          <section className="contact-box" aria-labelledby="contact-title">
            <h2 id="contact-title" className="section-title">{t('contact')}</h2>
            <dl className="facts">
              <div><dt>{t('company')}</dt><dd>{s.companyName}</dd></div>
              {s.address && <div><dt>{t('address')}</dt><dd>{s.address}</dd></div>}
              {s.email && <div><dt>{t('email')}</dt><dd><a href={`mailto:${s.email}`}>{s.email}</a></dd></div>}
            </dl>
            <p className="muted">
              {t('regulator')} <Link to="/bidReport">{t('bids')}</Link> {t('bidsAfter')}
            </p>
          </section>
        )}
        <AdrEntry />
      </div>
    </>
  );
}
