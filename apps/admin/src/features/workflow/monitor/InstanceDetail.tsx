import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tabs, Tag, Timeline, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { CloseCircleOutlined, DeleteOutlined, PauseCircleOutlined, PlayCircleOutlined, PrinterOutlined, RedoOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useHref } from 'react-router';
import type {
  InstanceAction, MigrationHistoryData, WorkflowExecution, WorkflowHistoryEntry, WorkflowInstanceDetail, WorkflowJob, WorkflowTask,
} from '@bencao/contracts';
import { usePermission } from '@/lib/permission';
import { confirmAction, confirmDelete } from '@/components/confirm';
import { engineApi, engineKeys, useEngineMutation } from '../api/engine';
import { traceMarkers } from '../modeler/diagram';
import { showValue } from '../definitions/variables';
import { StatusTag } from './StatusTag';
import { formatDateTime } from '@/lib/format';

const DiagramView = lazy(() => import('@/components/diagram/DiagramView'));
const spin = <Spin style={{ display: 'block', margin: '40px auto' }} />;

export const ACTION_ICONS: Record<InstanceAction, React.ReactNode> = {
  suspend: <PauseCircleOutlined />, resume: <PlayCircleOutlined />, interrupt: <StopOutlined />, terminate: <CloseCircleOutlined />, delete: <DeleteOutlined />,
};
/** actions that end or remove something: asked first */
const DESTRUCTIVE: InstanceAction[] = ['interrupt', 'terminate', 'delete'];
const time = (v: string | null | undefined) => (v ? formatDateTime(v) : '—');

