import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { organRuleSchema } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { keys, organApi, useOrganMutation, usePaged, type ListQuery, type RuleRow } from './api';

/** Organ rules: which organ type may sit under which (company → department → position). */
export function RuleList() {
  const { t } = useTranslation('organ');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.rules, organApi.rules, q);
  const types = useQuery({ queryKey: [...keys.types, 'options'], queryFn: organApi.typeOptions });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<RuleRow | 'new' | null>(null);
  const remove = useOrganMutation((ids: number[]) => organApi.deleteRules(ids), [keys.rules], () => setSelected([]), 'msg.deleted');
  const typeLabel = (code: string | null, name: string | null) => (code ? `${name ?? code} (${code})` : t('hint.topLevel'));
  const typeLabels = Object.fromEntries((types.data ?? []).map((x) => [x.code, `${x.name} (${x.code})`]));
  const cols: ListColumn<RuleRow>[] = [
    { title: t('field.parentTypeRule'), dataIndex: 'parentTypeCode', sorter: true, exportLabels: typeLabels, render: (_, r) => typeLabel(r.parentTypeCode, r.parentTypeName) },
    { title: t('field.childTypeRule'), dataIndex: 'childTypeCode', sorter: true, exportLabels: typeLabels, render: (_, r) => typeLabel(r.childTypeCode, r.childTypeName) },
    { title: t('field.note'), dataIndex: 'note', ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: t('field.ops'), key: 'actions', width: 200, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('organ:rule:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('organ:rule:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  const typeOptions = (types.data ?? []).map((x) => ({ value: x.code, label: `${x.name} (${x.code})` }));
  return (
    <>
      <Alert type="info" showIcon message={t('hint.rules')} style={{ marginBottom: 12 }} />
      <ListPage<RuleRow>
        id="organ.rules" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/organ/rules', params: q as Record<string, unknown>, fileName: t('file.rules') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="typeCode" name="typeCode" label={t('field.type')}><Select allowClear style={{ width: 200 }} options={typeOptions} /></Form.Item>,
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear style={{ width: 200 }} /></Form.Item>,
          ],
        }}
        actions={<>
          {can('organ:rule:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('organ:rule:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>
              {t('action.batchDelete')}
            </Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 800 },
          rowSelection: can('organ:rule:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <RuleForm rule={editing === 'new' ? null : editing} typeOptions={typeOptions} onClose={() => setEditing(null)} />}
    </>
  );
}

function RuleForm({ rule: current, typeOptions, onClose }: { rule: RuleRow | null; typeOptions: { value: string; label: string }[]; onClose: () => void }) {
  const { t, i18n } = useTranslation('organ');
  const [form] = Form.useForm();
  const rule = zodRule(organRuleSchema, langOf(i18n.language));
  const save = useOrganMutation((body: Record<string, unknown>) => {
    const parsed = organRuleSchema.parse(body);
    return current ? organApi.updateRule(current.id, parsed) : organApi.createRule(parsed);
  }, [keys.rules], onClose);
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); };
  return (
    <Modal open width={520} title={current ? t('title.editRule') : t('title.newRule')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={current ?? {}}>
        <Form.Item name="parentTypeCode" label={t('field.parentTypeRule')} rules={[rule]}>
          <Select allowClear placeholder={t('hint.topLevel')} options={typeOptions} />
        </Form.Item>
        <Form.Item name="childTypeCode" label={t('field.childTypeRule')} required rules={[rule]}><Select options={typeOptions} /></Form.Item>
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
      </Form>
    </Modal>
  );
}
