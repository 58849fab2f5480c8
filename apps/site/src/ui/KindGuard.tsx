import { Navigate } from 'react-router';
import type { ArticleKind } from '../api/types';
import { detailPath } from './Cards';

/**
 * An id of another kind opened on this detail route: send the visitor to the right page. Only the item asked for
 * (`id`) decides: the previous page's item, still shown while the next one loads, is of another kind after a move
 * from a news item to a medicine article, and must not send the visitor back to it.
 */
export function wrongKind(a: { id: number; kind: ArticleKind } | undefined, expected: ArticleKind, id: string | null) {
  if (!a || a.kind === expected || String(a.id) !== id) return null;
  if (a.kind === 'page') return <Navigate to="/404" replace />;
  return <Navigate to={`${detailPath[a.kind]}?id=${a.id}`} replace />;
}
