import { useState } from 'react';
import { App, Button, Card, Form, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PORTAL_SCOPES, assignmentSchema, type PortalAssignment, type PortalScope } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { zodRule, langOf } from '@/lib/zodRule';
import { confirmDelete } from '@/components/confirm';
import { portalApi, portalKeys, useNodes, usePortalMutation } from './api';
import { ScopeSelect } from './ScopeSelect';

/** Which pages go to which users, organisations, roles or everyone; priority, default and lock. */
export function AssignmentList() {
  const { t, i18n } = useTranslation('portal');
  const { modal } = App.useApp();
  const can = usePermission();
  const list = useQuery({ queryKey: portalKeys.assignments, queryFn: portalApi.assignments });
  const nodes = useNodes();
  const [editing, setEditing] = useState<PortalAssignment | 'new' | null>(null);
  const [form] = Form.useForm();
  const scopeType = Form.useWatch('scopeType', form) as PortalScope | undefined;
  const save = usePortalMutation(async (v: { id?: number; body: Parameters<typeof portalApi.createAssignment>[0] }) =>
    (v.id ? portalApi.updateAssignment(v.id, v.body) : portalApi.createAssignment(v.body)));
  const remove = usePortalMutation(portalApi.deleteAssignment);
  const rule = zodRule(assignmentSchema, langOf(i18n.language));

  const open = (a: PortalAssignment | 'new') => {
    setEditing(a);
    form.resetFields();
    form.setFieldsValue(a === 'new' ? { scopeType: 'role', scopeIds: [], priority: 0, isDefault: true, locked: false } : a);
  };
  const submit = async () => {
    const v = await form.validateFields();
    await save.mutateAsync({ id: editing === 'new' ? undefined : editing!.id, body: assignmentSchema.parse({ ...v, scopeIds: v.scopeIds ?? [] }) });
    setEditing(null);
  };

  return (
    <Card title={t('assign.title')} extra={can('cportal:portal:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>{t('assign.add')}</Button>}>
      <Typography.Paragraph type="secondary">{t('assign.rule')}</Typography.Paragraph>
      <Table<PortalAssignment> rowKey="id" loading={list.isLoading} dataSource={list.data ?? []} pagination={false} columns={[
        { title: t('assign.page'), dataIndex: 'pageName' },
        { title: t('assign.scopeType'), dataIndex: 'scopeType', render: (s: PortalScope) => t(`assign.type.${s}`) },
        { title: t('assign.scope'), dataIndex: 'scopeNames', render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
        { title: t('assign.priority'), dataIndex: 'priority' },
        { title: t('assign.isDefault'), dataIndex: 'isDefault', render: (v: boolean) => t(v ? 'assign.yes' : 'assign.no') },
        { title: t('assign.locked'), dataIndex: 'locked', render: (v: boolean) => (v ? <Tag icon={<LockOutlined />}>{t('assign.yes')}</Tag> : t('assign.no')) },
        { title: t('assign.actions'), key: 'a', render: (_, a) => (
          <Space>
            {can('cportal:portal:edit') && <Button type="link" size="small" onClick={() => open(a)}>{t('assign.edit')}</Button>}
            {can('cportal:portal:delete') && <Button type="link" size="small" danger onClick={() => confirmDelete(modal, t, () => remove.mutateAsync(a.id))}>{t('assign.delete')}</Button>}
          </Space>
        ) },
      ]} />
      <Modal open={!!editing} title={t(editing === 'new' ? 'assign.add' : 'assign.edit')} onCancel={() => setEditing(null)} onOk={submit} confirmLoading={save.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="pageId" label={t('assign.page')} rules={[rule]}>
            <Select options={(nodes.data ?? []).filter((n) => n.kind === 'page').map((n) => ({ value: n.id, label: n.name }))} />
          </Form.Item>
          <Form.Item name="scopeType" label={t('assign.scopeType')}>
            <Radio.Group optionType="button" options={PORTAL_SCOPES.map((s) => ({ value: s, label: t(`assign.type.${s}`) }))} onChange={() => form.setFieldValue('scopeIds', [])} />
          </Form.Item>
          {scopeType && scopeType !== 'everyone' && (
            <Form.Item name="scopeIds" label={t(`assign.type.${scopeType}`)} rules={[rule]}><ScopeSelect key={scopeType} type={scopeType} mode="multiple" /></Form.Item>
          )}
          <Form.Item name="priority" label={t('assign.priority')}><InputNumber min={0} max={10000} precision={0} /></Form.Item>
          <Form.Item name="isDefault" label={t('assign.isDefault')} valuePropName="checked"><Switch /></Form.Item>
          <Form.Item name="locked" label={t('assign.locked')} valuePropName="checked" extra={t('assign.lockedHint')}><Switch /></Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
