import { Component, Suspense, type ReactNode } from 'react';
import { usePermission } from '@/lib/permission';
import FallbackPage from '@/pages/fallback/FallbackPage';
import { CrashedPage, ForbiddenPage } from '@/pages/error/lazyErrorPages';
import { pageComponent } from './pages';
import { RouteProgress } from './RouteProgress';
import { PageSkeleton } from '@/components/PageSkeleton';
import type { AppRoute } from './types';

class PageErrorBoundary extends Component<{ children: ReactNode; fallback: (reset: () => void) => ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() { return { failed: true }; }
  render() { return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children; }
}

function Crashed({ retry }: { retry: () => void }) {
  return <Suspense fallback={null}><CrashedPage retry={retry} /></Suspense>;
}

/** One menu page: checks the route's authority, loads its lazy chunk, and survives its own errors. */
export function PageView({ route }: { route: AppRoute }) {
  const can = usePermission();
  if (!can(route.authority)) return <Suspense fallback={null}><ForbiddenPage /></Suspense>;
  const Page = route.page ? pageComponent(route.page.set, route.page.path) : null;
  if (!Page) return <FallbackPage route={route} />;
  return (
    <PageErrorBoundary fallback={(reset) => <Crashed retry={reset} />}>
      <Suspense fallback={<><RouteProgress /><PageSkeleton /></>}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
