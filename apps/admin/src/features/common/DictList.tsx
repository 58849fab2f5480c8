import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Drawer, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { DICT_COLORS, dictItemSchema, dictSchema, type DictColor } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { dictKey } from '@/components/DictSelect';
import { commonApi, keys, useCommonMutation, usePaged, type DictItemRow, type DictRow, type ListQuery } from './api';
import { formatDateTime } from '@/lib/format';

const when = (s: string) => formatDateTime(s);

/** Dictionaries and their items. */
export function DictList() {
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.dicts, commonApi.dicts, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<DictRow | 'new' | null>(null);
  const [itemsOf, setItemsOf] = useState<DictRow | null>(null);
  const remove = useCommonMutation((ids: number[]) => commonApi.deleteDicts(ids), [keys.dicts, dictKey()], () => setSelected([]), 'msg.deleted');
  const cols: ListColumn<DictRow>[] = [
    { title: t('field.code'), dataIndex: 'code', sorter: true, width: 160 },
    { title: t('field.name'), dataIndex: 'name', sorter: true, width: 180 },
    { title: t('field.note'), dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('field.itemCount'), dataIndex: 'itemCount', width: 90 },
    { title: t('field.updatedBy'), dataIndex: 'updatedBy', sorter: true, width: 130, render: (v: string | null) => v ?? '—' },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', sorter: true, width: 180, render: when },
    {
      title: t('field.ops'), key: 'actions', width: 290, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setItemsOf(r)}>{t('action.items')}</Button>
          {can('common:dict:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('common:dict:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<DictRow>
        id="common.dicts" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/common/dicts', params: q as Record<string, unknown>, fileName: t('file.dicts') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.code')} / ${t('field.name')}`} style={{ width: 240 }} /></Form.Item>],
        }}
        actions={<>
          {can('common:dict:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('common:dict:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1100 },
          rowSelection: can('common:dict:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <DictForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {itemsOf && <ItemsDrawer dict={itemsOf} onClose={() => setItemsOf(null)} />}
    </>
  );
}

function DictForm({ row, onClose }: { row: DictRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const rule = zodRule(dictSchema, langOf(i18n.language));
  const save = useCommonMutation((body: Record<string, unknown>) => {
    const parsed = dictSchema.parse(body);
    return row ? commonApi.updateDict(row.id, parsed) : commonApi.createDict(parsed);
  }, [keys.dicts, dictKey()], onClose);
  return (
    <Modal open width={480} title={row ? t('title.editDict') : t('title.newDict')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={row ?? {}}>
        <Form.Item name="code" label={t('field.code')} required rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}

function ItemsDrawer({ dict, onClose }: { dict: DictRow; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10, dictId: dict.id });
  const [filters] = Form.useForm();
  const list = usePaged(keys.items, commonApi.items, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<DictItemRow | 'new' | null>(null);
  const remove = useCommonMutation((ids: number[]) => commonApi.deleteItems(ids), [keys.items, keys.dicts, dictKey()], () => setSelected([]), 'msg.deleted');
  const cols: ListColumn<DictItemRow>[] = [
    { title: t('field.code'), dataIndex: 'code', sorter: true },
    { title: t('field.name'), dataIndex: 'name', sorter: true, render: (v: string, r) => <Tag color={r.color === 'default' ? undefined : r.color}>{v}</Tag> },
    { title: t('color.label'), dataIndex: 'color', width: 150, render: (v: DictColor) => t(`color.${v}`) },
    { title: t('field.index'), dataIndex: 'seq', sorter: true, width: 90 },
    {
      title: t('field.ops'), key: 'actions', width: 150,
      render: (_, r) => can('common:dict:edit') && (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>
        </Space>
      ),
    },
  ];
  return (
    <Drawer open size="large" title={t('title.items', { name: dict.name })} onClose={onClose} destroyOnHidden>
      <ListPage<DictItemRow>
        id="common.dictItems" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/common/dict-items', params: q as Record<string, unknown>, fileName: `${t('file.dictItems')}-${dict.code}` }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit, dictId: dict.id }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.code')} / ${t('field.name')}`} style={{ width: 220 }} /></Form.Item>],
        }}
        actions={can('common:dict:edit') && <>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>{t('action.batchDelete')}</Button>
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [],
          rowSelection: can('common:dict:edit') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <ItemForm dictId={dict.id} row={editing === 'new' ? null : editing} next={list.data?.total ?? 0} onClose={() => setEditing(null)} />}
    </Drawer>
  );
}

function ItemForm({ dictId, row, next, onClose }: { dictId: number; row: DictItemRow | null; next: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const rule = zodRule(dictItemSchema, langOf(i18n.language), (v) => ({ ...v, dictId }));
  const save = useCommonMutation((body: Record<string, unknown>) => {
    const parsed = dictItemSchema.parse({ ...body, dictId });
    return row ? commonApi.updateItem(row.id, parsed) : commonApi.createItem(parsed);
  }, [keys.items, keys.dicts, dictKey()], onClose);
  return (
    <Modal open width={440} title={row ? t('title.editItem') : t('title.newItem')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={row ?? { seq: next, color: 'default' }}>
        <Form.Item name="code" label={t('field.code')} required rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="seq" label={t('field.index')} rules={[rule]}><InputNumber min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="color" label={t('color.label')} rules={[rule]}>
          <Select options={DICT_COLORS.map((c) => ({ value: c, label: <Tag color={c === 'default' ? undefined : c}>{t(`color.${c}`)}</Tag> }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
