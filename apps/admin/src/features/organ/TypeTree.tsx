import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { organTypeSchema } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { keys, organApi, useOrganMutation, type TypeRow } from './api';

type TypeNode = TypeRow & { children?: TypeNode[] };

/** Organ types as a tree (parent type code), searchable; few rows, loaded whole. */
export function TypeTree() {
  const { t } = useTranslation('organ');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<TypeRow | 'new' | null>(null);
  const list = useQuery({ queryKey: [...keys.types, keyword], queryFn: () => organApi.types(keyword || undefined) });
  const remove = useOrganMutation((codes: string[]) => organApi.deleteTypes(codes), [keys.types], () => setSelected([]), 'msg.deleted');
  const tree = useMemo(() => {
    const rows = list.data ?? [];
    const byCode = new Map<string, TypeNode>(rows.map((r) => [r.code, { ...r }]));
    const roots: TypeNode[] = [];
    for (const n of byCode.values()) {
      const p = n.parentCode ? byCode.get(n.parentCode) : undefined;
      if (p) (p.children ??= []).push(n); else roots.push(n);
    }
    return roots;
  }, [list.data]);
  const cols: TableProps<TypeNode>['columns'] = [
    { title: t('field.typeCode'), dataIndex: 'code', width: 200 },
    { title: t('field.typeName'), dataIndex: 'name', width: 200 },
    { title: t('field.holdsStaff'), dataIndex: 'holdsStaff', width: 220, render: (v: boolean) => (v ? <Tag color="blue">{t('yes')}</Tag> : t('no')) },
    { title: t('field.seq'), dataIndex: 'seq', width: 100 },
    { title: t('field.organCount'), dataIndex: 'organCount', width: 100 },
    { title: t('field.note'), dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: t('field.ops'), key: 'actions', width: 200, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('organ:type:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('organ:type:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.code]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search allowClear placeholder={`${t('field.typeCode')} / ${t('field.typeName')}`} onSearch={setKeyword} enterButton={t('action.search')} style={{ width: 320 }} />
        {can('organ:type:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
        {can('organ:type:delete') && (
          <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>
            {t('action.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<TypeNode>
        rowKey="code" size="small" columns={cols} loading={list.isFetching} dataSource={tree} pagination={false} scroll={{ x: 1000 }}
        expandable={{ defaultExpandAllRows: true }} key={tree.length}
        rowSelection={can('organ:type:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]), checkStrictly: true } : undefined}
      />
      {editing && <TypeForm type={editing === 'new' ? null : editing} all={list.data ?? []} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function TypeForm({ type, all, onClose }: { type: TypeRow | null; all: TypeRow[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('organ');
  const [form] = Form.useForm();
  const rule = zodRule(organTypeSchema, langOf(i18n.language));
  const save = useOrganMutation((body: Record<string, unknown>) => {
    const parsed = organTypeSchema.parse(body);
    return type ? organApi.updateType(type.code, parsed) : organApi.createType(parsed);
  }, [keys.types], onClose);
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); };
  return (
    <Modal open width={520} title={type ? t('title.editType') : t('title.newType')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={type ?? { holdsStaff: false, seq: 0 }}>
        <Form.Item name="code" label={t('field.typeCode')} extra={t('hint.typeCode')} required rules={[rule]}><Input /></Form.Item>
        <Form.Item name="name" label={t('field.typeName')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="parentCode" label={t('field.parentType')} rules={[rule]}>
          <Select allowClear options={all.filter((x) => x.code !== type?.code).map((x) => ({ value: x.code, label: `${x.name} (${x.code})` }))} />
        </Form.Item>
        <Form.Item name="seq" label={t('field.seq')} rules={[rule]}><InputNumber min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
        <Form.Item name="holdsStaff" valuePropName="checked" extra={t('hint.onePosition')}><Checkbox>{t('field.holdsStaff')}</Checkbox></Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}
