import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './Sidebar';

/** Below 768 px the sidebar lives in this drawer: opened by the navbar's menu button, closed by Escape, the mask or navigating. */
export function PhoneMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open} onClose={onClose} placement="left" size={264} closable={false}
      rootClassName="app-nav-drawer" aria-label={t('nav.menu')}
      styles={{ body: { padding: 0, background: '#001529' } }}
    >
      <nav id="app-nav-drawer" aria-label={t('nav.menu')} style={{ height: '100%' }}><Sidebar inDrawer /></nav>
    </Drawer>
  );
}
