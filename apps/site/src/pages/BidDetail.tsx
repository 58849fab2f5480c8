import { Link, useSearchParams } from 'react-router';
import { useArticle } from '../api/site';
import type { BidFields } from '../api/types';
import { formatDate, formatDateTime } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { bidHref } from '../shell/Header';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { UntranslatedNotice, contentLang } from '../ui/Untranslated';
import { useNow } from '../lib/useNow';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';
import { BID_TYPE_LABEL, bidClosed } from './bids';
import { getLang, t as tr, useT } from '../i18n';

const money = (v: string | number | undefined) => {
  if (v == null || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? tr('bid.money', { v: n.toLocaleString(getLang() === 'zh' ? 'zh-CN' : 'en') }) : String(v);
};

export default function BidDetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: b, loading, error } = useArticle<BidFields>(id, params.get('preview'));
  const t = useT();
  const listTitle = useColumnTitle('/bidReport', t('section.bids'));
  const back = bidHref();
  const now = useNow();
  useDocumentMeta(b ? b.seoTitle || b.title : t('bid.tender'), b ? b.seoDescription || b.summary : null, b?.untranslated);
  if (!id || error?.code === 404) return <NotFoundBlock what={t('bid.notice')} back={{ to: back, label: t('state.back', { v: listTitle }) }} />;
  const redirect = wrongKind(b, 'bid', id);
  if (redirect) return redirect;
  const f: Partial<BidFields> = b?.fields ?? {};
  const rows: [string, string | undefined][] = [
    [t('bid.type'), BID_TYPE_LABEL[f.bidType ?? ''] && t(BID_TYPE_LABEL[f.bidType ?? ''])],
    [t('bid.purchaser'), f.purchaser],
    [t('bid.project'), f.project],
    [t('bid.budget'), money(f.budget)],
    [t('bid.qualifications'), f.qualifications],
    [t('bid.documents'), f.documentStart || f.documentEnd ? t('bid.documentsRange', { from: formatDateTime(f.documentStart), to: formatDateTime(f.documentEnd) }) : undefined],
    [t('bid.deadline'), formatDateTime(f.bidDeadline)],
    [t('bid.opening'), formatDateTime(f.openingTime)],
    [t('bid.openingPlace'), f.openingPlace],
    [t('bid.winner'), f.winner],
    [t('bid.contact'), f.contact],
  ];
  return (
    <>
      <PageHead title={listTitle} titleAs="p" crumbs={[{ label: listTitle, to: back }, { label: t('bid.detail') }]} />
      <div className="container section narrow">
        {loading ? <Loading rows={6} /> : !b ? <LoadFailed /> : (
          <article className="article">
            <PreviewBanner show={b.preview} />
            <UntranslatedNotice show={b.untranslated} />
            <header className="article-head">
              <h1 className="article-title"><span lang={contentLang(b.untranslated)}>{b.title}</span>{bidClosed(f.bidType, f.bidDeadline, now) && <span className="notice-closed">{t('bid.closed')}</span>}</h1>
              <p className="article-meta">
                {f.bidType && <span className={`notice-type type-${f.bidType}`}>{t(BID_TYPE_LABEL[f.bidType])}</span>}
                {b.publishedAt && <time dateTime={b.publishedAt}>{t('article.date', { v: formatDate(b.publishedAt) })}</time>}
              </p>
            </header>
            <table className="bid-table">
              <caption className="sr-only">{t('bid.facts')}</caption>
              <tbody>
                {rows.filter(([, v]) => v).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td className={k === t('bid.qualifications') ? 'pre-lines' : undefined}>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <RichText html={b.body} lang={contentLang(b.untranslated)} />
            {f.attachments && f.attachments.length > 0 && (
              <section className="attachments" aria-labelledby="att-title">
                <h2 id="att-title">{t('bid.attachments')}</h2>
                <ul>
                  {f.attachments.map((a) => (
                    <li key={a.url}>
                      <a href={a.url} download>{a.name}</a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <nav className="prev-next" aria-label={t('bid.prevNext')}>
              <div>{b.prev ? <Link to={`/bidDetail?id=${b.prev.id}`}>{t('bid.prev', { v: b.prev.title })}</Link> : <span className="muted">{t('bid.prev', { v: t('article.none') })}</span>}</div>
              <div>{b.next ? <Link to={`/bidDetail?id=${b.next.id}`}>{t('bid.next', { v: b.next.title })}</Link> : <span className="muted">{t('bid.next', { v: t('article.none') })}</span>}</div>
            </nav>
          </article>
        )}
      </div>
    </>
  );
}
