import { useEffect } from 'react';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { WIDGET_SETTINGS, type WidgetInstance } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { useRoutes } from '@/app/store/routes';
import { flattenRoutes } from '@/app/router/menuRoutes';
import { useRouteLabel } from '@/app/layout/useRouteLabel';
import { widgetDef, type SettingField } from './registry';
import { FormFieldPicker, FormPicker } from './widgets/FormChartSettings';

/**
 * A widget's settings as a plain antd form, checked with the widget's own schema (the server checks
 * the same one). Answers the instance with its new title and settings.
 */
export function SettingsForm({ instance, onOk, onCancel }: { instance: WidgetInstance | null; onOk: (w: WidgetInstance) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation('portal');
  const [form] = Form.useForm();
  const routes = useRoutes((s) => s.routes);
  const label = useRouteLabel();
  const screens = flattenRoutes(routes).filter((r) => r.kind === 'page' && !r.hidden && r.page);
  useEffect(() => { if (instance) { form.resetFields(); form.setFieldsValue({ title: instance.title ?? '', ...instance.settings }); } }, [instance, form]);
  if (!instance) return null;
  const def = widgetDef(instance.widget);
  const rule = zodRule(WIDGET_SETTINGS[instance.widget], langOf(i18n.language));
  const control = (f: SettingField) => {
    switch (f.kind) {
      case 'number': return <InputNumber min={f.min} max={f.max} precision={0} style={{ width: '100%' }} />;
      case 'select': return <Select options={f.options.map((o) => ({ value: o, label: t(`${f.labelPrefix}.${o}`) }))} />;
      case 'paths': return <Select mode="multiple" allowClear optionFilterProp="label" options={screens.map((r) => ({ value: r.page!.path, label: label(r) }))} />;
      case 'html': return <Input.TextArea rows={8} />;
      case 'url': return <Input placeholder="https://" />;
      case 'form': return <FormPicker />;
      case 'formField': return <FormFieldPicker numbers={f.numbers} />;
      default: return <Input />;
    }
  };
  return (
    <Modal open title={`${t('manager.configure')} · ${t(`widget.${instance.widget}`)}`} onCancel={onCancel} destroyOnHidden
      onOk={async () => {
        const { title, ...settings } = await form.validateFields();
        const parsed = WIDGET_SETTINGS[instance.widget].parse(settings);
        onOk({ ...instance, title: title?.trim() || undefined, settings: parsed as Record<string, unknown> });
      }}>
      <Form form={form} layout="vertical">
        <Form.Item name="title" label={t('setting.title')}><Input maxLength={60} placeholder={t(`widget.${instance.widget}`)} /></Form.Item>
        {def.fields.map((f) => (
          <Form.Item key={f.name} name={f.name} label={t(`setting.${f.name}`)} rules={[rule]}>{control(f)}</Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
