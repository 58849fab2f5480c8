import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useArticles, useColumns } from '../api/site';
import { HEADER_PARENT, columnHref } from '../lib/menu';
import type { NewsFields } from '../api/types';
import { formatDate } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { detailPath } from '../ui/Cards';
import { Img } from '../ui/Img';
import { PageHead } from '../ui/PageHead';
import { Pager } from '../ui/Pager';
import { Empty, LoadFailed, Loading } from '../ui/States';
import { categoryOf } from '../lib/category';
import { useT, type MessageKey } from '../i18n';
import { UntranslatedListNotice, contentLang } from '../ui/Untranslated';

export const pageOf = (v: string | null) => Math.max(1, Number.parseInt(v ?? '1', 10) || 1);

/** Keyword search that keeps the state in the URL. */
export function SearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [value, setValue] = useState(params.get('keyword') ?? '');
  const t = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = new URLSearchParams(params);
    if (value.trim()) q.set('keyword', value.trim());
    else q.delete('keyword');
    q.delete('page');
    navigate({ search: `?${q}` });
  };
  return (
    <form className="search-box" role="search" onSubmit={submit}>
      <label className="sr-only" htmlFor="site-search">{label}</label>
      <input id="site-search" type="search" value={value} placeholder={placeholder} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className="btn btn-primary">{t('list.searchButton')}</button>
    </form>
  );
}

export function ArticleListPage({ kind, title: titleKey, subtitle, description }: { kind: 'news' | 'medicine'; title: MessageKey; subtitle: MessageKey; description: MessageKey }) {
  const t = useT();
  const title = useColumnTitle(kind === 'news' ? '/newsPage' : '/chineseMedicinePage', t(titleKey));
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const keyword = params.get('keyword');
  // a sub-column (e.g. 行业资讯) lists only its own articles; the list's top column lists them all
  const listPath = kind === 'news' ? '/newsPage' : '/chineseMedicinePage';
  const columns = useColumns();
  const all = columns.data ?? [];
  const top = all.find((c) => c.path.split('?')[0] === listPath && String(c.parent) === String(HEADER_PARENT));
  const subs = top ? all.filter((c) => String(c.parent) === String(top.id)) : [];
  const sub = subs.find((c) => String(c.id) === params.get('id')) ?? null;
  const heading = sub ? sub.label : title;
  useDocumentMeta(page > 1 ? t('pager.title', { title: heading, n: page }) : heading, t(description));
  const waiting = !!params.get('id') && columns.loading;
  const list = useArticles<NewsFields>(waiting ? null : { kind, page, limit: 10, keyword, columnId: sub?.id ?? null });
  return (
    <>
      <PageHead title={heading} subtitle={t(subtitle)} crumbs={sub ? [{ label: title, to: top ? columnHref(top) : listPath }, { label: sub.label }] : [{ label: title }]} />
      <div className="container section">
        {subs.length > 0 && (
          <nav className="chips" aria-label={t('list.columns', { v: title })}>
            <Link to={top ? columnHref(top) : listPath} className={!sub ? 'chip is-active' : 'chip'} aria-current={!sub ? 'page' : undefined}>{t('list.all')}</Link>
            {subs.map((c) => (
              <Link key={c.id} to={columnHref(c)} className={sub?.id === c.id ? 'chip is-active' : 'chip'} aria-current={sub?.id === c.id ? 'page' : undefined}>{c.label}</Link>
            ))}
          </nav>
        )}
        <div className="list-toolbar">
          <p className="muted">{keyword ? t('list.results', { v: keyword }) : t('list.latest', { v: title })}</p>
          <SearchBox label={t('list.search', { v: title })} placeholder={t('list.keyword')} />
        </div>
        {waiting || list.loading ? (
          <Loading rows={5} />
        ) : list.error ? (
          <LoadFailed />
        ) : list.data?.records.length ? (
          <>
            <UntranslatedListNotice items={list.data.records} />
            <ul className="article-list">
              {list.data.records.map((a, i) => (
                <li key={a.id} className="article-item">
                  <Link to={`${detailPath[kind]}?id=${a.id}`} className="article-item-link">
                    <div className="article-thumb">
                      {a.cover ? <Img image={a.cover} sizes="(max-width: 640px) 112px, 280px" priority={i === 0} /> : <div className="media-placeholder" aria-hidden="true" />}
                    </div>
                    <div className="article-item-body">
                      <div className="card-meta">
                        {categoryOf(a) && <span className="tag">{categoryOf(a)}</span>}
                        {a.publishedAt && <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>}
                      </div>
                      <h2 className="article-item-title" lang={contentLang(a.untranslated)}>{a.title}</h2>
                      {a.summary && <p className="card-text clamp-3" lang={contentLang(a.untranslated)}>{a.summary}</p>}
                      <span className="read-more" aria-hidden="true">{t('list.readMore')}</span>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
            <Pager total={list.data.total} page={page} />
          </>
        ) : (
          <Empty text={keyword ? t('list.noMatch') : undefined} />
        )}
      </div>
    </>
  );
}
