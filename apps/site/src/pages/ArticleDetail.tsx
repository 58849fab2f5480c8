import { Link, useSearchParams } from 'react-router';
import { useArticle } from '../api/site';
import type { NewsFields } from '../api/types';
import { formatDate } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { detailPath } from '../ui/Cards';
import { Img } from '../ui/Img';
import { DETAIL_IMAGE_SIZES } from '../ui/detailImage';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';
import { UntranslatedNotice, contentLang } from '../ui/Untranslated';
import { categoryOf } from '../lib/category';
import { useT } from '../i18n';

const META = {
  news: { list: '/newsPage', label: 'section.news', what: 'news.what' },
  medicine: { list: '/chineseMedicinePage', label: 'section.medicine', what: 'medicine.what' },
} as const;

/** Detail of a news item or a TCM knowledge article. */
export default function ArticleDetail({ kind }: { kind: 'news' | 'medicine' }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const meta = META[kind];
  const t = useT();
  const m = { ...meta, what: t(meta.what), label: useColumnTitle(meta.list, t(meta.label)) };
  const { data: a, loading, error } = useArticle<NewsFields>(id, params.get('preview'));
  useDocumentMeta(a ? a.seoTitle || a.title : m.label, a ? a.seoDescription || a.summary : null, a?.untranslated);
  if (!id || error?.code === 404) return <NotFoundBlock what={m.what} back={{ to: m.list, label: t('state.back', { v: m.label }) }} />;
  const redirect = wrongKind(a, kind, id);
  if (redirect) return redirect;
  return (
    <>
      <PageHead title={m.label} titleAs="p" crumbs={[{ label: m.label, to: m.list }, { label: t('article.body') }]} />
      <div className="container section narrow">
        {loading ? (
          <Loading rows={6} />
        ) : !a ? (
          <LoadFailed />
        ) : (
          <article className="article">
            <PreviewBanner show={a.preview} />
            <UntranslatedNotice show={a.untranslated} />
            <header className="article-head">
              <h1 className="article-title" lang={contentLang(a.untranslated)}>{a.title}</h1>
              <p className="article-meta">
                {a.publishedAt && <time dateTime={a.publishedAt}>{t('article.date', { v: formatDate(a.publishedAt) })}</time>}
                {a.fields.source && <span>{t('article.source', { v: a.fields.source })}</span>}
                {a.fields.author && <span>{t('article.author', { v: a.fields.author })}</span>}
                {categoryOf(a) && <span className="tag">{categoryOf(a)}</span>}
              </p>
            </header>
            {a.summary && <p className="article-summary" lang={contentLang(a.untranslated)}>{a.summary}</p>}
            {a.cover && (
              <figure className="article-cover">
                <Img image={a.cover} sizes={DETAIL_IMAGE_SIZES.article} priority />
              </figure>
            )}
            <RichText html={a.body} lang={contentLang(a.untranslated)} />
            {a.images?.filter((im) => im.url !== a.cover?.url).map((im) => (
              <figure key={im.url} className="article-figure">
                <Img image={im} sizes="(max-width: 900px) 100vw, 820px" />
                {im.alt && <figcaption>{im.alt}</figcaption>}
              </figure>
            ))}
            <nav className="prev-next" aria-label={t('article.prevNext')}>
              <div>{a.prev ? <Link to={`${detailPath[kind]}?id=${a.prev.id}`}>{t('article.prev', { v: a.prev.title })}</Link> : <span className="muted">{t('article.prev', { v: t('article.none') })}</span>}</div>
              <div>{a.next ? <Link to={`${detailPath[kind]}?id=${a.next.id}`}>{t('article.next', { v: a.next.title })}</Link> : <span className="muted">{t('article.next', { v: t('article.none') })}</span>}</div>
            </nav>
            <p>
              <Link className="btn btn-ghost" to={m.list}>{t('state.back', { v: m.label })}</Link>
            </p>
          </article>
        )}
      </div>
    </>
  );
}
