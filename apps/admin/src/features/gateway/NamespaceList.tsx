import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { namespaceSchema } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { confirmDelete } from '@/components/confirm';
import { ListPage } from '@/components/list-page/ListPage';
import { gatewayApi, useGwMutation, type NamespaceRow } from './api';

const KEY = ['gateway', 'namespaces'];

/** Config centre namespaces with their config counts. */
export function NamespaceList() {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const list = useQuery({ queryKey: KEY, queryFn: gatewayApi.namespaces });
  const [editing, setEditing] = useState<NamespaceRow | 'new' | null>(null);
  const remove = useGwMutation((id: string) => gatewayApi.deleteNamespace(id), [KEY], () => message.success(t('msg.deleted')));
  return (
    <>
      <ListPage<NamespaceRow>
        id="gateway.namespaces" onRefresh={() => list.refetch()}
        exporter={{ url: '/api/gateway/namespaces', params: {}, fileName: t('file.namespaces') }}
        actions={can('gateway:namespace:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
        table={{ rowKey: 'id', loading: list.isFetching, dataSource: list.data ?? [], pagination: false, scroll: { x: 900 } }}
        columns={[
          { title: t('field.namespaceId'), dataIndex: 'id', width: 320 },
          { title: t('field.showName'), dataIndex: 'showName' },
          { title: t('field.description'), dataIndex: 'description', render: (v: string | null) => v ?? '—' },
          { title: t('field.configCount'), dataIndex: 'configCount', width: 100 },
          {
            title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 200, fixed: 'right',
            render: (_, r) => (
              <Space size={0} wrap>
                {can('gateway:namespace:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
                {can('gateway:namespace:delete') && r.id !== 'public' && (
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync(r.id))}>{t('action.delete')}</Button>
                )}
              </Space>
            ),
          },
        ]} />
      {editing && <NamespaceForm ns={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function NamespaceForm({ ns, onClose }: { ns: NamespaceRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(namespaceSchema, langOf(i18n.language));
  useEffect(() => { if (ns) form.setFieldsValue({ namespaceId: ns.id, showName: ns.showName, description: ns.description }); }, [ns, form]);
  const save = useGwMutation((body: unknown) => (ns ? gatewayApi.updateNamespace(ns.id, body) : gatewayApi.createNamespace(body)), [KEY],
    () => { message.success(t('msg.saved')); onClose(); });
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(namespaceSchema.parse(v)); };
  return (
    <Modal open title={ns ? t('title.editNamespace') : t('title.newNamespace')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwNamespace" layout="vertical" requiredMark>
        <Form.Item name="namespaceId" label={t('field.namespaceId')} rules={[rule]}><Input disabled={!!ns} maxLength={64} placeholder="UUID" /></Form.Item>
        <Form.Item name="showName" label={t('field.showName')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}
