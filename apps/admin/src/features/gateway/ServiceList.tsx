import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { ClusterOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { HEALTH_CHECKS, instanceSchema, instanceUpdateSchema, serviceSchema } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { gatewayApi, usePaged, useGwMutation, type InstanceRow, type ListQuery, type ServiceRow } from './api';
import { SubscriberTable } from './SubscriberTable';
import { formatDateTime } from '@/lib/format';

const KEY = ['gateway', 'services'];
const metaText = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k}=${v}`).join('\n');
const metaParse = (s: string | undefined) => Object.fromEntries((s ?? '').split('\n').map((l) => l.trim()).filter(Boolean)
  .map((l) => { const i = l.indexOf('='); return i < 0 ? [l, ''] : [l.slice(0, i).trim(), l.slice(i + 1).trim()]; }));

/** Service registry: services with cluster / instance / healthy counts; instances online and offline. */
export function ServiceList() {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, gatewayApi.services, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<ServiceRow | 'new' | null>(null);
  const [instancesOf, setInstancesOf] = useState<ServiceRow | null>(null);
  const remove = useGwMutation((ids: number[]) => gatewayApi.deleteServices(ids), [KEY], () => { message.success(t('msg.deleted')); setSelected([]); });
  const cols: ListColumn<ServiceRow>[] = [
    { title: t('field.name'), dataIndex: 'name', sorter: true },
    { title: t('field.group'), dataIndex: 'group', sorter: true, width: 160 },
    { title: t('field.clusterCount'), dataIndex: 'clusterCount', width: 90 },
    { title: t('field.ipCount'), dataIndex: 'ipCount', width: 90 },
    { title: t('field.healthyCount'), dataIndex: 'healthyCount', width: 100, render: (v: number, r) => <Tag color={v === r.ipCount ? 'green' : v ? 'orange' : 'red'}>{v}</Tag> },
    { title: t('field.protectThreshold'), dataIndex: 'protectThreshold', width: 120 },
    { title: t('field.healthCheck'), dataIndex: 'healthCheck', width: 110 },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 290, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<ClusterOutlined />} onClick={() => setInstancesOf(r)}>{t('action.instances')}</Button>
          {can('gateway:service:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('gateway:service:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync([r.id]))}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ListPage<ServiceRow>
        id="gateway.services" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/gateway/services', params: q as Record<string, unknown>, fileName: t('file.services') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [<Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear /></Form.Item>],
        }}
        actions={<>
          {can('gateway:service:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('gateway:service:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void confirmDelete(modal, t, () => remove.mutateAsync(selected), selected.length); }}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1100 },
          rowSelection: { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <ServiceForm service={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {instancesOf && <InstanceDrawer service={instancesOf} onClose={() => setInstancesOf(null)} />}
    </>
  );
}

function ServiceForm({ service, onClose }: { service: ServiceRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const prepare = (v: Record<string, unknown>) => ({ ...v, metadata: metaParse(v.metadata as string | undefined) });
  const rule = zodRule(serviceSchema, langOf(i18n.language), prepare);
  useEffect(() => {
    form.setFieldsValue(service ? { ...service, metadata: metaText(service.metadata) } : { group: 'DEFAULT_GROUP', protectThreshold: 0, healthCheck: 'none' });
  }, [service, form]);
  const save = useGwMutation((body: unknown) => (service ? gatewayApi.updateService(service.id, body) : gatewayApi.createService(body)), [KEY],
    () => { message.success(t('msg.saved')); onClose(); });
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate(serviceSchema.parse(prepare(v))); };
  const mode = Form.useWatch('healthCheck', form);
  return (
    <Modal open title={service ? t('title.editService') : t('title.newService')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwService" layout="vertical" requiredMark>
        <Form.Item name="name" label={t('field.name')} required rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="group" label={t('field.group')} rules={[rule]}><Input maxLength={100} /></Form.Item>
        <Form.Item name="protectThreshold" label={t('field.protectThreshold')} required rules={[rule]} extra={t('msg.thresholdHint')}>
          <InputNumber min={0} max={1} step={0.1} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="healthCheck" label={t('field.healthCheck')}><Select options={HEALTH_CHECKS.map((v) => ({ value: v, label: v }))} /></Form.Item>
        {mode === 'http' && <Form.Item name="healthPath" label={t('field.healthPath')} rules={[rule]}><Input placeholder="/health" /></Form.Item>}
        <Form.Item name="metadata" label={t('field.metadata')} rules={[rule]} extra="key=value"><Input.TextArea rows={3} /></Form.Item>
      </Form>
    </Modal>
  );
}

function InstanceDrawer({ service, onClose }: { service: ServiceRow; onClose: () => void }) {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const key = ['gateway', 'instances', service.id];
  const list = useQuery({ queryKey: key, queryFn: () => gatewayApi.instances(service.id), refetchInterval: 5000 });
  const [adding, setAdding] = useState(false);
  const [metaOf, setMetaOf] = useState<InstanceRow | null>(null);
  const online = useGwMutation((a: { id: number; on: boolean }) => gatewayApi.setOnline(service.id, a.id, a.on), [key, KEY], (r) => message.success(r.enabled ? t('state.online') : t('state.offline')));
  const weight = useGwMutation((a: { id: number; weight: number }) => gatewayApi.updateInstance(service.id, a.id, { weight: a.weight }), [key], () => message.success(t('msg.saved')));
  const remove = useGwMutation((id: number) => gatewayApi.removeInstance(service.id, id), [key, KEY], () => message.success(t('msg.deleted')));
  /** SPEC §4: offline asks first and says what it means. */
  const takeOffline = (r: InstanceRow) => modal.confirm({
    title: t('msg.offlineTitle', { address: `${r.ip}:${r.port}` }), content: t('msg.offlineContent'),
    okText: t('action.offline'), cancelText: t('action.cancel'), okButtonProps: { danger: true },
    onOk: () => online.mutateAsync({ id: r.id, on: false }),
  });
  return (
    <Drawer open width={980} title={t('title.instances', { name: service.name })} onClose={onClose} destroyOnHidden
      extra={can('gateway:service:edit') && <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>{t('action.addInstance')}</Button>}>
      <Tabs items={[{ key: 'instances', label: t('subscriber.instancesTab'), children: (<>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('msg.instanceHint')} description={t('msg.offlineContent')} />
      <Table<InstanceRow> rowKey="id" size="small" loading={list.isFetching} dataSource={list.data ?? []} pagination={false} scroll={{ x: 1300 }}
        columns={[
          { title: t('field.ip'), dataIndex: 'ip' },
          { title: t('field.port'), dataIndex: 'port', width: 80 },
          { title: t('field.cluster'), dataIndex: 'cluster', width: 100 },
          {
            title: t('field.weight'), dataIndex: 'weight', width: 120,
            render: (v: number, r) => (can('gateway:service:edit')
              ? <InputNumber size="small" min={0} max={10000} defaultValue={v} onBlur={(e) => { const w = Number(e.target.value); if (w !== v && w >= 0) weight.mutate({ id: r.id, weight: w }); }} />
              : v),
          },
          {
            title: t('field.metadata'), dataIndex: 'metadata', width: 200,
            render: (m: Record<string, string>, r) => (
              <Space size={[0, 4]} wrap>
                {Object.entries(m).map(([k, v]) => <Tag key={k}>{`${k}=${v}`}</Tag>)}
                {can('gateway:service:edit') && (
                  <Button type="link" size="small" icon={<EditOutlined />} aria-label={t('subscriber.editMetadata', { address: `${r.ip}:${r.port}` })} onClick={() => setMetaOf(r)} />
                )}
              </Space>
            ),
          },
          { title: t('field.healthy'), dataIndex: 'healthy', width: 100, render: (v: boolean) => <Tag color={v ? 'green' : 'red'}>{v ? t('state.healthy') : t('state.unhealthy')}</Tag> },
          { title: t('field.enabled'), dataIndex: 'enabled', width: 100, render: (v: boolean) => <Tag color={v ? 'blue' : 'default'}>{v ? t('state.online') : t('state.offline')}</Tag> },
          { title: t('field.ephemeral'), dataIndex: 'ephemeral', width: 110, render: (v: boolean) => (v ? t('state.ephemeral') : t('state.persistent')) },
          { title: t('field.lastBeat'), dataIndex: 'lastBeat', width: 170, render: (v: string, r) => (r.ephemeral ? formatDateTime(v) : <Typography.Text type="secondary">—</Typography.Text>) },
          {
            title: '', key: 'actions', width: 170,
            render: (_, r) => (
              <Space size={0} wrap>
                {can('gateway:service:instance') && (r.enabled
                  ? <Button type="link" size="small" danger onClick={() => takeOffline(r)}>{t('action.offline')}</Button>
                  : <Button type="link" size="small" onClick={() => online.mutate({ id: r.id, on: true })}>{t('action.online')}</Button>)}
                {can('gateway:service:edit') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync(r.id))} />}
              </Space>
            ),
          },
        ]} />
      </>) }, {
        key: 'subscribers', label: t('subscriber.tab'),
        children: <SubscriberTable queryKey={['gateway', 'subscribers', 'service', service.id]} load={() => gatewayApi.serviceSubscribers(service.id)} hint={t('subscriber.serviceHint')} />,
      }]} />
      {adding && <InstanceForm serviceId={service.id} invalidate={[key, KEY]} onClose={() => setAdding(false)} />}
      {metaOf && <MetadataForm serviceId={service.id} instance={metaOf} invalidate={[key]} onClose={() => setMetaOf(null)} />}
    </Drawer>
  );
}

function InstanceForm({ serviceId, invalidate, onClose }: { serviceId: number; invalidate: string[][] | (string | number)[][]; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const rule = zodRule(instanceSchema, langOf(i18n.language));
  const save = useGwMutation((body: unknown) => gatewayApi.addInstance(serviceId, body), invalidate, () => { message.success(t('msg.saved')); onClose(); });
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate({ ...v, weight: v.weight ?? 1 }); };
  return (
    <Modal open title={t('title.addInstance')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwInstance" layout="vertical" requiredMark initialValues={{ weight: 1 }}>
        <Form.Item name="ip" label={t('field.ip')} required rules={[rule]}><Input placeholder="10.0.0.5" /></Form.Item>
        <Form.Item name="port" label={t('field.port')} required rules={[rule]}><InputNumber min={1} max={65535} precision={0} /></Form.Item>
        <Form.Item name="weight" label={t('field.weight')} rules={[rule]}><InputNumber min={0} max={10000} /></Form.Item>
      </Form>
    </Modal>
  );
}

/** The metadata of one instance as key=value lines, validated with the shared schema. */
function MetadataForm({ serviceId, instance, invalidate, onClose }: { serviceId: number; instance: InstanceRow; invalidate: (string | number)[][]; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const prepare = (v: Record<string, unknown>) => ({ metadata: metaParse(v.metadata as string | undefined) });
  const rule = zodRule(instanceUpdateSchema, langOf(i18n.language), prepare);
  const save = useGwMutation((body: { metadata: Record<string, string> }) => gatewayApi.updateInstance(serviceId, instance.id, body), invalidate,
    () => { message.success(t('msg.saved')); onClose(); });
  const submit = async () => { const v = await form.validateFields().catch(() => null); if (v) save.mutate({ metadata: metaParse(v.metadata) }); };
  return (
    <Modal open title={t('subscriber.editMetadata', { address: `${instance.ip}:${instance.port}` })} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwInstanceMeta" layout="vertical" initialValues={{ metadata: metaText(instance.metadata) }}>
        <Form.Item name="metadata" label={t('field.metadata')} rules={[rule]} extra={t('subscriber.metadataHint')}><Input.TextArea rows={5} autoFocus /></Form.Item>
      </Form>
    </Modal>
  );
}
