import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Table, Tabs } from 'antd';
import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { resetPasswordSchema, type AccountBatchResult } from '@bencao/contracts';
import { call } from '@/lib/request';
import { requireSelection } from '@/components/confirm';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { keys } from './api';
import { validValues } from './validate';

type Action = 'lock' | 'unlock' | 'resetPassword';
const PATH: Record<Action, string> = { lock: 'batch-lock', unlock: 'batch-unlock', resetPassword: 'batch-reset-password' };
const AUTHORITY: Record<Action, string> = { lock: 'security:account:edit', unlock: 'security:account:unlock', resetPassword: 'security:account:resetPassword' };
export const BATCH_AUTHORITIES = Object.values(AUTHORITY);

/** Lock, unlock and password reset of the selected accounts: confirmed, one request each, then what was done and what was refused. */
export function AccountBatch({ selected, onDone }: { selected: number[]; onDone: () => void }) {
  const { t, i18n } = useTranslation('security');
  const { modal, message } = App.useApp();
  const can = usePermission();
  const qc = useQueryClient();
  const [result, setResult] = useState<AccountBatchResult | null>(null);
  const [resetting, setResetting] = useState(false);
  const [form] = Form.useForm<{ password: string; confirmPassword: string }>();
  const run = useMutation({
    mutationFn: ({ action, body }: { action: Action; body: object }) => call<AccountBatchResult>('POST', `/api/security/accounts/${PATH[action]}`, { body: { ids: selected, ...body } }),
    onSuccess: async (r) => { await qc.invalidateQueries({ queryKey: keys.accounts }); setResult(r); setResetting(false); onDone(); },
  });
  const ask = (action: 'lock' | 'unlock') => requireSelection(message, t, selected) && modal.confirm({
    title: t(`batch.${action}`), content: t(action === 'lock' ? 'batch.confirmLock' : 'batch.confirmUnlock', { n: selected.length }),
    okButtonProps: { danger: action === 'lock' }, onOk: () => run.mutateAsync({ action, body: {} }).catch(() => undefined),
  });
  const reset = async () => {
    const v = await validValues<{ password: string; confirmPassword: string }>(form);
    if (v) run.mutate({ action: 'resetPassword', body: v });
  };
  const rule = zodRule(resetPasswordSchema, langOf(i18n.language));
  return (
    <>
      {can(AUTHORITY.lock) && <Button icon={<LockOutlined />} onClick={() => ask('lock')}>{t('batch.lock')}</Button>}
      {can(AUTHORITY.unlock) && <Button icon={<UnlockOutlined />} onClick={() => ask('unlock')}>{t('batch.unlock')}</Button>}
      {can(AUTHORITY.resetPassword) && (
        <Button icon={<KeyOutlined />} onClick={() => { if (requireSelection(message, t, selected)) { form.resetFields(); setResetting(true); } }}>{t('batch.resetPassword')}</Button>
      )}
      {resetting && (
        <Modal open title={t('batch.resetTitle', { n: selected.length })} onCancel={() => setResetting(false)} onOk={reset} confirmLoading={run.isPending} okText={t('action.save')} destroyOnHidden>
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('hint.resetPassword')} />
          <Form form={form} layout="vertical" onFinish={reset}>
            <Form.Item name="password" label={t('field.password')} required rules={[rule]}><Input.Password autoComplete="new-password" /></Form.Item>
            <Form.Item name="confirmPassword" label={t('field.confirmPassword')} required dependencies={['password']} rules={[rule]}><Input.Password autoComplete="new-password" /></Form.Item>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
        </Modal>
      )}
      {result && (
        <Modal open title={t('batch.resultTitle')} onCancel={() => setResult(null)} footer={<Button type="primary" onClick={() => setResult(null)}>{t('batch.close')}</Button>} width={640}>
          <Tabs defaultActiveKey={result.refused.length ? 'refused' : 'done'} items={[
            { key: 'done', label: t('batch.done', { n: result.done.length }),
              children: <Table size="small" rowKey="id" pagination={false} scroll={{ y: 320 }} dataSource={result.done} columns={[{ title: t('field.userId'), dataIndex: 'userId' }]} /> },
            { key: 'refused', label: t('batch.refused', { n: result.refused.length }),
              children: <Table size="small" rowKey="id" pagination={false} scroll={{ y: 320 }} dataSource={result.refused} columns={[
                { title: t('field.userId'), dataIndex: 'userId', width: 160, render: (v: string | null, r) => v ?? `#${r.id}` },
                { title: t('batch.reason'), dataIndex: 'reason' },
              ]} /> },
          ]} />
        </Modal>
      )}
    </>
  );
}
