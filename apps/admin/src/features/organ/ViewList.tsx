import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { organViewSchema } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { keys, organApi, useOrganMutation, usePaged, type ListQuery, type ViewRow } from './api';

/** Organ views: each is one hierarchy of organs. */
export function ViewList() {
  const { t } = useTranslation('organ');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.views, organApi.views, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ViewRow | 'new' | null>(null);
  const remove = useOrganMutation((ids: number[]) => organApi.deleteViews(ids), [keys.views], () => setSelected([]), 'msg.deleted');
  const cols: ListColumn<ViewRow>[] = [
    { title: t('field.viewId'), dataIndex: 'code', sorter: true, width: 200 },
    { title: t('field.viewName'), dataIndex: 'name', sorter: true, width: 240 },
    { title: t('field.organCount'), dataIndex: 'organCount', width: 100 },
    { title: t('field.note'), dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: t('field.ops'), key: 'actions', width: 200, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('organ:view:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('organ:view:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<ViewRow>
        id="organ.views" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/organ/views', params: q as Record<string, unknown>, fileName: t('file.views') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.viewId')} / ${t('field.viewName')}`} style={{ width: 260 }} /></Form.Item>],
        }}
        actions={<>
          {can('organ:view:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('organ:view:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>
              {t('action.batchDelete')}
            </Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 800 },
          rowSelection: can('organ:view:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <ViewForm view={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function ViewForm({ view, onClose }: { view: ViewRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('organ');
  const [form] = Form.useForm();
  const rule = zodRule(organViewSchema, langOf(i18n.language));
  const save = useOrganMutation((body: Record<string, unknown>) => {
    const parsed = organViewSchema.parse(body);
    return view ? organApi.updateView(view.id, parsed) : organApi.createView(parsed);
  }, [keys.views], onClose);
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); };
  return (
    <Modal open width={520} title={view ? t('title.editView') : t('title.newView')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={view ?? {}}>
        <Form.Item name="code" label={t('field.viewId')} required rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="name" label={t('field.viewName')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={3} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}
