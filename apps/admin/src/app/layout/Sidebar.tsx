import { useEffect, useMemo, useState } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRoutes } from '../store/routes';
import { useSettings } from '../store/settings';
import { usePermission } from '@/lib/permission';
import { badgeText, TODO_PAGE_PATH, useTodoCount } from '@/lib/todoCount';
import type { AppRoute } from '../router/types';
import { MenuIcon } from './MenuIcon';
import { useRouteLabel } from './useRouteLabel';

type Item = Required<MenuProps>['items'][number];

/** Open group keys for a path: every group above the route whose path it is. */
function groupsAbove(routes: AppRoute[], pathname: string, trail: string[] = []): string[] | null {
  for (const r of routes) {
    if (r.path === pathname) return trail;
    if (r.children.length) {
      const found = groupsAbove(r.children, pathname, [...trail, r.path]);
      if (found) return found;
    }
  }
  return null;
}

/** SPEC §2/§9: the menu the server sent, 208px wide, 50px collapsed; in the phone's menu drawer always open. */
export function Sidebar({ inDrawer = false }: { inDrawer?: boolean }) {
  const { t } = useTranslation();
  const routes = useRoutes((s) => s.routes);
  const opened = useSettings((s) => s.sidebarOpened) || inDrawer;
  const showLogo = useSettings((s) => s.sidebarLogo);
  const label = useRouteLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const can = usePermission();
  const todo = useTodoCount(can('bpm:task')).data?.total ?? 0;

  const items = useMemo(() => {
    const build = (list: AppRoute[]): Item[] => list.filter((r) => !r.hidden).map((r): Item => {
      // A group with a single page shows as that page (dashboard, documentation, profile).
      const visible = r.children.filter((c) => !c.hidden);
      if (r.kind === 'group' && visible.length === 1 && visible[0].kind !== 'group') r = visible[0];
      // a label cut at 208 px keeps its full text as the title (shown on hover)
      if (r.kind === 'group') return { key: r.path, icon: <MenuIcon name={r.icon} />, label: <span className="app-menu-label" title={label(r)}>{label(r)}</span>, children: build(r.children) };
      if (r.kind === 'external') {
        return { key: r.path, icon: <MenuIcon name={r.icon} />, label: <a href={r.url} target="_blank" rel="noreferrer noopener" title={t('nav.external')}>{label(r)}</a> };
      }
      // the Todo entry carries the open task count (issue 11)
      const badge = r.page?.path === TODO_PAGE_PATH && todo > 0 ? <span className="app-menu-badge">{badgeText(todo)}</span> : null;
      return { key: r.path, icon: <MenuIcon name={r.icon} />, label: <span className="app-menu-label" title={label(r)}>{label(r)}{badge}</span> };
    });
    return build(routes);
  }, [routes, label, t, todo]);

  const routeGroups = useMemo(() => groupsAbove(routes, pathname) ?? [], [routes, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(routeGroups);
  // Navigating opens the groups above the page, keeping what the user opened.
  useEffect(() => setOpenKeys((prev) => [...new Set([...prev, ...routeGroups])]), [routeGroups]);

  return (
    <Layout.Sider className="app-sider" width={inDrawer ? '100%' : 208} collapsedWidth={50} collapsed={!opened} trigger={null} theme="dark">
      {showLogo && (
        <div className="app-logo">
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
          {opened && <span>{t('app.title')}</span>}
        </div>
      )}
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        {...(opened ? { openKeys, onOpenChange: setOpenKeys } : {})}
        onClick={({ key }) => { if (!/^https?:/i.test(key)) navigate(key); }}
      />
    </Layout.Sider>
  );
}
