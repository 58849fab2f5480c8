import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { formatIssue, outboundPolicySchema, translate } from '@bencao/contracts';
import { keys, securityApi, useSecurityMutation } from './api';
import { langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';

const linesOf = (text: string | undefined) => (text ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

/** Security › Outbound requests: the hosts the server may call although they are not public (platform/outbound.ts). */
export function OutboundForm() {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const can = usePermission();
  const lang = langOf(i18n.language);
  const [form] = Form.useForm<{ hosts: string }>();
  const policy = useQuery({ queryKey: keys.outbound, queryFn: securityApi.outbound });
  useEffect(() => { if (policy.data) form.setFieldsValue({ hosts: policy.data.allowHosts.join('\n') }); }, [policy.data, form]);
  const save = useSecurityMutation((allowHosts: string[]) => securityApi.setOutbound({ allowHosts }), [keys.outbound], () => message.success(t('msg.saved')));
  const editable = can('security:outbound:edit');
  const check = async (_: unknown, text: string | undefined) => {
    const parsed = outboundPolicySchema.safeParse({ allowHosts: linesOf(text) });
    if (parsed.success) return;
    throw new Error(parsed.error.issues.map((issue) => {
      const rule = formatIssue(issue as never, lang);
      const index = Number(issue.path[1]);
      return Number.isInteger(index) ? translate(lang, 'valid.item', { n: index + 1, rule }) : rule;
    }).join('; '));
  };
  return (
    <Card size="small" title={t('outbound.title')} loading={policy.isLoading}>
      <Alert type="info" showIcon style={{ marginBottom: 12, maxWidth: 900 }} message={t('outbound.hint')} />
      <Alert type="warning" showIcon style={{ marginBottom: 16, maxWidth: 900 }} message={t('outbound.risk')} />
      <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 900 }}
        onFinish={(v) => save.mutate(outboundPolicySchema.parse({ allowHosts: linesOf(v.hosts) }).allowHosts)}>
        <Form.Item name="hosts" label={t('outbound.allowHosts')} rules={[{ validator: check }]}
          extra={<>{t('outbound.allowHostsHint')}<br />{t('outbound.empty')}</>}>
          <Input.TextArea rows={10} placeholder={t('outbound.placeholder')} spellCheck={false} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        {editable && <Button type="primary" htmlType="submit" loading={save.isPending}>{t('action.save')}</Button>}
      </Form>
    </Card>
  );
}
