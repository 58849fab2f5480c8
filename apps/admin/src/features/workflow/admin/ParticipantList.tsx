import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { App, Alert, Button, Card, Form, Input, List, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { participantSchema, textIn, type I18nNote, type Page, type ParticipantKind, type ParticipantPreview, type ParticipantRule } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { call, errorText } from '@/lib/request';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { workflowAdminApi as api, usePaged, useWfMutation, wfKeys, type ListQuery, type ParticipantRow } from '../api/admin';
import { RuleFields } from './RuleFields';
import { AccountSelect } from './pickers';
import { I18nTextInput } from './LangTabs';
import { EDITABLE_KINDS, emptyRuleForm, fromRule, ruleSize, toRule, type RuleFormValues } from './ruleForm';
import { formatDateTime } from '@/lib/format';

const AUTH = 'bpm:participant';
const KEY = wfKeys.participants;

/** Role names by id and by code (the role picker's list, shared cache), for the list's summaries. */
function useRoleNames(enabled: boolean) {
  const roles = useQuery({
    queryKey: ['workflow', 'role-options'],
    queryFn: () => call<Page<{ id: number; code: string; name: string }>>('GET', '/api/security/roles', { params: { page: 1, limit: 500, sort: 'code', order: 'asc' } }),
    staleTime: 60_000, enabled,
  });
  return useMemo(() => (roles.data ? new Map<number | string, string>(roles.data.records.flatMap((r) => [[r.id, r.name], [r.code, r.name]] as [number | string, string][])) : null), [roles.data]);
}

/** A rule's one-line summary in the list: its kind and what it names. */
function RuleSummary({ rule }: { rule: ParticipantRule }) {
  const { t } = useTranslation('workflow');
  const roles = useRoleNames(rule.kind === 'role');
  const n = ruleSize(rule);
  if (rule.kind === 'role' && roles) {
    const names = rule.roles.map((r) => roles.get(r) ?? String(r));
    return <Space size={4} wrap><Tag color="blue">{t('participant.kind.role')}</Tag><Typography.Text>{names.join(t('permission.count.sep'))}</Typography.Text></Space>;
  }
  return (
    <Space size={4} wrap>
      <Tag color="blue">{t(`participant.kind.${rule.kind}`)}</Tag>
      {n !== null && <Typography.Text type="secondary">{t('participant.summary.count', { count: n })}</Typography.Text>}
      {rule.kind === 'starterLeader' && <Typography.Text type="secondary">{t('participant.summary.levels', { levels: rule.levels })}</Typography.Text>}
      {rule.kind === 'formField' && <Typography.Text code>{rule.field}</Typography.Text>}
      {rule.kind === 'expression' && <Typography.Text code ellipsis style={{ maxWidth: 260 }}>{rule.expression}</Typography.Text>}
    </Space>
  );
}

/** Saved participants' rules: who takes part in a user task; each can be previewed for a starter. */
export function ParticipantList() {
  const { t, i18n } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, api.participants, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ParticipantRow | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<ParticipantRow | null>(null);
  const remove = useWfMutation(api.deleteParticipants, [KEY], () => { message.success(t('participant.msg.deleted')); setSelected([]); });

  const cols: TableProps<ParticipantRow>['columns'] = [
    { title: t('participant.field.code'), dataIndex: 'code', sorter: true, width: 160, ellipsis: true },
    { title: t('participant.field.name'), dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
    { title: t('participant.field.rule'), dataIndex: 'rule', render: (r: ParticipantRule) => <RuleSummary rule={r} /> },
    { title: t('participant.field.note'), dataIndex: 'note', width: 200, ellipsis: true, render: (v: I18nNote | null) => textIn(v, langOf(i18n.language)) || '—' },
    { title: t('participant.field.updatedAt'), dataIndex: 'updatedAt', sorter: true, width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('participant.action.title'), key: 'actions', width: 230, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setPreviewing(r)}>{t('participant.action.preview')}</Button>
          {can(`${AUTH}:edit`) && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('participant.action.edit')}</Button>}
          {can(`${AUTH}:delete`) && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('participant.action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small">
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => setQ({ ...q, ...v, page: 1 })}>
        <Form.Item name="keyword" label={t('participant.field.keyword')}><Input allowClear placeholder={t('participant.placeholder.keyword')} /></Form.Item>
        <Form.Item name="kind" label={t('participant.field.kind')}>
          <Select allowClear style={{ width: 160 }} options={EDITABLE_KINDS.map((k) => ({ value: k, label: t(`participant.kind.${k}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('participant.action.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit }); }}>{t('participant.action.reset')}</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {can(`${AUTH}:add`) && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('participant.action.add')}</Button>}
        {can(`${AUTH}:delete`) && (
          <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>
            {t('participant.action.batchDelete')}
          </Button>
        )}
      </Space>
      <Table<ParticipantRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1100 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)} onChange={onTableChange(setQ)}
      />
      {editing && <ParticipantForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {previewing && <PreviewDialog rule={previewing.rule} title={previewing.name} onClose={() => setPreviewing(null)} />}
    </Card>
  );
}

interface FormValues { code: string; name: string; note?: Partial<I18nNote> | null; rule: RuleFormValues }

function ParticipantForm({ row, onClose }: { row: ParticipantRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('workflow');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const prepare = (v: Record<string, unknown>) => ({ ...v, rule: toRule((v.rule ?? emptyRuleForm()) as RuleFormValues) });
  const rule = zodRule(participantSchema, langOf(i18n.language), prepare);
  const [failure, setFailure] = useState<string | null>(null);
  const [previewRule, setPreviewRule] = useState<RuleFormValues | null>(null);
  useEffect(() => {
    form.setFieldsValue(row ? { code: row.code, name: row.name, note: row.note ?? {}, rule: fromRule(row.rule) } : { rule: emptyRuleForm('role') });
  }, [row, form]);
  const save = useWfMutation((body: FormValues) => {
    const input = participantSchema.parse(prepare(body as unknown as Record<string, unknown>));
    return row ? api.updateParticipant(row.id, input) : api.createParticipant(input);
  }, [KEY], () => { message.success(row ? t('participant.msg.updated') : t('participant.msg.created')); onClose(); });
  const submit = async () => {
    const v = await form.validateFields();
    setFailure(null);
    save.mutate({ ...v, rule: form.getFieldValue('rule') as RuleFormValues }, { onError: (e) => setFailure(errorText(e)) });
  };
  const preview = async () => {
    await form.validateFields([['rule', 'kind'], ['rule', 'accountIds'], ['rule', 'roles'], ['rule', 'organIds'], ['rule', 'positionIds'], ['rule', 'levels'], ['rule', 'field'], ['rule', 'expression']]);
    setPreviewRule({ ...(form.getFieldValue('rule') as RuleFormValues) });
  };
  return (
    <Modal open width={640} title={row ? t('participant.title.edit') : t('participant.title.new')} onCancel={onClose} destroyOnHidden
      footer={[
        <Button key="preview" icon={<EyeOutlined />} onClick={() => void preview()}>{t('participant.action.preview')}</Button>,
        <Button key="cancel" onClick={onClose}>{t('participant.action.cancel')}</Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>{t('participant.action.save')}</Button>,
      ]}>
      <Form form={form} name="wf-participant" layout="vertical" requiredMark>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="code" label={t('participant.field.code')} rules={[rule]} required style={{ flex: 1 }}><Input maxLength={64} /></Form.Item>
          <Form.Item name="name" label={t('participant.field.name')} rules={[rule]} required style={{ flex: 1 }}><Input maxLength={100} /></Form.Item>
        </Space.Compact>
        <RuleFields base={['rule']} rule={rule} />
        <I18nTextInput base={['note']} rule={rule} label={t('participant.field.note')} maxLength={500} textarea optional />
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
      {previewRule && <PreviewDialog rule={toRule(previewRule) as ParticipantRule} title={form.getFieldValue('name') as string | undefined} onClose={() => setPreviewRule(null)} />}
    </Modal>
  );
}

/** Resolves a rule as if the chosen account had started the process, and lists the accounts it gives. */
export function PreviewDialog({ rule, title, onClose }: { rule: ParticipantRule; title?: string; onClose: () => void }) {
  const { t } = useTranslation('workflow');
  const [starter, setStarter] = useState<number[]>([]);
  const [result, setResult] = useState<ParticipantPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = useWfMutation((starterId: number | null) => api.preview(rule, starterId), [], (r) => { setResult(r); setFailure(null); });
  const needsStarter = (['starter', 'starterLeader'] as ParticipantKind[]).includes(rule.kind);
  useEffect(() => { if (!needsStarter) run.mutate(null, { onError: (e) => setFailure(errorText(e)) }); }, []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal open width={560} title={title ? `${t('participant.title.preview')} · ${title}` : t('participant.title.preview')} onCancel={onClose} destroyOnHidden
      footer={<Button onClick={onClose}>{t('participant.action.close')}</Button>}>
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Typography.Text type="secondary">{t('participant.preview.hint')}</Typography.Text>
        <Space.Compact block>
          <div style={{ flex: 1 }}><AccountSelect single value={starter} onChange={setStarter} placeholder={t('participant.preview.starter')} /></div>
          <Button type="primary" loading={run.isPending} onClick={() => run.mutate(starter[0] ?? null, { onError: (e) => setFailure(errorText(e)) })}>
            {t('participant.preview.run')}
          </Button>
        </Space.Compact>
        {failure && <Alert type="error" showIcon title={failure} />}
        {result && (
          <List
            size="small" bordered header={<b>{t('participant.preview.count', { count: result.accounts.length })}</b>}
            locale={{ emptyText: t('participant.preview.nobody') }} dataSource={result.accounts}
            renderItem={(a) => <List.Item>{a.userName}<Typography.Text type="secondary" style={{ marginLeft: 8 }}>{a.userId}</Typography.Text></List.Item>}
          />
        )}
      </Space>
    </Modal>
  );
}
