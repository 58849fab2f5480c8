import { Link } from 'react-router';
import type { ArticleSummary, NewsFields, ProductFields } from '../api/types';
import { formatDate } from '../lib/format';
import { Img } from './Img';
import { categoryOf } from '../lib/category';
import { useT } from '../i18n';
import { contentLang } from './Untranslated';

export const detailPath = { news: '/newsDetail', product: '/productDetail', medicine: '/medicDetail', job: '/jobDetail', bid: '/bidDetail', page: '/aboutPage' } as const;

export function RxMark({ value }: { value?: 'Rx' | 'OTC' | string }) {
  const t = useT();
  if (!value) return null;
  const otc = value.toUpperCase() === 'OTC';
  const label = otc ? t('product.otc') : t('product.rx');
  return (
    <span className={otc ? 'rx-mark rx-otc' : 'rx-mark rx-rx'} title={label}>
      {otc ? 'OTC' : 'Rx'}
      <span className="sr-only"> ({label})</span>
    </span>
  );
}

export function ProductCard({ p, priority = false }: { p: ArticleSummary<ProductFields>; priority?: boolean }) {
  const t = useT();
  return (
    <article className="card product-card">
      <Link to={`${detailPath.product}?id=${p.id}`} className="card-link">
        <div className="card-media media-square">
          {p.cover ? <Img image={p.cover} sizes="(max-width: 640px) 50vw, (max-width: 1100px) 33vw, 280px" priority={priority} /> : <div className="media-placeholder" aria-hidden="true" />}
        </div>
        <div className="card-body">
          <div className="card-meta">
            {categoryOf(p) && <span className="tag">{categoryOf(p)}</span>}
            <RxMark value={p.fields.rxOtc} />
          </div>
          <h3 className="card-title" lang={contentLang(p.untranslated)}>{p.fields.name || p.title}</h3>
          {p.fields.specification && <p className="card-text" lang={contentLang(p.untranslated)}>{t('product.spec', { v: p.fields.specification })}</p>}
        </div>
      </Link>
    </article>
  );
}

export function StoryCard({ a, kind, priority = false }: { a: ArticleSummary<NewsFields>; kind: 'news' | 'medicine'; priority?: boolean }) {
  return (
    <article className="card story-card">
      <Link to={`${detailPath[kind]}?id=${a.id}`} className="card-link">
        <div className="card-media media-wide">
          {a.cover ? <Img image={a.cover} sizes="(max-width: 640px) 100vw, (max-width: 1100px) 50vw, 380px" priority={priority} /> : <div className="media-placeholder" aria-hidden="true" />}
        </div>
        <div className="card-body">
          <div className="card-meta">
            {categoryOf(a) && <span className="tag">{categoryOf(a)}</span>}
            {a.publishedAt && <time dateTime={a.publishedAt}>{formatDate(a.publishedAt)}</time>}
          </div>
          <h3 className="card-title" lang={contentLang(a.untranslated)}>{a.title}</h3>
          {a.summary && <p className="card-text clamp-3" lang={contentLang(a.untranslated)}>{a.summary}</p>}
        </div>
      </Link>
    </article>
  );
}

/** A compact row of a list (news list, notices). */
export function ListRow({ to, title, date, summary, meta }: { to: string; title: string; date?: string | null; summary?: string | null; meta?: React.ReactNode }) {
  return (
    <li className="list-row">
      <Link to={to} className="list-row-link">
        {date && (
          <time className="list-row-date" dateTime={date}>
            <span className="d-day">{formatDate(date).slice(8)}</span>
            <span className="d-ym">{formatDate(date).slice(0, 7)}</span>
          </time>
        )}
        <span className="list-row-main">
          <span className="list-row-title">{title}</span>
          {meta && <span className="list-row-meta">{meta}</span>}
          {summary && <span className="list-row-summary clamp-2">{summary}</span>}
        </span>
      </Link>
    </li>
  );
}
