import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Divider, Form, InputNumber, Row, Switch } from 'antd';
import { passwordPolicySchema, type PasswordPolicy } from '@bencao/contracts';
import { keys, securityApi, useSecurityMutation } from './api';
import { langOf, zodRule } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';

/** The one global password policy; saving applies it at once. */
export function PolicyForm() {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm<PasswordPolicy>();
  const rule = zodRule(passwordPolicySchema, langOf(i18n.language));
  const policy = useQuery({ queryKey: keys.policy, queryFn: securityApi.policy });
  useEffect(() => { if (policy.data) form.setFieldsValue(policy.data); }, [policy.data, form]);
  const save = useSecurityMutation((p: PasswordPolicy) => securityApi.setPolicy(p), [keys.policy], () => message.success(t('msg.saved')));
  const editable = can('security:policy:edit');
  const num = (name: keyof PasswordPolicy, extra?: string, min?: number) => (
    <Col xs={24} sm={12} lg={8}>
      <Form.Item name={name} label={t(`field.${name}`)} required rules={[rule]} extra={extra}><InputNumber min={min} style={{ width: '100%' }} /></Form.Item>
    </Col>
  );
  const flag = (name: keyof PasswordPolicy) => (
    <Col xs={12} sm={6}><Form.Item name={name} label={t(`field.${name}`)} valuePropName="checked"><Switch /></Form.Item></Col>
  );
  return (
    <Card size="small" title={t('title.policy')} loading={policy.isLoading}>
      <Alert type="info" showIcon style={{ marginBottom: 16, maxWidth: 900 }} message={t('hint.policy')} />
      <Form form={form} layout="vertical" disabled={!editable} requiredMark style={{ maxWidth: 900 }}
        onFinish={async () => save.mutate(passwordPolicySchema.parse(form.getFieldsValue(true)))}>
        <Row gutter={16}>
          {num('minLength', undefined, 1)}
          {num('maxLength', undefined, 1)}
        </Row>
        <Row gutter={16}>{flag('requireUppercase')}{flag('requireLowercase')}{flag('requireDigit')}{flag('requireSpecial')}</Row>
        <Divider />
        <Row gutter={16}>
          {num('maxFailedLogins')}
          {num('lockMinutes', t('hint.negative'))}
        </Row>
        <Row gutter={16}>
          {num('lifetimeDays', t('hint.negative'))}
          {num('graceDays', t('hint.negative'))}
        </Row>
        {editable && <Button type="primary" htmlType="submit" loading={save.isPending}>{t('action.save')}</Button>}
      </Form>
    </Card>
  );
}
