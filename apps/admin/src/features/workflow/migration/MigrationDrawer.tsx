import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Drawer, Empty, Grid, Input, List, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { ExperimentOutlined, SwapOutlined } from '@ant-design/icons';
import type { MigrationInstanceOutcome, MigrationResult, WorkflowDefinition, WorkflowInstance, WorkflowVersion } from '@bencao/contracts';
import { formatNumber } from '@/lib/format';
import { errorText } from '@/lib/request';
import { engineKeys } from '../api/engine';
import { migrationApi } from '../api/migration';
import { StatusTag } from '../monitor/StatusTag';

/**
 * Moving running instances of one version to another version of the process (Camunda Cockpit's "migrate", opened
 * from a version in the versions drawer): choose the instances and the target, run a dry run that lists what would
 * happen to each instance and the nodes to map, then migrate (one transaction per instance; each one's outcome).
 * "All" runs in batches (at most MAX_MIGRATION_INSTANCES): the counts shown are the server's true ones, and the
 * next batch starts after the last instance of the previous one (`afterId`).
 */
export function MigrationDrawer({ definition, source, versions, onClose }: {
  definition: WorkflowDefinition; source: WorkflowVersion; versions: WorkflowVersion[]; onClose: () => void;
}) {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const targets = versions.filter((v) => v.id !== source.id).sort((a, b) => b.version - a.version);
  const [targetId, setTargetId] = useState<number | undefined>(targets[0]?.id);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [businessKey, setBusinessKey] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [all, setAll] = useState(false);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [result, setResult] = useState<MigrationResult | null>(null);
  /** with "all": the batch starts after this instance id (the previous batch's `nextAfterId`) */
  const [afterId, setAfterId] = useState<number | undefined>(undefined);

  const list = useQuery({
    queryKey: ['workflow', 'migration', source.id, page, businessKey],
    queryFn: () => migrationApi.instances({ versionId: source.id, page, limit: 10, businessKey: businessKey || undefined }),
    placeholderData: keepPreviousData,
  });
  const body = (after = afterId) => ({ sourceVersionId: source.id, targetVersionId: targetId!, mapping, ...(all ? { all: true, afterId: after } : { instanceIds: selected }) });
  const dryRun = useMutation({ mutationFn: (after?: number) => migrationApi.dryRun(body(after)), onSuccess: setResult, onError: (e) => void message.error(errorText(e)) });
  const apply = useMutation({
    mutationFn: () => migrationApi.apply(body()),
    onSuccess: (r) => {
      setResult(r);
      setSelected([]);
      void message.success(t('migration.done', { n: r.migrated, total: r.instances.length }));
      setAfterId(r.nextAfterId ?? undefined);
      void qc.invalidateQueries({ queryKey: ['workflow', 'migration', source.id] });
      void qc.invalidateQueries({ queryKey: engineKeys.versions(definition.id) });
      void qc.invalidateQueries({ queryKey: engineKeys.instances });
    },
    onError: (e) => void message.error(errorText(e)),
  });
  // a changed choice makes the last dry run stale: run it again before migrating
  const changed = <A,>(fn: (a: A) => void) => (a: A) => { fn(a); setAfterId(undefined); setResult((r) => (r && !r.dryRun ? r : null)); };
  const target = targets.find((v) => v.id === targetId);
  const count = all ? list.data?.total ?? 0 : selected.length;
  const chosen = count > 0 && !!targetId;
  const canApply = !!result?.dryRun && result.instances.some((i) => i.ok) && result.sourceNodes.every((n) => n.mappedTo && !n.problem);
  // what the confirmation says: with "all", the dry run's batch and the true number matching (never only the first 500 as if all)
  const batched = all && !!result && result.matched > result.instances.length;
  const n = (v: number) => formatNumber(v);

  const cols: TableProps<WorkflowInstance>['columns'] = [
    { title: t('migration.id'), dataIndex: 'id', width: 70 },
    { title: t('migration.businessKey'), dataIndex: 'businessKey', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('migration.starter'), dataIndex: 'starterName', width: 120, responsive: ['md'], render: (v: string | null) => v ?? '—' },
    { title: t('migration.status'), dataIndex: 'status', width: 100, render: (v: WorkflowInstance['status']) => <StatusTag status={v} /> },
    { title: t('migration.nodes'), dataIndex: 'currentNodes', render: (v: string[]) => v.join(', ') || '—' },
    { title: t('migration.startedAt'), dataIndex: 'startedAt', width: 170, responsive: ['lg'], render: (v: string) => new Date(v).toLocaleString() },
  ];

  return (
    <Drawer open size={wide ? 980 : '100%'} title={t('migration.title', { name: definition.name, version: source.version })} onClose={onClose} destroyOnHidden
      data-testid="wf-migration">
      {!targets.length ? <Alert type="info" showIcon title={t('migration.noTarget')} /> : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text>{t('migration.source')}: <Tag color="blue">v{source.version}</Tag></Typography.Text>
            <SwapOutlined />
            <Typography.Text>{t('migration.target')}:</Typography.Text>
            <Select
              data-testid="wf-migration-target" style={{ minWidth: 140 }} value={targetId} placeholder={t('migration.pickTarget')}
              options={targets.map((v) => ({ value: v.id, label: `v${v.version}` }))} onChange={changed(setTargetId)}
            />
          </Space>

          <div>
            <Typography.Title level={5}>{t('migration.instances')}</Typography.Title>
            <Space wrap style={{ marginBottom: 8 }}>
              <Input.Search
                allowClear placeholder={t('migration.businessKey')} maxLength={100} value={keyword} style={{ width: wide ? 240 : '100%' }}
                onChange={(e) => setKeyword(e.target.value)} onSearch={(v) => { setPage(1); setBusinessKey(v.trim()); }} enterButton={t('migration.search')}
              />
              <Checkbox checked={all} onChange={(e) => changed(setAll)(e.target.checked)} data-testid="wf-migration-all">
                {t('migration.all', { count: list.data?.total ?? 0 })}
              </Checkbox>
              {!all && <Typography.Text type="secondary">{t('migration.selected', { count: selected.length })}</Typography.Text>}
            </Space>
            <Table<WorkflowInstance>
              rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('migration.noInstances')} /> }}
              pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage, size: 'small', showSizeChanger: false }}
              rowSelection={all ? undefined : { selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: changed((k: React.Key[]) => setSelected(k as number[])) }}
            />
          </div>

          <div>
            <Typography.Title level={5}>{t('migration.mapping')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('migration.mappingHint')}</Typography.Paragraph>
            {result?.sourceNodes.length ? (
              <MappingTable result={result} mapping={mapping} fromVersion={source.version} toVersion={target?.version ?? 0}
                onChange={(from, to) => changed(setMapping)({ ...mapping, [from]: to })} />
            ) : <Typography.Text type="secondary">{t('migration.mappingEmpty')}</Typography.Text>}
          </div>

          <Space wrap>
            <Button icon={<ExperimentOutlined />} disabled={!chosen} loading={dryRun.isPending} onClick={() => dryRun.mutate(afterId)} data-testid="wf-migration-dry-run">
              {t('migration.dryRun')}
            </Button>
            <Button type="primary" danger disabled={!canApply} loading={apply.isPending} data-testid="wf-migration-apply"
              onClick={() => void modal.confirm({
                title: t('migration.apply'),
                content: batched
                  ? t('migration.applyConfirmBatch', { n: n(result!.instances.length), total: n(result!.matched), from: source.version, to: target?.version ?? '' })
                  : t('migration.applyConfirm', { count: all && result ? result.instances.length : count, from: source.version, to: target?.version ?? '' }),
                onOk: () => apply.mutateAsync(),
              })}>
              {t('migration.apply')}
            </Button>
          </Space>

          {result && (
            <Outcomes result={result} all={all} fromVersion={source.version} busy={dryRun.isPending}
              onNextBatch={() => { if (result.nextAfterId !== null) { setAfterId(result.nextAfterId); dryRun.mutate(result.nextAfterId); } }} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

function MappingTable({ result, mapping, fromVersion, toVersion, onChange }: {
  result: MigrationResult; mapping: Record<string, string>; fromVersion: number; toVersion: number; onChange: (from: string, to: string) => void;
}) {
  const { t } = useTranslation('workflow');
  // only a node of the same kind can take what waits at a node (docs/WORKFLOW.md): the others are offered disabled, saying why
  const optionsFor = (type: string) => result.targetNodes.map((n) => ({
    value: n.id, disabled: n.type !== type, title: n.type !== type ? t('migration.otherKind') : undefined,
    label: n.name ? `${n.name} (${n.id})` : n.id,
  }));
  return (
    <Table
      rowKey="id" size="small" pagination={false} dataSource={result.sourceNodes} data-testid="wf-migration-mapping"
      columns={[
        { title: t('migration.sourceNode', { version: fromVersion }), key: 'from', render: (_, n) => <>{n.name ?? n.id} <Typography.Text type="secondary">({n.id})</Typography.Text></> },
        {
          title: t('migration.targetNode', { version: toVersion }), key: 'to',
          render: (_, n) => (
            <Space wrap>
              <Select
                style={{ minWidth: 200 }} status={(n.mappedTo || mapping[n.id]) && !(n.problem && (mapping[n.id] ?? n.mappedTo) === n.mappedTo) ? undefined : 'error'}
                value={mapping[n.id] ?? n.mappedTo ?? undefined}
                placeholder={t('migration.unmapped')} options={optionsFor(n.type)} onChange={(v: string) => onChange(n.id, v)} data-testid={`wf-migration-map-${n.id}`}
              />
              {n.auto && !mapping[n.id] && <Tag>{t('migration.auto')}</Tag>}
              {n.problem && (mapping[n.id] ?? n.mappedTo) === n.mappedTo && (
                <Typography.Text type="danger" data-testid={`wf-migration-problem-${n.id}`}>{n.problem}</Typography.Text>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}

function Outcomes({ result, all, fromVersion, busy, onNextBatch }: {
  result: MigrationResult; all: boolean; fromVersion: number; busy: boolean; onNextBatch: () => void;
}) {
  const { t } = useTranslation('workflow');
  const n = (v: number) => formatNumber(v);
  const tag = (o: MigrationInstanceOutcome) => (o.skipped ? <Tag>{t('migration.skipped')}</Tag> : !o.ok ? <Tag color="error">{t('migration.refused')}</Tag>
    : result.dryRun ? <Tag color="processing">{t('migration.wouldMigrate')}</Tag> : <Tag color="success">{t('migration.migrated')}</Tag>);
  return (
    <div data-testid="wf-migration-result">
      <Typography.Title level={5}>{result.dryRun ? t('migration.result') : t('migration.applied')} · {t('migration.versions', { from: result.fromVersion, to: result.toVersion })}</Typography.Title>
      {all && result.dryRun && result.matched > result.instances.length && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} data-testid="wf-migration-batch"
          title={t('migration.batchNote', { n: n(result.instances.length), total: n(result.matched) })} />
      )}
      {all && !result.dryRun && result.remaining > 0 && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} data-testid="wf-migration-batch"
          title={t('migration.remaining', { n: n(result.migrated), total: n(result.instances.length), remaining: n(result.remaining), from: fromVersion })}
          action={<Button size="small" loading={busy} onClick={onNextBatch} data-testid="wf-migration-next">
            {t('migration.nextBatch', { n: n(Math.min(result.remaining, Math.max(result.instances.length, 1))) })}</Button>} />
      )}
      <List
        bordered size="small" dataSource={result.instances}
        renderItem={(o) => (
          <List.Item key={o.instanceId}>
            <div style={{ width: '100%' }}>
              <Space wrap>{tag(o)}<Typography.Text strong>#{o.instanceId}</Typography.Text>{o.businessKey && <Typography.Text>{o.businessKey}</Typography.Text>}</Space>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {o.skipped && <li><Typography.Text type="secondary">{o.skipped}</Typography.Text></li>}
                {o.refused.map((r) => <li key={r}><Typography.Text type="danger">{r}</Typography.Text></li>)}
                {o.steps.map((s, i) => <li key={i}>{s.message}</li>)}
                {!o.refused.length && !o.steps.length && !o.skipped && <li><Typography.Text type="secondary">{t('migration.nothing')}</Typography.Text></li>}
              </ul>
            </div>
          </List.Item>
        )}
      />
    </div>
  );
}
