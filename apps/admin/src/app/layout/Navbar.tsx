import { useState } from 'react';
import { Breadcrumb, Button, Dropdown, Layout, Space, Tooltip } from 'antd';
import { DownOutlined, GlobalOutlined, LogoutOutlined, QuestionCircleOutlined, SearchOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, ColumnHeightOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '@bencao/contracts/lang';
import { changeLanguage } from '@/i18n';
import { LANGUAGE_LABELS } from '@/i18n/language';
import { useAuth } from '@/lib/auth';
import { useRoutes } from '../store/routes';
import { useSettings, type ComponentSize } from '../store/settings';
import type { AppRoute } from '../router/types';
import { useRouteLabel } from './useRouteLabel';
import { NotificationBellSlot } from './NotificationBellSlot';
import { MenuSearch } from './finder/MenuSearch';
import { ShortcutsDialog } from './finder/ShortcutsDialog';
import { FullScreenButton } from './finder/FullScreenButton';
import { isMac, useShortcuts } from './finder/useShortcuts';

function trailTo(routes: AppRoute[], pathname: string): AppRoute[] {
  for (const r of routes) {
    if (r.path === pathname) return [r];
    const below = trailTo(r.children, pathname);
    if (below.length) return [r, ...below];
  }
  return [];
}

/**
 * The top bar: sidebar toggle, breadcrumb, language, component size, settings, the user's menu. On a phone
 * (`phoneMenu`) the toggle opens the menu drawer, and the breadcrumb shows only the current page.
 */
export function Navbar({ phoneMenu }: { phoneMenu?: { open: boolean; onOpen: () => void } }) {
  const { t, i18n } = useTranslation();
  const user = useAuth((s) => s.user);
  const logout = useAuth((s) => s.logout);
  const routes = useRoutes((s) => s.routes);
  const { sidebarOpened, toggleSidebar, size, setSize, setShowSettings } = useSettings();
  const label = useRouteLabel();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const trail = trailTo(routes, pathname);
  const profile = routes.flatMap((r) => [r, ...r.children]).find((r) => r.page?.path === 'profile/index');
  const [searching, setSearching] = useState(false);
  const [helping, setHelping] = useState(false);
  useShortcuts({ search: () => { setHelping(false); setSearching(true); }, help: () => { if (!searching) setHelping(true); } });
  const searchKeys = `${isMac() ? '⌘' : 'Ctrl+'}K`;

  return (
    <Layout.Header className="app-navbar">
      <div className="app-navbar-start">
        {phoneMenu
          ? <Button type="text" aria-label={t('nav.openMenu')} aria-expanded={phoneMenu.open} aria-controls="app-nav-drawer" aria-haspopup="dialog" icon={<MenuOutlined />} onClick={phoneMenu.onOpen} />
          : <Button type="text" aria-label={t('nav.toggleSidebar')} aria-expanded={sidebarOpened} icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} onClick={toggleSidebar} />}
        <Breadcrumb className="app-breadcrumb" items={trail.map((r, i) => ({ key: r.path, title: i < trail.length - 1 && r.redirect ? <Link to={r.redirect}>{label(r)}</Link> : <span title={label(r)}>{label(r)}</span> }))} />
      </div>
      <Space size={2} className="app-navbar-end">
        <Tooltip title={`${t('finder.title')} (${searchKeys})`}>
          <Button type="text" icon={<SearchOutlined />} aria-label={t('finder.title')} aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'} onClick={() => setSearching(true)} />
        </Tooltip>
        <span className="app-nav-wide"><FullScreenButton /></span>
        <NotificationBellSlot />
        <Dropdown
          menu={{ selectable: true, selectedKeys: [i18n.language], items: LANGS.map((l) => ({ key: l, label: LANGUAGE_LABELS[l] })), onClick: ({ key }) => void changeLanguage(key as Lang) }}
        >
          <Button type="text" icon={<GlobalOutlined />} aria-label={t('nav.language')}><span className="app-nav-text">{LANGUAGE_LABELS[i18n.language as Lang] ?? 'English'}</span></Button>
        </Dropdown>
        <Dropdown
          menu={{
            selectable: true, selectedKeys: [size],
            items: (['small', 'middle', 'large'] as ComponentSize[]).map((s) => ({ key: s, label: t(`nav.size${s[0].toUpperCase()}${s.slice(1)}`) })),
            onClick: ({ key }) => setSize(key as ComponentSize),
          }}
        >
          <Tooltip title={t('nav.size')}><Button type="text" className="app-nav-wide" icon={<ColumnHeightOutlined />} aria-label={t('nav.size')} /></Tooltip>
        </Dropdown>
        <Tooltip title={t('nav.settings')}><Button type="text" icon={<SettingOutlined />} aria-label={t('nav.settings')} onClick={() => setShowSettings(true)} /></Tooltip>
        <Dropdown
          menu={{
            items: [
              ...(profile ? [{ key: 'profile', icon: <UserOutlined />, label: t('nav.changePassword') }] : []),
              { key: 'shortcuts', icon: <QuestionCircleOutlined />, label: t('keys.title') },
              { type: 'divider' as const },
              { key: 'logout', icon: <LogoutOutlined />, label: t('nav.logout'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'profile' && profile) navigate(profile.path);
              if (key === 'shortcuts') setHelping(true);
              // logout() drops the session before its first await, so the login page does not bounce back
              if (key === 'logout') { void logout(); navigate('/login', { replace: true }); }
            },
          }}
          trigger={['click']}
        >
          <Button type="text" data-testid="user-menu" aria-label={user?.userName}><UserOutlined /><span className="app-nav-text"> {user?.userName} <DownOutlined /></span></Button>
        </Dropdown>
      </Space>
      <MenuSearch open={searching} onClose={() => setSearching(false)} />
      <ShortcutsDialog open={helping} onClose={() => setHelping(false)} />
    </Layout.Header>
  );
}
