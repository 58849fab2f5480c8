import { Button, ColorPicker, Drawer, Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../store/settings';

const PRESETS = ['#1890ff', '#1d5b45', '#722ed1', '#13c2c2', '#fa541c', '#2f54eb', '#52c41a', '#eb2f96'];

/** SPEC §4: theme, tags view, fixed header, sidebar logo — saved in this browser. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Drawer title={t('settings.title')} open={s.showSettings} onClose={() => s.setShowSettings(false)} size={300} maskClosable={false}>
      <Form layout="horizontal" labelCol={{ span: 14 }} wrapperCol={{ span: 10 }} colon={false}>
        <Form.Item label={t('settings.theme')}>
          <ColorPicker value={s.themeColor} presets={[{ label: t('settings.theme'), colors: PRESETS }]} onChangeComplete={(c) => s.change('themeColor', c.toHexString())} aria-label={t('settings.theme')} />
        </Form.Item>
        <Form.Item label={t('settings.tagsView')}>
          <Switch checked={s.tagsView} onChange={(v) => s.change('tagsView', v)} aria-label={t('settings.tagsView')} />
        </Form.Item>
        <Form.Item label={t('settings.fixedHeader')}>
          <Switch checked={s.fixedHeader} onChange={(v) => s.change('fixedHeader', v)} aria-label={t('settings.fixedHeader')} />
        </Form.Item>
        <Form.Item label={t('settings.sidebarLogo')}>
          <Switch checked={s.sidebarLogo} onChange={(v) => s.change('sidebarLogo', v)} aria-label={t('settings.sidebarLogo')} />
        </Form.Item>
      </Form>
      <Button block onClick={s.reset}>{t('settings.reset')}</Button>
    </Drawer>
  );
}
