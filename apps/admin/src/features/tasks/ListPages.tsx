import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Badge, Button, Card, Input, Table, Tabs, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { CcRecord, DoneTask, EndedInstance, Page, StartedInstance } from '@bencao/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { tablePagination, onTableChange } from '@/components/table';
import { useIsPhone } from '@/lib/phone';
import { tasksApi, tasksKeys, usePaged, type Params } from './api';
import { StatusTag, nodesText, when } from './labels';
import { useDetailParam, type DetailTarget } from './useDetailParam';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { TaskCards, type TaskCardContent } from './TaskCards';
import './tasks.css';

interface ListState { page: number; limit: number; sort?: string; order?: 'asc' | 'desc'; keyword?: string }

/** A server-paged list with a keyword search; a row opens its instance in the detail drawer. On a phone, cards instead of the table. */
function PagedList<T extends { instanceId: number }>({ queryKey, fetch, columns, rowKey, placeholder, label, card, open }: {
  queryKey: QueryKey; fetch: (q: Params) => Promise<Page<T>>; columns: TableProps<T>['columns']; rowKey: keyof T & string; placeholder: string;
  label: string; card: (r: T) => TaskCardContent; open: (t: DetailTarget) => void;
}) {
  const { t } = useTranslation('tasks');
  const phone = useIsPhone();
  const [q, setQ] = useState<ListState>({ page: 1, limit: 10 });
  const list = usePaged(queryKey, fetch, { ...q });
  const empty = q.keyword ? t('lists.noneMatching') : t('lists.none');
  return (
    <>
      <Input.Search
        allowClear placeholder={placeholder} aria-label={placeholder} enterButton={t('common.search')} style={{ maxWidth: 420, marginBottom: 12 }}
        onSearch={(keyword) => setQ((p) => ({ ...p, page: 1, keyword: keyword.trim() || undefined }))}
      />
      {phone ? (
        <TaskCards<T>
          records={list.data?.records ?? []} rowKey={(r) => String(r[rowKey])} card={card} label={label} testId="task-card"
          loading={list.isFetching} total={list.data?.total ?? 0} page={q.page} limit={q.limit}
          onPage={(page, limit) => setQ((p) => ({ ...p, page, limit }))} onOpen={(r) => open({ kind: 'instance', id: r.instanceId })} empty={empty}
        />
      ) : (
        <Table<T>
          rowKey={rowKey} size="middle" loading={list.isFetching} columns={columns} dataSource={list.data?.records ?? []} scroll={{ x: 900 }}
          onChange={onTableChange(setQ)} pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)}
          locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
        />
      )}
    </>
  );
}

const opener = (open: (t: DetailTarget) => void) => (text: ReactNode, instanceId: number) => (
  <Button type="link" className="tasks-task-name" style={{ padding: 0, height: 'auto', textAlign: 'start', whiteSpace: 'normal' }} onClick={() => open({ kind: 'instance', id: instanceId })}>{text}</Button>
);

function OutcomeTag({ value }: { value: string | null }) {
  const { t } = useTranslation('tasks');
  return value ? <Tag variant="filled" color={/reject|void/.test(value) ? 'error' : /return/.test(value) ? 'warning' : 'success'}>{t(`history.${value}`, { defaultValue: value })}</Tag> : <>—</>;
}

const withKey = (name: string, businessKey: string | null) => `${name}${businessKey ? ` · ${businessKey}` : ''}`;

