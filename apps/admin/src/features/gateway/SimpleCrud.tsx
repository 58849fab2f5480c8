import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Button, Col, Form, Input, InputNumber, Modal, Row as GridRow, Select, Space, Switch, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { maxLengthOf } from '@/lib/schemaLimits';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { gatewayApi, usePaged, useGwMutation, SIMPLE_BASES, type ListQuery, type Row, type SimpleKind } from './api';

/** One field of a simple rule screen: shown in the table and edited in the form. */
export interface FieldSpec {
  name: string;
  /** resource: a route id or an API group name, picked from the existing ones (by the form's resourceMode) */
  kind: 'text' | 'textarea' | 'number' | 'select' | 'switch' | 'time' | 'resource';
  required?: boolean;
  /** select: option values; labels are `${name}.${value}` translations */
  options?: readonly string[];
  optionNs?: string;
  inTable?: boolean;
  sortable?: boolean;
  extra?: ReactNode;
  /** the unit shown after a number */
  unit?: string;
  /** shown only when the form's values satisfy it */
  when?: (values: Record<string, unknown>) => boolean;
  min?: number; max?: number; step?: number;
}

/** List + form of API groups, flow and degrade rules, alarm rules and receivers (the same CRUD shape). */
export function SimpleCrud({ kind, authority, schema, fields, defaults, toggles }: {
  kind: SimpleKind; authority: string; schema: z.ZodType; fields: FieldSpec[]; defaults: Record<string, unknown>; toggles?: boolean;
}) {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const key = ['gateway', kind];
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(key, (x) => gatewayApi.list(kind, x), q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const remove = useGwMutation((ids: number[]) => gatewayApi.remove(kind, ids), [key], () => { message.success(t('msg.deleted')); setSelected([]); });
  const toggle = useGwMutation((a: { id: number; on: boolean }) => gatewayApi.setEnabled(kind, a.id, a.on), [key]);

  const show = (f: FieldSpec, v: unknown): ReactNode => {
    if (f.kind === 'switch') return <Tag color={v ? 'green' : undefined}>{v ? t('state.inUse') : t('state.notInUse')}</Tag>;
    if (f.kind === 'select' && typeof v === 'string') return t(`${f.optionNs ?? f.name}.${v}`);
    return v === null || v === undefined || v === '' ? '—' : String(v);
  };
  const exportLabels = (f: FieldSpec): Record<string, string> | undefined =>
    (f.kind === 'switch' ? { true: t('state.inUse'), false: t('state.notInUse') }
      : f.kind === 'select' && f.options ? Object.fromEntries(f.options.map((o) => [o, t(`${f.optionNs ?? f.name}.${o}`)])) : undefined);
  const cols: ListColumn<Row>[] = [
    ...fields.filter((f) => f.inTable !== false).map((f) => ({
      title: t(`field.${f.name === 'enabled' ? 'ruleEnabled' : f.name}`), dataIndex: f.name, sorter: !!f.sortable, ellipsis: f.kind === 'textarea', exportLabels: exportLabels(f),
      render: (v: unknown, r: Row) => (f.kind === 'switch' && toggles && f.name === 'enabled'
        ? <Switch size="small" checked={!!v} disabled={!can(`${authority}:edit`)} onChange={(on) => toggle.mutate({ id: r.id, on })} />
        : show(f, v)),
    })),
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 200, fixed: 'right' as const,
      render: (_: unknown, r: Row) => (
        <Space size={0} wrap>
          {can(`${authority}:edit`) && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can(`${authority}:delete`) && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<Row>
        id={`gateway.${kind}`} columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: SIMPLE_BASES[kind], params: q as Record<string, unknown>, fileName: t(`file.${kind}`) }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear maxLength={100} /></Form.Item>],
        }}
        actions={<>
          {can(`${authority}:add`) && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can(`${authority}:delete`) && (
            <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1000 },
          rowSelection: { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit), onChange: onTableChange(setQ),
        }}
      />
      {editing && (
        <SimpleForm kind={kind} schema={schema} fields={fields} row={editing === 'new' ? null : editing} defaults={defaults}
          invalidate={key} onClose={() => setEditing(null)} />
      )}
    </>
  );
}

