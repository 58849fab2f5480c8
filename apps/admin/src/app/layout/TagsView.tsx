import { Dropdown, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTags } from '../store/tags';
import { tagsModel } from '../store/tagsModel';
import { useRouteLabel } from './useRouteLabel';

/** SPEC §4: the visited views as tabs; close, close others, close all, refresh; affixed views stay. */
export function TagsView() {
  const { t } = useTranslation();
  const { visited, close, closeOthers, closeAll, refresh } = useTags();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // restored tags were titled in the language of their time
  const label = useRouteLabel();

  const closeView = (path: string) => {
    const before = close(path);
    if (path !== pathname) return;
    const next = tagsModel.nextAfterClose(before, useTags.getState(), path);
    navigate(next ?? '/');
  };
  const onMenu = (key: string, path: string) => {
    if (key === 'refresh') refresh(path);
    if (key === 'close') closeView(path);
    if (key === 'closeOthers') { closeOthers(path); if (path !== pathname) navigate(visited.find((v) => v.path === path)?.fullPath ?? path); }
    if (key === 'closeAll') { closeAll(); const left = useTags.getState().visited; navigate(left.at(-1)?.fullPath ?? '/'); }
  };

  return (
    <nav className="app-tags" aria-label={t('tags.label')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={pathname}
        onChange={(key) => navigate(visited.find((v) => v.path === key)?.fullPath ?? key)}
        onEdit={(key, action) => { if (action === 'remove' && typeof key === 'string') closeView(key); }}
        items={visited.map((v) => ({
          key: v.path,
          closable: !v.affix,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: [
                  { key: 'refresh', label: t('tags.refresh') },
                  { key: 'close', label: t('tags.close'), disabled: v.affix },
                  { key: 'closeOthers', label: t('tags.closeOthers') },
                  { key: 'closeAll', label: t('tags.closeAll') },
                ],
                onClick: ({ key }) => onMenu(key, v.path),
              }}
            >
              <span data-testid="tag" data-path={v.path}>{label(v)}</span>
            </Dropdown>
          ),
        }))}
      />
    </nav>
  );
}
