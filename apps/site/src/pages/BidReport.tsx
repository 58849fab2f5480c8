import { Link, useSearchParams } from 'react-router';
import { api, useArticles, useSettings } from '../api/site';
import type { BidFields } from '../api/types';
import { formatDate, formatDateTime } from '../lib/format';
import { useApi } from '../lib/useApi';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { PageHead } from '../ui/PageHead';
import { Pager } from '../ui/Pager';
import { Empty, LoadFailed, Loading } from '../ui/States';
import { pageOf } from './ArticleList';
import { BID_TYPE_LABEL, bidClosed } from './bids';
import { useT } from '../i18n';
import { SearchBox } from './ArticleList';
import { useNow } from '../lib/useNow';
import { UntranslatedListNotice, contentLang } from '../ui/Untranslated';

/** Bidding and procurement notices of a column (query id), with its sub-columns as tabs. */
export default function BidReport() {
  const [params] = useSearchParams();
  const settings = useSettings().data;
  const id = params.get('id') ?? (settings?.biddingColumnId != null ? String(settings.biddingColumnId) : null);
  const tab = params.get('tab');
  const t = useT();
  const title = useColumnTitle('/bidReport', t('section.bids'));
  const page = pageOf(params.get('page'));
  const children = useApi(id ? `columns:${id}` : null, () => api.columns(id!));
  const subs = children.data ?? [];
  const columnId = tab ?? id; // the server includes sub-columns
  const keyword = params.get('keyword');
  const now = useNow();
  const list = useArticles<BidFields>(id && !children.loading ? { kind: 'bid', columnId, page, limit: 10, keyword } : null);
  useDocumentMeta(page > 1 ? t('pager.title', { title, n: page }) : title, t('bid.description'));
  const own = params.get('id');
  const tabHref = (t: string | null) => `/bidReport?${new URLSearchParams({ ...(own ? { id: own } : {}), ...(t ? { tab: t } : {}) })}`;
  return (
    <>
      <PageHead title={title} subtitle={t('bid.subtitle')} crumbs={[{ label: title }]} />
      <div className="container section">
        {subs.length > 0 && (
          <nav className="chips" aria-label={t('bid.columns')}>
            <Link to={tabHref(null)} className={!tab ? 'chip is-active' : 'chip'} aria-current={!tab ? 'page' : undefined}>{t('bid.all')}</Link>
            {subs.map((c) => (
              <Link key={c.id} to={tabHref(String(c.id))} className={tab === String(c.id) ? 'chip is-active' : 'chip'} aria-current={tab === String(c.id) ? 'page' : undefined}>
                {c.label}
              </Link>
            ))}
          </nav>
        )}
        <div className="list-toolbar">
          <p className="muted">{keyword ? t('list.results', { v: keyword }) : t('bid.hint')}</p>
          <SearchBox label={t('bid.search')} placeholder={t('bid.searchHint')} />
        </div>
        {!id ? <Loading /> : list.loading || children.loading ? <Loading rows={5} /> : list.error ? <LoadFailed /> : list.data?.records.length ? (
          <>
            <UntranslatedListNotice items={list.data.records} />
            <ul className="notice-list">
              {list.data.records.map((b) => (
                <li key={b.id} className="notice-row">
                  <Link to={`/bidDetail?id=${b.id}`} className="notice-link">
                    <span className={`notice-type type-${b.fields.bidType ?? 'tender'}`}>{t(BID_TYPE_LABEL[b.fields.bidType ?? ''] ?? 'bid.notice')}</span>
                    <span className="notice-main">
                      <span className="notice-title"><span lang={contentLang(b.untranslated)}>{b.title}</span>{bidClosed(b.fields.bidType, b.fields.bidDeadline, now) && <span className="notice-closed">{t('bid.closed')}</span>}</span>
                      <span className="notice-meta">
                        {b.fields.purchaser && <span>{t('bid.purchaserIs', { v: b.fields.purchaser })}</span>}
                        {b.fields.bidDeadline && <span>{t('bid.deadlineIs', { v: formatDateTime(b.fields.bidDeadline) })}</span>}
                      </span>
                    </span>
                    <time className="notice-date" dateTime={b.publishedAt ?? undefined}>{formatDate(b.publishedAt)}</time>
                  </Link>
                </li>
              ))}
            </ul>
            <Pager total={list.data.total} page={page} />
          </>
        ) : <Empty text={t('bid.none')} />}
      </div>
    </>
  );
}
