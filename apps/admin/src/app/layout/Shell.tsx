import { useMemo } from 'react';
import { Navigate, useLocation, useRoutes as useRouterRoutes, type RouteObject } from 'react-router';
import NotFoundPage from '@/pages/error/NotFoundPage';
import UnauthorizedPage from '@/pages/error/UnauthorizedPage';
import ForbiddenPage from '@/pages/error/ForbiddenPage';
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

function ShellRoutes() {
  const routes = useRoutes((s) => s.routes);
  const tree = useMemo<RouteObject[]>(() => [{
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to={homePath(routes) ?? '/404'} replace /> },
      ...toRouteObjects(routes),
      { path: '404', element: <NotFoundPage /> },
      { path: '401', element: <UnauthorizedPage /> },
      { path: '403', element: <ForbiddenPage /> },
      { path: '*', element: <NoRoute /> },
    ],
  }], [routes]);
  return useRouterRoutes(tree);
}

/** The logged-in console: its providers, the layout and the routes built from the user's menu (one lazy chunk). */
export default function Shell() {
  return <Providers><ShellRoutes /></Providers>;
}
