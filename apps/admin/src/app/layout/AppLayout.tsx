import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { usePageBusy } from '@/lib/pageBusy';
import { useIsPhone } from '@/lib/phone';
import { useAuth } from '@/lib/auth';
import { usePermission } from '@/lib/permission';
import { titleWithCount, useTodoCount } from '@/lib/todoCount';
import ChangePasswordModal from '@/pages/views/profile/ChangePasswordModal';
import { useRoutes } from '../store/routes';
import { useSettings } from '../store/settings';
import { keepTags, useTags } from '../store/tags';
import { flattenRoutes } from '../router/menuRoutes';
import { Sidebar } from './Sidebar';
import { PhoneMenu } from './PhoneMenu';
import { Navbar } from './Navbar';
import { TagsView } from './TagsView';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useRouteLabel } from './useRouteLabel';
import './layout.css';

/** The logged-in frame: sidebar, navbar, tags view, the page area and the settings panel. */
// theme colour picker, sliders and switches load with the first opening of the settings, not with the shell
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));

export function AppLayout() {
  const routes = useRoutes((s) => s.routes);
  const { tagsView, fixedHeader, sidebarOpened, showSettings } = useSettings();
  // once opened, the drawer stays mounted so it can animate closed and open again at once
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  useEffect(() => { if (showSettings) setSettingsLoaded(true); }, [showSettings]);
  const mustChange = useAuth((s) => s.user?.mustChangePassword ?? false);
  const addTag = useTags((s) => s.add);
  const location = useLocation();
  const label = useRouteLabel();
  const byPath = useMemo(() => new Map(flattenRoutes(routes).map((r) => [r.path, r])), [routes]);
  const current = byPath.get(location.pathname);
  const can = usePermission();
  const todo = useTodoCount(can('bpm:task')).data?.total ?? 0;
  const busy = usePageBusy(useQueryClient(), location.pathname);
  const phone = useIsPhone();
  const [menuOpen, setMenuOpen] = useState(false);
  // every navigation (a menu entry, even the current one, or a link) closes the phone's menu drawer
  useEffect(() => setMenuOpen(false), [location.key]);

  const accountId = useAuth((s) => s.user?.accountId);
  // before the effects below add the current view, so the restored tags keep their order
  useEffect(() => (accountId === undefined ? undefined : keepTags(accountId, (path) => byPath.has(path))), [accountId, byPath]);

  useEffect(() => {
    // The dashboard is affixed: it survives "close all".
    const dash = flattenRoutes(routes).find((r) => r.page?.path === 'dashboard/index');
    if (dash) addTag({ path: dash.path, fullPath: dash.path, code: dash.code, title: label(dash), affix: true });
  }, [routes, addTag, label]);

  useEffect(() => {
    if (!current || current.kind === 'group') return;
    addTag({ path: current.path, fullPath: location.pathname + location.search, code: current.code, title: label(current) });
  }, [current, location.pathname, location.search, addTag, label]);

  useEffect(() => {
    // the open task count first, as mail clients do: "(3) 待办任务 · Bencao"
    document.title = titleWithCount(current ? `${label(current)} · Bencao` : 'Bencao', todo);
  }, [current, label, todo]);

  return (
    <Layout className={`app-layout ${sidebarOpened ? 'sidebar-open' : 'sidebar-closed'} ${fixedHeader ? 'fixed-header' : ''} ${phone ? 'app-phone' : ''}`}>
      {phone ? <PhoneMenu open={menuOpen} onClose={() => setMenuOpen(false)} /> : <Sidebar />}
      <Layout className="app-main">
        <div className="app-header">
          <Navbar phoneMenu={phone ? { open: menuOpen, onOpen: () => setMenuOpen(true) } : undefined} />
          {tagsView && <TagsView />}
        </div>
        <Layout.Content className="app-content" id="main" aria-busy={busy} data-path={location.pathname}>
          <KeepAliveOutlet enabled={tagsView} cacheable={!!current && current.kind !== 'group'} />
        </Layout.Content>
      </Layout>
      {settingsLoaded && <Suspense fallback={null}><SettingsDrawer /></Suspense>}
      {mustChange && <ChangePasswordModal forced />}
    </Layout>
  );
}