function DoneList({ open }: { open: (t: DetailTarget) => void }) {
  const { t } = useTranslation('tasks');
  const link = opener(open);
  const cols: TableProps<DoneTask>['columns'] = [
    {
      title: t('columns.task'), dataIndex: 'name',
      render: (v: string, r) => <div>{link(v, r.instanceId)}<div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.definitionName}{r.businessKey ? ` · ${r.businessKey}` : ''}</Typography.Text></div></div>,
    },
    { title: t('columns.starter'), dataIndex: 'starterName', width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('columns.outcome'), dataIndex: 'outcome', width: 110, render: (v: string | null) => <OutcomeTag value={v} /> },
    { title: t('columns.actedAt'), dataIndex: 'actedAt', key: 'actedAt', sorter: true, width: 160, render: when },
    { title: t('columns.instanceStatus'), dataIndex: 'instanceStatus', width: 110, render: (v: DoneTask['instanceStatus']) => <StatusTag value={v} /> },
    { title: t('columns.currentNodes'), dataIndex: 'currentNodes', width: 180, render: (v: string[]) => nodesText(v) },
  ];
  const card = (r: DoneTask): TaskCardContent => ({
    title: r.name, tags: <><OutcomeTag value={r.outcome} /><StatusTag value={r.instanceStatus} /></>, sub: withKey(r.definitionName, r.businessKey),
    facts: [[t('columns.starter'), r.starterName ?? '—'], [t('columns.actedAt'), when(r.actedAt)], r.currentNodes.length > 0 && [t('columns.currentNodes'), nodesText(r.currentNodes)]],
  });
  return <PagedList<DoneTask> queryKey={tasksKeys.done} fetch={tasksApi.done} columns={cols} rowKey="taskId" placeholder={t('lists.keyword')} label={t('lists.tabDone')} card={card} open={open} />;
}

function StartedList({ open }: { open: (t: DetailTarget) => void }) {
  const { t } = useTranslation('tasks');
  const link = opener(open);
  const cols: TableProps<StartedInstance>['columns'] = [
    { title: t('columns.process'), dataIndex: 'definitionName', render: (v: string, r) => link(v, r.instanceId) },
    { title: t('columns.businessKey'), dataIndex: 'businessKey', width: 160, render: (v: string | null) => v ?? '—' },
    { title: t('columns.startedAt'), dataIndex: 'startedAt', key: 'startedAt', sorter: true, width: 160, render: when },
    { title: t('columns.instanceStatus'), dataIndex: 'status', width: 110, render: (v: StartedInstance['status']) => <StatusTag value={v} /> },
    { title: t('columns.currentNodes'), dataIndex: 'currentNodes', width: 200, render: (v: string[]) => nodesText(v) },
    { title: t('columns.endedAt'), dataIndex: 'endedAt', width: 160, render: when },
  ];
  const card = (r: StartedInstance): TaskCardContent => ({
    title: r.definitionName, tags: <StatusTag value={r.status} />, sub: r.businessKey,
    facts: [[t('columns.startedAt'), when(r.startedAt)], r.endedAt ? [t('columns.endedAt'), when(r.endedAt)] : [t('columns.currentNodes'), nodesText(r.currentNodes)]],
  });
  return <PagedList<StartedInstance> queryKey={tasksKeys.started} fetch={tasksApi.started} columns={cols} rowKey="instanceId" placeholder={t('lists.keyword')} label={t('lists.tabStarted')} card={card} open={open} />;
}

