import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Checkbox, DatePicker, Dropdown, Form, Input, Modal, Segmented, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { CheckOutlined, DownOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { TASK_ACTIVITIES, TASK_IMPORTANCES, TASK_PROGRESS, type BatchApproveResult, type TaskActivity, type TaskImportance, type TodoTask } from '@bencao/contracts';
import { tablePagination, onTableChange } from '@/components/table';
import { requireSelection } from '@/components/confirm';
import { usePermission } from '@/lib/permission';
import { useTodoCount } from '@/lib/todoCount';
import { useIsPhone } from '@/lib/phone';
import { tasksApi, tasksKeys, usePaged, useTaskMutation } from './api';
import { activeFilterCount, bucketCounts, todoParams, type TodoFilters, type TodoListState } from './todoQuery';
import { ActivityTag, Due, ImportanceTag, ProgressTag, when } from './labels';
import { useDetailParam } from './useDetailParam';
import { TaskDetailDrawer } from './TaskDetailDrawer';
import { TodoCards } from './TodoCards';
import { CommentInput } from './CommentInput';
import './tasks.css';

const sortOf = (q: TodoListState, field: string) => (q.sort === field ? (q.order === 'asc' ? 'ascend' as const : 'descend' as const) : null);

/** 待办: the tasks waiting for this user, filed into inbox / today / next / later, with filters, batch approval and the detail. */
export function TodoPage() {
  const { t } = useTranslation('tasks');
  const { message } = App.useApp();
  const can = usePermission();
  const [form] = Form.useForm<TodoFilters>();
  const [filters, setFilters] = useState<TodoFilters>({});
  const [bucket, setBucket] = useState<TaskActivity | 0>(0);
  const [q, setQ] = useState<TodoListState>({ page: 1, limit: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const detail = useDetailParam();
  // a phone shows the tasks as cards, the keyword search first and the other filters on demand
  const phone = useIsPhone();
  const [allFilters, setAllFilters] = useState(false);

  const params = useMemo(() => todoParams(filters, bucket, q), [filters, bucket, q]);
  const list = usePaged(tasksKeys.todo, tasksApi.todo, params);
  const count = useTodoCount(can('bpm:task'));
  // the count polls; when it changes, tasks arrived or left: the list follows without a reload
  const seenTotal = useRef<number | undefined>(undefined);
  const refetchList = list.refetch;
  useEffect(() => {
    const total = count.data?.total;
    if (seenTotal.current !== undefined && total !== seenTotal.current) void refetchList();
    seenTotal.current = total;
  }, [count.data?.total, refetchList]);
  const definitions = useQuery({ queryKey: tasksKeys.startable(''), queryFn: () => tasksApi.startable(), staleTime: 60_000 });
  const definitionOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const d of definitions.data ?? []) seen.set(d.key, d.name);
    for (const r of list.data?.records ?? []) if (!seen.has(r.definitionKey)) seen.set(r.definitionKey, r.definitionName);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [definitions.data, list.data]);

  const move = useTaskMutation(({ id, activity }: { id: number; activity: TaskActivity }) => tasksApi.setActivity(id, activity),
    (_, { activity }) => void message.success(t('todo.moved', { bucket: t(`activity.${activity}`) })));
  const rank = useTaskMutation(({ id, importance }: { id: number; importance: TaskImportance }) => tasksApi.setImportance(id, importance),
    () => void message.success(t('todo.importanceSet')));

  const search = (v: TodoFilters) => { setFilters(v); setQ((p) => ({ ...p, page: 1 })); setSelected([]); };
  const reset = () => { form.resetFields(); search({}); };
  const records = list.data?.records ?? [];

  const cols: TableProps<TodoTask>['columns'] = [
    {
      title: t('columns.task'), dataIndex: 'name', key: 'name',
      render: (v: string, r) => (
        <Space vertical size={2}>
          <Space size={6} wrap>
            <Button type="link" className="tasks-task-name" style={{ padding: 0, height: 'auto' }} onClick={() => detail.open({ kind: 'task', id: r.id })}>{v}</Button>
            {r.candidate && <Tooltip title={t('todo.candidateHint')}><Tag color="gold" variant="filled">{t('todo.candidate')}</Tag></Tooltip>}
            {r.delegated && <Tooltip title={t('todo.delegatedHint')}><Tag color="cyan" variant="filled">{t('todo.delegated')}</Tag></Tooltip>}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.definitionName}{r.businessKey ? ` · ${r.businessKey}` : ''}</Typography.Text>
        </Space>
      ),
    },
    { title: t('columns.starter'), dataIndex: 'starterName', width: 120, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('columns.arrivedAt'), dataIndex: 'arrivedAt', key: 'arrivedAt', sorter: true, sortOrder: sortOf(q, 'arrivedAt'), width: 150, render: when },
    { title: t('columns.dueAt'), dataIndex: 'dueAt', key: 'dueAt', sorter: true, sortOrder: sortOf(q, 'dueAt'), width: 190, render: (v: string | null, r) => <Due at={v} overdue={r.overdue} /> },
    { title: t('columns.importance'), dataIndex: 'importance', key: 'importance', sorter: true, sortOrder: sortOf(q, 'importance'), width: 110, render: (v: TaskImportance) => <ImportanceTag value={v} /> },
    { title: t('columns.status'), dataIndex: 'status', width: 96, render: (v: TodoTask['status']) => <ProgressTag value={v} /> },
    { title: t('columns.activity'), dataIndex: 'activity', width: 110, render: (v: TaskActivity) => <ActivityTag value={v} /> },
    {
      title: t('columns.actions'), key: 'actions', width: 190, fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => detail.open({ kind: 'task', id: r.id })}>{r.candidate ? t('todo.claimAndHandle') : t('todo.handle')}</Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'move', type: 'group', label: t('todo.moveTo'), children: TASK_ACTIVITIES.map((a) => ({ key: `a${a}`, label: t(`activity.${a}`), disabled: a === r.activity })) },
                { key: 'rank', type: 'group', label: t('todo.setImportance'), children: TASK_IMPORTANCES.map((i) => ({ key: `i${i}`, label: t(`importance.${i}`), disabled: i === r.importance })) },
              ],
              onClick: ({ key }) => {
                const n = Number(key.slice(1));
                if (key[0] === 'a') move.mutate({ id: r.id, activity: n as TaskActivity });
                else rank.mutate({ id: r.id, importance: n as TaskImportance });
              },
            }}
          >
            <Button type="link" size="small" aria-label={t('todo.moreFor', { name: r.name })}>{t('todo.file')} <DownOutlined /></Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  const selectable = records.filter((r) => r.batchApprove && !r.candidate);
  const filterCount = activeFilterCount(filters);

  return (
    <Card variant="borderless">
      <Form<TodoFilters> form={form} layout="inline" className={`tasks-filters${allFilters ? ' tasks-filters-all' : ''}`} onFinish={search} aria-label={t('todo.filters')}>
        <Form.Item name="keyword"><Input allowClear prefix={<SearchOutlined />} placeholder={t('todo.keyword')} aria-label={t('todo.keyword')} style={{ width: 220 }} /></Form.Item>
        <Form.Item name="importance" className="tasks-filter-more"><Select allowClear placeholder={t('columns.importance')} aria-label={t('columns.importance')} style={{ width: 120 }} options={TASK_IMPORTANCES.map((i) => ({ value: i, label: t(`importance.${i}`) }))} /></Form.Item>
        <Form.Item name="status" className="tasks-filter-more"><Select allowClear placeholder={t('columns.status')} aria-label={t('columns.status')} style={{ width: 120 }} options={TASK_PROGRESS.filter((s) => s !== 3).map((s) => ({ value: s, label: t(`progress.${s}`) }))} /></Form.Item>
        <Form.Item name="definitionKey" className="tasks-filter-more"><Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('columns.process')} aria-label={t('columns.process')} style={{ width: 180 }} options={definitionOptions} /></Form.Item>
        <Form.Item name="starter" className="tasks-filter-more"><Input allowClear placeholder={t('columns.starter')} aria-label={t('columns.starter')} style={{ width: 130 }} /></Form.Item>
        <Form.Item name="arrived" className="tasks-filter-more"><DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('todo.arrivedFrom'), t('todo.arrivedTo')]} aria-label={t('columns.arrivedAt')} style={{ width: 250 }} /></Form.Item>
        <Form.Item name="overdue" valuePropName="checked" className="tasks-filter-more"><Checkbox>{t('todo.onlyOverdue')}</Checkbox></Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t('common.search')}</Button>
            <Button icon={<UndoOutlined />} onClick={reset}>{t('common.reset')}{filterCount ? ` (${filterCount})` : ''}</Button>
            {phone && <Button type="link" aria-expanded={allFilters} onClick={() => setAllFilters(!allFilters)}>{allFilters ? t('todo.fewerFilters') : t('todo.moreFilters')}</Button>}
          </Space>
        </Form.Item>
      </Form>

      <div className="tasks-toolbar">
        <div className="tasks-buckets"><Segmented<TaskActivity | 0>
          value={bucket} aria-label={t('todo.buckets')}
          onChange={(v) => { setBucket(v); setQ((p) => ({ ...p, page: 1 })); setSelected([]); }}
          options={bucketCounts(count.data).map(({ bucket: b, count: n }) => ({
            value: b,
            label: <span>{b ? t(`activity.${b}`) : t('todo.all')} <Badge count={n ?? 0} showZero overflowCount={999} color={b === bucket ? 'var(--ant-color-primary, #1677ff)' : 'var(--ant-color-text-quaternary, #bfbfbf)'} style={{ boxShadow: 'none' }} /></span>,
          }))}
        /></div>
        <Space>
          {!!count.data?.overdue && <Tag color="error" variant="filled">{t('todo.overdueCount', { count: count.data.overdue })}</Tag>}
          {!phone && <Button
            icon={<CheckOutlined />} disabled={!selectable.length}
            onClick={() => { if (requireSelection(message, t, selected)) setBatchOpen(true); }}
          >
            {selected.length ? t('todo.batchApproveN', { count: selected.length }) : t('todo.batchApprove')}
          </Button>}
          <Tooltip title={t('common.refresh')}><Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => { void list.refetch(); void count.refetch(); }} /></Tooltip>
        </Space>
      </div>

      {phone ? (
        <TodoCards
          records={records} loading={list.isFetching} total={list.data?.total ?? 0} page={q.page} limit={q.limit}
          onPage={(page, limit) => setQ((p) => ({ ...p, page, limit }))} onOpen={(r) => detail.open({ kind: 'task', id: r.id })}
          empty={filterCount || bucket ? t('todo.noneMatching') : t('todo.none')}
        />
      ) : <Table<TodoTask>
        rowKey="id" size="middle" loading={list.isFetching} columns={cols} dataSource={records} scroll={{ x: 1180 }}
        rowClassName={(r) => (r.overdue ? 'tasks-row-overdue' : '')}
        rowSelection={{
          selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: !r.batchApprove || r.candidate, 'aria-label': t('todo.select', { name: r.name }) }),
        }}
        onChange={onTableChange(setQ)}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit, undefined, list.data?.approximate)}
        locale={{ emptyText: <Typography.Text type="secondary">{filterCount || bucket ? t('todo.noneMatching') : t('todo.none')}</Typography.Text> }}
      />}

      {batchOpen && <BatchApproveDialog ids={selected} tasks={records} onClose={(done) => { setBatchOpen(false); if (done) setSelected([]); }} />}
      {detail.target && <TaskDetailDrawer target={detail.target} onClose={detail.close} />}
    </Card>
  );
}