/** One process instance: its diagram with the trace, activity instances, tasks, variables, history and jobs, and the legal actions. */
export function InstanceDetail({ instanceId, onClose, onOpen }: { instanceId: number; onClose: () => void; onOpen?: (id: number) => void }) {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const can = usePermission();
  const qc = useQueryClient();
  const detail = useQuery({ queryKey: engineKeys.instance(instanceId), queryFn: () => engineApi.instance(instanceId) });
  const d = detail.data;
  const [element, setElement] = useState<string | null>(null);
  const canOperate = can('bpm:monitor:operate');

  const refresh = [engineKeys.instance(instanceId), engineKeys.instances];
  const act = useEngineMutation(
    ({ action }: { action: InstanceAction }) => engineApi.instanceAction(instanceId, action), refresh,
    (_, { action }) => { void message.success(t(`monitor.done.${action}`)); if (action === 'delete') onClose(); },
  );
  const actExecution = useEngineMutation(
    ({ id, action }: { id: number; action: Exclude<InstanceAction, 'delete'> }) => engineApi.executionAction(id, action), refresh,
    (_, { action }) => void message.success(t(`monitor.done.${action}`)),
  );
  const retry = useEngineMutation((id: number) => engineApi.retryJob(id), refresh, () => void message.success(t('monitor.retried')));

  const run = (action: InstanceAction) => {
    if (action === 'delete') { void confirmDelete(modal, t, () => act.mutateAsync({ action })); return; }
    if (DESTRUCTIVE.includes(action)) { void confirmAction(modal, t, () => act.mutateAsync({ action }), t(`monitor.confirm.${action}`)); return; }
    act.mutate({ action });
  };
  const runExecution = (e: WorkflowExecution, action: Exclude<InstanceAction, 'delete'>) => {
    if (DESTRUCTIVE.includes(action)) { void confirmAction(modal, t, () => actExecution.mutateAsync({ id: e.id, action }), t(`monitor.confirm.${action}Execution`, { name: e.elementName ?? e.elementId })); return; }
    actExecution.mutate({ id: e.id, action });
  };

  const markers = useMemo(() => (d ? traceMarkers(d) : []), [d]);
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const e of d?.executions ?? []) if (e.elementName) m.set(e.elementId, e.elementName);
    for (const k of d?.tasks ?? []) m.set(k.elementId, k.name);
    return m;
  }, [d]);
  const nameOf = (id: string | null) => (id ? names.get(id) ?? id : '—');
  const printHref = useHref(`/print/instance/${instanceId}`);

  return (
    <Drawer
      open size={1100} onClose={onClose} destroyOnHidden
      title={d ? <Space>{t('monitor.instanceTitle', { id: d.id })}<StatusTag status={d.status} />{d.hasIncident && <Tag color="error">{t('monitor.incident')}</Tag>}</Space> : t('monitor.detail')}
      extra={(
        <Space>
          <Tooltip title={t('monitor.refresh')}><Button icon={<ReloadOutlined />} aria-label={t('monitor.refresh')} onClick={() => void qc.invalidateQueries({ queryKey: engineKeys.instance(instanceId) })} /></Tooltip>
          <Button icon={<PrinterOutlined />} href={printHref} target="_blank" rel="noopener">{t('signature.printSheet')}</Button>
          {canOperate && d?.actions.map((a) => (
            <Button key={a} icon={ACTION_ICONS[a]} danger={DESTRUCTIVE.includes(a)} loading={act.isPending && act.variables?.action === a} onClick={() => run(a)}>
              {t(`monitor.actionNames.${a}`)}
            </Button>
          ))}
        </Space>
      )}
    >
      {!d ? spin : (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }} items={[
            { key: 'def', label: t('monitor.definition'), children: <span>{d.definitionName} <Typography.Text type="secondary">{d.definitionKey} · v{d.version}</Typography.Text></span> },
            { key: 'bk', label: t('monitor.businessKey'), children: d.businessKey ?? '—' },
            { key: 'starter', label: t('monitor.starter'), children: d.starterName ?? '—' },
            { key: 'start', label: t('monitor.startedAt'), children: time(d.startedAt) },
            { key: 'end', label: t('monitor.endedAt'), children: time(d.endedAt) },
            {
              key: 'rel', label: t('monitor.related'),
              children: (d.parentInstanceId || d.childInstanceIds.length) ? (
                <Space size={4} wrap>
                  {d.parentInstanceId && <Button size="small" type="link" onClick={() => onOpen?.(d.parentInstanceId!)}>{t('monitor.parent', { id: d.parentInstanceId })}</Button>}
                  {d.childInstanceIds.map((c) => <Button key={c} size="small" type="link" onClick={() => onOpen?.(c)}>{t('monitor.child', { id: c })}</Button>)}
                </Space>
              ) : '—',
            },
          ]} />
          <Space size={12} style={{ marginBottom: 6 }}>
            <span className="wf-legend"><i className="wf-l-done" />{t('monitor.legend.done')}</span>
            <span className="wf-legend"><i className="wf-l-active" />{t('monitor.legend.active')}</span>
            <span className="wf-legend"><i className="wf-l-failed" />{t('monitor.legend.failed')}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('monitor.clickHint')}</Typography.Text>
          </Space>
          <Suspense fallback={spin}>
            <DiagramView navigated xml={d.xml} markers={markers} height={360} onElementClick={setElement} testId="wf-instance-diagram" />
          </Suspense>
          <Tabs
            style={{ marginTop: 8 }}
            items={[
              {
                key: 'executions', label: t('monitor.tabs.executions', { count: d.executions.length }),
                children: <Executions detail={d} element={element} onClear={() => setElement(null)} canOperate={canOperate} onAction={runExecution} />,
              },
              { key: 'tasks', label: t('monitor.tabs.tasks', { count: d.tasks.length }), children: <Tasks tasks={d.tasks} /> },
              { key: 'variables', label: t('monitor.tabs.variables', { count: Object.keys(d.variables).length }), children: <Variables variables={d.variables} /> },
              { key: 'history', label: t('monitor.tabs.history'), children: <History history={d.history} nameOf={nameOf} /> },
              {
                key: 'jobs', label: <span>{t('monitor.tabs.jobs', { count: d.jobs.length })}{d.jobs.some((j) => j.status === 'failed') && <Tag color="error" style={{ marginLeft: 6 }}>!</Tag>}</span>,
                children: <Jobs jobs={d.jobs} nameOf={nameOf} canRetry={canOperate} onRetry={(id) => retry.mutate(id)} retrying={retry.isPending ? retry.variables : undefined} />,
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

function Executions({ detail, element, onClear, canOperate, onAction }: {
  detail: WorkflowInstanceDetail; element: string | null; onClear: () => void; canOperate: boolean;
  onAction: (e: WorkflowExecution, a: Exclude<InstanceAction, 'delete'>) => void;
}) {
  const { t } = useTranslation('workflow');
  const rows = element ? detail.executions.filter((e) => e.elementId === element) : detail.executions;
  const cols: TableProps<WorkflowExecution>['columns'] = [
    { title: t('monitor.id'), dataIndex: 'id', width: 70 },
    { title: t('monitor.node'), dataIndex: 'elementName', render: (v: string | null, r) => <span>{v ?? r.elementId} <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.elementType.replace('bpmn:', '')}{r.loopCounter != null ? ` #${r.loopCounter + 1}` : ''}</Typography.Text></span> },
    { title: t('monitor.status'), dataIndex: 'status', width: 100, render: (v: WorkflowExecution['status']) => <StatusTag status={v} /> },
    { title: t('monitor.startedAt'), dataIndex: 'startedAt', width: 165, render: time },
    { title: t('monitor.endedAt'), dataIndex: 'endedAt', width: 165, render: time },
    {
      title: t('monitor.actions'), key: 'a', width: 230,
      render: (_, r) => (canOperate ? (
        <Space size={0} wrap>
          {r.actions.filter((a): a is Exclude<InstanceAction, 'delete'> => a !== 'delete').map((a) => (
            <Button key={a} type="link" size="small" danger={DESTRUCTIVE.includes(a)} icon={ACTION_ICONS[a]} onClick={() => onAction(r, a)}>{t(`monitor.actionNames.${a}`)}</Button>
          ))}
        </Space>
      ) : null),
    },
  ];
  return (
    <>
      {element && <Tag closable onClose={onClear} color="blue" style={{ marginBottom: 8 }}>{t('monitor.onlyNode', { node: element })}</Tag>}
      <Table<WorkflowExecution> rowKey="id" size="small" columns={cols} dataSource={rows} pagination={rows.length > 10 ? { pageSize: 10 } : false} />
    </>
  );
}

function Tasks({ tasks }: { tasks: WorkflowTask[] }) {
  const { t } = useTranslation('workflow');
  const cols: TableProps<WorkflowTask>['columns'] = [
    { title: t('monitor.id'), dataIndex: 'id', width: 70 },
    { title: t('monitor.task'), dataIndex: 'name' },
    { title: t('monitor.status'), dataIndex: 'status', width: 100, render: (v: WorkflowTask['status']) => <Tag color={v === 'open' ? 'processing' : v === 'completed' ? 'success' : v === 'suspended' ? 'warning' : 'default'}>{t(`monitor.taskStatuses.${v}`)}</Tag> },
    { title: t('monitor.assignee'), dataIndex: 'assigneeName', width: 130, render: (v: string | null, r) => v ?? (r.candidateIds.length ? t('monitor.candidates', { count: r.candidateIds.length }) : '—') },
    { title: t('monitor.dueAt'), dataIndex: 'dueAt', width: 165, render: time },
    { title: t('monitor.createdAt'), dataIndex: 'createdAt', width: 165, render: time },
    { title: t('monitor.completedAt'), dataIndex: 'completedAt', width: 165, render: (v: string | null, r) => (v ? `${time(v)}${r.completedBy ? ` · ${r.completedBy}` : ''}${r.outcome ? ` · ${r.outcome}` : ''}` : '—') },
  ];
  return <Table<WorkflowTask> rowKey="id" size="small" columns={cols} dataSource={tasks} pagination={tasks.length > 10 ? { pageSize: 10 } : false} />;
}

function Variables({ variables }: { variables: Record<string, unknown> }) {
  const { t } = useTranslation('workflow');
  const rows = Object.entries(variables).map(([name, value]) => ({ name, value }));
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noVariables')} />;
  return (
    <Table
      rowKey="name" size="small" dataSource={rows} pagination={false}
      columns={[
        { title: t('monitor.varName'), dataIndex: 'name', width: 220, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { title: t('monitor.varType'), key: 'type', width: 100, render: (_, r) => (r.value === null ? 'null' : Array.isArray(r.value) ? 'array' : typeof r.value) },
        { title: t('monitor.varValue'), dataIndex: 'value', render: (v: unknown) => <Typography.Text style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{showValue(v)}</Typography.Text> },
      ]}
    />
  );
}

function History({ history, nameOf }: { history: WorkflowHistoryEntry[]; nameOf: (id: string | null) => string }) {
  const { t } = useTranslation('workflow');
  if (!history.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  const sorted = [...history].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  return (
    <Timeline
      style={{ marginTop: 8 }}
      items={sorted.map((h) => ({
        key: h.id,
        color: /fail|error|terminat|interrupt/i.test(h.action) ? 'red' : /complete|end/i.test(h.action) ? 'green' : 'blue',
        content: (
          <div>
            <Typography.Text strong>{t(`monitor.historyActions.${h.action}`, { defaultValue: h.action })}</Typography.Text>
            {h.elementId && <Typography.Text> · {nameOf(h.elementId)}</Typography.Text>}
            {h.actorName && <Typography.Text type="secondary"> · {h.actorName}</Typography.Text>}
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>{time(h.at)}</Typography.Text>
            {h.comment && <div><Typography.Text italic>“{h.comment}”</Typography.Text></div>}
            {h.action === 'migrate' && <MigrationNote data={h.data} />}
          </div>
        ),
      }))}
    />
  );
}

/** a migration's entry: from which version to which, and where each node holding a token went */
function MigrationNote({ data }: { data: WorkflowHistoryEntry['data'] }) {
  const { t } = useTranslation('workflow');
  const d = data as unknown as MigrationHistoryData | null;
  if (!d) return null;
  return (
    <div data-testid="wf-history-migrate">
      <Typography.Text>{t('migration.versions', { from: d.fromVersion, to: d.toVersion })}</Typography.Text>
      {d.mapping.map((m) => (
        <div key={m.from}><Typography.Text type="secondary">{t('migration.mappingLine', { from: m.fromName ?? m.from, to: m.toName ?? m.to })}</Typography.Text></div>
      ))}
    </div>
  );
}

function Jobs({ jobs, nameOf, canRetry, onRetry, retrying }: {
  jobs: WorkflowJob[]; nameOf: (id: string | null) => string; canRetry: boolean; onRetry: (id: number) => void; retrying?: number;
}) {
  const { t } = useTranslation('workflow');
  const cols: TableProps<WorkflowJob>['columns'] = [
    { title: t('monitor.id'), dataIndex: 'id', width: 70 },
    { title: t('monitor.jobKind'), dataIndex: 'kind', width: 130, render: (v: string) => t(`monitor.jobKinds.${v}`, { defaultValue: v }) },
    { title: t('monitor.node'), dataIndex: 'elementId', width: 150, render: (v: string | null) => nameOf(v) },
    { title: t('monitor.status'), dataIndex: 'status', width: 100, render: (v: WorkflowJob['status']) => <Tag color={v === 'failed' ? 'error' : v === 'done' ? 'success' : v === 'pending' || v === 'running' ? 'processing' : 'default'}>{t(`monitor.jobStatuses.${v}`)}</Tag> },
    { title: t('monitor.dueAt'), dataIndex: 'dueAt', width: 165, render: time },
    { title: t('monitor.attempts'), key: 'attempts', width: 90, render: (_, r) => `${r.attempts} / ${r.maxAttempts}` },
    { title: t('monitor.lastError'), dataIndex: 'lastError', ellipsis: { showTitle: false }, render: (v: string | null) => (v ? <Tooltip title={<span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>}><Typography.Text type="danger">{v}</Typography.Text></Tooltip> : '—') },
    {
      title: t('monitor.actions'), key: 'a', width: 100,
      render: (_, r) => (canRetry && (r.status === 'failed' || r.status === 'held')
        ? <Button type="link" size="small" icon={<RedoOutlined />} loading={retrying === r.id} onClick={() => onRetry(r.id)}>{t('monitor.retry')}</Button>
        : null),
    },
  ];
  return <Table<WorkflowJob> rowKey="id" size="small" columns={cols} dataSource={jobs} pagination={jobs.length > 10 ? { pageSize: 10 } : false} />;
}
