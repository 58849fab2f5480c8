import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Empty, Form, Input, List, Modal, Select, Space, Tag, Tree, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined, TeamOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { DATA_SCOPES, ROLE_SCOPES, ROLE_TYPES, roleSchema } from '@bencao/contracts';
import { keys, securityApi, usePaged, useSecurityMutation, type GrantNode, type ListQuery, type RoleRow } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { OrganSelect } from '@/components/OrganPickers';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { langOf, zodRule } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { validValues } from './validate';
import { AccountPicker } from './pickers';
import { OrganMultiSelect } from './OrganMultiSelect';

const ROLE_TYPE_COLOR = { global: 'blue', common: 'default', inner: 'gold', organ: 'cyan' } as const;

export function RoleList() {
  const { t } = useTranslation('security');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(keys.roles, securityApi.roles, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const [holders, setHolders] = useState<RoleRow | null>(null);
  const [batch, setBatch] = useState<RoleRow | null>(null);
  const remove = useSecurityMutation((ids: number[]) => securityApi.deleteRoles(ids), [keys.roles], () => { message.success(t('msg.deleted')); setSelected([]); });

  const askDelete = (ids: number[]) => confirmDelete(modal, t, () => remove.mutateAsync(ids), ids.length);

  const cols: ListColumn<RoleRow>[] = [
    { title: t('field.code'), dataIndex: 'code', sorter: true, width: 170, render: (v: string, r) => <Space size={4} wrap style={{ wordBreak: 'break-all' }}>{v}{r.isSuper && <Tag color="red">{t('super')}</Tag>}</Space> },
    { title: t('field.name'), dataIndex: 'name', sorter: true, width: 160 },
    { title: t('field.roleType'), dataIndex: 'roleType', sorter: true, width: 110, exportLabels: Object.fromEntries(ROLE_TYPES.map((v) => [v, t(`roleType.${v}`)])), render: (v: RoleRow['roleType']) => <Tag color={ROLE_TYPE_COLOR[v]}>{t(`roleType.${v}`)}</Tag> },
    { title: t('dataScope.label'), dataIndex: 'dataScope', width: 130, exportLabels: Object.fromEntries(DATA_SCOPES.map((v) => [v, t(`dataScope.${v}`)])),
      render: (v: RoleRow['dataScope'], r) => (v === 'custom' ? `${t('dataScope.custom')} (${r.dataScopeOrganIds.length})` : t(`dataScope.${v ?? 'all'}`)) },
    { title: t('field.scope'), dataIndex: 'scope', sorter: true, width: 90, exportLabels: Object.fromEntries(ROLE_SCOPES.map((v) => [v, t(`scope.${v}`)])), render: (v: string, r) => (v === 'organ' ? `${t('scope.organ')} #${r.organId}` : t('scope.global')) },
    { title: t('field.positionType'), dataIndex: 'positionType', width: 100, render: (v: string | null) => v ?? '—' },
    { title: t('field.grantCount'), dataIndex: 'grantCount', width: 90, render: (v: number, r) => (r.isSuper ? t('allShort') : v) },
    { title: t('field.accountCount'), dataIndex: 'accountCount', width: 90, render: (v: number, r) => <Typography.Link onClick={() => setHolders(r)}>{v}</Typography.Link> },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 350, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('security:role:edit') && !r.isSuper && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setGranting(r)}>{t('action.grant')}</Button>
          {can('security:role:grant') && <Button type="link" size="small" icon={<UsergroupAddOutlined />} onClick={() => setBatch(r)}>{t('action.batchGrant')}</Button>}
          {can('security:role:delete') && !r.isSuper && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete([r.id])}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<RoleRow>
        id="security.roles" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/security/roles', params: q as Record<string, unknown>, fileName: t('title.rolesFile') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.code')} / ${t('field.name')}`} /></Form.Item>,
            <Form.Item key="roleType" name="roleType" label={t('field.roleType')}><Select allowClear style={{ width: 140 }} options={ROLE_TYPES.map((v) => ({ value: v, label: t(`roleType.${v}`) }))} /></Form.Item>,
            <Form.Item key="scope" name="scope" label={t('field.scope')}><Select allowClear style={{ width: 110 }} options={ROLE_SCOPES.map((v) => ({ value: v, label: t(`scope.${v}`) }))} /></Form.Item>,
          ],
        }}
        actions={<>
          {can('security:role:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('security:role:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => requireSelection(message, t, selected) && askDelete(selected)}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1350 },
          rowSelection: can('security:role:delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]), getCheckboxProps: (r) => ({ disabled: r.isSuper }) } : undefined,
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <RoleForm role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {granting && <GrantDrawer role={granting} onClose={() => setGranting(null)} />}
      {holders && <HoldersDrawer role={holders} onClose={() => setHolders(null)} />}
      {batch && <RoleToAccounts role={batch} onClose={() => setBatch(null)} />}
    </>
  );
}

function RoleForm({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('security');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(roleSchema, langOf(i18n.language));
  const scope = Form.useWatch('scope', form);
  const roleType = Form.useWatch('roleType', form);
  const dataScope = Form.useWatch('dataScope', form);
  useEffect(() => { form.setFieldsValue(role ?? { roleType: 'common', scope: 'global', dataScope: 'all', dataScopeOrganIds: [] }); }, [role, form]);
  const save = useSecurityMutation(
    (body: Record<string, unknown>) => (role ? securityApi.updateRole(role.id, body as never) : securityApi.createRole(body as never)),
    [keys.roles], () => { message.success(t('msg.saved')); onClose(); },
  );
  const submit = async () => {
    const v = await validValues(form);
    if (!v) return;
    save.mutate(roleSchema.parse({ ...v, organId: v.organId ?? null, dataScopeOrganIds: v.dataScope === 'custom' ? v.dataScopeOrganIds ?? [] : [] }) as never);
  };
  const organ = scope === 'organ' || roleType === 'organ';
  return (
    <Modal open title={role ? t('title.editRole') : t('title.newRole')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} okText={t('action.save')} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" requiredMark onFinish={submit}>
        <Form.Item name="code" label={t('field.code')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Space.Compact block>
          <Form.Item name="roleType" label={t('field.roleType')} rules={[rule]} style={{ flex: 1, marginInlineEnd: 12 }}>
            <Select options={ROLE_TYPES.map((v) => ({ value: v, label: t(`roleType.${v}`) }))} />
          </Form.Item>
          <Form.Item name="scope" label={t('field.scope')} rules={[rule]} style={{ flex: 1 }}>
            <Select options={ROLE_SCOPES.map((v) => ({ value: v, label: t(`scope.${v}`) }))} />
          </Form.Item>
        </Space.Compact>
        {organ && <Form.Item name="organId" label={t('field.organId')} required rules={[rule]} dependencies={['scope', 'roleType']}><OrganSelect placeholder={t('hint.pickOrgan')} /></Form.Item>}
        <Form.Item name="positionType" label={t('field.positionType')} rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="dataScope" label={t('dataScope.label')} rules={[rule]} extra={t('dataScope.hint')}>
          <Select options={DATA_SCOPES.map((v) => ({ value: v, label: t(`dataScope.${v}`) }))} />
        </Form.Item>
        {dataScope === 'custom' && (
          <Form.Item name="dataScopeOrganIds" label={t('dataScope.organs')} required rules={[rule]} dependencies={['dataScope']}><OrganMultiSelect placeholder={t('hint.pickOrgan')} /></Form.Item>
        )}
        <Form.Item name="note" label={t('field.note')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        {/* Enter in a field saves, as in any form */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** Grants of a role: functions and operations checked in the authority tree; saved as the full set. */
function GrantDrawer({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation('security');
  const { message } = App.useApp();
  const can = usePermission();
  const data = useQuery({ queryKey: ['security', 'grants', role.id], queryFn: () => securityApi.grants(role.id) });
  const [checked, setChecked] = useState<string[]>([]);
  useEffect(() => { if (data.data) setChecked(data.data.checked); }, [data.data]);
  const save = useSecurityMutation((codes: string[]) => securityApi.setGrants(role.id, codes), [keys.roles, ['security', 'grants', role.id]], () => { message.success(t('msg.granted')); onClose(); });
  const readOnly = role.isSuper || !can('security:role:grant');
  const treeData = useMemo(() => {
    const map = (n: GrantNode): { key: string; title: React.ReactNode; checkable?: boolean; disableCheckbox?: boolean; children?: unknown[] } => ({
      key: n.key, checkable: true, disableCheckbox: readOnly,
      title: <span>{n.title}{n.checkable && <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>{n.code}</Typography.Text>}</span>,
      children: n.children?.map(map),
    });
    // a module without functions grants nothing (its screens need no authority): it is not offered
    const grantsSomething = (n: GrantNode): boolean => n.checkable || (n.children ?? []).some(grantsSomething);
    const prune = (ns: GrantNode[]): GrantNode[] => ns.filter(grantsSomething).map((n) => ({ ...n, children: n.children && prune(n.children) }));
    return prune(data.data?.tree ?? []).map(map);
  }, [data.data, readOnly]);
  const codes = useMemo(() => {
    const out = new Set<string>();
    const walk = (ns: GrantNode[]) => ns.forEach((n) => { if (n.checkable) out.add(n.key); walk(n.children ?? []); });
    walk(data.data?.tree ?? []);
    return out;
  }, [data.data]);
  const expandedKeys = useMemo(() => (data.data?.tree ?? []).flatMap((a) => [a.key, ...(a.children ?? []).map((m) => m.key)]), [data.data]);
  return (
    <Drawer open width={520} title={t('title.grant', { name: role.name })} onClose={onClose}
      footer={!readOnly && (
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate(checked.filter((k) => codes.has(k)))}>{t('action.save')}</Button>
        </Space>
      )}>
      <Alert type={role.isSuper ? 'warning' : 'info'} showIcon style={{ marginBottom: 12 }} message={role.isSuper ? t('hint.superRole') : t('hint.grantTree')} />
      {data.data && (
        <Tree checkable selectable={false} defaultExpandedKeys={expandedKeys} treeData={treeData as never}
          checkedKeys={role.isSuper ? [...codes, ...expandedKeys] : checked}
          onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked).map(String))} />
      )}
    </Drawer>
  );
}

function HoldersDrawer({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation('security');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const data = useQuery({ queryKey: ['security', 'holders', role.id], queryFn: () => securityApi.roleAccounts(role.id) });
  const revoke = useSecurityMutation((ids: number[]) => securityApi.revoke(role.id, ids), [keys.roles, keys.accounts, ['security', 'holders', role.id]], () => message.success(t('msg.saved')));
  return (
    <Drawer open width={440} title={t('title.holders', { name: role.name })} onClose={onClose}>
      <List
        dataSource={data.data ?? []} locale={{ emptyText: <Empty description={t('msg.none')} /> }}
        renderItem={(a) => (
          <List.Item actions={can('security:role:grant') ? [
            <Button key="r" type="link" size="small" danger onClick={() => modal.confirm({ title: t('action.revoke'), content: t('msg.confirmRevoke', { name: a.userId }), onOk: () => revoke.mutateAsync([a.id]) })}>{t('action.revoke')}</Button>,
          ] : []}>
            <List.Item.Meta avatar={<TeamOutlined />} title={a.userId} description={a.userName} />
            {a.status === 'lock' && <Tag color="red">{t('status.lock')}</Tag>}
          </List.Item>
        )}
      />
    </Drawer>
  );
}

/** Batch authorization: this role to many accounts. */
function RoleToAccounts({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const { t } = useTranslation('security');
  const { message } = App.useApp();
  const [ids, setIds] = useState<number[]>([]);
  const run = useSecurityMutation(() => securityApi.roleToAccounts(role.id, ids), [keys.roles, keys.accounts], () => { message.success(t('msg.granted')); onClose(); });
  return (
    <Modal open title={t('title.roleToAccounts')} onCancel={onClose} okText={t('action.save')} confirmLoading={run.isPending}
      onOk={() => (ids.length ? run.mutate(undefined) : message.warning(t('msg.selectFirst')))} width={560}>
      <Typography.Paragraph>{t('hint.batchRoleToAccounts', { role: role.name })}</Typography.Paragraph>
      <AccountPicker value={ids} onChange={setIds} />
    </Modal>
  );
}
