import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Descriptions, Drawer, Dropdown, Empty, Form, Input, InputNumber, Modal, Row, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, ImportOutlined, KeyOutlined, MoreOutlined, PlusOutlined, SafetyOutlined, TeamOutlined, UnlockOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { accountCreateSchema, accountUpdateSchema, assignSchema, resetPasswordSchema } from '@bencao/contracts';
import { keys, securityApi, useAllRoles, usePaged, useSecurityMutation, type AccountRow, type ListQuery } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { StaffSelect } from '@/components/OrganPickers';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { langOf, zodRule } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { validValues } from './validate';
import { GroupPicker, RolePicker } from './pickers';
import { OrganFilterTree } from './OrganFilterTree';
import { AccountBatch, BATCH_AUTHORITIES } from './AccountBatch';
import { AccountImport } from './AccountImport';
import { formatDateTime } from '@/lib/format';

const fmt = (s: string | null | undefined) => formatDateTime(s, { seconds: false });
/** Empty inputs become null/undefined so the shared schema sees what the server will see. */
const prepare = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === '' ? null : x]).filter(([, x]) => x !== undefined));

export function AccountList() {
  const { t } = useTranslation('security');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.accounts, securityApi.accounts, q);
  const roles = useAllRoles();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<AccountRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<AccountRow | null>(null);
  const [assigning, setAssigning] = useState<AccountRow | null>(null);
  const [viewing, setViewing] = useState<AccountRow | null>(null);
  const [importing, setImporting] = useState(false);
  const selectable = can('security:account:delete') || BATCH_AUTHORITIES.some((a) => can(a));
  const remove = useSecurityMutation((ids: number[]) => securityApi.deleteAccounts(ids), [keys.accounts, keys.roles], () => { message.success(t('msg.deleted')); setSelected([]); });
  const unlock = useSecurityMutation((id: number) => securityApi.unlock(id), [keys.accounts], () => message.success(t('msg.unlocked')));

  const askDelete = (ids: number[]) => confirmDelete(modal, t, () => remove.mutateAsync(ids), ids.length);

  const cols: ListColumn<AccountRow>[] = [
    { title: t('field.userId'), dataIndex: 'userId', sorter: true, render: (v: string, r) => <Space size={4} wrap style={{ wordBreak: 'break-all' }}>{v}{r.isAdmin && <Tag color="red">{t('field.isAdmin')}</Tag>}</Space> },
    { title: t('field.userName'), dataIndex: 'userName', sorter: true },
    { title: t('field.status'), dataIndex: 'status', sorter: true, width: 90, exportLabels: { normal: t('status.normal'), lock: t('status.lock') }, render: (v: 'normal' | 'lock') => <Tag color={v === 'lock' ? 'red' : 'green'}>{t(`status.${v}`)}</Tag> },
    { title: t('field.roleNames'), dataIndex: 'roleNames', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('field.maxSessions'), dataIndex: 'maxSessions', sorter: true, width: 110, exportLabels: { '-1': t('unlimited') }, render: (v: number) => (v < 0 ? t('unlimited') : v) },
    { title: t('field.mobile'), dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? '—' },
    { title: t('field.createdAt'), dataIndex: 'createdAt', sorter: true, width: 150, render: fmt },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 190, fixed: 'right',
      render: (_, r) => {
        const more = [
          can('security:account:grant') && { key: 'assign', icon: <TeamOutlined />, label: t('action.assign'), onClick: () => setAssigning(r) },
          can('security:account:resetPassword') && { key: 'reset', icon: <KeyOutlined />, label: t('action.resetPassword'), onClick: () => setResetting(r) },
          can('security:account:unlock') && r.status === 'lock' && { key: 'unlock', icon: <UnlockOutlined />, label: t('action.unlock'),
            onClick: () => modal.confirm({ title: t('action.unlock'), content: t('msg.confirmUnlock', { name: r.userId }), onOk: () => unlock.mutateAsync(r.id) }) },
          { key: 'auth', icon: <SafetyOutlined />, label: t('action.authorities'), onClick: () => setViewing(r) },
          can('security:account:delete') && { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('action.delete'), onClick: () => askDelete([r.id]) },
        ].filter(Boolean) as { key: string }[];
        return (
          <Space size={0}>
            {can('security:account:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
            <Dropdown menu={{ items: more as never }} trigger={['click']}><Button type="link" size="small" icon={<MoreOutlined />}>{t('action.more')}</Button></Dropdown>
          </Space>
        );
      },
    },
  ];

  return (
    <Row gutter={12} wrap={false}>
      <Col flex="240px" style={{ minWidth: 0 }}>
        <OrganFilterTree value={typeof q.organId === 'number' ? q.organId : undefined} onChange={(organId) => { setSelected([]); setQ({ ...q, organId, page: 1 }); }} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
      <ListPage<AccountRow>
        id="security.accounts" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/security/accounts', params: q as Record<string, unknown>, fileName: t('title.accountsFile') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit, organId: q.organId }),
          items: [
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.userId')} / ${t('field.userName')} / ${t('field.mobile')}`} style={{ width: 220 }} /></Form.Item>,
            <Form.Item key="status" name="status" label={t('field.status')}><Select allowClear style={{ width: 100 }} options={(['normal', 'lock'] as const).map((v) => ({ value: v, label: t(`status.${v}`) }))} /></Form.Item>,
            <Form.Item key="roleId" name="roleId" label={t('field.role')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 180 }} options={(roles.data?.records ?? []).map((r) => ({ value: r.id, label: r.name }))} />
            </Form.Item>,
          ],
        }}
        actions={<>
          {can('security:account:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('security:account:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && askDelete(selected)}>{t('action.batchDelete')}</Button>
          )}
          <AccountBatch selected={selected} onDone={() => setSelected([])} />
          {can('security:account:import') && <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>{t('action.import')}</Button>}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1100 },
          rowSelection: selectable ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), preserveSelectedRowKeys: true } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit, undefined, list.data?.approximate),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <AccountForm account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {resetting && <ResetPassword account={resetting} onClose={() => setResetting(null)} />}
      {assigning && <AssignRoles account={assigning} onClose={() => setAssigning(null)} />}
      {viewing && <Authorities account={viewing} onClose={() => setViewing(null)} />}
      {importing && <AccountImport onClose={() => setImporting(false)} />}
      </Col>
    </Row>
  );
}

