import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Descriptions, Form, Input, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import { CopyOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { APP_CREDENTIAL_STATUSES, APP_RIGHTS, appCredentialSchema, type AppCredentialInput } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { gatewayApi, usePaged, useGwMutation, type ListQuery } from './api';
import { credentialApi, type CreatedCredential, type CredentialRow } from './credentialApi';
import { formatDateTime } from '@/lib/format';

const KEY = ['gateway', 'credentials'];
const STATUS_COLOR = { enabled: 'green', disabled: 'default', revoked: 'red' } as const;
/** i18next reads ":" as its namespace separator: rights are looked up as config_read etc. */
const rightKey = (r: string) => r.replace(':', '_');

/**
 * Application credentials of the open API: access key + secret, scoped to namespaces and rights.
 * The secret is shown once, right after creation; revoking is for good.
 */
export function CredentialList() {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, credentialApi.list, q);
  const [editing, setEditing] = useState<CredentialRow | 'new' | null>(null);
  const [created, setCreated] = useState<CreatedCredential | null>(null);
  const toggle = useGwMutation((a: { id: number; on: boolean }) => credentialApi.setEnabled(a.id, a.on), [KEY],
    (r) => message.success(r.enabled ? t('credential.enabledOk') : t('credential.disabledOk')));
  const revoke = useGwMutation((id: number) => credentialApi.revoke(id), [KEY], () => message.success(t('credential.revokedOk')));

  const askRevoke = (r: CredentialRow) => modal.confirm({
    title: t('credential.revokeTitle'),
    content: t('credential.revokeContent', { name: r.name, accessKey: r.accessKey }),
    okText: t('credential.revoke'), cancelText: t('action.cancel'), okButtonProps: { danger: true }, maskClosable: false,
    onOk: () => revoke.mutateAsync(r.id),
  });

  const cols: ListColumn<CredentialRow>[] = [
    { title: t('field.name'), dataIndex: 'name', sorter: true, ellipsis: true },
    { title: t('credential.accessKey'), dataIndex: 'accessKey', width: 260, render: (v: string) => <Typography.Text code copyable>{v}</Typography.Text> },
    {
      title: t('credential.namespaces'), dataIndex: 'namespaces',
      render: (_, r) => (r.allNamespaces ? <Tag color="blue">{t('credential.allNamespaces')}</Tag>
        : r.namespaces.length ? r.namespaces.map((n) => <Tag key={n}>{n}</Tag>) : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { title: t('credential.rights'), dataIndex: 'rights', exportLabels: Object.fromEntries(APP_RIGHTS.map((x) => [x, t(`credential.right.${rightKey(x)}`)])), render: (v: CredentialRow['rights']) => v.map((x) => <Tag key={x}>{t(`credential.right.${rightKey(x)}`)}</Tag>) },
    { title: t('field.state'), dataIndex: 'status', width: 100, exportLabels: Object.fromEntries(APP_CREDENTIAL_STATUSES.map((x) => [x, t(`credential.status.${x}`)])), render: (v: CredentialRow['status']) => <Tag color={STATUS_COLOR[v]}>{t(`credential.status.${v}`)}</Tag> },
    {
      title: t('credential.lastUsedAt'), dataIndex: 'lastUsedAt', width: 170, sorter: true,
      render: (v: string | null) => (v ? formatDateTime(v) : <Typography.Text type="secondary">{t('credential.never')}</Typography.Text>),
    },
    { title: t('credential.createdAt'), dataIndex: 'createdAt', width: 170, sorter: true, render: (v: string) => formatDateTime(v) },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 260, fixed: 'right' as const,
      render: (_, r) => (r.status === 'revoked' ? null : (
        <Space size={4} wrap>
          {can('gateway:credential:edit') && (
            <Switch size="small" checked={r.enabled} checkedChildren={t('action.enable')} unCheckedChildren={t('action.disable')}
              aria-label={r.enabled ? t('action.disable') : t('action.enable')} onChange={(on) => toggle.mutate({ id: r.id, on })} />
          )}
          {can('gateway:credential:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('gateway:credential:delete') && <Button type="link" size="small" danger icon={<StopOutlined />} onClick={() => askRevoke(r)}>{t('credential.revoke')}</Button>}
        </Space>
      )),
    },
  ];

  return (
    <>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('credential.intro')} />
      <ListPage<CredentialRow>
        id="gateway.credentials" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/gateway/credentials', params: q as Record<string, unknown>, fileName: t('file.credentials') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={t('credential.keywordHint')} /></Form.Item>,
            <Form.Item key="status" name="status" label={t('field.state')}>
              <Select allowClear style={{ width: 140 }} options={APP_CREDENTIAL_STATUSES.map((s) => ({ value: s, label: t(`credential.status.${s}`) }))} />
            </Form.Item>,
          ],
        }}
        actions={can('gateway:credential:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1200 },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && (
        <CredentialForm row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onCreated={(c) => { setEditing(null); setCreated(c); }} />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
    </>
  );
}

function CredentialForm({ row, onClose, onCreated }: { row: CredentialRow | null; onClose: () => void; onCreated: (c: CreatedCredential) => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(appCredentialSchema, langOf(i18n.language));
  const all = Form.useWatch('allNamespaces', form) as boolean | undefined;
  const namespaces = useQuery({ queryKey: ['gateway', 'namespaces'], queryFn: gatewayApi.namespaces });
  useEffect(() => {
    form.setFieldsValue(row
      ? { name: row.name, description: row.description, allNamespaces: row.allNamespaces, namespaces: row.namespaces, rights: row.rights }
      : { allNamespaces: false, namespaces: [], rights: ['config:read'] });
  }, [row, form]);
  const save = useGwMutation(
    (body: AppCredentialInput) => (row ? credentialApi.update(row.id, body).then(() => null) : credentialApi.create(body)),
    [KEY],
    (r) => { if (r) onCreated(r); else { message.success(t('msg.updateOk')); onClose(); } },
  );
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    save.mutate(appCredentialSchema.parse(v));
  };
  return (
    <Modal open width={620} title={row ? t('credential.editTitle') : t('credential.newTitle')} onCancel={onClose} onOk={submit}
      confirmLoading={save.isPending} okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwCredential" layout="vertical" requiredMark>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]} extra={t('credential.nameHint')}><Input maxLength={100} /></Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        <Form.Item name="rights" label={t('credential.rights')} required rules={[rule]}>
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
            options={APP_RIGHTS.map((r) => ({ value: r, label: <span>{t(`credential.right.${rightKey(r)}`)} <Typography.Text type="secondary">— {t(`credential.rightHint.${rightKey(r)}`)}</Typography.Text></span> }))} />
        </Form.Item>
        <Form.Item name="allNamespaces" label={t('credential.namespaceScope')} valuePropName="checked" extra={t('credential.namespaceHint')}>
          <Switch checkedChildren={t('credential.allNamespaces')} unCheckedChildren={t('credential.someNamespaces')} />
        </Form.Item>
        {!all && (
          <Form.Item name="namespaces" label={t('credential.namespaces')} rules={[rule]}>
            <Select mode="multiple" allowClear loading={namespaces.isFetching} optionFilterProp="label"
              options={(namespaces.data ?? []).map((n) => ({ value: n.id, label: n.showName === n.id ? n.id : `${n.showName} (${n.id})` }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** Shows the secret of a new credential, once: closing forgets it (the server cannot show it again). */
function SecretDialog({ created, onClose }: { created: CreatedCredential; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const { message } = App.useApp();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('credential.copied'));
    } catch {
      void message.warning(t('credential.copyFailed'));
    }
  };
  return (
    <Modal open width={640} title={t('credential.createdTitle')} onCancel={onClose} maskClosable={false} keyboard={false} destroyOnHidden
      footer={<Button type="primary" onClick={onClose}>{t('credential.savedIt')}</Button>}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('credential.onceWarning')} />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('field.name')}>{created.credential.name}</Descriptions.Item>
        <Descriptions.Item label={t('credential.accessKey')}>
          <Space><Typography.Text code data-testid="credential-access-key">{created.credential.accessKey}</Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(created.credential.accessKey)}>{t('credential.copy')}</Button></Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('credential.secret')}>
          <Space><Typography.Text code data-testid="credential-secret" style={{ wordBreak: 'break-all' }}>{created.secret}</Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copy(created.secret)}>{t('credential.copySecret')}</Button></Space>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>{t('credential.howToSign')}</Typography.Paragraph>
    </Modal>
  );
}
