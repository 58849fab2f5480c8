import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { routeSchema } from '@bencao/contracts';
import { zodRule, langOf } from '@/lib/zodRule';
import { usePermission } from '@/lib/permission';
import { errorText } from '@/lib/request';
import { confirmAction, confirmDelete, requireSelection } from '@/components/confirm';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { gatewayApi, usePaged, useGwMutation, type ListQuery, type RouteRow } from './api';
import { formatDateTime } from '@/lib/format';

const KEY = ['gateway', 'routes'];

/** Gateway routes: what is released here is served by the gateway port within a second. */
export function RouteList() {
  const { t } = useTranslation('gateway');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = usePaged(KEY, gatewayApi.routes, q);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<RouteRow | 'new' | null>(null);

  const release = useGwMutation((ids: number[]) => gatewayApi.release(ids), [KEY], () => { message.success(t('msg.releaseOk')); setSelected([]); });
  const cancel = useGwMutation((ids: number[]) => gatewayApi.cancelRelease(ids), [KEY], () => message.success(t('msg.cancelReleaseOk')));
  const remove = useGwMutation((a: { ids: number[]; force: boolean }) => gatewayApi.deleteRoutes(a.ids, a.force), [KEY], () => { message.success(t('msg.deleted')); setSelected([]); });

  /** SPEC §4: deleting a released route asks a second, explicit question. */
  const askDelete = async (rows: RouteRow[]) => {
    const ok = await confirmDelete(modal, t, async () => {}, rows.length);
    if (!ok) return;
    const released = rows.filter((r) => r.released);
    if (!released.length) { await remove.mutateAsync({ ids: rows.map((r) => r.id), force: false }); return; }
    modal.confirm({
      title: t('msg.releasedDeleteTitle'), content: t('msg.releasedDelete', { routes: released.map((r) => r.routeId).join(', ') }),
      okButtonProps: { danger: true }, okText: t('action.delete'), cancelText: t('action.cancel'),
      onOk: () => remove.mutateAsync({ ids: rows.map((r) => r.id), force: true }),
    });
  };
  const batchRelease = () => {
    if (!selected.length) { void message.warning(t('msg.selectRoutes')); return; }
    void confirmAction(modal, t, () => release.mutateAsync(selected));
  };
  const rows = list.data?.records ?? [];

  const cols: ListColumn<RouteRow>[] = [
    { title: t('field.routeId'), dataIndex: 'routeId', sorter: true, width: 150, ellipsis: true },
    { title: t('field.routeName'), dataIndex: 'routeName', sorter: true, width: 150, ellipsis: true },
    { title: t('field.orderNum'), dataIndex: 'orderNum', sorter: true, width: 90 },
    { title: t('field.uri'), dataIndex: 'uri', sorter: true, width: 220, ellipsis: true },
    {
      title: t('field.predicates'), dataIndex: 'predicates', width: 260, ellipsis: { showTitle: false },
      render: (v: string) => (v.trim()
        ? <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>}><Typography.Text code>{v.split('\n').filter(Boolean).join('  ·  ')}</Typography.Text></Tooltip>
        : '—'),
    },
    {
      title: t('field.released'), dataIndex: 'released', width: 110, sorter: true, exportLabels: { true: t('state.released'), false: t('state.unreleased') },
      render: (v: boolean) => (v ? <Tag color="green">{t('state.released')}</Tag> : <Tag>{t('state.unreleased')}</Tag>),
    },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', width: 170, sorter: true, render: (v: string) => formatDateTime(v) },
    {
      title: t('table.actions', { ns: 'shell' }), key: 'actions', width: 250, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          {can('gateway:route:release') && (r.released
            ? <Button type="link" size="small" icon={<StopOutlined />} onClick={() => void confirmAction(modal, t, () => cancel.mutateAsync([r.id]))}>{t('action.cancelRelease')}</Button>
            : <Button type="link" size="small" icon={<CloudUploadOutlined />} onClick={() => void confirmAction(modal, t, () => release.mutateAsync([r.id]))}>{t('action.release')}</Button>)}
          {can('gateway:route:edit') && <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(r)}>{t('action.edit')}</Button>}
          {can('gateway:route:delete') && <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void askDelete([r])}>{t('action.delete')}</Button>}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<RouteRow>
        id="gateway.routes" columns={cols} onRefresh={() => list.refetch()}
        exporter={{ url: '/api/gateway/routes', params: q as Record<string, unknown>, fileName: t('file.routes') }}
        search={{
          form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.routeId')} / ${t('field.routeName')} / URI`} /></Form.Item>,
            <Form.Item key="released" name="released" label={t('field.released')}>
              <Select allowClear style={{ width: 140 }} options={[{ value: 'true', label: t('state.released') }, { value: 'false', label: t('state.unreleased') }]} />
            </Form.Item>,
          ],
        }}
        actions={<>
          {can('gateway:route:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('action.add')}</Button>}
          {can('gateway:route:release') && <Button icon={<CloudUploadOutlined />} onClick={batchRelease}>{t('action.batchRelease')}</Button>}
          {can('gateway:route:delete') && (
            <Button danger icon={<DeleteOutlined />} onClick={() => { if (requireSelection(message, t, selected)) void askDelete(rows.filter((r) => selected.includes(r.id))); }}>{t('action.batchDelete')}</Button>
          )}
        </>}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: rows, scroll: { x: 1450 },
          rowSelection: { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
          onChange: onTableChange(setQ),
        }}
      />
      {editing && <RouteForm route={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function RouteForm({ route, onClose }: { route: RouteRow | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('gateway');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [failure, setFailure] = useState<string | null>(null);
  const rule = zodRule(routeSchema, langOf(i18n.language));
  useEffect(() => { form.setFieldsValue(route ?? { orderNum: 0, predicates: 'Path=/example/**', filters: 'StripPrefix=1' }); }, [route, form]);
  const save = useGwMutation(
    (body: unknown) => (route ? gatewayApi.updateRoute(route.id, body) : gatewayApi.createRoute(body)),
    [KEY], () => { message.success(route ? t('msg.updateOk') : t('msg.createOk')); onClose(); },
  );
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setFailure(null);
    save.mutate(routeSchema.parse(v), { onError: (e) => setFailure(t(route ? 'msg.updateFail' : 'msg.createFail', { reason: errorText(e) })) });
  };
  return (
    <Modal open width={720} title={route ? t('title.editRoute') : t('title.newRoute')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending}
      okText={t('action.save')} cancelText={t('action.cancel')} destroyOnHidden>
      <Form form={form} name="gwRoute" layout="vertical" requiredMark>
        <Space.Compact block>
          <Form.Item name="routeId" label={t('field.routeId')} required rules={[rule]} style={{ flex: 1 }}><Input maxLength={100} /></Form.Item>
          <Form.Item name="routeName" label={t('field.routeName')} required rules={[rule]} style={{ flex: 1, marginLeft: 12 }}><Input maxLength={100} /></Form.Item>
          <Form.Item name="orderNum" label={t('field.orderNum')} required rules={[rule]} style={{ width: 120, marginLeft: 12 }}><InputNumber precision={0} style={{ width: '100%' }} /></Form.Item>
        </Space.Compact>
        <Form.Item name="uri" label={t('field.uri')} required rules={[rule]}><Input placeholder="lb://demo-service  ·  http://127.0.0.1:9001" maxLength={500} /></Form.Item>
        <Form.Item name="predicates" label={t('field.predicates')} rules={[rule]} extra={t('msg.rulesHint', { example: 'Path=/api/**  ·  Method=GET,POST  ·  Header=X-Env, prod' })}>
          <Input.TextArea rows={4} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="filters" label={t('field.filters')} rules={[rule]} extra={t('msg.rulesHint', { example: 'StripPrefix=1  ·  AddRequestHeader=X-From, gateway  ·  SetStatus=404' })}>
          <Input.TextArea rows={3} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')} rules={[rule]}><Input.TextArea rows={2} maxLength={500} /></Form.Item>
        {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
      </Form>
    </Modal>
  );
}