function AccountForm({ account, onClose }: { account: AccountRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const schema = account ? accountUpdateSchema : accountCreateSchema;
  const rule = zodRule(schema, langOf(i18n.language), prepare);
  const ipOn = Form.useWatch('ipPolicyEnabled', form);
  const detail = useQuery({ queryKey: ['security', 'account', account?.id], queryFn: () => securityApi.account(account!.id), enabled: !!account });
  useEffect(() => {
    if (!account) form.setFieldsValue({ status: 'normal', maxSessions: -1, isAdmin: false, ipPolicyEnabled: false, roleIds: [], groupIds: [] });
    else if (detail.data) form.setFieldsValue(detail.data);
  }, [account, detail.data, form]);
  const save = useSecurityMutation(
    (body: Record<string, unknown>) => (account ? securityApi.updateAccount(account.id, body as never) : securityApi.createAccount(body as never)),
    [keys.accounts, keys.roles], () => { message.success(t('msg.saved')); onClose(); },
  );
  const submit = async () => {
    if (!(await validValues(form))) return;
    save.mutate(schema.parse(prepare(form.getFieldsValue(true))) as never);
  };
  return (
    <Modal open width={720} title={account ? t('title.editAccount') : t('title.newAccount')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark onFinish={submit}>
        <Row gutter={16}>
          <Col span={12}><Form.Item name="userId" label={t('field.userId')} required rules={account ? [] : [rule]}><Input disabled={!!account} maxLength={64} autoComplete="off" /></Form.Item></Col>
          <Col span={12}><Form.Item name="userName" label={t('field.userName')} required rules={[rule]}><Input maxLength={64} /></Form.Item></Col>
          {!account && (<>
            <Col span={12}><Form.Item name="password" label={t('field.password')} required rules={[rule]}><Input.Password autoComplete="new-password" /></Form.Item></Col>
            <Col span={12}><Form.Item name="confirmPassword" label={t('field.confirmPassword')} required dependencies={['password']} rules={[rule]}><Input.Password autoComplete="new-password" /></Form.Item></Col>
          </>)}
          <Col span={8}><Form.Item name="status" label={t('field.status')} rules={[rule]} extra={t('hint.lockEndsSessions')}>
            <Select options={(['normal', 'lock'] as const).map((v) => ({ value: v, label: t(`status.${v}`) }))} />
          </Form.Item></Col>
          <Col span={8}><Form.Item name="maxSessions" label={t('field.maxSessions')} rules={[rule]} extra={t('hint.maxSessions')}><InputNumber min={-1} max={1000} style={{ width: '100%' }} /></Form.Item></Col>
          <Col span={8}><Form.Item name="staffId" label={t('field.staffId')} rules={[rule]}><StaffSelect placeholder={t('hint.pickStaff')} /></Form.Item></Col>
          <Col span={12}><Form.Item name="email" label={t('field.email')} rules={[rule]}><Input maxLength={200} /></Form.Item></Col>
          <Col span={12}><Form.Item name="mobile" label={t('field.mobile')} rules={[rule]}><Input maxLength={20} /></Form.Item></Col>
          <Col span={24}><Form.Item name="manageRange" label={t('field.manageRange')} rules={[rule]}><Input maxLength={500} /></Form.Item></Col>
          <Col span={6}><Form.Item name="isAdmin" label={t('field.isAdmin')} valuePropName="checked"><Switch /></Form.Item></Col>
          <Col span={6}><Form.Item name="ipPolicyEnabled" label={t('field.ipPolicyEnabled')} valuePropName="checked"><Switch /></Form.Item></Col>
          <Col span={24}><Form.Item name="ipPolicy" label={t('field.ipPolicy')} rules={[rule]} dependencies={['ipPolicyEnabled']} extra={t('hint.ipPolicy')} required={!!ipOn}>
            <Input.TextArea rows={2} placeholder="192.168.1.*;10.0.0.1-20;-10.0.0.5" />
          </Form.Item></Col>
          {!account && (<>
            <Col span={12}><Form.Item name="roleIds" label={t('field.roles')}><RolePicker /></Form.Item></Col>
            <Col span={12}><Form.Item name="groupIds" label={t('field.groups')}><GroupPicker /></Form.Item></Col>
          </>)}
        </Row>
        {/* Enter in a field saves, as in any form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

function ResetPassword({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(resetPasswordSchema, langOf(i18n.language));
  const run = useSecurityMutation((v: { password: string; confirmPassword: string }) => securityApi.resetPassword(account.id, v.password, v.confirmPassword), [keys.accounts], () => { message.success(t('msg.saved')); onClose(); });
  const submit = async () => { const v = await validValues<{ password: string; confirmPassword: string }>(form); if (v) run.mutate(v); };
  return (
    <Modal open title={t('title.resetPassword', { name: account.userId })} onCancel={onClose} okText={t('action.save')} confirmLoading={run.isPending}
      onOk={submit} destroyOnHidden>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('hint.resetPassword')} />
      <Form form={form} layout="vertical" requiredMark onFinish={submit}>
        <Form.Item name="password" label={t('field.password')} required rules={[rule]}><Input.Password autoComplete="new-password" /></Form.Item>
        <Form.Item name="confirmPassword" label={t('field.confirmPassword')} required dependencies={['password']} rules={[rule]}><Input.Password autoComplete="new-password" /></Form.Item>
        {/* Enter in a field saves, as in any form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** Roles and role groups of one account (the full set), and batch authorization of many roles to it. */
function AssignRoles({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(assignSchema, langOf(i18n.language));
  const detail = useQuery({ queryKey: ['security', 'account', account.id], queryFn: () => securityApi.account(account.id) });
  useEffect(() => { if (detail.data) form.setFieldsValue({ roleIds: detail.data.roleIds, groupIds: detail.data.groupIds }); }, [detail.data, form]);
  const run = useSecurityMutation((v: { roleIds: number[]; groupIds: number[] }) => securityApi.assign(account.id, v.roleIds ?? [], v.groupIds ?? []),
    [keys.accounts, keys.roles, keys.groups, ['security', 'account', account.id]], () => { message.success(t('msg.granted')); onClose(); });
  return (
    <Modal open width={600} title={t('title.assign', { name: account.userId })} onCancel={onClose} okText={t('action.save')} confirmLoading={run.isPending}
      onOk={async () => { const v = await validValues<{ roleIds: number[]; groupIds: number[] }>(form); if (v) run.mutate(v); }} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('hint.batchRolesToAccount', { account: account.userId })}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="roleIds" label={t('field.roles')} rules={[rule]}><RolePicker /></Form.Item>
        <Form.Item name="groupIds" label={t('field.groups')} rules={[rule]}><GroupPicker /></Form.Item>
      </Form>
    </Modal>
  );
}

function Authorities({ account, onClose }: { account: AccountRow; onClose: () => void }) {
  const { t } = useTranslation('security');
  const data = useQuery({ queryKey: ['security', 'authorities', account.id], queryFn: () => securityApi.authorities(account.id) });
  const detail = useQuery({ queryKey: ['security', 'account', account.id], queryFn: () => securityApi.account(account.id) });
  const source = (s: { kind: string; roleName?: string; groupName?: string }) =>
    (s.kind === 'admin' ? t('source.admin') : s.kind === 'group' ? t('source.group', { role: s.roleName, group: s.groupName }) : t('source.role', { role: s.roleName }));
  return (
    <Drawer open width={640} title={t('title.authorities', { name: account.userId })} onClose={onClose}>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }} items={[
        { key: 'r', label: t('field.roles'), children: detail.data?.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) ?? '—' },
        { key: 'g', label: t('field.groups'), children: detail.data?.groups.length ? detail.data.groups.map((g) => <Tag key={g.id} color="purple">{g.name}</Tag>) : t('msg.none') },
      ]} />
      {data.data?.all && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('all')} />}
      <Table size="small" rowKey="authority" loading={data.isFetching} dataSource={data.data?.authorities ?? []}
        locale={{ emptyText: <Empty description={t('msg.noAuthorities')} /> }} pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('field.authority'), dataIndex: 'authority', render: (v: string, r) => <Space direction="vertical" size={0}><span>{r.name ?? (v === '*' ? t('all') : v)}</span><Typography.Text type="secondary" style={{ fontSize: 12 }}>{v}</Typography.Text></Space> },
          { title: t('field.source'), dataIndex: 'sources', render: (ss: { kind: string; roleName?: string; groupName?: string }[]) => ss.map((s, i) => <div key={i}>{source(s)}</div>) },
        ]} />
    </Drawer>
  );
}
