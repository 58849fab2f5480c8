import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Card, Checkbox, Drawer, Form, Input, InputNumber, Modal, Radio, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import {
  INVOCATION_STATUSES, LISTENER_EVENTS, LISTENER_KINDS, LISTENER_PLACEHOLDERS, LISTENER_SCOPES, WF_LANGS, listenerSchema,
  type I18nNote, type InvocationStatus, type ListenerEvent,
} from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { workflowAdminApi as api, usePaged, useWfMutation, wfKeys, type InvocationRow, type ListQuery, type ListenerRow } from '../api/admin';
import { DefinitionSelect, NodeSelect } from './pickers';
import { I18nTextInput, MailTemplatesInput, LANG_NAMES } from './LangTabs';
import { RuleFields } from './RuleFields';
import { emptyRuleForm, fromRule, toRule, type RuleFormValues } from './ruleForm';
import { zodRuleWithin } from './formRules';
import { formatDateTime } from '@/lib/format';

const AUTH = 'bpm:listener';
const KEY = wfKeys.listeners;

export const STATUS_COLOR: Record<InvocationStatus, string> = { pending: 'default', retrying: 'orange', succeeded: 'green', failed: 'red' };

/** Listeners: an HTTP callback or a mail on process and task events, for every process, one definition or one node. */
export function ListenerList() {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, api.listeners, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ListenerRow | 'new' | null>(null);
  const [history, setHistory] = useState<ListenerRow | null>(null);
  const remove = useWfMutation(api.deleteListeners, [KEY], () => { message.success(t('listener.msg.deleted')); setSelected([]); });
  const toggle = useWfMutation((a: { row: ListenerRow; on: boolean }) => api.setListenerEnabled(a.row, a.on), [KEY]);

  const cols: TableProps<ListenerRow>['columns'] = [
    { title: t('listener.field.name'), dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
    {
      title: t('listener.field.scope'), dataIndex: 'scope', width: 220,
      render: (v: ListenerRow['scope'], r) => (
        <Space size={4} wrap>
          <Tag>{t(`listener.scope.${v}`)}</Tag>
          {r.definitionKey && <Typography.Text code>{r.definitionKey}</Typography.Text>}
          {r.elementId && <Typography.Text code>{r.elementId}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('listener.field.events'), dataIndex: 'events', width: 260,
      render: (v: ListenerEvent[]) => <Space size={[4, 4]} wrap>{v.map((e) => <Tag key={e} color="blue">{t(`listener.event.${e}`)}</Tag>)}</Space>,
    },
    { title: t('listener.field.kind'), dataIndex: 'kind', sorter: true, width: 90, render: (v: ListenerRow['kind']) => t(`listener.kind.${v}`) },
    {
      title: t('listener.field.target'), key: 'target', ellipsis: true,
      render: (_, r) => (r.kind === 'http' ? r.http?.url : [...(r.mail?.emails ?? []), ...(r.mail?.rule ? [t(`participant.kind.${r.mail.rule.kind}`)] : [])].join(', ')) || '—',
    },
    {
      title: t('listener.field.enabled'), dataIndex: 'enabled', width: 90,
      render: (v: boolean, r) => <Switch size="small" checked={v} disabled={!can(`${AUTH}:edit`)} loading={toggle.isPending && toggle.variables?.row.id === r.id}
        onChange={(on) => toggle.mutate({ row: r, on }, { onSuccess: () => message.success(on ? t('listener.msg.enabled') : t('listener.msg.disabled')) })} />,
    },
    {
      title: t('listener.action.title'), key: 'actions', width: 240, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(r)}>{t('listener.action.history')}</Button>
          {can(`${AUTH}:edit`) && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('listener.action.edit')}</Button>}
          {can(`${AUTH}:delete`) && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('listener.action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small">
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => setQ({ ...q, ...v, page: 1 })}>
        <Form.Item name="keyword" label={t('listener.field.keyword')}><Input allowClear placeholder={t('listener.placeholder.keyword')} /></Form.Item>
        <Form.Item name="definitionKey" label={t('listener.field.definition')}><DefinitionSelect style={{ width: 220 }} /></Form.Item>
        <Form.Item name="kind" label={t('listener.field.kind')}>
          <Select allowClear style={{ width: 120 }} options={LISTENER_KINDS.map((k) => ({ value: k, label: t(`listener.kind.${k}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('listener.action.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit }); }}>{t('listener.action.reset')}</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {can(`${AUTH}:add`) && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('listener.action.add')}</Button>}
        {can(`${AUTH}:delete`) && (
          <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>
            {t('listener.action.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<ListenerRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)}
      />
      {editing && <ListenerForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {history && <InvocationDrawer listener={history} onClose={() => setHistory(null)} />}
    </Card>
  );
}

interface FormValues {
  name: string; enabled: boolean; scope: ListenerRow['scope']; definitionKey: string | null; elementId: string | null; events: ListenerEvent[];
  kind: ListenerRow['kind']; note: Partial<I18nNote> | null;
  http: { url: string; secret: string | null; timeoutMs: number | null; retries: number | null };
  mail: { emails: string[]; lang: string; templates: Record<string, { subject: string; body: string }>; rule: RuleFormValues };
  /** form only: the mail also goes to the accounts of a participants' rule */
  mailUseRule: boolean;
}

const emptyTemplates = () => Object.fromEntries(WF_LANGS.map((l) => [l, { subject: '', body: '' }]));

/** The form's values → the API's listener (only the chosen kind's settings). */
export function toListenerInput(v: FormValues) {
  return {
    name: v.name, enabled: v.enabled, scope: v.scope, definitionKey: v.definitionKey || null, elementId: v.elementId || null, events: v.events ?? [],
    kind: v.kind, note: v.note && Object.values(v.note).some((x) => x?.trim()) ? v.note : null,
    http: v.kind === 'http' ? { url: v.http?.url ?? '', secret: v.http?.secret || null, timeoutMs: v.http?.timeoutMs ?? undefined, retries: v.http?.retries ?? undefined } : null,
    mail: v.kind === 'mail'
      ? { emails: v.mail?.emails ?? [], lang: v.mail?.lang, templates: v.mail?.templates ?? emptyTemplates(), rule: v.mailUseRule ? toRule(v.mail?.rule ?? emptyRuleForm('starter')) : null }
      : null,
  };
}

function ListenerForm({ row, onClose }: { row: ListenerRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const lang = langOf(i18n.language);
  const prepare = (v: Record<string, unknown>) => toListenerInput(v as unknown as FormValues);
  const rule = zodRule(listenerSchema, lang, prepare);
  const within = zodRuleWithin(listenerSchema, lang, prepare);
  const [failure, setFailure] = useState<string | null>(null);
  const scope = Form.useWatch('scope', form);
  const kind = Form.useWatch('kind', form);
  const definitionKey = Form.useWatch('definitionKey', form) as string | null | undefined;
  const useRule = Form.useWatch('mailUseRule', form) as boolean | undefined;
  useEffect(() => {
    form.setFieldsValue(row
      ? {
        ...row, note: row.note ?? {}, http: row.http ?? { url: '', secret: null, timeoutMs: 5000, retries: 3 },
        mail: { emails: row.mail?.emails ?? [], lang: row.mail?.lang ?? 'zh', templates: { ...emptyTemplates(), ...(row.mail?.templates ?? {}) }, rule: fromRule(row.mail?.rule ?? { kind: 'starter' }) },
        mailUseRule: !!row.mail?.rule,
      }
      : {
        enabled: true, scope: 'global', kind: 'http', events: ['processStart', 'processEnd'],
        http: { url: '', secret: null, timeoutMs: 5000, retries: 3 },
        mail: { emails: [], lang: 'zh', templates: emptyTemplates(), rule: emptyRuleForm('starter') }, mailUseRule: false,
      });
  }, [row, form]);
  const save = useWfMutation((v: FormValues) => {
    const input = listenerSchema.parse(prepare(v as unknown as Record<string, unknown>));
    return row ? api.updateListener(row.id, input) : api.createListener(input);
  }, [KEY], () => { message.success(row ? t('listener.msg.updated') : t('listener.msg.created')); onClose(); });
  const submit = async () => {
    await form.validateFields();
    setFailure(null);
    save.mutate(form.getFieldsValue(true) as FormValues, { onError: (e) => setFailure(errorText(e)) });
  };
  return (
    <Modal open width={760} title={row ? t('listener.title.edit') : t('listener.title.new')} onCancel={onClose} onOk={() => void submit()}
      confirmLoading={save.isPending} okText={t('listener.action.save')} cancelText={t('listener.action.cancel')} destroyOnHidden>
      <Form form={form} name="wf-listener" layout="vertical" requiredMark>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="name" label={t('listener.field.name')} rules={[rule]} required style={{ flex: 1 }}><Input maxLength={100} /></Form.Item>
          <Form.Item name="enabled" label={t('listener.field.enabled')} valuePropName="checked"><Switch /></Form.Item>
        </Space.Compact>
        <Form.Item name="scope" label={t('listener.field.scope')} rules={[rule]} required>
          <Radio.Group optionType="button" options={LISTENER_SCOPES.map((s) => ({ value: s, label: t(`listener.scope.${s}`) }))} />
        </Form.Item>
        {scope !== 'global' && (
          <Space.Compact block style={{ gap: 12 }}>
            <Form.Item name="definitionKey" label={t('listener.field.definition')} rules={[rule]} required style={{ flex: 1 }}>
              <DefinitionSelect placeholder={t('listener.placeholder.definition')} />
            </Form.Item>
            {scope === 'node' && (
              <Form.Item name="elementId" label={t('listener.field.node')} rules={[rule]} required style={{ flex: 1 }} extra={t('listener.hint.node')}>
                <NodeSelect definitionKey={definitionKey} placeholder={t('listener.placeholder.node')} />
              </Form.Item>
            )}
          </Space.Compact>
        )}
        <Form.Item name="events" label={t('listener.field.events')} rules={[rule]} required>
          <Checkbox.Group options={LISTENER_EVENTS.map((e) => ({ value: e, label: t(`listener.event.${e}`) }))} />
        </Form.Item>
        <Form.Item name="kind" label={t('listener.field.kind')} rules={[rule]} required>
          <Radio.Group optionType="button" options={LISTENER_KINDS.map((k) => ({ value: k, label: t(`listener.kind.${k}`) }))} />
        </Form.Item>
        {kind === 'http' && (
          <>
            <Form.Item name={['http', 'url']} label={t('listener.field.url')} rules={[rule]} required extra={t('listener.hint.url')}>
              <Input maxLength={1000} placeholder="https://example.com/hooks/workflow" />
            </Form.Item>
            <Space.Compact block style={{ gap: 12 }}>
              <Form.Item name={['http', 'secret']} label={t('listener.field.secret')} rules={[rule]} style={{ flex: 2 }} extra={t('listener.hint.secret')}>
                <Input.Password maxLength={200} autoComplete="new-password" />
              </Form.Item>
              <Form.Item name={['http', 'timeoutMs']} label={t('listener.field.timeoutMs')} rules={[rule]} style={{ flex: 1 }}>
                <InputNumber min={100} max={60_000} step={500} precision={0} style={{ width: '100%' }} suffix="ms" />
              </Form.Item>
              <Form.Item name={['http', 'retries']} label={t('listener.field.retries')} rules={[rule]} style={{ flex: 1 }}>
                <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Space.Compact>
          </>
        )}
        {kind === 'mail' && (
          <>
            <Form.Item name={['mail', 'emails']} label={t('listener.field.emails')} rules={[within]} extra={t('listener.hint.emails')}>
              <Select mode="tags" open={false} tokenSeparators={[',', ';', ' ']} placeholder="ops@example.com" />
            </Form.Item>
            <Form.Item name="mailUseRule" valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox>{t('listener.field.mailUseRule')}</Checkbox>
            </Form.Item>
            {useRule && <div style={{ paddingLeft: 24 }}><RuleFields base={['mail', 'rule']} rule={rule} /></div>}
            <Form.Item name={['mail', 'lang']} label={t('listener.field.mailLang')} extra={t('listener.hint.mailLang')}>
              <Select style={{ width: 200 }} options={WF_LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))} />
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {t('listener.hint.placeholders')} {LISTENER_PLACEHOLDERS.map((p) => <Typography.Text key={p} code>{`{{${p}}}`}</Typography.Text>)}
            </Typography.Paragraph>
            <MailTemplatesInput base={['mail', 'templates']} rule={rule} />
          </>
        )}
        <I18nTextInput base={['note']} rule={rule} label={t('listener.field.note')} maxLength={500} textarea optional />
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}

/** A listener's invocations, newest first: outcome, HTTP status, error and time. */
function InvocationDrawer({ listener, onClose }: { listener: ListenerRow; onClose: () => void }) {
  const { t } = useTranslation('workflow');
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 20 });
  const list = usePaged([...wfKeys.invocations, listener.id], (x) => api.invocations(listener.id, x), q);
  const cols: TableProps<InvocationRow>['columns'] = [
    { title: t('listener.invocation.time'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: t('listener.invocation.event'), dataIndex: 'event', width: 120, render: (v: ListenerEvent) => t(`listener.event.${v}`) },
    { title: t('listener.invocation.instance'), dataIndex: 'instanceId', width: 90, render: (v: number | null) => v ?? '—' },
    { title: t('listener.invocation.status'), dataIndex: 'status', width: 100, render: (v: InvocationStatus) => <Tag color={STATUS_COLOR[v]}>{t(`listener.status.${v}`)}</Tag> },
    { title: t('listener.invocation.attempts'), dataIndex: 'attempts', width: 80 },
    { title: t('listener.invocation.responseStatus'), dataIndex: 'responseStatus', width: 100, render: (v: number | null) => v ?? '—' },
    {
      title: t('listener.invocation.error'), dataIndex: 'lastError', ellipsis: { showTitle: false },
      render: (v: string | null) => (v ? <Tooltip title={v}><Typography.Text type="danger">{v}</Typography.Text></Tooltip> : '—'),
    },
    { title: t('listener.invocation.finishedAt'), dataIndex: 'finishedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
  ];
  return (
    <Drawer open size={1000} title={`${t('listener.title.history')} · ${listener.name}`} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Select allowClear placeholder={t('listener.invocation.status')} style={{ width: 160 }} value={q.status as string | undefined}
          onChange={(v) => setQ({ ...q, status: v, page: 1 })} options={INVOCATION_STATUSES.map((s) => ({ value: s, label: t(`listener.status.${s}`) }))} />
        <Button onClick={() => void list.refetch()}>{t('listener.action.refresh')}</Button>
      </Space>
      <Table<InvocationRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1000 }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)}
        locale={{ emptyText: t('listener.invocation.none') }}
      />
    </Drawer>
  );
}
