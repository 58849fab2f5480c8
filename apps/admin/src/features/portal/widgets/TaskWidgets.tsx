import { Badge, Col, List, Row, Statistic, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { CcRecord, Page, StartedInstance, TodoCount, TodoTask } from '@bencao/contracts';
import { call } from '@/lib/request';
import { useMenuPath } from '../useMenuPath';
import type { WidgetProps } from '../registry';

const when = (iso: string) => dayjs(iso).format('MM-DD HH:mm');
const n = (v: unknown, d: number) => (typeof v === 'number' ? v : d);

/** My to-do tasks: counts per activity bucket and the newest tasks. */
export function TodoWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const todoPath = useMenuPath('bpm/task/todo');
  const count = useQuery({ queryKey: ['portal', 'w', 'todoCount'], queryFn: () => call<TodoCount>('GET', '/api/workflow/tasks/todo/count'), refetchInterval: 60_000 });
  const list = useQuery({
    queryKey: ['portal', 'w', 'todo', settings.limit],
    queryFn: () => call<Page<TodoTask>>('GET', '/api/workflow/tasks/todo', { params: { page: 1, limit: n(settings.limit, 5) } }),
  });
  const c = count.data;
  return (
    <div className="portal-todo">
      <Row gutter={8}>
        <Col span={6}><Statistic title={t('todo.total')} value={c?.total ?? 0} loading={count.isLoading} /></Col>
        <Col span={6}><Statistic title={t('todo.overdue')} value={c?.overdue ?? 0} valueStyle={c?.overdue ? { color: '#cf1322' } : undefined} loading={count.isLoading} /></Col>
        <Col span={12}>
          <div className="portal-buckets">
            {([1, 2, 3, 4] as const).map((b) => <Tag key={b}>{t(`bucket.${b}`)} <b>{c?.byActivity?.[b] ?? 0}</b></Tag>)}
          </div>
        </Col>
      </Row>
      <List size="small" loading={list.isLoading} dataSource={list.data?.records ?? []} locale={{ emptyText: t('home.empty') }}
        renderItem={(task) => (
          <List.Item extra={<Typography.Text type="secondary">{when(task.arrivedAt)}</Typography.Text>}>
            <Badge status={task.overdue ? 'error' : 'processing'} /> <Typography.Text ellipsis>{task.name} · {task.definitionName}</Typography.Text>
          </List.Item>
        )} />
      {todoPath && <Link to={todoPath}>{t('todo.more')}</Link>}
    </div>
  );
}

/** Processes I started, newest first. */
export function StartedWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const q = useQuery({
    queryKey: ['portal', 'w', 'started', settings.limit],
    queryFn: () => call<Page<StartedInstance>>('GET', '/api/workflow/tasks/started', { params: { page: 1, limit: n(settings.limit, 5) } }),
  });
  return (
    <List size="small" loading={q.isLoading} dataSource={q.data?.records ?? []} locale={{ emptyText: t('home.empty') }}
      renderItem={(i) => (
        <List.Item extra={<Typography.Text type="secondary">{when(i.startedAt)}</Typography.Text>}>
          <Typography.Text ellipsis>{i.definitionName}{i.businessKey ? ` · ${i.businessKey}` : ''}{i.currentNodes.length ? ` → ${i.currentNodes.join(', ')}` : ''}</Typography.Text>
        </List.Item>
      )} />
  );
}

/** Copies sent to me; unread ones first in bold. */
export function CcWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const q = useQuery({
    queryKey: ['portal', 'w', 'cc', settings.limit],
    queryFn: () => call<Page<CcRecord>>('GET', '/api/workflow/tasks/cc', { params: { page: 1, limit: n(settings.limit, 5) } }),
  });
  return (
    <List size="small" loading={q.isLoading} dataSource={q.data?.records ?? []} locale={{ emptyText: t('home.empty') }}
      renderItem={(r) => (
        <List.Item extra={<Typography.Text type="secondary">{when(r.createdAt)}</Typography.Text>}>
          <Typography.Text strong={!r.readAt} ellipsis>{r.definitionName}{r.fromName ? ` · ${r.fromName}` : ''}{r.comment ? ` · ${r.comment}` : ''}</Typography.Text>
        </List.Item>
      )} />
  );
}
