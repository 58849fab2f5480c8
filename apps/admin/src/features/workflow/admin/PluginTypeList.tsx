import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { z } from 'zod';
import { PLUGIN_KINDS, PLUGIN_SETTINGS_SCHEMAS, WF_LANGS, pluginTypeSchema, textIn, variableName, type I18nNote, type PluginKind } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { workflowAdminApi as api, usePaged, useWfMutation, wfKeys, type ListQuery, type PluginTypeRow } from '../api/admin';
import { KvRows } from './KvRows';
import { I18nTextInput, LANG_NAMES, MailTemplatesInput } from './LangTabs';
import { fromPluginSettings, toPluginSettings, type PluginSettingsForm } from './settingsForm';
import { valueRule, zodRuleWithin } from './formRules';
import { formatDateTime } from '@/lib/format';

const AUTH = 'bpm:pluginButton';
const KEY = wfKeys.pluginTypes;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Plugin types: what a service task or a plugin button runs (an HTTP call, variables set by CEL, a mail, a printable page). */
export function PluginTypeList() {
  const { t, i18n } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, api.pluginTypes, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<PluginTypeRow | 'new' | null>(null);
  const remove = useWfMutation(api.deletePluginTypes, [KEY], () => { message.success(t('plugin.msg.deleted')); setSelected([]); });
  const cols: TableProps<PluginTypeRow>['columns'] = [
    { title: t('plugin.field.code'), dataIndex: 'code', sorter: true, width: 160, ellipsis: true },
    { title: t('plugin.field.name'), dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
    { title: t('plugin.field.kind'), dataIndex: 'kind', sorter: true, width: 140, render: (v: PluginKind) => <Tag color="purple">{t(`plugin.kind.${v}`)}</Tag> },
    {
      title: t('plugin.field.enabled'), dataIndex: 'enabled', width: 170,
      render: (v: boolean, r) => (
        <Space size={4} wrap>
          {v ? <Tag color="green">{t('plugin.state.enabled')}</Tag> : <Tag>{t('plugin.state.disabled')}</Tag>}
          {r.builtIn && <Tag>{t('plugin.state.builtIn')}</Tag>}
        </Space>
      ),
    },
    { title: t('plugin.field.note'), dataIndex: 'note', ellipsis: true, render: (v: I18nNote | null) => textIn(v, langOf(i18n.language)) || '—' },
    { title: t('plugin.field.updatedAt'), dataIndex: 'updatedAt', sorter: true, width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('plugin.action.title'), key: 'actions', width: 170, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can(`${AUTH}:edit`) && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('plugin.action.edit')}</Button>}
          {can(`${AUTH}:delete`) && !r.builtIn && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('plugin.action.delete')}</Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => setQ({ ...q, ...v, page: 1 })}>
        <Form.Item name="keyword" label={t('plugin.field.keyword')}><Input allowClear placeholder={t('plugin.placeholder.typeKeyword')} /></Form.Item>
        <Form.Item name="kind" label={t('plugin.field.kind')}>
          <Select allowClear style={{ width: 160 }} options={PLUGIN_KINDS.map((k) => ({ value: k, label: t(`plugin.kind.${k}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('plugin.action.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit }); }}>{t('plugin.action.reset')}</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {can(`${AUTH}:add`) && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('plugin.action.addType')}</Button>}
        {can(`${AUTH}:delete`) && (
          <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>
            {t('plugin.action.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<PluginTypeRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1100 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), getCheckboxProps: (r) => ({ disabled: r.builtIn }) }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)}
      />
      {editing && <PluginTypeForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

interface FormValues { code: string; name: string; kind: PluginKind; enabled: boolean; note: Partial<I18nNote> | null; settings: PluginSettingsForm }

/** The type's settings are defaults: each field may stay empty (a task or button gives it). */
const settingsCheck = z.object({ kind: z.enum(PLUGIN_KINDS), settings: z.record(z.string(), z.unknown()) }).superRefine((v, ctx) => {
  const res = PLUGIN_SETTINGS_SCHEMAS[v.kind].partial().safeParse(v.settings);
  if (!res.success) for (const i of res.error.issues) ctx.addIssue({ ...(i as object), path: ['settings', ...i.path] } as never);
});

function PluginTypeForm({ row, onClose }: { row: PluginTypeRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const lang = langOf(i18n.language);
  const [form] = Form.useForm<FormValues>();
  const kind = (Form.useWatch('kind', form) ?? row?.kind ?? 'httpCall') as PluginKind;
  const prepare = (v: Record<string, unknown>) => ({ ...v, settings: toPluginSettings((v.kind ?? 'httpCall') as PluginKind, v.settings as PluginSettingsForm) });
  const rule = zodRule(pluginTypeSchema, lang, prepare);
  const settingsRule = zodRuleWithin(settingsCheck, lang, prepare);
  const varRule = valueRule(variableName, lang);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    form.setFieldsValue(row
      ? { code: row.code, name: row.name, kind: row.kind, enabled: row.enabled, note: row.note ?? {}, settings: fromPluginSettings(row.settings) }
      : { kind: 'httpCall', enabled: true, settings: { method: 'POST', timeoutMs: 5000, sendVariables: true, headers: [], mapping: [], expressions: [], lang: 'zh' } });
  }, [row, form]);
  const save = useWfMutation((v: FormValues) => {
    const input = pluginTypeSchema.parse(prepare(v as unknown as Record<string, unknown>));
    return row ? api.updatePluginType(row.id, input) : api.createPluginType(input);
  }, [KEY, wfKeys.pluginButtons], () => { message.success(row ? t('plugin.msg.updated') : t('plugin.msg.created')); onClose(); });
  const submit = async () => {
    await form.validateFields();
    setFailure(null);
    save.mutate(form.getFieldsValue(true) as FormValues, { onError: (e) => setFailure(errorText(e)) });
  };
  const s = (k: string) => ['settings', k];
  return (
    <Modal open width={760} title={row ? t('plugin.title.editType') : t('plugin.title.newType')} onCancel={onClose} onOk={() => void submit()}
      confirmLoading={save.isPending} okText={t('plugin.action.save')} cancelText={t('plugin.action.cancel')} destroyOnHidden>
      <Form form={form} name="wf-plugin-type" layout="vertical" requiredMark>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="code" label={t('plugin.field.code')} rules={[rule]} required style={{ flex: 1 }}><Input maxLength={64} disabled={row?.builtIn} /></Form.Item>
          <Form.Item name="name" label={t('plugin.field.name')} rules={[rule]} required style={{ flex: 1 }}><Input maxLength={100} /></Form.Item>
          <Form.Item name="enabled" label={t('plugin.field.enabled')} valuePropName="checked"><Switch /></Form.Item>
        </Space.Compact>
        <Form.Item name="kind" label={t('plugin.field.kind')} rules={[rule]} required extra={t(`plugin.kindHint.${kind}`)}>
          <Radio.Group optionType="button" disabled={row?.builtIn} options={PLUGIN_KINDS.map((k) => ({ value: k, label: t(`plugin.kind.${k}`) }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('plugin.hint.defaults')}</Typography.Paragraph>
        {kind === 'httpCall' && (
          <>
            <Space.Compact block style={{ gap: 12 }}>
              <Form.Item name={s('method')} label={t('plugin.field.method')} style={{ width: 130 }}>
                <Select options={METHODS.map((m) => ({ value: m, label: m }))} />
              </Form.Item>
              <Form.Item name={s('url')} label={t('plugin.field.url')} rules={[settingsRule]} style={{ flex: 1 }}>
                <Input maxLength={1000} placeholder="https://erp.example.com/api/stock" />
              </Form.Item>
            </Space.Compact>
            <Space size={24}>
              <Form.Item name={s('timeoutMs')} label={t('plugin.field.timeoutMs')} rules={[settingsRule]}>
                <InputNumber min={100} max={60_000} step={500} precision={0} style={{ width: 160 }} suffix="ms" />
              </Form.Item>
              <Form.Item name={s('sendVariables')} label={t('plugin.field.sendVariables')} valuePropName="checked"><Switch /></Form.Item>
            </Space>
            <Form.Item label={t('plugin.field.headers')}>
              <KvRows name={s('headers')} keyLabel={t('plugin.field.headerName')} valueLabel={t('plugin.field.headerValue')} addLabel={t('plugin.action.addHeader')}
                keyRules={[{ required: true, whitespace: true, message: t('plugin.msg.keyRequired') }]} />
            </Form.Item>
            <Form.Item label={t('plugin.field.mapping')} extra={t('plugin.hint.mapping')}>
              <KvRows name={s('mapping')} keyLabel={t('plugin.field.variable')} valueLabel={t('plugin.field.answerPath')} addLabel={t('plugin.action.addMapping')}
                keyRules={[varRule]} valueRules={[{ required: true, whitespace: true, message: t('plugin.msg.valueRequired') }]} monoValue />
            </Form.Item>
          </>
        )}
        {kind === 'setVariables' && (
          <Form.Item label={t('plugin.field.expressions')} extra={t('plugin.hint.expressions')}>
            <KvRows name={s('expressions')} keyLabel={t('plugin.field.variable')} valueLabel={t('plugin.field.cel')} addLabel={t('plugin.action.addVariable')}
              keyRules={[varRule]} valueRules={[{ required: true, whitespace: true, message: t('plugin.msg.valueRequired') }]} monoValue />
          </Form.Item>
        )}
        {kind === 'mail' && (
          <>
            <Form.Item name={s('emails')} label={t('plugin.field.emails')} rules={[settingsRule]} extra={t('listener.hint.emails')}>
              <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} placeholder="ops@example.com" />
            </Form.Item>
            <Form.Item name={s('lang')} label={t('listener.field.mailLang')}>
              <Select style={{ width: 200 }} options={WF_LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))} />
            </Form.Item>
            <MailTemplatesInput base={s('templates')} rule={settingsRule} />
          </>
        )}
        {kind === 'print' && (
          <>
            <Form.Item name={s('title')} label={t('plugin.field.printTitle')} rules={[settingsRule]}><Input maxLength={200} /></Form.Item>
            <Form.Item name={s('fields')} label={t('plugin.field.printFields')} rules={[settingsRule]} extra={t('plugin.hint.printFields')}>
              <Select mode="tags" open={false} tokenSeparators={[',', ' ']} />
            </Form.Item>
          </>
        )}
        <I18nTextInput base={['note']} rule={rule} label={t('plugin.field.note')} maxLength={500} textarea optional />
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}
