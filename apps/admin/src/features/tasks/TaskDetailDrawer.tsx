import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Descriptions, Drawer, Empty, Form, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import type { TaskDetail } from '@bencao/contracts';
import { traceMarkers } from '@/components/diagram/markers';
import { LazyFormRenderer, issuesFromMessage, submittedValues } from '@/components/form-renderer';
import { RequestError } from '@/lib/request';
import { langOf } from '@/lib/zodRule';
import { useIsPhone } from '@/lib/phone';
import '@/components/diagram/diagram.css';
import { tasksApi, tasksKeys } from './api';
import { Due, StatusTag, nodesText, when } from './labels';
import { TaskActionBar } from './TaskActions';
import { Attachments } from './Attachments';
import { HistoryTimeline } from './HistoryTimeline';
import { PrintSheetButton } from './print/PrintSheetButton';
import { VariableRowsField } from './VariableRowsField';
import { elementNames } from './elementNames';
import { mergeVariables, showValue, variablesToRows, VariableRowError, type VariableRow } from './variables';
import type { DetailTarget } from './useDetailParam';

// bpmn-js only comes with the first diagram someone opens
const DiagramView = lazy(() => import('@/components/diagram/DiagramView'));
const spin = <Spin style={{ display: 'block', margin: '48px auto' }} />;

