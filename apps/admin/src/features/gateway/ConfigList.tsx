import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, DiffOutlined, DownloadOutlined, EditOutlined, ExperimentOutlined, HistoryOutlined, PlusOutlined, RollbackOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { CONFIG_TYPES, DEFAULT_GROUP, configSchema } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { confirmAction, confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { gatewayApi, usePaged, useGwMutation, type ConfigRow, type HistoryRow, type ListQuery } from './api';
import { SubscriberTable } from './SubscriberTable';
import { DiffView } from './DiffView';
import { ContentEditor } from './ContentEditor';
import type { SyntaxProblem } from './configSyntax';
import { CloneModal, ImportModal, configOpsApi } from './ConfigOps';
import { BetaTag, ConfigBetaDrawer } from './ConfigBeta';
import { formatDateTime } from '@/lib/format';

const KEY = ['gateway', 'configs'];

/** Config centre: configs per namespace, history, side-by-side compare, rollback, clone, zip import/export, beta publish. */
export function ConfigList() {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const namespaces = useQuery({ queryKey: ['gateway', 'namespaces'], queryFn: gatewayApi.namespaces });
  const [ns, setNs] = useState('public');
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged([...KEY, ns], gatewayApi.configs, { ...q, namespaceId: ns });
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ConfigRow | 'new' | null>(null);
  const [history, setHistory] = useState<ConfigRow | null>(null);
  const [listenersOf, setListenersOf] = useState<ConfigRow | null>(null);
  const [betaOf, setBetaOf] = useState<ConfigRow | null>(null);
  const [cloning, setCloning] = useState(false);
  const [importing, setImporting] = useState(false);
  const currentNs = namespaces.data?.find((n) => n.id === ns);
  const remove = useGwMutation((ids: number[]) => gatewayApi.deleteConfigs(ids), [KEY], () => { message.success(t('msg.deleted')); setSelected([]); });

  const cols: ListColumn<ConfigRow>[] = [
    { title: t('field.dataId'), dataIndex: 'dataId', sorter: true, width: 240, ellipsis: true,
      render: (v: string, r) => <>{(r as ConfigRow & { beta?: boolean }).beta && <BetaTag />}{v}</> },
    { title: t('field.group'), dataIndex: 'group', sorter: true, width: 160 },
    { title: t('field.appName'), dataIndex: 'appName', sorter: true, width: 140, render: (v: string | null) => v ?? '—' },
    { title: t('field.tags'), dataIndex: 'tags', width: 140, render: (v: string | null) => (v ? v.split(',').map((x) => <Tag key={x}>{x.trim()}</Tag>) : '—') },
    { title: t('field.type'), dataIndex: 'type', width: 90 },
    { title: t('field.md5'), dataIndex: 'md5', width: 280, render: (v: string) => <Typography.Text code copyable>{v}</Typography.Text> },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', sorter: true, width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 400, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('gateway:config:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(r)}>{t('action.history')}</Button>
          <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setListenersOf(r)}>{t('subscriber.listeners')}</Button>
          <Button type="link" size="small" icon={<ExperimentOutlined />} onClick={() => setBetaOf(r)}>{t('ops.beta')}</Button>
          {can('gateway:config:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Tabs activeKey={ns} onChange={(k) => { setNs(k); setQ({ ...q, page: 1 }); setSelected([]); }}
        items={(namespaces.data ?? [{ id: 'public', showName: 'public' }]).map((n) => ({ key: n.id, label: n.showName }))} />
      <ListPage<ConfigRow>
        id="gateway.configs" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/gateway/configs', params: { ...q, namespaceId: ns }, fileName: `${t('file.configs')}-${ns}` }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="dataId" name="dataId" label={t('field.dataId')}><Input allowClear /></Form.Item>,
            <Form.Item key="group" name="group" label={t('field.group')}><Input allowClear /></Form.Item>,
            <Form.Item key="appName" name="appName" label={t('field.appName')}><Input allowClear /></Form.Item>,
            <Form.Item key="tags" name="tags" label={t('field.tags')}><Input allowClear /></Form.Item>,
          ],
        }}
        actions={<>
          {can('gateway:config:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('gateway:config:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>{t('action.batchDelete')}</Button>
          )}
          {can('gateway:config:clone') && <Button icon={<CopyOutlined />} onClick={() => { if (requireSelection(message, t, selected)) setCloning(true); }}>{t('ops.clone')}</Button>}
          {can('gateway:config:export') && (
            <Button icon={<DownloadOutlined />} title={t('ops.exportHint')} onClick={() => void configOpsApi.exportZip(ns, selected, q)}>{t('ops.exportZip')}</Button>
          )}
          {can('gateway:config:import') && <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>{t('ops.importZip')}</Button>}
        </>}
        extra={<Typography.Paragraph type="secondary">{t('msg.appApiHint')}</Typography.Paragraph>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1550 },
          rowSelection: { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <ConfigForm config={editing === 'new' ? null : editing} namespaceId={ns} onClose={() => setEditing(null)} />}
      {listenersOf && (
        <Drawer open width={860} title={t('subscriber.listenersTitle', { dataId: listenersOf.dataId, group: listenersOf.group })} onClose={() => setListenersOf(null)} destroyOnHidden>
          <SubscriberTable queryKey={['gateway', 'subscribers', 'config', listenersOf.id]} load={() => gatewayApi.configSubscribers(listenersOf.id)} hint={t('subscriber.configHint')} />
        </Drawer>
      )}
      {cloning && <CloneModal ids={selected} namespaceId={ns} namespaces={namespaces.data ?? []} onClose={() => { setCloning(false); setSelected([]); }} />}
      {importing && <ImportModal namespace={currentNs ?? { id: ns, showName: ns, description: null, configCount: 0, createdAt: '' }} onClose={() => setImporting(false)} />}
      {betaOf && <ConfigBetaDrawer config={betaOf} onClose={() => setBetaOf(null)} />}
      {history && <HistoryDrawer config={history} onClose={() => setHistory(null)} confirm={(fn, content) => confirmAction(modal, t, fn, content)} />}
    </>
  );
}

