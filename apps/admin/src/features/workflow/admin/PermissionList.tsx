import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Modal, Row, Skeleton, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined, UndoOutlined } from '@ant-design/icons';
import { workflowPermissionSchema, type WorkflowPermission } from '@bencao/contracts';
import { langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { confirmAction } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { workflowAdminApi as api, usePaged, useWfMutation, wfKeys, type GrantSummary, type ListQuery, type PermissionRow } from '../api/admin';
import { AccountSelect, OrganTreeSelect, RoleSelect } from './pickers';
import { zodRuleWithin } from './formRules';

const KEY = wfKeys.permissions;
const WHAT = ['start', 'monitor', 'administer'] as const;

function Who({ g }: { g: GrantSummary }) {
  const { t } = useTranslation('workflow');
  if (g.everyone) return <Tag color="green">{t('permission.everyone')}</Tag>;
  const parts = [
    g.roles ? t('permission.count.roles', { count: g.roles }) : null,
    g.organs ? t('permission.count.organs', { count: g.organs }) : null,
    g.accounts ? t('permission.count.accounts', { count: g.accounts }) : null,
  ].filter(Boolean);
  return parts.length ? <span>{parts.join(t('permission.count.sep'))}</span> : <Tag color="red">{t('permission.nobody')}</Tag>;
}

/** Per process definition: who may start it, monitor its instances and administer it. */
export function PermissionList() {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, api.permissions, q);
  const [editing, setEditing] = useState<PermissionRow | null>(null);
  const reset = useWfMutation(api.resetPermission, [KEY], () => message.success(t('permission.msg.reset')));
  const cols: TableProps<PermissionRow>['columns'] = [
    { title: t('permission.field.definitionKey'), dataIndex: 'definitionKey', width: 170, ellipsis: true },
    { title: t('permission.field.definitionName'), dataIndex: 'definitionName', width: 170, ellipsis: true, render: (v: string | null) => v ?? '—' },
    ...WHAT.map((w) => ({ title: t(`permission.what.${w}`), dataIndex: w, width: 150, render: (g: GrantSummary) => <Who g={g} /> })),
    {
      title: t('permission.field.state'), dataIndex: 'saved', width: 110,
      render: (v: boolean) => (v ? <Tag color="blue">{t('permission.state.custom')}</Tag> : <Tag>{t('permission.state.default')}</Tag>),
    },
    {
      title: t('permission.action.title'), key: 'actions', width: 190,
      render: (_, r) => can('bpm:permission:edit') && (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('permission.action.edit')}</Button>
          {r.saved && (
            <Button type="link" size="small" icon={<UndoOutlined />}
              onClick={() => void confirmAction(modal, t, () => reset.mutateAsync(r.definitionKey), t('permission.msg.resetConfirm'))}>
              {t('permission.action.reset')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small">
      <Form form={filters} layout="inline" style={{ marginBottom: 12 }} onFinish={(v) => setQ({ ...q, ...v, page: 1 })}>
        <Form.Item name="keyword" label={t('permission.field.keyword')}><Input allowClear placeholder={t('permission.placeholder.keyword')} /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('permission.action.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit }); }}>{t('permission.action.reset2')}</Button>
        </Space>
      </Form>
      <Typography.Paragraph type="secondary">{t('permission.hint.list')}</Typography.Paragraph>
      <Table<PermissionRow>
        rowKey="definitionKey" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1100 }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)}
      />
      {editing && <PermissionForm row={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function PermissionForm({ row, onClose }: { row: PermissionRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm<WorkflowPermission>();
  const rule = zodRuleWithin(workflowPermissionSchema, langOf(i18n.language));
  const detail = useQuery({ queryKey: [...KEY, 'detail', row.definitionKey], queryFn: () => api.permission(row.definitionKey), gcTime: 0 });
  const [failure, setFailure] = useState<string | null>(null);
  const values = Form.useWatch([], form) as WorkflowPermission | undefined;
  useEffect(() => {
    if (detail.data) form.setFieldsValue({ start: detail.data.start, monitor: detail.data.monitor, administer: detail.data.administer });
  }, [detail.data, form]);
  const save = useWfMutation((p: WorkflowPermission) => api.savePermission(row.definitionKey, p), [KEY], () => { message.success(t('permission.msg.saved')); onClose(); });
  const submit = async () => {
    await form.validateFields();
    setFailure(null);
    save.mutate(workflowPermissionSchema.parse(form.getFieldsValue(true)), { onError: (e) => setFailure(errorText(e)) });
  };
  return (
    <Modal open width={820} title={`${t('permission.title.edit')} · ${row.definitionName ?? row.definitionKey}`} onCancel={onClose} onOk={() => void submit()}
      confirmLoading={save.isPending} okText={t('permission.action.save')} cancelText={t('permission.action.cancel')} destroyOnHidden>
      {!detail.data ? <Skeleton active /> : (
        <Form form={form} name="wf-permission" layout="vertical">
          <Row gutter={16}>
            {WHAT.map((w) => {
              const everyone = values?.[w]?.everyone;
              return (
                <Col key={w} xs={24} md={8}>
                  <Card size="small" title={t(`permission.what.${w}`)} style={{ height: '100%' }}>
                    <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>{t(`permission.hint.${w}`)}</Typography.Paragraph>
                    <Form.Item name={[w, 'everyone']} label={t('permission.field.everyone')} valuePropName="checked"><Switch /></Form.Item>
                    <Form.Item name={[w, 'roleIds']} label={t('permission.field.roles')} rules={[rule]}>
                      <RoleSelect disabled={everyone} placeholder={t('permission.placeholder.roles')} />
                    </Form.Item>
                    <Form.Item name={[w, 'organIds']} label={t('permission.field.organs')} rules={[rule]} extra={t('permission.hint.organs')}>
                      <OrganTreeSelect disabled={everyone} placeholder={t('permission.placeholder.organs')} />
                    </Form.Item>
                    <Form.Item name={[w, 'accountIds']} label={t('permission.field.accounts')} rules={[rule]}>
                      <AccountSelect disabled={everyone} placeholder={t('permission.placeholder.accounts')} />
                    </Form.Item>
                  </Card>
                </Col>
              );
            })}
          </Row>
          {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
        </Form>
      )}
    </Modal>
  );
}
