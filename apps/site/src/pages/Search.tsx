import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_KINDS, SEARCH_MAX_QUERY, SEARCH_PAGE_SIZE, useSearch, type SearchAnswer, type SearchKind } from '../api/search';
import { formatDate } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { PageHead } from '../ui/PageHead';
import { Pager } from '../ui/Pager';
import { LoadFailed, Loading } from '../ui/States';
import { UntranslatedListNotice } from '../ui/Untranslated';
import { HTML_LANG, useLang, useT } from '../i18n';
import { pageOf } from './ArticleList';
import { useSearchText } from './searchText';

/** where a visitor can browse each kind instead */
const SECTION_OF: Record<SearchKind, string> = { news: '/newsPage', product: '/productPage', tcm: '/chineseMedicinePage', job: '/jobBoard', bid: '/bidReport' };

/** Server-escaped text whose only markup is <mark>; anything else is shown as plain text. */
function Marked({ html }: { html: string }) {
  const bare = html.replace(/<\/?mark>/g, '');
  if (/[<>]/.test(bare)) return <>{bare}</>;
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

/** result pages are not content: keep them out of search engines */
function useNoIndex() {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const added = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      meta.content = 'noindex';
      document.head.appendChild(meta);
    }
    return () => { if (added) meta.remove(); };
  }, []);
}

const hrefWith = (q: string, kind: SearchKind | null) => `/search?${new URLSearchParams({ q, ...(kind ? { kind } : {}) })}`;

function SearchForm({ initial }: { initial: string }) {
  const { t } = useSearchText();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) navigate(hrefWith(value.trim(), null));
  };
  return (
    <form className="search-box search-page-box" role="search" action="/search" method="get" onSubmit={submit}>
      <label className="sr-only" htmlFor={id}>{t('label')}</label>
      <input id={id} name="q" type="search" value={value} maxLength={SEARCH_MAX_QUERY} autoComplete="off" enterKeyHint="search"
        placeholder={t('placeholder')} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="btn btn-primary">{t('submit')}</button>
    </form>
  );
}

function NoResults({ q, kind, answer }: { q: string; kind: SearchKind | null; answer: SearchAnswer }) {
  const { t, kind: kindLabel } = useSearchText();
  const elsewhere = Object.values(answer.kinds).reduce((a, b) => a + b, 0);
  return (
    <div className="search-empty">
      <p className="search-empty-title" role="status">
        {kind && elsewhere > 0 ? (
          <>{t('noResultsIn', { q, kind: kindLabel[kind] })}<Link to={hrefWith(q, null)}>{t('seeAll', { n: elsewhere })}</Link></>
        ) : t('noResults', { q })}
      </p>
      <p>{t('tipsTitle')}</p>
      <ul className="search-tips">
        <li>{t('tipWords')}</li>
        <li>{t('tipFewer')}</li>
        <li>
          {t('tipBrowse')}
          <span className="search-sections">
            {SEARCH_KINDS.map((k) => <Link key={k} to={SECTION_OF[k]} className="chip">{kindLabel[k]}</Link>)}
          </span>
        </li>
      </ul>
    </div>
  );
}

export default function Search() {
  const [params] = useSearchParams();
  const { t, kind: kindLabel } = useSearchText();
  const q = (params.get('q') ?? '').trim();
  const asked = params.get('kind');
  const kind = SEARCH_KINDS.find((k) => k === asked) ?? null;
  const page = pageOf(params.get('page'));
  const tooLong = q.length > SEARCH_MAX_QUERY;
  const res = useSearch(q && !tooLong ? { q, kind, page } : null);
  useDocumentMeta(q ? t('titleFor', { q }) : t('title'), t('description'));
  useNoIndex();
  const answer = res.data;
  const lang = useLang();
  const tt = useT();
  /** a hit shown in another language than the page's (no translation yet): its text is marked with its language */
  const other = (h: { lang: string }) => (h.lang !== lang ? HTML_LANG[h.lang as keyof typeof HTML_LANG] ?? h.lang : undefined);
  const allCount = answer ? Object.values(answer.kinds).reduce((a, b) => a + b, 0) : 0;

  return (
    <>
      <PageHead title={t('title')} subtitle={t('subtitle')} crumbs={[{ label: t('title') }]} />
      <div className="container section search-page">
        <SearchForm key={q} initial={q} />
        {!q ? (
          <p className="search-prompt">{t('prompt')}</p>
        ) : tooLong ? (
          <p className="search-prompt" role="alert">{t('tooLong', { n: SEARCH_MAX_QUERY })}</p>
        ) : res.loading ? (
          <Loading rows={4} />
        ) : res.error || !answer ? (
          <LoadFailed />
        ) : (
          <>
            {answer.total > 0 && <p className="search-count" role="status">{t('count', { n: answer.total, q })}</p>}
            {allCount > 0 && (
              <nav className="chips" aria-label={t('filter')}>
                <Link to={hrefWith(q, null)} className={!kind ? 'chip is-active' : 'chip'} aria-current={!kind ? 'page' : undefined}>
                  {t('all')} <span className="chip-count">{allCount}</span>
                </Link>
                {SEARCH_KINDS.filter((k) => answer.kinds[k] > 0 || k === kind).map((k) => (
                  <Link key={k} to={hrefWith(q, k)} className={kind === k ? 'chip is-active' : 'chip'} aria-current={kind === k ? 'page' : undefined}>
                    {kindLabel[k]} <span className="chip-count">{answer.kinds[k]}</span>
                  </Link>
                ))}
              </nav>
            )}
            {answer.records.length ? (
              <>
                <UntranslatedListNotice items={answer.records.map((h) => ({ untranslated: !!other(h) }))} />
                <ol className="search-results">
                  {answer.records.map((h) => (
                    <li key={`${h.kind}${h.id}`} className="search-hit">
                      <div className="card-meta">
                        <span className="tag">{kindLabel[h.kind]}</span>
                        <time dateTime={h.publishedAt}>{formatDate(h.publishedAt)}</time>
                        {other(h) && <span className="tag">{tt(`lang.${h.lang === 'en' ? 'en' : 'zh'}`)}</span>}
                      </div>
                      <h2 className="search-hit-title" lang={other(h)}><Link to={h.route}><Marked html={h.titleHtml} /></Link></h2>
                      {h.snippet && <p className="search-hit-snippet" lang={other(h)}><Marked html={h.snippet} /></p>}
                    </li>
                  ))}
                </ol>
                <Pager total={answer.total} page={page} limit={SEARCH_PAGE_SIZE} />
              </>
            ) : (
              <NoResults q={q} kind={kind} answer={answer} />
            )}
          </>
        )}
      </div>
    </>
  );
}
