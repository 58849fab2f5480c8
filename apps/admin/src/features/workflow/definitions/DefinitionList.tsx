import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Form, Input, Select, Space, Spin, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { MenuProps, TableProps } from 'antd';
import {
  CloudUploadOutlined, CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, HistoryOutlined, MoreOutlined, PauseCircleOutlined,
  PlayCircleOutlined, PlusOutlined, RocketOutlined, UploadOutlined,
} from '@ant-design/icons';
import { DEFINITION_STATUSES, type WorkflowDefinition } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { confirmAction, confirmDelete } from '@/components/confirm';
import { onTableChange, tablePagination } from '@/components/table';
import { engineApi, engineKeys, useEngineMutation, useEnginePaged, type EngineQuery } from '../api/engine';
import { DefinitionForm } from './DefinitionForm';
import { StartDialog } from './StartDialog';
import { VersionsDrawer } from './VersionsDrawer';
import { formatDateTime } from '@/lib/format';

const loadModeler = () => import('../modeler/ModelerView');
const ModelerView = lazy(loadModeler);
const KEY = engineKeys.definitions;

/** Process definitions: the list, or the modeler of one (`?model=<id>`, so a reload stays in it). */
export function DefinitionsScreen() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const modelId = Number(params.get('model'));
  const modeling = Number.isInteger(modelId) && modelId > 0;
  // the definition's draft loads while the modeler's chunk does, not after it
  useEffect(() => {
    if (modeling) void qc.prefetchQuery({ queryKey: engineKeys.definition(modelId), queryFn: () => engineApi.definition(modelId) });
  }, [modeling, modelId, qc]);
  if (modeling) {
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
        <ModelerView definitionId={modelId} onClose={() => setParams({}, { replace: false })} />
      </Suspense>
    );
  }
  return <DefinitionList onModel={(id) => setParams({ model: String(id) })} />;
}

