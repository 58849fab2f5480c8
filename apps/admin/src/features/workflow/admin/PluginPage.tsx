import { useTranslation } from 'react-i18next';
import { Card, Tabs } from 'antd';
import { PluginButtonList } from './PluginButtonList';
import { PluginTypeList } from './PluginTypeList';

/** Plugin buttons and, on a second tab, the plugin types they run. */
export function PluginPage() {
  const { t } = useTranslation('workflow');
  return (
    <Card size="small">
      <Tabs items={[
        { key: 'buttons', label: t('plugin.tab.buttons'), children: <PluginButtonList /> },
        { key: 'types', label: t('plugin.tab.types'), children: <PluginTypeList /> },
      ]} />
    </Card>
  );
}
