import { Link, useSearchParams } from 'react-router';
import { useArticle } from '../api/site';
import type { JobFields } from '../api/types';
import { formatDate, lines } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { UntranslatedNotice } from '../ui/Untranslated';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';
import { JobApplyEntry } from './JobApplyEntry';

/** the visitor's calendar day, YYYY-MM-DD: a job whose end date is before it no longer takes applications */
const localDay = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

function Block({ title, text }: { title: string; text?: string }) {
  if (!text) return null;
  const items = lines(text);
  return (
    <section className="job-block">
      <h2>{title}</h2>
      {items.length > 1 ? <ol>{items.map((l, i) => <li key={i}>{l.replace(/^\d+[.、)]\s*/, '')}</li>)}</ol> : <p>{text}</p>}
    </section>
  );
}

export default function JobDetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const listTitle = useColumnTitle('/manpowerPage', '人才招聘');
  const { data: j, loading, error } = useArticle<JobFields>(id, params.get('preview'));
  useDocumentMeta(j ? j.seoTitle || `${j.title} — 招聘` : '职位详情', j ? j.seoDescription || j.summary : null);
  if (!id || error?.code === 404) return <NotFoundBlock what="职位" back={{ to: '/jobBoard', label: '返回职位列表' }} />;
  const redirect = wrongKind(j, 'job');
  if (redirect) return redirect;
  const f: Partial<JobFields> = j?.fields ?? {};
  return (
    <>
      <PageHead title={listTitle} titleAs="p" crumbs={[{ label: listTitle, to: '/manpowerPage' }, { label: '职位列表', to: '/jobBoard' }, { label: j?.title ?? '职位详情' }]} />
      <div className="container section narrow">
        {loading ? <Loading rows={6} /> : !j ? <LoadFailed /> : (
          <article className="job">
            <PreviewBanner show={j.preview} />
            <UntranslatedNotice show={j.untranslated} />
            <h1 className="article-title">{j.title}</h1>
            <dl className="facts">
              {f.department && (<div><dt>所属部门</dt><dd>{f.department}</dd></div>)}
              {f.location && (<div><dt>工作地点</dt><dd>{f.location}</dd></div>)}
              {f.headcount != null && (<div><dt>招聘人数</dt><dd>{f.headcount} 人</dd></div>)}
              {f.education && (<div><dt>学历要求</dt><dd>{f.education}</dd></div>)}
              {f.experience && (<div><dt>工作经验</dt><dd>{f.experience}</dd></div>)}
              {(f.startDate || f.endDate) && (<div><dt>招聘时间</dt><dd>{formatDate(f.startDate)} 至 {formatDate(f.endDate)}</dd></div>)}
            </dl>
            {j.summary && <p className="article-summary">{j.summary}</p>}
            <Block title="岗位职责" text={f.duties} />
            <Block title="任职要求" text={f.requirements} />
            {j.body && <RichText html={j.body} />}
            {f.contact && (
              <section className="job-block job-contact">
                <h2>应聘方式</h2>
                <p>{f.contact}</p>
              </section>
            )}
            {!j.preview && <JobApplyEntry jobId={j.id} closed={!!f.endDate && f.endDate < localDay()} />}
            <p>
              <Link className="btn btn-ghost" to="/jobBoard">返回职位列表</Link>
            </p>
          </article>
        )}
      </div>
    </>
  );
}
