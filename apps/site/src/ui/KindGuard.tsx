import { Navigate } from 'react-router';
import type { ArticleKind } from '../api/types';
import { detailPath } from './Cards';

/** An id of another kind opened on this detail route: send the visitor to the right page. */
export function wrongKind(a: { id: number; kind: ArticleKind } | undefined, expected: ArticleKind) {
  if (!a || a.kind === expected) return null;
  if (a.kind === 'page') return <Navigate to="/404" replace />;
  return <Navigate to={`${detailPath[a.kind]}?id=${a.id}`} replace />;
}
