import { Link, useLocation } from 'react-router';
import { useT } from '../i18n';

/** Page numbers around the current one, with gaps: 1 … 4 5 6 … 12. Pure. */
export function pageItems(current: number, pages: number): (number | '…')[] {
  const out: (number | '…')[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - current) <= 1) out.push(p);
    else if (out[out.length - 1] !== '…') out.push('…');
  }
  return out;
}

/** Pager whose links keep the state in the URL (?page=N), default size 10 (SPEC §9). */
export function Pager({ total, page, limit = 10 }: { total: number; page: number; limit?: number }) {
  const { pathname, search } = useLocation();
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / limit));
  const href = (p: number) => {
    const q = new URLSearchParams(search);
    // the first page is the list's own address (its canonical), not ?page=1
    if (p > 1) q.set('page', String(p));
    else q.delete('page');
    const query = q.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  if (total <= limit) return <p className="pager-total">{t('pager.total', { n: total })}</p>;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <span className="pager-total">{t('pager.total', { n: total })}</span>
      {page > 1 ? <Link to={href(page - 1)}>{t('pager.prev')}</Link> : <span className="is-disabled">{t('pager.prev')}</span>}
      {pageItems(page, pages).map((p, i) =>
        p === '…' ? (
          <span key={`g${i}`} className="pager-gap" aria-hidden="true">…</span>
        ) : p === page ? (
          <span key={p} className="is-current" aria-current="page">{p}</span>
        ) : (
          <Link key={p} to={href(p)} aria-label={t('pager.page', { n: p })}>{p}</Link>
        ),
      )}
      {page < pages ? <Link to={href(page + 1)}>{t('pager.next')}</Link> : <span className="is-disabled">{t('pager.next')}</span>}
    </nav>
  );
}
