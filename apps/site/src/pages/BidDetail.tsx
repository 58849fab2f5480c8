import { Link, useSearchParams } from 'react-router';
import { useArticle, useSettings } from '../api/site';
import type { BidFields } from '../api/types';
import { formatDate, formatDateTime } from '../lib/format';
import { useDocumentMeta } from '../lib/seo';
import { useColumnTitle } from '../lib/useColumnTitle';
import { bidHref } from '../shell/Header';
import { PageHead } from '../ui/PageHead';
import { PreviewBanner } from '../ui/PreviewBanner';
import { useNow } from '../lib/useNow';
import { RichText } from '../ui/RichText';
import { wrongKind } from '../ui/KindGuard';
import { LoadFailed, Loading, NotFoundBlock } from '../ui/States';
import { BID_TYPE_LABEL, bidClosed } from './bids';

const money = (v: string | number | undefined) => {
  if (v == null || v === '') return '';
  const n = Number(v);
  return Number.isFinite(n) ? `￥${n.toLocaleString('zh-CN')} 元` : String(v);
};

export default function BidDetail() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data: b, loading, error } = useArticle<BidFields>(id, params.get('preview'));
  const listTitle = useColumnTitle('/bidReport', '招标采购');
  const back = bidHref(useSettings().data?.biddingColumnId);
  const now = useNow();
  useDocumentMeta(b ? b.seoTitle || b.title : '招标公告', b ? b.seoDescription || b.summary : null);
  if (!id || error?.code === 404) return <NotFoundBlock what="公告" back={{ to: back, label: `返回${listTitle}` }} />;
  const redirect = wrongKind(b, 'bid');
  if (redirect) return redirect;
  const f: Partial<BidFields> = b?.fields ?? {};
  const rows: [string, string | undefined][] = [
    ['公告类型', BID_TYPE_LABEL[f.bidType ?? '']],
    ['采购人', f.purchaser],
    ['项目名称', f.project],
    ['预算金额', money(f.budget)],
    ['资格要求', f.qualifications],
    ['文件获取时间', f.documentStart || f.documentEnd ? `${formatDateTime(f.documentStart)} 至 ${formatDateTime(f.documentEnd)}` : undefined],
    ['投标截止时间', formatDateTime(f.bidDeadline)],
    ['开标时间', formatDateTime(f.openingTime)],
    ['开标地点', f.openingPlace],
    ['中标单位', f.winner],
    ['联系方式', f.contact],
  ];
  return (
    <>
      <PageHead title={listTitle} titleAs="p" crumbs={[{ label: listTitle, to: back }, { label: '公告详情' }]} />
      <div className="container section narrow">
        {loading ? <Loading rows={6} /> : !b ? <LoadFailed /> : (
          <article className="article">
            <PreviewBanner show={b.preview} />
            <header className="article-head">
              <h1 className="article-title">{b.title}{bidClosed(f.bidType, f.bidDeadline, now) && <span className="notice-closed">已截止</span>}</h1>
              <p className="article-meta">
                {f.bidType && <span className={`notice-type type-${f.bidType}`}>{BID_TYPE_LABEL[f.bidType]}</span>}
                {b.publishedAt && <time dateTime={b.publishedAt}>发布日期：{formatDate(b.publishedAt)}</time>}
              </p>
            </header>
            <table className="bid-table">
              <caption className="sr-only">公告要素</caption>
              <tbody>
                {rows.filter(([, v]) => v).map(([k, v]) => (
                  <tr key={k}>
                    <th scope="row">{k}</th>
                    <td className={k === '资格要求' ? 'pre-lines' : undefined}>{v}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <RichText html={b.body} />
            {f.attachments && f.attachments.length > 0 && (
              <section className="attachments" aria-labelledby="att-title">
                <h2 id="att-title">附件</h2>
                <ul>
                  {f.attachments.map((a) => (
                    <li key={a.url}>
                      <a href={a.url} download>{a.name}</a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <nav className="prev-next" aria-label="上一条与下一条公告">
              <div>{b.prev ? <Link to={`/bidDetail?id=${b.prev.id}`}>上一条：{b.prev.title}</Link> : <span className="muted">上一条：没有了</span>}</div>
              <div>{b.next ? <Link to={`/bidDetail?id=${b.next.id}`}>下一条：{b.next.title}</Link> : <span className="muted">下一条：没有了</span>}</div>
            </nav>
          </article>
        )}
      </div>
    </>
  );
}
