import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation, useRoutes as useRouterRoutes } from 'react-router';
import { onLogout, useAuth } from '@/lib/auth';
import { tokenStore } from '@/lib/token';
import { onMenuChanged } from '@/lib/menuEvents';
import LoginPage from '@/pages/login/LoginPage';
import { useRoutes } from './store/routes';
import { useTags } from './store/tags';
import { homePath } from './router/menuRoutes';
import { RouteProgress } from './router/RouteProgress';
import { useSessionChecks } from './useSessionChecks';

// Logout resets what belonged to the session (SPEC §4: a reset empties the routes).
onLogout(() => {
  useRoutes.getState().reset();
  useTags.getState().reset();
});

// The menu editor changed a menu: the sidebar and the routes follow at once.
onMenuChanged(() => { if (useRoutes.getState().status === 'ready') void useRoutes.getState().generate().catch(() => undefined); });

/** Everything after login (antd included) loads in its own chunks, so the login page stays small. */
const Shell = lazy(() => import('./layout/Shell'));

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
  const signedOut = useAuth((s) => s.signedOut);
  const location = useLocation();
  useSessionChecks(ready);

  const redirect = new URLSearchParams(location.search).get('redirect');
  const element = useRouterRoutes([
    { path: '/login', element: loggedIn && ready ? <Navigate to={redirect || homePath(routes) || '/404'} replace /> : <LoginPage /> },
    { path: '/*', element: <Suspense fallback={<RouteProgress />}><Shell /></Suspense> },
  ]);
  if (location.pathname === '/login') return element;
  if (!loggedIn) return <Navigate to={`/login${location.pathname !== '/' && !signedOut ? `?redirect=${encodeURIComponent(location.pathname + location.search)}` : ''}`} replace />;
  if (!ready) return <div className="app-boot" role="progressbar" aria-busy="true"><span className="boot-spinner" /></div>;
  return element;
}
