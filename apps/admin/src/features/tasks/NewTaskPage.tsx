import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Col, Empty, Input, Row, Space, Spin, Table, Tabs, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { ClockCircleOutlined, DeleteOutlined, EditOutlined, SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { StartableDefinition, TaskDraft } from '@bencao/contracts';
import { confirmDelete } from '@/components/confirm';
import { tasksApi, tasksKeys, useTaskMutation } from './api';
import { groupStartable } from './startable';
import { StartDrawer, type StartTarget } from './StartDrawer';
import { when } from './labels';
import './tasks.css';

/** 发起: the processes this user may start, favourites and recent first, then by category; and the user's drafts. */
export function NewTaskPage() {
  const { t } = useTranslation('tasks');
  const [tab, setTab] = useState('start');
  const [starting, setStarting] = useState<StartTarget | null>(null);
  const drafts = useQuery({ queryKey: tasksKeys.drafts, queryFn: tasksApi.drafts });
  return (
    <Card variant="borderless">
      <Tabs
        activeKey={tab} onChange={setTab}
        items={[
          { key: 'start', label: t('new.tabStart'), children: <Startable onStart={setStarting} /> },
          {
            key: 'drafts',
            label: <span>{t('new.tabDrafts')} <Badge count={drafts.data?.length ?? 0} color="var(--ant-color-text-quaternary, #bfbfbf)" showZero={false} /></span>,
            children: <Drafts drafts={drafts.data} loading={drafts.isLoading} onOpen={(d) => setStarting({ definitionId: d.definitionId, name: d.definitionName, draft: d })} />,
          },
        ]}
      />
      {starting && <StartDrawer target={starting} onClose={() => setStarting(null)} />}
    </Card>
  );
}

function Startable({ onStart }: { onStart: (s: StartTarget) => void }) {
  const { t } = useTranslation('tasks');
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim());
  const list = useQuery({ queryKey: tasksKeys.startable(deferred), queryFn: () => tasksApi.startable(deferred || undefined), placeholderData: (p) => p });
  const groups = useMemo(() => groupStartable(list.data ?? []), [list.data]);
  const star = useTaskMutation(({ id, on }: { id: number; on: boolean }) => tasksApi.favourite(id, on));
  const open = (d: StartableDefinition) => onStart({ definitionId: d.definitionId, name: d.name, version: d.version, description: d.description });

  return (
    <>
      <Input
        allowClear prefix={<SearchOutlined />} placeholder={t('new.search')} aria-label={t('new.search')} value={keyword}
        onChange={(e) => setKeyword(e.target.value)} style={{ maxWidth: 420, marginBottom: 16 }}
      />
      {list.isLoading ? <Spin style={{ display: 'block', margin: '48px auto' }} /> : !groups.length ? (
        <Empty description={deferred ? t('new.noMatch') : t('new.none')} />
      ) : groups.map((g) => (
        <section key={g.key} className="tasks-group" aria-label={g.key === 'pinned' ? t('new.pinned') : g.category ?? t('new.uncategorised')}>
          <Typography.Title level={5} className="tasks-group-title">
            {g.key === 'pinned' ? <><StarFilled style={{ color: '#faad14' }} /> {t('new.pinned')}</> : g.category ?? t('new.uncategorised')}
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13, marginLeft: 8 }}>{g.items.length}</Typography.Text>
          </Typography.Title>
          <Row gutter={[12, 12]}>
            {g.items.map((d) => (
              <Col key={d.definitionId} xs={24} sm={12} lg={8} xxl={6}>
                <Card
                  size="small" hoverable className="tasks-start-card" role="button" tabIndex={0} aria-label={t('new.startNamed', { name: d.name })}
                  onClick={() => open(d)} onKeyDown={(e) => { if (e.key === 'Enter' && e.target === e.currentTarget) open(d); }}
                >
                  <div className="tasks-start-card-head">
                    <Typography.Text strong ellipsis={{ tooltip: d.name }}>{d.name}</Typography.Text>
                    <Tooltip title={d.favourite ? t('new.unstar') : t('new.star')}>
                      <Button
                        type="text" size="small" aria-pressed={d.favourite} aria-label={d.favourite ? t('new.unstar') : t('new.star')}
                        icon={d.favourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                        onClick={(e) => { e.stopPropagation(); star.mutate({ id: d.definitionId, on: !d.favourite }); }}
                        onKeyDown={(e) => e.stopPropagation()}
                      />
                    </Tooltip>
                  </div>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="tasks-start-card-desc">{d.description || t('new.noDescription')}</Typography.Paragraph>
                  <Space size={8} className="tasks-start-card-meta">
                    <Typography.Text type="secondary" code>{d.key}</Typography.Text>
                    <Typography.Text type="secondary">v{d.version}</Typography.Text>
                    {d.lastStartedAt && <Typography.Text type="secondary"><ClockCircleOutlined /> {t('new.lastStarted', { at: when(d.lastStartedAt) })}</Typography.Text>}
                  </Space>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </>
  );
}

function Drafts({ drafts, loading, onOpen }: { drafts: TaskDraft[] | undefined; loading: boolean; onOpen: (d: TaskDraft) => void }) {
  const { t } = useTranslation('tasks');
  const { modal, message } = App.useApp();
  const remove = useTaskMutation((id: number) => tasksApi.deleteDraft(id), () => void message.success(t('new.draftDeleted')));
  const submit = useTaskMutation((id: number) => tasksApi.submitDraft(id), () => void message.success(t('new.draftSubmitted')));
  const cols: TableProps<TaskDraft>['columns'] = [
    { title: t('columns.process'), dataIndex: 'definitionName', render: (v: string, r) => <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(r)}>{v}</Button> },
    { title: t('columns.businessKey'), dataIndex: 'businessKey', render: (v: string | null) => v ?? '—' },
    { title: t('columns.comment'), dataIndex: 'comment', ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('columns.savedAt'), dataIndex: 'updatedAt', width: 170, render: when },
    {
      title: t('columns.actions'), key: 'a', width: 240,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onOpen(r)}>{t('new.editDraft')}</Button>
          <Button type="link" size="small" loading={submit.isPending && submit.variables === r.instanceId} onClick={() => submit.mutate(r.instanceId)}>{t('start.submit')}</Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => void confirmDelete(modal, t, () => remove.mutateAsync(r.instanceId))}>{t('common.delete')}</Button>
        </Space>
      ),
    },
  ];
  return <Table<TaskDraft> rowKey="instanceId" size="middle" loading={loading} columns={cols} dataSource={drafts ?? []} pagination={false} locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('new.noDrafts')} /> }} />;
}
