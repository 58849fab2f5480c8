import { useEffect, useMemo } from 'react';
import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useAuth } from '@/lib/auth';
import ChangePasswordModal from '@/pages/views/profile/ChangePasswordModal';
import { useRoutes } from '../store/routes';
import { useSettings } from '../store/settings';
import { useTags } from '../store/tags';
import { flattenRoutes } from '../router/menuRoutes';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';
import { TagsView } from './TagsView';
import { SettingsDrawer } from './SettingsDrawer';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useRouteLabel } from './useRouteLabel';
import './layout.css';

/** The logged-in frame: sidebar, navbar, tags view, the page area and the settings panel. */
export function AppLayout() {
  const routes = useRoutes((s) => s.routes);
  const { tagsView, fixedHeader, sidebarOpened } = useSettings();
  const mustChange = useAuth((s) => s.user?.mustChangePassword ?? false);
  const addTag = useTags((s) => s.add);
  const location = useLocation();
  const label = useRouteLabel();
  const byPath = useMemo(() => new Map(flattenRoutes(routes).map((r) => [r.path, r])), [routes]);
  const current = byPath.get(location.pathname);

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
    document.title = current ? `${label(current)} · Bencao` : 'Bencao';
  }, [current, label]);

  return (
    <Layout className={`app-layout ${sidebarOpened ? 'sidebar-open' : 'sidebar-closed'} ${fixedHeader ? 'fixed-header' : ''}`}>
      <Sidebar />
      <Layout className="app-main">
        <div className="app-header">
          <Navbar />
          {tagsView && <TagsView />}
        </div>
        <Layout.Content className="app-content" id="main">
          <KeepAliveOutlet enabled={tagsView} cacheable={!!current && current.kind !== 'group'} />
        </Layout.Content>
      </Layout>
      <SettingsDrawer />
      {mustChange && <ChangePasswordModal forced />}
    </Layout>
  );
}
