import { useSearchParams } from 'react-router';
import { useArticles } from '../api/site';
import type { JobFields } from '../api/types';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { Pager } from '../ui/Pager';
import { Empty, LoadFailed, Loading } from '../ui/States';
import { pageOf, SearchBox } from './ArticleList';
import { JobRow } from './jobs';
import { UntranslatedListNotice } from '../ui/Untranslated';
import { useT } from '../i18n';

export default function JobBoard() {
  const [params] = useSearchParams();
  const t = useT();
  const listTitle = useColumnTitle('/manpowerPage', t('section.jobs'));
  const page = pageOf(params.get('page'));
  const keyword = params.get('keyword');
  useDocumentMeta(page > 1 ? t('pager.title', { title: t('jobs.board'), n: page }) : t('jobs.board'), t('jobs.boardDescription'));
  const jobs = useArticles<JobFields>({ kind: 'job', page, limit: 10, keyword });
  return (
    <>
      <PageHead title={t('jobs.board')} subtitle={t('jobs.boardSubtitle')} crumbs={[{ label: listTitle, to: '/manpowerPage' }, { label: t('jobs.board') }]} />
      <div className="container section">
        <div className="list-toolbar">
          <p className="muted">{jobs.data ? t('jobs.total', { n: jobs.data.total }) : ''}</p>
          <SearchBox label={t('jobs.search')} placeholder={t('jobs.searchHint')} />
        </div>
        {jobs.loading ? <Loading rows={5} /> : jobs.error ? <LoadFailed /> : jobs.data?.records.length ? (
          <>
            <UntranslatedListNotice items={jobs.data.records} />
            <ul className="job-list">{jobs.data.records.map((j) => <JobRow key={j.id} j={j} />)}</ul>
            <Pager total={jobs.data.total} page={page} />
          </>
        ) : <Empty text={t('jobs.noMatch')} />}
      </div>
    </>
  );
}
