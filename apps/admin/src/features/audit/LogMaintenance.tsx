import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Modal, Typography } from 'antd';
import { ClearOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { logCleanSchema } from '@bencao/contracts';
import { call } from '@/lib/request';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';

interface Props {
  /** the log's API segment: operation-logs, login-logs, error-logs */
  segment: string;
  /** the action that may clean it up and set its retention */
  authority: string;
  /** the log's name in the user's language */
  name: string;
}

/** "Clean up" (delete entries older than N days, confirmed) and "Retention" (days kept, applied daily) of one log. */
export function LogMaintenance({ segment, authority, name }: Props) {
  const { t, i18n } = useTranslation('audit');
  const { modal, message } = App.useApp();
  const can = usePermission();
  const qc = useQueryClient();
  const [open, setOpen] = useState<'clean' | 'retention' | null>(null);
  const [form] = Form.useForm<{ days: number }>();
  const rule = zodRule(logCleanSchema, langOf(i18n.language));
  const retention = useQuery({ queryKey: ['audit', 'retention', segment], queryFn: () => call<{ days: number }>('GET', `/api/audit/${segment}/retention`), enabled: can(authority) });
  const clean = useMutation({
    mutationFn: (days: number) => call<number>('POST', `/api/audit/${segment}/clean`, { body: { days } }),
    onSuccess: async (n) => { await qc.invalidateQueries({ queryKey: ['audit'] }); message.success(t('clean.cleaned', { n })); setOpen(null); },
  });
  const keep = useMutation({
    mutationFn: (days: number) => call<{ days: number }>('PUT', `/api/audit/${segment}/retention`, { body: { days } }),
    onSuccess: async () => { await qc.invalidateQueries({ queryKey: ['audit', 'retention', segment] }); message.success(t('clean.saved')); setOpen(null); },
  });
  if (!can(authority)) return null;

  const show = (which: 'clean' | 'retention') => {
    form.setFieldsValue({ days: which === 'clean' ? 90 : retention.data?.days ?? 0 });
    setOpen(which);
  };
  const submit = async () => {
    const { days } = await form.validateFields();
    if (open === 'retention') return keep.mutateAsync(days).catch(() => undefined);
    modal.confirm({
      title: t('clean.title', { log: name }), content: t('clean.confirm', { n: days, log: name }), okButtonProps: { danger: true },
      // the server's answer names how many went; the client shows it
      onOk: () => clean.mutateAsync(days).catch(() => undefined),
    });
  };
  const current = retention.data ? (retention.data.days > 0 ? `${retention.data.days} ${t('clean.daysUnit')}` : t('clean.forever')) : '';

  return (
    <>
      <Button icon={<ClearOutlined />} danger onClick={() => show('clean')}>{t('clean.button')}</Button>
      <Button icon={<FieldTimeOutlined />} onClick={() => show('retention')}>{t('clean.retention')}</Button>
      {open && (
        <Modal open title={open === 'clean' ? t('clean.title', { log: name }) : t('clean.retentionTitle', { log: name })} onCancel={() => setOpen(null)}
          onOk={submit} confirmLoading={clean.isPending || keep.isPending} okButtonProps={{ danger: open === 'clean' }} destroyOnHidden>
          <Form form={form} layout="vertical" onFinish={submit}>
            <Form.Item name="days" label={open === 'clean' ? t('clean.days') : t('clean.keepDays')} required rules={[rule]}
              extra={open === 'retention' ? t('clean.retentionHint') : undefined}>
              <InputNumber min={0} max={3650} precision={0} addonAfter={t('clean.daysUnit')} style={{ width: 200 }} />
            </Form.Item>
            {open === 'retention' && <Typography.Text type="secondary">{t('clean.current', { v: current })}</Typography.Text>}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </Modal>
      )}
    </>
  );
}