function BatchApproveDialog({ ids, tasks, onClose }: { ids: number[]; tasks: TodoTask[]; onClose: (done: boolean) => void }) {
  const { t } = useTranslation('tasks');
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const approve = useTaskMutation((comment: string | null) => tasksApi.batchApprove(ids, comment), (r: BatchApproveResult) => {
    if (!r.failed.length) { void message.success(t('todo.batchDone', { count: r.succeeded.length })); onClose(true); return; }
    const name = (id: number) => tasks.find((x) => x.id === id)?.name ?? `#${id}`;
    modal.warning({
      title: t('todo.batchPartly', { ok: r.succeeded.length, failed: r.failed.length }),
      content: <ul style={{ paddingLeft: 18, margin: 0 }}>{r.failed.map((f) => <li key={f.id}><b>{name(f.id)}</b>: {f.message}</li>)}</ul>,
    });
    onClose(true);
  });
  return (
    <Modal
      open title={t('todo.batchTitle', { count: ids.length })} onCancel={() => onClose(false)} onOk={() => form.submit()}
      okText={t('actions.approve')} cancelText={t('common.cancel')} confirmLoading={approve.isPending} destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => approve.mutate(v.comment?.trim() || null)}>
        <Form.Item name="comment" label={t('dialog.comment')} extra={t('dialog.enterHint')}>
          <CommentInput autoFocus placeholder={t('dialog.approveComment')} onSubmit={() => form.submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
