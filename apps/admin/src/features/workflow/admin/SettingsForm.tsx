import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, InputNumber, Row, Select, Skeleton, Space, Switch, Tabs, Typography } from 'antd';
import { SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { LISTENER_PLACEHOLDERS, NOTIFY_TEMPLATES, TIMEOUT_ACTIONS, workflowSettingsSchema, type WorkflowSettings } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { workflowAdminApi as api, useWfMutation, wfKeys } from '../api/admin';
import { MailTemplatesInput } from './LangTabs';

/** The engine's settings: reminders, timeouts, notification channels and templates, withdrawal, history retention. */
export function SettingsForm() {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const can = usePermission();
  const editable = can('bpm:config:edit');
  const qc = useQueryClient();
  const [form] = Form.useForm<WorkflowSettings>();
  const rule = zodRule(workflowSettingsSchema, langOf(i18n.language));
  const settings = useQuery({ queryKey: wfKeys.settings, queryFn: api.settings });
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => { if (settings.data) form.setFieldsValue(settings.data); }, [settings.data, form]);
  const save = useWfMutation(api.saveSettings, [], (s) => { qc.setQueryData(wfKeys.settings, s); form.setFieldsValue(s); message.success(t('config.msg.saved')); });
  const submit = async () => {
    await form.validateFields();
    setFailure(null);
    const parsed = workflowSettingsSchema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) return;
    save.mutate(parsed.data, { onError: (e) => setFailure(errorText(e)) });
  };
  if (!settings.data) return <Card size="small"><Skeleton active loading={settings.isLoading} /></Card>;
  // no min/max clamping: the shared schema's message says what is allowed
  const hours = (name: (string | number)[], label: string, extra?: string) => (
    <Form.Item name={name} label={label} rules={[rule]} extra={extra}>
      <InputNumber style={{ width: 180 }} suffix={t('config.unit.hours')} />
    </Form.Item>
  );
  return (
    <Card size="small">
      <Form form={form} name="wf-settings" layout="vertical" disabled={!editable} style={{ maxWidth: 980 }}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>{t('config.section.reminder')}</Typography.Title>
            <Form.Item name={['reminder', 'enabled']} label={t('config.field.reminderEnabled')} valuePropName="checked"><Switch /></Form.Item>
            {hours(['reminder', 'beforeDueHours'], t('config.field.beforeDueHours'), t('config.hint.beforeDueHours'))}
            {hours(['reminder', 'repeatHours'], t('config.field.repeatHours'), t('config.hint.repeatHours'))}
          </Col>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>{t('config.section.timeout')}</Typography.Title>
            {hours(['timeout', 'defaultDueHours'], t('config.field.defaultDueHours'), t('config.hint.defaultDueHours'))}
            <Form.Item name={['timeout', 'action']} label={t('config.field.timeoutAction')} rules={[rule]}>
              <Select style={{ width: 240 }} options={TIMEOUT_ACTIONS.map((a) => ({ value: a, label: t(`config.timeoutAction.${a}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>{t('config.section.channels')}</Typography.Title>
            <Space size={32}>
              <Form.Item name={['channels', 'inApp']} label={t('config.field.inApp')} valuePropName="checked"><Switch /></Form.Item>
              <Form.Item name={['channels', 'mail']} label={t('config.field.mail')} valuePropName="checked"><Switch /></Form.Item>
            </Space>
          </Col>
          <Col xs={24} md={12}>
            <Typography.Title level={5}>{t('config.section.other')}</Typography.Title>
            <Form.Item name="starterMayWithdraw" label={t('config.field.starterMayWithdraw')} valuePropName="checked" extra={t('config.hint.starterMayWithdraw')}><Switch /></Form.Item>
            <Form.Item name="historyRetentionDays" label={t('config.field.historyRetentionDays')} rules={[rule]} extra={t('config.hint.historyRetentionDays')}>
              <InputNumber style={{ width: 180 }} suffix={t('config.unit.days')} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('config.section.templates')}</Typography.Title>
        <Typography.Paragraph type="secondary">
          {t('config.hint.templates')} {[...LISTENER_PLACEHOLDERS, 'dueAt'].map((p) => <Typography.Text key={p} code>{`{{${p}}}`}</Typography.Text>)}
        </Typography.Paragraph>
        <Tabs type="card" items={NOTIFY_TEMPLATES.map((k) => ({
          key: k, label: t(`config.template.${k}`), forceRender: true,
          children: <MailTemplatesInput base={['templates', k]} rule={rule} />,
        }))} />
        {failure && <Typography.Paragraph type="danger">{failure}</Typography.Paragraph>}
        {editable && (
          <Space>
            <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()}>{t('config.action.save')}</Button>
            <Button icon={<UndoOutlined />} onClick={() => { form.resetFields(); form.setFieldsValue(settings.data); setFailure(null); }}>{t('config.action.reset')}</Button>
          </Space>
        )}
      </Form>
    </Card>
  );
}
