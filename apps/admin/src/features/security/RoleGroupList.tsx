import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { roleGroupSchema } from '@bencao/contracts';
import { keys, securityApi, usePaged, useSecurityMutation, type GroupRow, type ListQuery } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { langOf, zodRule } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { validValues } from './validate';
import { RolePicker } from './pickers';

export function RoleGroupList() {
  const { t } = useTranslation('security');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.groups, securityApi.groups, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<GroupRow | 'new' | null>(null);
  const remove = useSecurityMutation((ids: number[]) => securityApi.deleteGroups(ids), [keys.groups, keys.accounts], () => { message.success(t('msg.deleted')); setSelected([]); });
  const askDelete = (ids: number[]) => confirmDelete(modal, t, () => remove.mutateAsync(ids), ids.length);
  const cols: ListColumn<GroupRow>[] = [
    { title: t('field.code'), dataIndex: 'code', sorter: true, width: 180 },
    { title: t('field.name'), dataIndex: 'name', sorter: true, width: 200 },
    { title: t('field.roles'), dataIndex: 'roleNames', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('field.accountCount'), dataIndex: 'accountCount', width: 90 },
    { title: t('field.note'), dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 160, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('security:roleGroup:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('security:roleGroup:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete([r.id])}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<GroupRow>
        id="security.roleGroups" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/security/role-groups', params: q as Record<string, unknown>, fileName: t('title.groupsFile') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.code')} / ${t('field.name')}`} /></Form.Item>],
        }}
        actions={<>
          {can('security:roleGroup:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('security:roleGroup:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && askDelete(selected)}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 900 },
          rowSelection: can('security:roleGroup:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <GroupForm group={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function GroupForm({ group, onClose }: { group: GroupRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(roleGroupSchema, langOf(i18n.language));
  const detail = useQuery({ queryKey: ['security', 'group', group?.id], queryFn: () => securityApi.group(group!.id), enabled: !!group });
  useEffect(() => { if (!group) form.setFieldsValue({ roleIds: [] }); else if (detail.data) form.setFieldsValue(detail.data); }, [group, detail.data, form]);
  const save = useSecurityMutation(
    (body: Record<string, unknown>) => (group ? securityApi.updateGroup(group.id, body as never) : securityApi.createGroup(body as never)),
    [keys.groups, ['security', 'group', group?.id]], () => { message.success(t('msg.saved')); onClose(); },
  );
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    save.mutate(roleGroupSchema.parse({ ...v, roleIds: v.roleIds ?? [] }) as never);
  };
  return (
    <Modal open width={560} title={group ? t('title.editGroup') : t('title.newGroup')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark onFinish={submit}>
        <Form.Item name="code" label={t('field.code')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="roleIds" label={t('field.roles')} rules={[rule]}><RolePicker /></Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        {/* Enter in a field saves, as in any form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
