import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Drawer, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DiffOutlined, EyeOutlined, NodeIndexOutlined, RollbackOutlined } from '@ant-design/icons';
import type { WorkflowDefinition, WorkflowVersion } from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { confirmAction } from '@/components/confirm';
import { engineApi, engineKeys, useEngineMutation } from '../api/engine';
import type { Marker } from '../modeler/diagram';
import { diffVersions } from './versionDiff';
import { MigrationDrawer } from '../migration/MigrationDrawer';
import { formatDateTime } from '@/lib/format';

const DiagramView = lazy(() => import('@/components/diagram/DiagramView'));
const spin = <Spin style={{ display: 'block', margin: '40px auto' }} />;

/** The published versions of a definition: view one, compare two side by side, publish an older one again. */
export function VersionsDrawer({ definition, onClose }: { definition: WorkflowDefinition; onClose: () => void }) {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const versions = useQuery({ queryKey: engineKeys.versions(definition.id), queryFn: () => engineApi.versions(definition.id) });
  const [selected, setSelected] = useState<number[]>([]);
  const [viewing, setViewing] = useState<number[] | null>(null);
  const [migrating, setMigrating] = useState<WorkflowVersion | null>(null);
  const republish = useEngineMutation(
    (id: number) => engineApi.republish(id), [engineKeys.definitions, engineKeys.versions(definition.id)],
    (v) => message.success(t('modeler.published', { version: v.version })),
  );
  const rows = versions.data ?? [];
  const latest = rows.reduce((m, v) => Math.max(m, v.version), 0);

  const cols: TableProps<WorkflowVersion>['columns'] = [
    { title: t('definition.version'), dataIndex: 'version', width: 90, render: (v: number) => <Space size={4}><Tag color="blue">v{v}</Tag>{v === latest && <Tag color="green">{t('definition.latest')}</Tag>}</Space> },
    { title: t('definition.name'), dataIndex: 'name', ellipsis: true },
    { title: t('definition.publishedBy'), dataIndex: 'publishedBy', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('definition.publishedAt'), dataIndex: 'publishedAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: t('definition.instanceCount'), dataIndex: 'instanceCount', width: 90 },
    {
      title: t('definition.actions'), key: 'actions', width: 280,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setViewing([r.id])}>{t('definition.view')}</Button>
          {(can('bpm:definition:publish')) && r.version !== latest && (
            <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void confirmAction(modal, t, () => republish.mutateAsync(r.id), t('definition.republishConfirm', { version: r.version }))}>
              {t('definition.republish')}
            </Button>
          )}
          {can('bpm:instance:migrate') && r.instanceCount > 0 && rows.length > 1 && (
            <Button type="link" size="small" icon={<NodeIndexOutlined />} onClick={() => setMigrating(r)} data-testid={`wf-migrate-v${r.version}`}>{t('migration.open')}</Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer open size={viewing && viewing.length === 2 ? 1200 : 860} title={t('definition.versionsOf', { name: definition.name })} onClose={onClose} destroyOnHidden>
      {viewing ? (
        <>
          <Button style={{ marginBottom: 12 }} onClick={() => setViewing(null)}>{t('definition.backToVersions')}</Button>
          {viewing.length === 1 ? <OneVersion id={viewing[0]} /> : <Compare ids={[viewing[0], viewing[1]]} />}
        </>
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button icon={<DiffOutlined />} disabled={selected.length !== 2} onClick={() => setViewing([...selected].sort((a, b) => a - b))}>{t('definition.compare')}</Button>
            <Typography.Text type="secondary">{t('definition.compareHint')}</Typography.Text>
          </Space>
          <Table<WorkflowVersion>
            rowKey="id" size="small" columns={cols} loading={versions.isFetching} dataSource={rows} pagination={false}
            rowSelection={{ selectedRowKeys: selected, onChange: (k) => setSelected((k as number[]).slice(-2)) }}
          />
        </>
      )}
      {migrating && <MigrationDrawer definition={definition} source={migrating} versions={rows} onClose={() => setMigrating(null)} />}
    </Drawer>
  );
}

function useVersion(id: number) {
  return useQuery({ queryKey: engineKeys.version(id), queryFn: () => engineApi.version(id), staleTime: 300_000 });
}

function OneVersion({ id }: { id: number }) {
  const { t } = useTranslation('workflow');
  const v = useVersion(id);
  if (!v.data) return spin;
  return (
    <>
      <Typography.Paragraph>
        <Tag color="blue">v{v.data.version}</Tag> {v.data.name} · {t('definition.publishedAt')} {formatDateTime(v.data.publishedAt)}
      </Typography.Paragraph>
      <Suspense fallback={spin}><DiagramView xml={v.data.xml} height="calc(100vh - 220px)" testId="wf-version-diagram" /></Suspense>
    </>
  );
}

function Compare({ ids }: { ids: [number, number] }) {
  const { t } = useTranslation('workflow');
  const a = useVersion(ids[0]);
  const b = useVersion(ids[1]);
  const diff = useMemo(() => (a.data && b.data ? diffVersions(a.data.xml, b.data.xml) : null), [a.data, b.data]);
  const left = useMemo<Marker[]>(() => (diff ? [
    ...diff.removed.map((id) => ({ id, className: 'wf-diff-removed' })), ...diff.changed.map((id) => ({ id, className: 'wf-diff-changed' })),
  ] : []), [diff]);
  const right = useMemo<Marker[]>(() => (diff ? [
    ...diff.added.map((id) => ({ id, className: 'wf-diff-added' })), ...diff.changed.map((id) => ({ id, className: 'wf-diff-changed' })),
  ] : []), [diff]);
  if (!a.data || !b.data || !diff) return spin;
  const same = !diff.added.length && !diff.removed.length && !diff.changed.length;
  return (
    <>
      <Alert
        type={same ? 'success' : 'info'} showIcon style={{ marginBottom: 12 }}
        title={same ? t('definition.noDifference') : t('definition.differences', { added: diff.added.length, removed: diff.removed.length, changed: diff.changed.length })}
        description={same ? undefined : (
          <Space size={12} wrap>
            <span className="wf-legend"><i className="wf-l-added" />{t('definition.diffAdded')}</span>
            <span className="wf-legend"><i className="wf-l-removed" />{t('definition.diffRemoved')}</span>
            <span className="wf-legend"><i className="wf-l-changed" />{t('definition.diffChanged')}</span>
          </Space>
        )}
      />
      <Row gutter={12}>
        {[{ v: a.data, markers: left }, { v: b.data, markers: right }].map(({ v, markers }) => (
          <Col span={12} key={v.id}>
            <Typography.Text strong><Tag color="blue">v{v.version}</Tag>{formatDateTime(v.publishedAt)}</Typography.Text>
            <Suspense fallback={spin}><DiagramView navigated xml={v.xml} markers={markers} height="calc(100vh - 300px)" /></Suspense>
          </Col>
        ))}
      </Row>
    </>
  );
}
