import { Navigate, type RouteObject } from 'react-router';
import FallbackPage from '@/pages/fallback/FallbackPage';
import FramePage from '@/pages/fallback/FramePage';
import { PageView } from './PageView';
import { flattenRoutes } from './menuRoutes';
import type { AppRoute } from './types';

/** React Router routes of the console's menu routes (children of the layout route). */
export function toRouteObjects(routes: AppRoute[]): RouteObject[] {
  return flattenRoutes(routes).flatMap((r): RouteObject[] => {
    const path = r.path.replace(/^\//, '');
    switch (r.kind) {
      case 'group': return r.redirect ? [{ path, element: <Navigate to={r.redirect} replace /> }] : [];
      case 'page':
      case 'action': return [{ path, element: <PageView route={r} />, handle: r }];
      case 'fallback': return [{ path, element: <FallbackPage route={r} />, handle: r }];
      case 'frame': return [{ path, element: <FramePage route={r} />, handle: r }];
      case 'external': return [];
    }
  });
}
