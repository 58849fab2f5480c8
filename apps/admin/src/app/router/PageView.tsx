import { Component, Suspense, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/lib/permission';
import FallbackPage from '@/pages/fallback/FallbackPage';
import ForbiddenPage from '@/pages/error/ForbiddenPage';
import { pageComponent } from './pages';
import { RouteProgress } from './RouteProgress';
import type { AppRoute } from './types';

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: (reset: () => void) => ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  render() { return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children; }
}

function Crashed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return <Result status="error" title={t('error.crashed')} extra={<Button type="primary" onClick={retry}>{t('error.reload')}</Button>} />;
}

/** One menu page: checks the route's authority, loads its lazy chunk, and survives its own errors. */
export function PageView({ route }: { route: AppRoute }) {
  const can = usePermission();
  if (!can(route.authority)) return <ForbiddenPage />;
  const Page = route.page ? pageComponent(route.page.set, route.page.path) : null;
  if (!Page) return <FallbackPage route={route} />;
  return (
    <PageErrorBoundary fallback={(reset) => <Crashed retry={reset} />}>
      <Suspense fallback={<RouteProgress />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