function SimpleForm({ kind, schema, fields, row, defaults, invalidate, onClose }: {
  kind: SimpleKind; schema: z.ZodType; fields: FieldSpec[]; row: Row | null; defaults: Record<string, unknown>; invalidate: string[]; onClose: () => void;
}) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const rule = zodRule(schema, langOf(i18n.language));
  const [initial] = useState(() => row ?? defaults);
  useEffect(() => { form.setFieldsValue(initial); }, [initial, form]);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useGwMutation((body: unknown) => (row ? gatewayApi.update(kind, row.id, body) : gatewayApi.create(kind, body)), [invalidate],
    () => { message.success(row ? t('msg.updateOk') : t('msg.createOk')); onClose(); });
  /** checks only the server can make (an alarm expression, a rule's resource): shown under the field it names */
  const showServerError = (e: unknown) => {
    const text = errorText(e);
    const m = /^(\w+)[:：]\s*([\s\S]*)$/.exec(text);
    if (m && fields.some((f) => f.name === m[1])) form.setFields([{ name: m[1], errors: [m[2]] }]);
    else setFailure(text);
  };
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setFailure(null);
    save.mutate(schema.parse({ ...defaults, ...v }), { onError: showServerError });
  };
  return (
    <Modal open width={720} title={t(row ? `title.edit.${kind}` : `title.new.${kind}`)} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name={`gw-${kind}`} layout="vertical" requiredMark>
        {/* two columns, so a long rule form stays within the window; texts with room of their own span both */}
        <GridRow gutter={16}>
          {fields.filter((f) => !f.when || f.when({ ...defaults, ...(row ?? {}), ...(values ?? {}) })).map((f) => (
            <Col key={f.name} xs={24} sm={f.kind === 'textarea' || f.extra ? 24 : 12}>
              <Form.Item name={f.name} label={t(`field.${f.name === 'enabled' ? 'ruleEnabled' : f.name}`)} required={f.required}
                rules={[rule]} valuePropName={f.kind === 'switch' ? 'checked' : 'value'} extra={f.extra}>
                {f.kind === 'text' && <Input maxLength={maxLengthOf(schema, f.name) ?? 500} />}
                {f.kind === 'time' && <Input placeholder="09:00" maxLength={5} style={{ width: 120 }} />}
                {f.kind === 'textarea' && <Input.TextArea rows={3} maxLength={maxLengthOf(schema, f.name) ?? 2000} style={f.name === 'expression' ? { fontFamily: 'monospace' } : undefined} />}
                {f.kind === 'number' && <InputNumber min={f.min} max={f.max} step={f.step} style={{ width: '100%' }} suffix={f.unit} />}
                {f.kind === 'switch' && <Switch />}
                {f.kind === 'select' && <Select options={(f.options ?? []).map((o) => ({ value: o, label: t(`${f.optionNs ?? f.name}.${o}`) }))} />}
                {f.kind === 'resource' && <ResourceSelect mode={(values?.resourceMode ?? defaults.resourceMode) === 'apiGroup' ? 'apiGroup' : 'route'} />}
              </Form.Item>
            </Col>
          ))}
        </GridRow>
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}

/** The routes (by route id) or API groups (by name) that exist, searchable; a value typed earlier stays selectable. */
function ResourceSelect({ mode, id, value, onChange }: { mode: 'route' | 'apiGroup'; id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation('gateway');
  const options = useQuery({
    queryKey: ['gateway', 'resource-options', mode],
    queryFn: async () => (mode === 'route'
      ? (await gatewayApi.routes({ page: 1, limit: 500 })).records.map((r) => ({ value: r.routeId, label: `${r.routeId} — ${r.routeName}` }))
      : (await gatewayApi.list('apiGroup', { page: 1, limit: 500 })).records.map((g) => ({ value: String(g.name), label: String(g.name) }))),
  });
  const list = options.data ?? [];
  const withCurrent = value && !list.some((o) => o.value === value) ? [{ value, label: value }, ...list] : list;
  return (
    <Select id={id} showSearch={{ optionFilterProp: 'label' }} value={value} onChange={onChange} options={withCurrent} loading={options.isLoading}
      placeholder={t(mode === 'route' ? 'hint.pickRoute' : 'hint.pickApiGroup')} notFoundContent={t('hint.noResources')} />
  );
}
