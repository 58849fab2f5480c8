import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Select, Space, Tag } from 'antd';
import { CloudUploadOutlined, ExperimentOutlined, StopOutlined } from '@ant-design/icons';
import { configBetaSchema } from '@bencao/contracts';
import { call } from '@/lib/request';
import { usePermission } from '@/lib/permission';
import { zodRule, langOf, applyServerErrors } from '@/lib/zodRule';
import { confirmAction } from '@/components/confirm';
import { gatewayApi, useGwMutation, type ConfigRow } from './api';
import { ContentEditor } from './ContentEditor';
import type { SyntaxProblem } from './configSyntax';

export interface BetaRow { configId: number; content: string; md5: string; ips: string[]; operator: string | null; updatedAt: string }

export const configBetaApi = {
  get: (configId: number) => call<BetaRow | null>('GET', `/api/gateway/configs/${configId}/beta`),
  publish: (configId: number, body: { content: string; ips: string[] }) => call<BetaRow>('PUT', `/api/gateway/configs/${configId}/beta`, { body }),
  stop: (configId: number) => call<boolean>('DELETE', `/api/gateway/configs/${configId}/beta`),
  promote: (configId: number) => call<ConfigRow>('POST', `/api/gateway/configs/${configId}/beta/promote`, { body: {} }),
};

/** the "Beta" tag of a config's row in the list */
export function BetaTag() {
  const { t } = useTranslation('gateway');
  return <Tag color="orange" icon={<ExperimentOutlined />}>{t('ops.betaTag')}</Tag>;
}

/**
 * Gray publish of one config: a beta content for chosen client IPs (picked from the applications that
 * read the config, or typed); stop it, or publish it as the release.
 */
export function ConfigBetaDrawer({ config, onClose }: { config: ConfigRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm<{ ips: string[]; content: string }>();
  const lang = langOf(i18n.language);
  const rule = zodRule(configBetaSchema, lang);
  const key = ['gateway', 'beta', config.id];
  const beta = useQuery({ queryKey: key, queryFn: () => configBetaApi.get(config.id) });
  const detail = useQuery({ queryKey: ['gateway', 'config', config.id], queryFn: () => gatewayApi.config(config.id) });
  const listeners = useQuery({ queryKey: ['gateway', 'subscribers', 'config', config.id], queryFn: () => gatewayApi.configSubscribers(config.id) });
  useEffect(() => {
    if (beta.isSuccess && detail.data) form.setFieldsValue(beta.data ? { ips: beta.data.ips, content: beta.data.content } : { ips: [], content: detail.data.content });
  }, [beta.isSuccess, beta.data, detail.data, form]);
  const refresh = [key, ['gateway', 'configs'], ['gateway', 'config', config.id]];
  const publish = useGwMutation((v: { ips: string[]; content: string }) => configBetaApi.publish(config.id, v), refresh, () => message.success(t('ops.betaPublished')));
  const stop = useGwMutation(() => configBetaApi.stop(config.id), refresh, () => message.success(t('ops.betaStopped')));
  const promote = useGwMutation(() => configBetaApi.promote(config.id), refresh, () => { message.success(t('ops.betaPromoted')); onClose(); });
  const describe = (p: SyntaxProblem) => t('editor.invalid', { type: config.type.toUpperCase(), line: p.line, col: p.col, reason: p.reason });
  // a refusal of the server (400 naming `ips.0`, `content`) is shown at its field as well as in the toast
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await publish.mutateAsync(v).catch((e: unknown) => applyServerErrors(form, e, lang, ['ips', 'content']));
  };
  const ipOptions = [...new Set((listeners.data ?? []).map((l) => l.address))].map((ip) => ({ value: ip, label: ip }));
  const mayPublish = can('gateway:config:beta');
  return (
    <Drawer open width={860} title={t('ops.betaTitle', { dataId: config.dataId, group: config.group })} onClose={onClose} destroyOnHidden
      extra={mayPublish && (
        <Space>
          {beta.data && <Button icon={<StopOutlined />} onClick={() => void confirmAction(modal, t, () => stop.mutateAsync(undefined), t('ops.stopConfirm'))}>{t('ops.stopBeta')}</Button>}
          {beta.data && <Button icon={<CloudUploadOutlined />} onClick={() => void confirmAction(modal, t, () => promote.mutateAsync(undefined), t('ops.promoteConfirm'))}>{t('ops.promote')}</Button>}
          <Button type="primary" icon={<ExperimentOutlined />} loading={publish.isPending} onClick={() => void submit()}>{t('ops.publishBeta')}</Button>
        </Space>
      )}>
      <Alert type={beta.data ? 'warning' : 'info'} showIcon style={{ marginBottom: 12 }}
        message={beta.data ? t('ops.betaRunning', { ips: beta.data.ips.join(', ') }) : t('ops.betaNone')} />
      <Form form={form} name="gwConfigBeta" layout="vertical" disabled={!mayPublish}>
        <Form.Item name="ips" label={t('ops.betaIps')} extra={t('ops.betaIpsHint')} required
          rules={[{ validator: async (_, v?: string[]) => { if (!v?.length) throw new Error(t('ops.ipsRequired')); } }, rule]}>
          <Select mode="tags" options={ipOptions} tokenSeparators={[',', ' ']} aria-label={t('ops.betaIps')} />
        </Form.Item>
        <Form.Item name="content" label={t('ops.betaContent')} required rules={[rule]}>
          <ContentEditor type={config.type} ariaLabel={t('ops.betaContent')} describe={describe} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
