import { Link } from 'react-router';
import { useArticles, usePage } from '../api/site';
import type { JobFields, PageFields } from '../api/types';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { Empty, LoadFailed, Loading } from '../ui/States';
import { JobRow } from './jobs';

export default function Manpower() {
  useDocumentMeta('人才招聘', '加入本草制药：研发、质量、生产与营销岗位持续招聘，了解福利与成长通道，查看最新职位。');
  const title = useColumnTitle('/manpowerPage', '人才招聘');
  const jobs = useArticles<JobFields>({ kind: 'job', page: 1, limit: 6 });
  const culture = usePage('culture').data;
  const values = (culture?.fields as Partial<PageFields> | undefined)?.highlights ?? [];
  return (
    <>
      <PageHead title={title} subtitle="与本草一起，做好每一味药" crumbs={[{ label: title }]} />
      <section className="container section" aria-labelledby="why-title">
        <h2 id="why-title" className="section-title">加入本草</h2>
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
          <Link to="/corporateCulturePage">了解企业文化 →</Link>
        </p>
      </section>
      <section className="section section-tint" aria-labelledby="jobs-title">
        <div className="container">
          <div className="section-head">
            <h2 id="jobs-title" className="section-title">最新职位</h2>
            <Link className="more-link" to="/jobBoard">全部职位 →</Link>
          </div>
          {jobs.loading ? <Loading /> : jobs.error ? <LoadFailed /> : jobs.data?.records.length ? (
            <ul className="job-list">{jobs.data.records.map((j) => <JobRow key={j.id} j={j} />)}</ul>
          ) : <Empty text="暂无开放职位" />}
        </div>
      </section>
    </>
  );
}
