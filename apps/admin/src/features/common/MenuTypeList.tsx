import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { menuTypeSchema } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { commonApi, keys, useCommonMutation, usePaged, type ListQuery, type MenuTypeRow } from './api';

/** Menu categories; system presets cannot be deleted. */
export function MenuTypeList() {
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.menuTypes, commonApi.menuTypes, q);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<MenuTypeRow | 'new' | null>(null);
  const remove = useCommonMutation((ids: string[]) => commonApi.deleteMenuTypes(ids), [keys.menuTypes], () => setSelected([]), 'msg.deleted');
  const cols: ListColumn<MenuTypeRow>[] = [
    { title: t('field.typeId'), dataIndex: 'id', sorter: true, width: 200 },
    { title: t('field.name'), dataIndex: 'name', sorter: true },
    { title: t('field.preset'), dataIndex: 'isPreset', sorter: true, width: 120, exportLabels: { true: t('yes'), false: t('no') }, render: (v: boolean) => (v ? <Tag color="gold">{t('yes')}</Tag> : t('no')) },
    { title: t('field.menuCount'), dataIndex: 'menuCount', width: 100 },
    {
      title: t('field.ops'), key: 'actions', width: 200, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('common:menuType:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('common:menuType:delete') && !r.isPreset && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<MenuTypeRow>
        id="common.menuTypes" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/common/menu-types', params: q as Record<string, unknown>, fileName: t('file.menuTypes') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.typeId')} / ${t('field.name')}`} style={{ width: 240 }} /></Form.Item>],
        }}
        actions={<>
          {can('common:menuType:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('common:menuType:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [],
          rowSelection: can('common:menuType:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]), getCheckboxProps: (r) => ({ disabled: r.isPreset }) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
          footer: () => t('hint.presetUndeletable'),
        }}
      />
      {editing && <MenuTypeForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function MenuTypeForm({ row, onClose }: { row: MenuTypeRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const rule = zodRule(menuTypeSchema, langOf(i18n.language));
  const save = useCommonMutation((body: Record<string, unknown>) => {
    const parsed = menuTypeSchema.parse(body);
    return row ? commonApi.updateMenuType(row.id, parsed) : commonApi.createMenuType(parsed);
  }, [keys.menuTypes], onClose);
  return (
    <Modal open width={480} title={row ? t('title.editMenuType') : t('title.newMenuType')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={row ?? {}}>
        <Form.Item name="id" label={t('field.typeId')} required rules={[rule]}><Input maxLength={50} disabled={!!row} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
      </Form>
    </Modal>
  );
}
