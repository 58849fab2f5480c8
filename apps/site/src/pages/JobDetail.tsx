import { Link, useSearchParams } from 'react-router';
import { useArticle } from '../api/site';
import type { JobFields } from '../api/types';
import { formatDate, lines } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { UntranslatedNotice, contentLang } from '../ui/Untranslated';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';
import { JobApplyEntry } from './JobApplyEntry';
import { jobText } from './jobText';
import { useT } from '../i18n';

/** the visitor's calendar day, YYYY-MM-DD: a job whose end date is before it no longer takes applications */
const localDay = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

function Block({ title, text, lang }: { title: string; text?: string; lang?: string }) {
  if (!text) return null;
  const items = lines(text);
  return (
    <section className="job-block">
      <h2>{title}</h2>
      {items.length > 1 ? <ol lang={lang}>{items.map((l, i) => <li key={i}>{l.replace(/^\d+[.、)]\s*/, '')}</li>)}</ol> : <p lang={lang}>{text}</p>}
    </section>
  );
}

export default function JobDetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const t = useT();
  const jt = jobText.use();
  const listTitle = useColumnTitle('/manpowerPage', t('section.jobs'));
  const { data: j, loading, error } = useArticle<JobFields>(id, params.get('preview'));
  useDocumentMeta(j ? j.seoTitle || jt('title', { title: j.title }) : jt('detail'), j ? j.seoDescription || j.summary : null, j?.untranslated);
  if (!id || error?.code === 404) return <NotFoundBlock what={jt('what')} back={{ to: '/jobBoard', label: jt('back') }} />;
  const redirect = wrongKind(j, 'job', id);
  if (redirect) return redirect;
  const f: Partial<JobFields> = j?.fields ?? {};
  return (
    <>
      <PageHead title={listTitle} titleAs="p" crumbs={[{ label: listTitle, to: '/manpowerPage' }, { label: t('jobs.board'), to: '/jobBoard' }, { label: j?.title ?? jt('detail') }]} />
      <div className="container section narrow">
        {loading ? <Loading rows={6} /> : !j ? <LoadFailed /> : (
          <article className="job">
            <PreviewBanner show={j.preview} />
            <UntranslatedNotice show={j.untranslated} />
            <h1 className="article-title" lang={contentLang(j.untranslated)}>{j.title}</h1>
            <dl className="facts facts-pair">
              {f.department && (<div><dt>{jt('department')}</dt><dd>{f.department}</dd></div>)}
              {f.location && (<div><dt>{jt('location')}</dt><dd>{f.location}</dd></div>)}
              {f.headcount != null && (<div><dt>{jt('headcount')}</dt><dd>{jt('people', { n: f.headcount })}</dd></div>)}
              {f.education && (<div><dt>{jt('education')}</dt><dd>{f.education}</dd></div>)}
              {f.experience && (<div><dt>{jt('experience')}</dt><dd>{f.experience}</dd></div>)}
              {(f.salaryMin != null || f.salaryMax != null) && (<div><dt>{jt('salary')}</dt><dd>{jt('monthly', { range: [f.salaryMin, f.salaryMax].filter((v) => v != null).map((v) => v!.toLocaleString('en-US')).join('–') })}</dd></div>)}
              {(f.startDate || f.endDate) && (<div><dt>{jt('period')}</dt><dd>{jt('range', { from: formatDate(f.startDate), to: formatDate(f.endDate) })}</dd></div>)}
            </dl>
            {j.summary && <p className="article-summary" lang={contentLang(j.untranslated)}>{j.summary}</p>}
            <Block title={jt('duties')} text={f.duties} lang={contentLang(j.untranslated)} />
            <Block title={jt('requirements')} text={f.requirements} lang={contentLang(j.untranslated)} />
            {j.body && <RichText html={j.body} lang={contentLang(j.untranslated)} />}
            {f.contact && (
              <section className="job-block job-contact">
                <h2>{jt('contact')}</h2>
                <p>{f.contact}</p>
              </section>
            )}
            {!j.preview && <JobApplyEntry jobId={j.id} closed={!!f.endDate && f.endDate < localDay()} />}
            <p>
              <Link className="btn btn-ghost" to="/jobBoard">{jt('back')}</Link>
            </p>
          </article>
        )}
      </div>
    </>
  );
}
