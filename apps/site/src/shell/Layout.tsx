import { Suspense, useEffect, useRef, type SyntheticEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { prefetchFor, useSettings } from '../api/site';
import { Header } from './Header';
import { Footer } from './Footer';
import { GoTop } from './GoTop';
import { Overlay } from '../ui/Overlay';
import { t as tr, useT } from '../i18n';

const editable = (t: EventTarget | null) => {
  const el = t as HTMLElement | null;
  return !!el?.closest?.('input, textarea, select, [contenteditable="true"]');
};

/** Scrolls to the top on every navigation (SPEC §2). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  prefetchFor(pathname, search); // idempotent: starts the detail request before its chunk renders
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function ProgressBar() {
  return <div className="nav-progress" role="progressbar" aria-label={tr('nav.loading')} />;
}

/** The app root: copy protection (a site setting, on by default), overlays, scroll reset. */
export function AppRoot({ children }: { children: React.ReactNode }) {
  const protect = useSettings().data?.copyProtection ?? true;
  const block = (e: SyntheticEvent) => {
    if (protect && !editable(e.target)) e.preventDefault();
  };
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    if (!el || !protect) return;
    const onSelect = (e: Event) => !editable(e.target) && e.preventDefault();
    el.addEventListener('selectstart', onSelect);
    return () => el.removeEventListener('selectstart', onSelect);
  }, [protect]);
  return (
    <div
      ref={root}
      data-copy-protection={protect ? 'on' : 'off'}
      className={protect ? 'app-root copy-protected' : 'app-root'}
      onContextMenu={block}
      onCopy={block}
      onCut={block}
      onDragStart={block}
    >
      <ScrollToTop />
      {children}
      <Overlay />
    </div>
  );
}

export function SiteLayout() {
  const t = useT();
  return (
    <AppRoot>
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        {t('nav.skip')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<ProgressBar />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <GoTop />
    </AppRoot>
  );
}

export function BareLayout() {
  return (
    <AppRoot>
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<ProgressBar />}>
          <Outlet />
        </Suspense>
      </main>
    </AppRoot>
  );
}
