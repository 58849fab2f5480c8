import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes as useRouterRoutes, type RouteObject } from 'react-router';
import { ForbiddenPage, NotFoundPage, UnauthorizedPage } from '@/pages/error/lazyErrorPages';
import { useRoutes } from '../store/routes';
import { homePath } from '../router/menuRoutes';
import { toRouteObjects } from '../router/routeObjects';
import { hasPageAt } from '../router/pages';
import { AppLayout } from './AppLayout';
import { Providers } from '../Providers';

/** A path outside the user's routes: 403 when the console has a page there (not theirs to open), else 404. */
function NoRoute() {
  const { pathname } = useLocation();
  return <Navigate to={hasPageAt(pathname) ? '/403' : '/404'} replace />;
}

const later = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;
/** the printable approval sheet of an instance: a page of its own, outside the layout (issue 26) */
const ApprovalSheetPage = lazy(() => import('@/pages/views/print/ApprovalSheetPage'));

function ShellRoutes() {
  const routes = useRoutes((s) => s.routes);
  const tree = useMemo<RouteObject[]>(() => [{ path: '/print/instance/:id', element: later(<ApprovalSheetPage />) }, {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={homePath(routes) ?? '/404'} replace /> },
      ...toRouteObjects(routes),
      { path: '404', element: later(<NotFoundPage />) },
      { path: '401', element: later(<UnauthorizedPage />) },
      { path: '403', element: later(<ForbiddenPage />) },
      { path: '*', element: <NoRoute /> },
    ],
  }], [routes]);
  return useRouterRoutes(tree);
}

/** The logged-in console: its providers, the layout and the routes built from the user's menu (one lazy chunk). */
export default function Shell() {
  return <Providers><ShellRoutes /></Providers>;
}
