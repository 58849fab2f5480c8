import { useMemo } from 'react';
import { Navigate, useRoutes as useRouterRoutes, type RouteObject } from 'react-router';
import NotFoundPage from '@/pages/error/NotFoundPage';
import UnauthorizedPage from '@/pages/error/UnauthorizedPage';
import ForbiddenPage from '@/pages/error/ForbiddenPage';
import { useRoutes } from '../store/routes';
import { homePath } from '../router/menuRoutes';
import { toRouteObjects } from '../router/routeObjects';
import { AppLayout } from './AppLayout';
import { Providers } from '../Providers';

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
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  }], [routes]);
  return useRouterRoutes(tree);
}

/** The logged-in console: its providers, the layout and the routes built from the user's menu (one lazy chunk). */
export default function Shell() {
  return <Providers><ShellRoutes /></Providers>;
}
