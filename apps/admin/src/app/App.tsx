import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useRoutes as useRouterRoutes, type RouteObject } from 'react-router';
import { Spin } from 'antd';
import { useAuth } from '@/lib/auth';
import { tokenStore } from '@/lib/token';
import LoginPage from '@/pages/login/LoginPage';
import NotFoundPage from '@/pages/error/NotFoundPage';
import UnauthorizedPage from '@/pages/error/UnauthorizedPage';
import ForbiddenPage from '@/pages/error/ForbiddenPage';
import { AppLayout } from './layout/AppLayout';
import { useRoutes } from './store/routes';
import { homePath } from './router/menuRoutes';
import { toRouteObjects } from './router/routeObjects';
import { useSessionChecks } from './useSessionChecks';

/**
 * After login (or a reload with a saved token) the permission step loads the user and the menu and
 * builds the routes before any route is matched, so a reload on a dynamic route stays on it.
 */
function useBootstrap() {
  const user = useAuth((s) => s.user);
  const status = useRoutes((s) => s.status);
  const [failed, setFailed] = useState(false);
  const hasToken = !!tokenStore.get();
  useEffect(() => {
    if (!hasToken || failed) return;
    if (!user) { void useAuth.getState().loadUser().catch(() => setFailed(true)); return; }
    if (status === 'idle') void useRoutes.getState().generate().catch(() => setFailed(true));
  }, [hasToken, user, status, failed]);
  useEffect(() => { if (user) setFailed(false); }, [user]);
  return { ready: !!user && status === 'ready', loggedIn: hasToken && !failed };
}

export function App() {
  const { ready, loggedIn } = useBootstrap();
  const routes = useRoutes((s) => s.routes);
  const location = useLocation();
  useSessionChecks(ready);

  const tree = useMemo<RouteObject[]>(() => {
    const home = homePath(routes) ?? '/404';
    return [
      { path: '/login', element: loggedIn && ready ? <Navigate to={new URLSearchParams(location.search).get('redirect') || home} replace /> : <LoginPage /> },
      {
        path: '/',
        element: <AppLayout />,
        children: [
          { index: true, element: <Navigate to={home} replace /> },
          ...toRouteObjects(routes),
          { path: '404', element: <NotFoundPage /> },
          { path: '401', element: <UnauthorizedPage /> },
          { path: '403', element: <ForbiddenPage /> },
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ];
  }, [routes, loggedIn, ready, location.search]);

  const element = useRouterRoutes(tree);
  if (location.pathname === '/login') return element;
  if (!loggedIn) return <Navigate to={`/login${location.pathname !== '/' ? `?redirect=${encodeURIComponent(location.pathname + location.search)}` : ''}`} replace />;
  if (!ready) return <div className="app-boot"><Spin size="large" /></div>;
  return element;
}