/** The task (or, from Done / Ended / CC, the instance) in a wide drawer: header, form, attachments, history, diagram, actions. */
export function TaskDetailDrawer({ target, onClose }: { target: DetailTarget; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const detail = useQuery({
    queryKey: target.kind === 'task' ? tasksKeys.task(target.id) : tasksKeys.instance(target.id),
    queryFn: () => (target.kind === 'task' ? tasksApi.task(target.id) : tasksApi.instanceView(target.id)),
    retry: false,
  });
  const d = detail.data;
  const [form] = Form.useForm<{ variables?: VariableRow[] }>();
  const [cform] = Form.useForm();
  // on a phone the actions sit in a bar at the bottom, under the thumb, and stay there while the form scrolls
  const phone = useIsPhone();
  const actions = d ? <Space wrap><ActionsFor detail={d} form={form} cform={cform} onLeft={onClose} /><PrintSheetButton instanceId={d.instance.id} /></Space> : null;

  return (
    <Drawer
      open size={1180} onClose={onClose} destroyOnHidden
      title={d ? <Title detail={d} /> : t('detail.title')}
      extra={phone ? null : actions}
      footer={phone && actions ? <div className="tasks-phone-actions" data-testid="tasks-phone-actions">{actions}</div> : null}
    >
      {detail.isError ? <Result status="warning" title={t('detail.unavailable')} /> : !d ? spin : <Body detail={d} form={form} cform={cform} />}
    </Drawer>
  );
}

function Title({ detail: d }: { detail: TaskDetail }) {
  const { t } = useTranslation('tasks');
  return (
    <Space size={8} wrap>
      <span>{d.task?.name ?? d.instance.definitionName}</span>
      <StatusTag value={d.instance.status} />
      {d.task?.candidate && <Tag color="gold" variant="filled">{t('todo.candidate')}</Tag>}
      {d.task?.delegated && <Tag color="cyan" variant="filled">{t('todo.delegated')}</Tag>}
      {!d.actions.length && <Tag variant="filled">{t('detail.readOnly')}</Tag>}
    </Space>
  );
}

/** the variables the holder of the task may change with a decision (a returned request: the start form, as at the start) */
const editable = (d: TaskDetail) => !!d.task && !d.task.candidate && d.actions.some((a) => a === 'approve' || a === 'reject' || a === 'resolve' || a === 'resubmit');

type VariablesForm = ReturnType<typeof Form.useForm<{ variables?: VariableRow[] }>>[0];
type CloudForm = ReturnType<typeof Form.useForm>[0];

/** The action bar (in the drawer's header) with the variables the user edited in the body, when they did. */
function ActionsFor({ detail: d, form, cform, onLeft }: { detail: TaskDetail; form: VariablesForm; cform: CloudForm; onLeft: () => void }) {
  const { t, i18n } = useTranslation('tasks');
  const kept = useMemo(() => variablesToRows(d.variables).kept, [d.variables]);
  const variables = useCallback(() => {
    if (!editable(d) || !form.isFieldsTouched()) return undefined;
    try {
      return mergeVariables(kept, form.getFieldValue('variables') ?? []);
    } catch (e) {
      throw new Error(e instanceof VariableRowError ? t(`variables.problems.${e.problem}`, { row: e.row + 1 }) : String(e));
    }
  }, [d, form, kept, t]);
  // the node's cloud form: checked with the same rules as the server, sent with the approval
  const formValues = useCallback(async () => {
    if (!d.form || !editable(d)) return undefined;
    await cform.validateFields();
    return submittedValues(cform);
  }, [d, cform]);
  const formRefused = useCallback((e: unknown) => {
    if (!d.form || !(e instanceof RequestError) || e.status !== 400) return false;
    const issues = issuesFromMessage(d.form.schema, e.message, langOf(i18n.language), cform.getFieldsValue(true));
    cform.setFields(issues);
    return issues.length > 0;
  }, [d, cform, i18n.language]);
  const focusRefused = useCallback(() => {
    const first = cform.getFieldsError().find((f) => f.errors.length > 0);
    if (!first) return;
    cform.scrollToField(first.name, { block: 'center' });
    cform.focusField(first.name);
  }, [cform]);
  return <TaskActionBar detail={d} variables={variables} formValues={d.form ? formValues : undefined} formRefused={formRefused} focusRefused={d.form ? focusRefused : undefined} onLeft={onLeft} />;
}

function Body({ detail: d, form, cform }: { detail: TaskDetail; form: VariablesForm; cform: CloudForm }) {
  const { t } = useTranslation('tasks');
  const names = useMemo(() => elementNames(d.xml), [d.xml]);
  const nameOf = useCallback((id: string | null) => (id ? names.get(id) ?? id : null), [names]);
  const markers = useMemo(() => traceMarkers({ completedNodeIds: d.path.completed, activeNodeIds: d.path.active, takenFlowIds: d.path.flows }), [d.path]);
  const task = d.task;
  const mi = task?.multiInstance;

  return (
    <>
      {task?.candidate && <Alert type="info" showIcon title={t('detail.claimFirst')} style={{ marginBottom: 12 }} />}
      {d.actions.includes('resubmit') && <Alert type="warning" showIcon title={t('detail.returnedToYou')} style={{ marginBottom: 12 }} data-testid="tasks-returned" />}
      {task?.delegated && <Alert type="info" showIcon title={t('detail.delegatedBy', { name: task.ownerName ?? '—' })} style={{ marginBottom: 12 }} />}
      <Descriptions
        size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 8 }}
        items={[
          { key: 'def', label: t('columns.process'), children: <span>{d.instance.definitionName} <Typography.Text type="secondary">v{d.instance.version}</Typography.Text></span> },
          { key: 'bk', label: t('columns.businessKey'), children: d.instance.businessKey ?? '—' },
          { key: 'starter', label: t('columns.starter'), children: d.instance.starterName ?? '—' },
          { key: 'started', label: t('columns.startedAt'), children: when(d.instance.startedAt) },
          ...(task ? [
            { key: 'arrived', label: t('columns.arrivedAt'), children: when(task.createdAt) },
            { key: 'due', label: t('columns.dueAt'), children: <Due at={task.dueAt} overdue={task.overdue} /> },
            { key: 'assignee', label: t('detail.assignee'), children: task.assigneeName ?? (task.candidate ? t('todo.candidate') : '—') },
          ] : []),
          { key: 'nodes', label: t('columns.currentNodes'), children: nodesText(d.instance.currentNodes) },
          ...(d.instance.endedAt ? [{ key: 'ended', label: t('columns.endedAt'), children: when(d.instance.endedAt) }] : []),
          ...(mi ? [{
            key: 'mi', label: t(`detail.mi.${mi.completion}`), span: 3,
            children: (
              <Space size={[4, 4]} wrap>
                {mi.completion === 'ratio' && mi.ratio != null && <Typography.Text type="secondary">{t('detail.mi.ratioOf', { ratio: Math.round(mi.ratio * 100) })}</Typography.Text>}
                {mi.people.map((p) => (
                  <Tag key={p.id} color={p.status === 'completed' ? 'success' : p.status === 'open' ? 'processing' : 'default'} variant="filled">
                    {p.name} · {t(`detail.mi.status.${p.status}`, { defaultValue: p.status })}
                  </Tag>
                ))}
              </Space>
            ),
          }] : []),
        ]}
      />
      <Tabs
        items={[
          {
            key: 'handle', label: t('detail.tabHandle'),
            children: (
              <div className="tasks-detail-grid">
                <div>
                  <div className="tasks-section-title">{t('detail.form')}</div>
                  {d.form ? (
                    <Suspense fallback={spin}>
                      <div data-testid="tasks-cloud-form">
                        <LazyFormRenderer schema={d.form.schema} permissions={d.form.permissions} initialValues={d.form.data} form={cform} readOnly={!editable(d)} />
                      </div>
                    </Suspense>
                  ) : d.actions.includes('resubmit') ? <VariablesEditor detail={d} form={form} /> : <VariablesView variables={d.variables} />}
                  <div className="tasks-section-title" style={{ marginTop: 20 }}>
                    {t('detail.attachments')} <Badge count={d.attachments.length} showZero={false} color="var(--ant-color-text-quaternary, #bfbfbf)" />
                  </div>
                  <Attachments taskId={task?.id ?? null} attachments={d.attachments} canUpload={d.actions.includes('attach')} />
                </div>
                <div>
                  <div className="tasks-section-title">{t('detail.history')}</div>
                  <HistoryTimeline history={d.history} nameOf={nameOf} signatures={d.signatures} />
                </div>
              </div>
            ),
          },
          {
            key: 'diagram', label: t('detail.diagram'),
            children: (
              <>
                <Space size={12} style={{ marginBottom: 6 }}>
                  <span className="wf-legend"><i className="wf-l-done" />{t('detail.legendDone')}</span>
                  <span className="wf-legend"><i className="wf-l-active" />{t('detail.legendActive')}</span>
                </Space>
                <Suspense fallback={spin}>
                  <DiagramView navigated xml={d.xml} markers={markers} height="calc(100vh - 360px)" testId="tasks-diagram" />
                </Suspense>
              </>
            ),
          },
        ]}
      />
    </>
  );
}

function VariablesView({ variables }: { variables: Record<string, unknown> }) {
  const { t } = useTranslation('tasks');
  const entries = Object.entries(variables);
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noVariables')} />;
  return (
    <Descriptions
      size="small" bordered column={1} data-testid="tasks-variables"
      items={entries.map(([k, v]) => ({ key: k, label: <Typography.Text code>{k}</Typography.Text>, children: typeof v === 'boolean' ? (v ? t('variables.yes') : t('variables.no')) : showValue(v) }))}
    />
  );
}

function VariablesEditor({ detail: d, form }: { detail: TaskDetail; form: VariablesForm }) {
  const { t } = useTranslation('tasks');
  const initial = useMemo(() => variablesToRows(d.variables), [d.variables]);
  return (
    <Form form={form} name={`taskVariables-${d.task?.id ?? d.instance.id}`} initialValues={{ variables: initial.rows }} data-testid="tasks-variables-form">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>{t('detail.variablesEditable')}</Typography.Paragraph>
      <VariableRowsField lockedRows={initial.rows.length} />
      {Object.keys(initial.kept).length > 0 && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
          {t('detail.keptVariables', { names: Object.keys(initial.kept).join(', ') })}
        </Typography.Paragraph>
      )}
    </Form>
  );
}