function DefinitionList({ onModel }: { onModel: (id: number) => void }) {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const [q, setQ] = useState<EngineQuery>({ page: 1, limit: 10, sort: 'updatedAt', order: 'desc' });
  const [filters] = Form.useForm();
  const list = useEnginePaged(KEY, engineApi.definitions, q);
  const [editing, setEditing] = useState<WorkflowDefinition | 'new' | null>(null);
  const [copying, setCopying] = useState<WorkflowDefinition | null>(null);
  const [versionsOf, setVersionsOf] = useState<WorkflowDefinition | null>(null);
  // the modeler (bpmn-js) is fetched once the list is idle, so opening it does not wait for the download
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => { void loadModeler(); });
  }, []);
  const [starting, setStarting] = useState<WorkflowDefinition | null>(null);

  const publish = useEngineMutation((id: number) => engineApi.publish(id), [KEY], (v) => message.success(t('modeler.published', { version: v.version })));
  const suspend = useEngineMutation((id: number) => engineApi.suspend(id), [KEY], () => message.success(t('definition.suspended')));
  const resume = useEngineMutation((id: number) => engineApi.resume(id), [KEY], () => message.success(t('definition.resumed')));
  const remove = useEngineMutation((id: number) => engineApi.deleteDefinition(id), [KEY], () => message.success(t('definition.deleted')));
  const importFile = useEngineMutation((f: File) => engineApi.importDefinition(f), [KEY], (d) => { message.success(t('definition.imported', { key: d.key })); });

  const canEdit = can('bpm:definition:edit');
  const canPublish = can('bpm:definition:publish');

  const more = (r: WorkflowDefinition): MenuProps['items'] => [
    { key: 'versions', icon: <HistoryOutlined />, label: t('definition.versions'), onClick: () => setVersionsOf(r) },
    { key: 'meta', icon: <EditOutlined />, label: t('definition.editMeta'), disabled: !canEdit, onClick: () => setEditing(r) },
    { key: 'copy', icon: <CopyOutlined />, label: t('definition.copy'), disabled: !can('bpm:definition:add'), onClick: () => setCopying(r) },
    r.status === 'active'
      ? { key: 'suspend', icon: <PauseCircleOutlined />, label: t('definition.suspend'), disabled: !canEdit || r.latestVersion === 0, onClick: () => void confirmAction(modal, t, () => suspend.mutateAsync(r.id), t('definition.suspendConfirm', { name: r.name })) }
      : { key: 'resume', icon: <PlayCircleOutlined />, label: t('definition.resume'), disabled: !canEdit, onClick: () => void confirmAction(modal, t, () => resume.mutateAsync(r.id), t('definition.resumeConfirm', { name: r.name })) },
    { key: 'export', icon: <DownloadOutlined />, label: t('definition.export'), onClick: () => void engineApi.exportDefinition(r.id, r.key) },
    { type: 'divider' },
    { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('definition.delete'), disabled: !can('bpm:definition:delete'), onClick: () => void confirmDelete(modal, t, () => remove.mutateAsync(r.id)) },
  ];

  const cols: TableProps<WorkflowDefinition>['columns'] = [
    { title: t('definition.key'), dataIndex: 'key', sorter: true, width: 180, ellipsis: true, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('definition.name'), dataIndex: 'name', sorter: true, width: 200, ellipsis: true },
    {
      title: t('definition.version'), dataIndex: 'latestVersion', sorter: true, width: 110,
      render: (v: number, r) => (
        <Space size={4}>
          {v > 0 ? <Tag color="blue">v{v}</Tag> : <Tag>{t('definition.neverPublished')}</Tag>}
          {r.hasDraftChanges && v > 0 && <Tooltip title={t('definition.draftChangesHint')}><Tag color="orange">{t('definition.draftChanges')}</Tag></Tooltip>}
        </Space>
      ),
    },
    {
      title: t('definition.status'), dataIndex: 'status', sorter: true, width: 100,
      render: (v: WorkflowDefinition['status']) => (v === 'active' ? <Tag color="green">{t('definition.statuses.active')}</Tag> : <Tag color="orange">{t('definition.statuses.suspended')}</Tag>),
    },
    { title: t('definition.category'), dataIndex: 'category', sorter: true, width: 130, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('definition.updatedAt'), dataIndex: 'updatedAt', sorter: true, width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('definition.actions'), key: 'actions', width: 300, fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onModel(r.id)}>{t('definition.design')}</Button>
          {canPublish && <Button type="link" size="small" icon={<CloudUploadOutlined />} onClick={() => void confirmAction(modal, t, () => publish.mutateAsync(r.id), t('definition.publishConfirm', { name: r.name }))}>{t('modeler.publish')}</Button>}
          <Button type="link" size="small" icon={<RocketOutlined />} disabled={r.latestVersion === 0 || r.status !== 'active'} onClick={() => setStarting(r)}>{t('definition.start')}</Button>
          <Dropdown menu={{ items: more(r) }} trigger={['click']}>
            <Button type="link" size="small" icon={<MoreOutlined />} aria-label={t('definition.more')}>{t('definition.more')}</Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small">
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={(v) => setQ({ ...q, ...v, page: 1 })}>
        <Form.Item name="keyword" label={t('definition.keyword')}><Input allowClear placeholder={`${t('definition.key')} / ${t('definition.name')}`} /></Form.Item>
        <Form.Item name="category" label={t('definition.category')}><Input allowClear style={{ width: 140 }} /></Form.Item>
        <Form.Item name="status" label={t('definition.status')}>
          <Select allowClear style={{ width: 120 }} options={DEFINITION_STATUSES.map((s) => ({ value: s, label: t(`definition.statuses.${s}`) }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('definition.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit, sort: 'updatedAt', order: 'desc' }); }}>{t('definition.reset')}</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        {can('bpm:definition:add') && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>{t('definition.create')}</Button>}
        {can('bpm:definition:add') && (
          <Upload accept=".bpmn,.xml" showUploadList={false} beforeUpload={(f) => { importFile.mutate(f); return false; }}>
            <Button icon={<UploadOutlined />} loading={importFile.isPending}>{t('definition.import')}</Button>
          </Upload>
        )}
      </Space>
      <Table<WorkflowDefinition>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1200 }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)}
        onChange={onTableChange(setQ)}
      />
      {editing && (
        <DefinitionForm
          definition={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(d) => { setEditing(null); onModel(d.id); }}
        />
      )}
      {copying && <DefinitionForm definition={copying} copy onClose={() => setCopying(null)} onCreated={(d) => { setCopying(null); onModel(d.id); }} />}
      {versionsOf && <VersionsDrawer definition={versionsOf} onClose={() => setVersionsOf(null)} />}
      {starting && <StartDialog definition={starting} onClose={() => setStarting(null)} />}
    </Card>
  );
}
