import { Link } from 'react-router';
import { useArticles, usePage } from '../api/site';
import type { JobFields, PageFields } from '../api/types';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { Empty, LoadFailed, Loading } from '../ui/States';
import { JobRow } from './jobs';
import { useT } from '../i18n';

export default function Manpower() {
  const t = useT();
  const title = useColumnTitle('/manpowerPage', t('section.jobs'));
  useDocumentMeta(title, t('jobs.description'));
  const jobs = useArticles<JobFields>({ kind: 'job', page: 1, limit: 6 });
  const culture = usePage('culture').data;
  const values = (culture?.fields as Partial<PageFields> | undefined)?.highlights ?? [];
  return (
    <>
      <PageHead title={title} subtitle={t('home.jobsTitle')} crumbs={[{ label: title }]} />
      <section className="container section" aria-labelledby="why-title">
        <h2 id="why-title" className="section-title">{t('jobs.join')}</h2>
        {culture ? <p className="section-lead">{culture.summary}</p> : <Loading rows={1} />}
        {values.length > 0 && (
          <div className="grid grid-3 values">
            {values.map((v) => (
              <div key={v.label} className="value-card">
                <h3>{v.label}</h3>
                <p>{v.value}</p>
              </div>
            ))}
          </div>
        )}
        <p>
          <Link to="/corporateCulturePage">{t('jobs.culture')}</Link>
        </p>
      </section>
      <section className="section section-tint" aria-labelledby="jobs-title">
        <div className="container">
          <div className="section-head">
            <h2 id="jobs-title" className="section-title">{t('jobs.latest')}</h2>
            <Link className="more-link" to="/jobBoard">{t('jobs.all')}</Link>
          </div>
          {jobs.loading ? <Loading /> : jobs.error ? <LoadFailed /> : jobs.data?.records.length ? (
            <ul className="job-list">{jobs.data.records.map((j) => <JobRow key={j.id} j={j} />)}</ul>
          ) : <Empty text={t('jobs.none')} />}
        </div>
      </section>
    </>
  );
}
