import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { ExclamationCircleFilled, EyeOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { INSTANCE_STATUSES, type WorkflowInstance } from '@bencao/contracts';
import { onTableChange, tablePagination } from '@/components/table';
import { DefinitionSelect } from '../admin/pickers';
import { engineApi, engineKeys, useEnginePaged, type EngineQuery } from '../api/engine';
import { InstanceDetail } from './InstanceDetail';
import { StatusTag } from './StatusTag';
import { formatDateTime } from '@/lib/format';

interface Filters { definitionKey?: string | null; status?: string; starter?: string; businessKey?: string; range?: [Dayjs | null, Dayjs | null] | null }

/** Process monitoring: every instance the user may monitor, filtered and sorted by the server; the detail in a drawer. */
export function InstanceList() {
  const { t } = useTranslation('workflow');
  const [q, setQ] = useState<EngineQuery>({ page: 1, limit: 10, sort: 'startedAt', order: 'desc' });
  const [filters] = Form.useForm<Filters>();
  const list = useEnginePaged(engineKeys.instances, engineApi.instances, q);
  const [open, setOpen] = useState<number | null>(null);

  const search = (v: Filters) => {
    const [from, to] = v.range ?? [];
    setQ({
      page: 1, limit: q.limit, sort: q.sort, order: q.order,
      definitionKey: v.definitionKey ?? undefined, status: v.status, starter: v.starter?.trim(), businessKey: v.businessKey?.trim(),
      startedFrom: from ? from.startOf('day').toISOString() : undefined,
      startedTo: to ? to.endOf('day').toISOString() : undefined,
    });
  };

  const cols: TableProps<WorkflowInstance>['columns'] = [
    { title: t('monitor.id'), dataIndex: 'id', sorter: true, width: 80 },
    {
      title: t('monitor.definition'), dataIndex: 'definitionName', width: 220, ellipsis: true,
      render: (v: string, r) => <span>{v} <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.definitionKey} · v{r.version}</Typography.Text></span>,
    },
    { title: t('monitor.businessKey'), dataIndex: 'businessKey', sorter: true, width: 150, ellipsis: true, render: (v: string | null) => v ?? '—' },
    {
      title: t('monitor.status'), dataIndex: 'status', sorter: true, width: 120,
      render: (v: WorkflowInstance['status'], r) => (
        <Space size={4}>
          <StatusTag status={v} />
          {r.hasIncident && <Tooltip title={t('monitor.incident')}><ExclamationCircleFilled style={{ color: '#cf1322' }} aria-label={t('monitor.incident')} /></Tooltip>}
        </Space>
      ),
    },
    {
      title: t('monitor.currentNodes'), dataIndex: 'currentNodes', width: 200, ellipsis: true,
      render: (v: string[]) => (v.length ? v.map((n) => <Tag key={n}>{n}</Tag>) : '—'),
    },
    { title: t('monitor.starter'), dataIndex: 'starterName', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('monitor.startedAt'), dataIndex: 'startedAt', sorter: true, width: 170, render: (v: string) => formatDateTime(v) },
    { title: t('monitor.endedAt'), dataIndex: 'endedAt', sorter: true, width: 170, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
    {
      title: t('monitor.actions'), key: 'actions', width: 130, fixed: 'right',
      render: (_, r) => <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpen(r.id)}>{t('monitor.detail')}</Button>,
    },
  ];

  return (
    <Card size="small">
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }} onFinish={search}>
        <Form.Item name="definitionKey" label={t('monitor.definition')}><DefinitionSelect style={{ width: 200 }} /></Form.Item>
        <Form.Item name="status" label={t('monitor.status')}>
          <Select allowClear style={{ width: 120 }} options={INSTANCE_STATUSES.map((s) => ({ value: s, label: t(`monitor.statuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="starter" label={t('monitor.starter')}><Input allowClear style={{ width: 130 }} placeholder={t('monitor.starterHint')} /></Form.Item>
        <Form.Item name="businessKey" label={t('monitor.businessKey')}><Input allowClear style={{ width: 150 }} /></Form.Item>
        <Form.Item name="range" label={t('monitor.startedAt')}><DatePicker.RangePicker /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('monitor.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit, sort: 'startedAt', order: 'desc' }); }}>{t('monitor.reset')}</Button>
        </Space>
      </Form>
      <Table<WorkflowInstance>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1300 }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)}
        onChange={onTableChange(setQ)}
        onRow={(r) => ({ onDoubleClick: () => setOpen(r.id) })}
      />
      {open !== null && <InstanceDetail instanceId={open} onClose={() => setOpen(null)} onOpen={setOpen} />}
    </Card>
  );
}