function ConfigForm({ config, namespaceId, onClose }: { config: ConfigRow | null; namespaceId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(configSchema, langOf(i18n.language));
  const type = Form.useWatch('type', form) as string | undefined;
  const describe = (p: SyntaxProblem) => t('editor.invalid', { type: (form.getFieldValue('type') as string ?? '').toUpperCase(), line: p.line, col: p.col, reason: p.reason });
  // saving is refused while the content does not parse as its type; first, so its line and column win over the schema's JSON check
  const syntaxRule = { validator: async (_: unknown, value?: string) => {
    const { checkSyntax } = await import('./configSyntax');
    const problem = checkSyntax(form.getFieldValue('type') as string, value ?? '');
    if (problem) throw new Error(describe(problem));
  } };
  const detail = useQuery({ queryKey: ['gateway', 'config', config?.id], queryFn: () => gatewayApi.config(config!.id), enabled: !!config });
  useEffect(() => {
    if (!config) form.setFieldsValue({ namespaceId, group: DEFAULT_GROUP, type: 'text' });
    else if (detail.data) form.setFieldsValue(detail.data);
  }, [config, detail.data, namespaceId, form]);
  const save = useGwMutation((body: unknown) => (config ? gatewayApi.updateConfig(config.id, body) : gatewayApi.createConfig(body)),
    [KEY, ['gateway', 'config', config?.id], ['gateway', 'namespaces']], () => { message.success(config ? t('msg.updateOk') : t('msg.createOk')); onClose(); });
  // the MD5 this form started from: the server refuses the save if someone published or rolled back since
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(configSchema.parse({ ...v, namespaceId, casMd5: detail.data?.md5 })); };
  return (
    <Modal open width={820} title={config ? t('title.editConfig') : t('title.newConfig')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwConfig" layout="vertical" requiredMark>
        <Space.Compact block>
          <Form.Item name="dataId" label={t('field.dataId')} required rules={[rule]} style={{ flex: 2 }}><Input disabled={!!config} maxLength={255} /></Form.Item>
          <Form.Item name="group" label={t('field.group')} required rules={[rule]} style={{ flex: 1, marginLeft: 12 }}><Input disabled={!!config} maxLength={128} /></Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item name="appName" label={t('field.appName')} rules={[rule]} style={{ flex: 1 }}><Input maxLength={128} /></Form.Item>
          <Form.Item name="tags" label={t('field.tags')} rules={[rule]} style={{ flex: 1, marginLeft: 12 }}><Input maxLength={500} /></Form.Item>
          <Form.Item name="type" label={t('field.type')} style={{ width: 150, marginLeft: 12 }}><Select options={CONFIG_TYPES.map((v) => ({ value: v, label: v }))} /></Form.Item>
        </Space.Compact>
        <Form.Item name="description" label={t('field.description')} rules={[rule]}><Input maxLength={500} /></Form.Item>
        <Form.Item name="content" label={t('field.content')} required rules={[syntaxRule, rule]} validateFirst dependencies={['type']}>
          <ContentEditor type={type} ariaLabel={t('field.content')} describe={describe} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function HistoryDrawer({ config, onClose, confirm }: { config: ConfigRow; onClose: () => void; confirm: (fn: () => Promise<unknown>, content: string) => Promise<boolean> }) {
  const { t } = useTranslation('gateway');
  const { message } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const hkey = ['gateway', 'history', config.namespaceId, config.dataId, config.group];
  const list = usePaged(hkey, gatewayApi.history, { ...q, namespaceId: config.namespaceId, dataId: config.dataId, group: config.group });
  const [compare, setCompare] = useState<HistoryRow | null>(null);
  /** two versions picked in the table, compared with each other (older on the left) */
  const [picked, setPicked] = useState<HistoryRow[]>([]);
  const [comparePicked, setComparePicked] = useState(false);
  const rollback = useGwMutation((id: number) => gatewayApi.rollback(id), [hkey, KEY, ['gateway', 'namespaces'], ['gateway', 'config']], () => message.success(t('msg.rollbackOk')));
  const compareTwo = () => { if (picked.length !== 2) { void message.warning(t('msg.noSelection')); return; } setComparePicked(true); };
  return (
    <Drawer open width={860} title={t('title.history', { dataId: config.dataId, group: config.group })} onClose={onClose} destroyOnHidden
      extra={<Button icon={<DiffOutlined />} onClick={compareTwo}>{t('action.compareTwo')}</Button>}>
      <Typography.Paragraph type="secondary">{t('msg.historyHint')}</Typography.Paragraph>
      <Table<HistoryRow> rowKey="id" size="small" loading={list.isFetching} dataSource={list.data?.records ?? []}
        rowSelection={{
          selectedRowKeys: picked.map((r) => r.id), hideSelectAll: true,
          onChange: (_k, rows) => setPicked(rows.slice(-2)),
        }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)}
        onChange={onTableChange(setQ)}
        columns={[
          { title: t('field.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v), width: 170 },
          { title: t('field.opType'), dataIndex: 'opType', width: 90, render: (v: HistoryRow['opType']) => <Tag color={v === 'delete' ? 'red' : v === 'insert' ? 'green' : 'blue'}>{t(`opType.${v}`)}</Tag> },
          { title: t('field.operator'), dataIndex: 'operator', width: 100, render: (v: string | null) => v ?? '—' },
          { title: t('field.md5'), dataIndex: 'md5', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          {
            title: '', key: 'actions', width: 190,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button type="link" size="small" icon={<DiffOutlined />} onClick={() => setCompare(r)}>{t('action.compare')}</Button>
                {can('gateway:config:rollback') && (
                  <Button type="link" size="small" icon={<RollbackOutlined />}
                    onClick={() => void confirm(() => rollback.mutateAsync(r.id), t('msg.rollbackConfirm', { what: t(r.opType === 'insert' ? 'msg.rollbackInsert' : 'msg.rollbackUpdate') }))}>
                    {t('action.rollback')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]} />
      {compare && <CompareModal row={compare} configId={config.id} onClose={() => setCompare(null)} />}
      {comparePicked && picked.length === 2 && <CompareTwoModal rows={picked} onClose={() => setComparePicked(false)} />}
    </Drawer>
  );
}

function CompareModal({ row, configId, onClose }: { row: HistoryRow; configId: number; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const old = useQuery({ queryKey: ['gateway', 'historyItem', row.id], queryFn: () => gatewayApi.historyItem(row.id) });
  const cur = useQuery({ queryKey: ['gateway', 'config', configId], queryFn: () => gatewayApi.config(configId), retry: false });
  const ready = old.data && (cur.data || cur.isError);
  return (
    <Modal open width={1100} title={t('title.compare')} onCancel={onClose} footer={null} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('msg.compareHint')} />
      {ready && (
        <DiffView left={old.data!.content} right={cur.data?.content ?? ''}
          leftTitle={`${t(`opType.${row.opType}`)} · ${formatDateTime(row.createdAt)} · ${row.md5}`}
          rightTitle={cur.data ? `${formatDateTime(cur.data.updatedAt)} · ${cur.data.md5}` : t('msg.noCurrent')} />
      )}
    </Modal>
  );
}

function CompareTwoModal({ rows, onClose }: { rows: HistoryRow[]; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const [a, b] = [...rows].sort((x, y) => x.id - y.id);
  const left = useQuery({ queryKey: ['gateway', 'historyItem', a.id], queryFn: () => gatewayApi.historyItem(a.id) });
  const right = useQuery({ queryKey: ['gateway', 'historyItem', b.id], queryFn: () => gatewayApi.historyItem(b.id) });
  const title = (r: HistoryRow) => `${t(`opType.${r.opType}`)} · ${formatDateTime(r.createdAt)} · ${r.md5}`;
  return (
    <Modal open width={1100} title={t('title.compare')} onCancel={onClose} footer={null} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('msg.compareTwoHint')} />
      {left.data && right.data && <DiffView left={left.data.content} right={right.data.content} leftTitle={title(a)} rightTitle={title(b)} />}
    </Modal>
  );
}
