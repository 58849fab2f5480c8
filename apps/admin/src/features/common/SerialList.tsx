import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, FieldNumberOutlined, PlusOutlined } from '@ant-design/icons';
import { SERIAL_TYPES, serialRuleSchema } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { langOf, zodRule } from '@/lib/zodRule';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { commonApi, keys, useCommonMutation, usePaged, type ListQuery, type SerialRow } from './api';

/** Business serial number rules. */
export function SerialList() {
  const { t } = useTranslation('common');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.serials, commonApi.serials, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<SerialRow | 'new' | null>(null);
  const remove = useCommonMutation((ids: number[]) => commonApi.deleteSerials(ids), [keys.serials], () => setSelected([]), 'msg.deleted');
  const next = useCommonMutation((id: number) => commonApi.nextSerial(id), [keys.serials], (n) => void message.success(t('msg.next', { no: n.serialNo })), null);
  const cols: ListColumn<SerialRow>[] = [
    { title: t('field.ruleId'), dataIndex: 'code', sorter: true, width: 170 },
    { title: t('field.name'), dataIndex: 'name', sorter: true, width: 150 },
    { title: t('field.type'), dataIndex: 'type', sorter: true, width: 90, exportLabels: Object.fromEntries(SERIAL_TYPES.map((v) => [v, t(`serialType.${v}`)])), render: (v: SerialRow['type']) => t(`serialType.${v}`) },
    { title: t('field.prefix'), dataIndex: 'prefix', width: 130 },
    { title: t('field.suffix'), dataIndex: 'suffix', width: 80, render: (v: string) => v || '—' },
    { title: t('field.length'), dataIndex: 'length', width: 70 },
    { title: t('field.currentValue'), dataIndex: 'currentValue', sorter: true, width: 110 },
    { title: t('field.period'), dataIndex: 'period', width: 100, render: (v: string) => v || '—' },
    { title: t('field.sample'), dataIndex: 'sample', width: 170, render: (v: string) => <Tag>{v}</Tag> },
    { title: t('field.organ'), dataIndex: 'organName', width: 150, render: (_, r) => (r.isGlobal ? <Tag color="blue">{t('field.isGlobal')}</Tag> : r.organName ?? '—') },
    {
      title: t('field.ops'), key: 'actions', width: 250, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('common:serial:draw') && <Button type="link" size="small" icon={<FieldNumberOutlined />} loading={next.isPending && next.variables === r.id}
            onClick={() => next.mutate(r.id)}>{t('action.next')}</Button>}
          {can('common:serial:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('common:serial:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<SerialRow>
        id="common.serials" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/common/serials', params: q as Record<string, unknown>, fileName: t('file.serials') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="type" name="type" label={t('field.type')}><Select allowClear style={{ width: 140 }} options={SERIAL_TYPES.map((v) => ({ value: v, label: t(`serialType.${v}`) }))} /></Form.Item>,
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.ruleId')} / ${t('field.name')}`} style={{ width: 240 }} /></Form.Item>,
          ],
        }}
        actions={<>
          {can('common:serial:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('common:serial:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length)}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1500 },
          rowSelection: can('common:serial:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <SerialForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function SerialForm({ row, onClose }: { row: SerialRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm();
  const [kw, setKw] = useState('');
  const organs = useQuery({ queryKey: ['common', 'organOptions', kw], queryFn: () => commonApi.organOptions(kw || undefined) });
  const isGlobal = Form.useWatch('isGlobal', form) ?? row?.isGlobal ?? true;
  const rule = zodRule(serialRuleSchema, langOf(i18n.language));
  const save = useCommonMutation((body: Record<string, unknown>) => {
    const parsed = serialRuleSchema.parse(body);
    return row ? commonApi.updateSerial(row.id, parsed) : commonApi.createSerial(parsed);
  }, [keys.serials], onClose);
  const organOptions = (organs.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.code})` }));
  if (row?.organId && !organOptions.some((o) => o.value === row.organId)) organOptions.unshift({ value: row.organId, label: row.organName ?? String(row.organId) });
  return (
    <Modal open width={560} title={row ? t('title.editSerial') : t('title.newSerial')} onCancel={onClose} onOk={async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(v); }}
      confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden maskClosable={false}>
      <Form form={form} layout="vertical" initialValues={row ?? { isGlobal: true, type: 'yearly', prefix: 'YYYY', length: 4, currentValue: 0 }}>
        <Form.Item name="code" label={t('field.ruleId')} required rules={[rule]}><Input maxLength={50} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="type" label={t('field.type')} required rules={[rule]}>
          <Select options={SERIAL_TYPES.map((v) => ({ value: v, label: t(`serialType.${v}`) }))} onChange={() => void form.validateFields(['prefix']).catch(() => undefined)} />
        </Form.Item>
        <Form.Item name="prefix" label={t('field.prefix')} extra={t('hint.prefix')} required rules={[rule]} dependencies={['type']}><Input maxLength={40} /></Form.Item>
        <Form.Item name="suffix" label={t('field.suffix')} rules={[rule]}><Input maxLength={20} /></Form.Item>
        <Space size="large">
          <Form.Item name="length" label={t('field.length')} extra={t('hint.length')} required rules={[rule]}><InputNumber min={1} max={9} precision={0} /></Form.Item>
          <Form.Item name="currentValue" label={t('field.currentValue')} rules={[rule]} dependencies={['length']}><InputNumber min={0} precision={0} /></Form.Item>
        </Space>
        <Form.Item name="isGlobal" valuePropName="checked"><Checkbox>{t('field.isGlobal')}</Checkbox></Form.Item>
        {!isGlobal && (
          <Form.Item name="organId" label={t('field.organ')} required rules={[rule]} dependencies={['isGlobal']}>
            <Select showSearch filterOption={false} onSearch={setKw} options={organOptions} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