function CcList({ open }: { open: (t: DetailTarget) => void }) {
  const { t } = useTranslation('tasks');
  const link = opener(open);
  const cols: TableProps<CcRecord>['columns'] = [
    {
      title: t('columns.process'), dataIndex: 'definitionName',
      render: (v: string, r) => <span>{!r.readAt && <Badge status="processing" style={{ marginInlineEnd: 6 }} />}{link(v, r.instanceId)}</span>,
    },
    { title: t('columns.businessKey'), dataIndex: 'businessKey', width: 140, render: (v: string | null) => v ?? '—' },
    { title: t('columns.ccFrom'), dataIndex: 'fromName', width: 110, render: (v: string | null, r) => <span>{v ?? '—'}{r.elementName ? <Typography.Text type="secondary"> · {r.elementName}</Typography.Text> : null}</span> },
    { title: t('columns.comment'), dataIndex: 'comment', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('columns.ccAt'), dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 160, render: when },
    { title: t('columns.instanceStatus'), dataIndex: 'instanceStatus', width: 110, render: (v: CcRecord['instanceStatus']) => <StatusTag value={v} /> },
  ];
  const card = (r: CcRecord): TaskCardContent => ({
    title: r.definitionName, tags: <>{!r.readAt && <Tag color="blue" variant="filled">{t('lists.unread')}</Tag>}<StatusTag value={r.instanceStatus} /></>, sub: r.businessKey,
    facts: [
      [t('columns.ccFrom'), `${r.fromName ?? '—'}${r.elementName ? ` · ${r.elementName}` : ''}`], [t('columns.ccAt'), when(r.createdAt)],
      !!r.comment && [t('columns.comment'), r.comment],
    ],
  });
  return <PagedList<CcRecord> queryKey={tasksKeys.cc} fetch={tasksApi.cc} columns={cols} rowKey="id" placeholder={t('lists.keyword')} label={t('lists.tabCc')} card={card} open={open} />;
}

function EndedList({ open }: { open: (t: DetailTarget) => void }) {
  const { t } = useTranslation('tasks');
  const link = opener(open);
  const cols: TableProps<EndedInstance>['columns'] = [
    { title: t('columns.process'), dataIndex: 'definitionName', render: (v: string, r) => link(v, r.instanceId) },
    { title: t('columns.businessKey'), dataIndex: 'businessKey', width: 160, render: (v: string | null) => v ?? '—' },
    { title: t('columns.starter'), dataIndex: 'starterName', width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('columns.startedAt'), dataIndex: 'startedAt', key: 'startedAt', sorter: true, width: 160, render: when },
    { title: t('columns.endedAt'), dataIndex: 'endedAt', key: 'endedAt', sorter: true, width: 160, render: when },
    { title: t('columns.instanceStatus'), dataIndex: 'status', width: 110, render: (v: EndedInstance['status']) => <StatusTag value={v} /> },
  ];
  const card = (r: EndedInstance): TaskCardContent => ({
    title: r.definitionName, tags: <StatusTag value={r.status} />, sub: r.businessKey,
    facts: [[t('columns.starter'), r.starterName ?? '—'], [t('columns.startedAt'), when(r.startedAt)], [t('columns.endedAt'), when(r.endedAt)]],
  });
  return <PagedList<EndedInstance> queryKey={tasksKeys.ended} fetch={tasksApi.ended} columns={cols} rowKey="instanceId" placeholder={t('lists.keyword')} label={t('lists.ended')} card={card} open={open} />;
}

const DONE_TABS = ['done', 'started', 'cc'] as const;
type DoneTab = (typeof DONE_TABS)[number];

/** 已办: what I acted on; with the processes I started and what was copied to me as tabs (`?tab=cc`). */
export function DonePage() {
  const { t } = useTranslation('tasks');
  const detail = useDetailParam();
  const [search, setSearch] = useSearchParams();
  const tab: DoneTab = (DONE_TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as DoneTab) : 'done';
  const setTab = (k: string) => setSearch((prev) => { const next = new URLSearchParams(prev); next.set('tab', k); return next; });
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={tab} onChange={setTab} destroyOnHidden
        items={[
          { key: 'done', label: t('lists.tabDone'), children: <DoneList open={detail.open} /> },
          { key: 'started', label: t('lists.tabStarted'), children: <StartedList open={detail.open} /> },
          { key: 'cc', label: t('lists.tabCc'), children: <CcList open={detail.open} /> },
        ]}
      />
      {detail.target && <TaskDetailDrawer target={detail.target} onClose={detail.close} />}
    </Card>
  );
}

/** 办结: finished instances I started or took part in. */
export function EndedPage() {
  const detail = useDetailParam();
  return (
    <Card variant="borderless">
      <EndedList open={detail.open} />
      {detail.target && <TaskDetailDrawer target={detail.target} onClose={detail.close} />}
    </Card>
  );
}
