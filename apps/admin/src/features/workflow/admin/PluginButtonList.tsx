import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { pluginButtonSchema, type I18nText, type PluginKind } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { workflowAdminApi as api, usePaged, useWfMutation, wfKeys, type ListQuery, type PluginButtonRow } from '../api/admin';
import { DefinitionSelect, NodeSelect } from './pickers';
import { I18nTextInput } from './LangTabs';
import { KvRows } from './KvRows';
import type { KvRow } from './settingsForm';

const AUTH = 'bpm:pluginButton';
const KEY = wfKeys.pluginButtons;
const USER_TASKS = ['userTask'] as const;

/** A text of the four languages in the console's language (English when that one is empty). */
export const textIn = (text: I18nText | null | undefined, lang: string) => (text ? (text[lang.slice(0, 2) as keyof I18nText] || text.en) : '');

/** The plugin types for the button form's select. */
function usePluginTypeOptions() {
  return useQuery({ queryKey: [...wfKeys.pluginTypes, 'options'], queryFn: () => api.pluginTypes({ page: 1, limit: 500, sort: 'code', order: 'asc' }), staleTime: 30_000 });
}

/** Plugin buttons: extra buttons on the tasks of a definition (all, or some nodes), each running a plugin type. */
export function PluginButtonList() {
  const { t, i18n } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, api.pluginButtons, q);
  const types = usePluginTypeOptions();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<PluginButtonRow | 'new' | null>(null);
  const remove = useWfMutation(api.deletePluginButtons, [KEY], () => { message.success(t('plugin.msg.deleted')); setSelected([]); });
  const typeOf = (code: string) => types.data?.records.find((x) => x.code === code);
  const cols: TableProps<PluginButtonRow>['columns'] = [
    { title: t('plugin.field.code'), dataIndex: 'code', sorter: true, width: 150, ellipsis: true },
    { title: t('plugin.field.label'), dataIndex: 'label', width: 160, render: (v: I18nText) => textIn(v, i18n.language) },
    {
      title: t('plugin.field.pluginType'), dataIndex: 'pluginTypeCode', width: 200,
      render: (v: string) => { const ty = typeOf(v); return ty ? <Space size={4}>{ty.name}<Tag color="purple">{t(`plugin.kind.${ty.kind}`)}</Tag></Space> : <Typography.Text code>{v}</Typography.Text>; },
    },
    {
      title: t('plugin.field.where'), key: 'where',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.definitionKey ? <Typography.Text code>{r.definitionKey}</Typography.Text> : <Tag>{t('plugin.where.allDefinitions')}</Tag>}
          {r.nodeIds.length ? r.nodeIds.map((n) => <Tag key={n}>{n}</Tag>) : <Tag>{t('plugin.where.allNodes')}</Tag>}
        </Space>
      ),
    },
    { title: t('plugin.field.confirm'), dataIndex: 'confirm', width: 90, render: (v: boolean) => (v ? t('plugin.state.yes') : t('plugin.state.no')) },
    { title: t('plugin.field.seq'), dataIndex: 'seq', sorter: true, width: 80 },
    { title: t('plugin.field.enabled'), dataIndex: 'enabled', width: 90, render: (v: boolean) => (v ? <Tag color="green">{t('plugin.state.enabled')}</Tag> : <Tag>{t('plugin.state.disabled')}</Tag>) },
    {
      title: t('plugin.action.title'), key: 'actions', width: 170, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can(`${AUTH}:edit`) && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('plugin.action.edit')}</Button>}
          {can(`${AUTH}:delete`) && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('plugin.action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => setQ({ ...q, ...v, page: 1 })}>
        <Form.Item name="keyword" label={t('plugin.field.keyword')}><Input allowClear placeholder={t('plugin.placeholder.buttonKeyword')} /></Form.Item>
        <Form.Item name="definitionKey" label={t('plugin.field.definition')}><DefinitionSelect style={{ width: 220 }} /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('plugin.action.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit }); }}>{t('plugin.action.reset')}</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {can(`${AUTH}:add`) && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('plugin.action.addButton')}</Button>}
        {can(`${AUTH}:delete`) && (
          <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>
            {t('plugin.action.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<PluginButtonRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1200 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)}
      />
      {editing && <PluginButtonForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

interface FormValues {
  code: string; label: I18nText; pluginTypeCode: string; definitionKey: string | null; nodeIds: string[]; confirm: boolean;
  confirmText: I18nText | null; seq: number; enabled: boolean; settingsRows: KvRow[];
}

/** A button's settings override its type's defaults key by key: written as rows of key → value (JSON values allowed). */
export function rowsToSettings(rows: KvRow[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of rows ?? []) {
    const k = (r.key ?? '').trim();
    if (!k) continue;
    const v = (r.value ?? '').trim();
    try { out[k] = v === '' ? '' : JSON.parse(v); } catch { out[k] = r.value ?? ''; }
  }
  return out;
}
export const settingsToRows = (s: Record<string, unknown> | null | undefined): KvRow[] =>
  Object.entries(s ?? {}).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }));

function PluginButtonForm({ row, onClose }: { row: PluginButtonRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const types = usePluginTypeOptions();
  const prepare = (v: Record<string, unknown>) => {
    const f = v as unknown as FormValues;
    return { ...f, settings: rowsToSettings(f.settingsRows), confirmText: f.confirm ? f.confirmText : null, definitionKey: f.definitionKey || null, nodeIds: f.definitionKey ? f.nodeIds ?? [] : [] };
  };
  const rule = zodRule(pluginButtonSchema, langOf(i18n.language), prepare);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = Form.useWatch('confirm', form) as boolean | undefined;
  const definitionKey = Form.useWatch('definitionKey', form) as string | null | undefined;
  const typeCode = Form.useWatch('pluginTypeCode', form) as string | undefined;
  const kind = types.data?.records.find((x) => x.code === typeCode)?.kind as PluginKind | undefined;
  useEffect(() => {
    form.setFieldsValue(row
      ? { ...row, confirmText: row.confirmText ?? { en: '', zh: '', es: '', ja: '' }, settingsRows: settingsToRows(row.settings) }
      : { enabled: true, confirm: false, seq: 0, nodeIds: [], definitionKey: null, label: { en: '', zh: '', es: '', ja: '' }, confirmText: { en: '', zh: '', es: '', ja: '' }, settingsRows: [] });
  }, [row, form]);
  const save = useWfMutation((v: FormValues) => {
    const input = pluginButtonSchema.parse(prepare(v as unknown as Record<string, unknown>));
    return row ? api.updatePluginButton(row.id, input) : api.createPluginButton(input);
  }, [KEY], () => { message.success(row ? t('plugin.msg.updated') : t('plugin.msg.created')); onClose(); });
  const submit = async () => {
    await form.validateFields();
    setFailure(null);
    save.mutate(form.getFieldsValue(true) as FormValues, { onError: (e) => setFailure(errorText(e)) });
  };
  return (
    <Modal open width={760} title={row ? t('plugin.title.editButton') : t('plugin.title.newButton')} onCancel={onClose} onOk={() => void submit()}
      confirmLoading={save.isPending} okText={t('plugin.action.save')} cancelText={t('plugin.action.cancel')} destroyOnHidden>
      <Form form={form} name="wf-plugin-button" layout="vertical" requiredMark>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="code" label={t('plugin.field.code')} rules={[rule]} required style={{ flex: 1 }}><Input maxLength={64} /></Form.Item>
          <Form.Item name="pluginTypeCode" label={t('plugin.field.pluginType')} rules={[rule]} required style={{ flex: 1 }}>
            <Select showSearch={{ optionFilterProp: 'label' }} loading={types.isFetching}
              options={(types.data?.records ?? []).map((x) => ({ value: x.code, label: `${x.name}（${t(`plugin.kind.${x.kind}`)}）`, disabled: !x.enabled }))} />
          </Form.Item>
          <Form.Item name="seq" label={t('plugin.field.seq')} rules={[rule]} style={{ width: 110 }}><InputNumber min={0} precision={0} style={{ width: '100%' }} /></Form.Item>
          <Form.Item name="enabled" label={t('plugin.field.enabled')} valuePropName="checked"><Switch /></Form.Item>
        </Space.Compact>
        <I18nTextInput base={['label']} rule={rule} label={t('plugin.field.label')} />
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="definitionKey" label={t('plugin.field.definition')} rules={[rule]} style={{ flex: 1 }} extra={t('plugin.hint.definition')}>
            <DefinitionSelect placeholder={t('plugin.where.allDefinitions')} />
          </Form.Item>
          <Form.Item name="nodeIds" label={t('plugin.field.nodes')} rules={[rule]} style={{ flex: 1 }} extra={t('plugin.hint.nodes')}>
            <NodeSelect multiple definitionKey={definitionKey} types={USER_TASKS} placeholder={t('plugin.where.allNodes')} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="confirm" label={t('plugin.field.confirm')} valuePropName="checked"><Switch /></Form.Item>
        {confirm && <I18nTextInput base={['confirmText']} rule={rule} label={t('plugin.field.confirmText')} textarea />}
        <Form.Item label={t('plugin.field.settings')} extra={kind ? t('plugin.hint.overrides', { kind: t(`plugin.kind.${kind}`) }) : t('plugin.hint.overridesAny')}>
          <KvRows name={['settingsRows']} keyLabel={t('plugin.field.settingKey')} valueLabel={t('plugin.field.settingValue')} addLabel={t('plugin.action.addSetting')}
            keyRules={[{ required: true, whitespace: true, message: t('plugin.msg.keyRequired') }]} monoValue />
        </Form.Item>
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}
