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

export default function JobBoard() {
  const [params] = useSearchParams();
  const listTitle = useColumnTitle('/manpowerPage', '人才招聘');
  const page = pageOf(params.get('page'));
  const keyword = params.get('keyword');
  useDocumentMeta('职位列表', '本草制药全部招聘职位：按部门、地点、学历与经验要求查看，在线了解岗位职责与任职要求。');
  const jobs = useArticles<JobFields>({ kind: 'job', page, limit: 10, keyword });
  return (
    <>
      <PageHead title="职位列表" subtitle="找到适合你的岗位" crumbs={[{ label: listTitle, to: '/manpowerPage' }, { label: '职位列表' }]} />
      <div className="container section">
        <div className="list-toolbar">
          <p className="muted">{jobs.data ? `共 ${jobs.data.total} 个职位` : ''}</p>
          <SearchBox label="搜索职位" placeholder="职位名称、部门或地点" />
        </div>
        {jobs.loading ? <Loading rows={5} /> : jobs.error ? <LoadFailed /> : jobs.data?.records.length ? (
          <>
            <ul className="job-list">{jobs.data.records.map((j) => <JobRow key={j.id} j={j} />)}</ul>
            <Pager total={jobs.data.total} page={page} />
          </>
        ) : <Empty text="没有符合条件的职位" />}
      </div>
    </>
  );
}
