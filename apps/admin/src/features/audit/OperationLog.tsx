import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { auditApi, usePagedAudit, type OperationLogRow, type Query } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { LogMaintenance } from './LogMaintenance';
import { formatDateTime } from '@/lib/format';

const fmt = (s: string) => formatDateTime(s);
const METHOD_COLOR: Record<string, string> = { POST: 'green', PUT: 'blue', PATCH: 'blue', DELETE: 'red' };

export function ResultTag({ result }: { result: 'success' | 'failure' }) {
  const { t } = useTranslation('audit');
  return <Tag color={result === 'success' ? 'success' : 'error'}>{t(`result.${result}`)}</Tag>;
}

interface Filters { userId?: string; module?: string; operation?: string; result?: string; range?: [Dayjs, Dayjs] | null }
export const toQuery = (v: Filters) => ({
  userId: v.userId, module: v.module, operation: v.operation, result: v.result,
  from: v.range?.[0]?.toISOString(), to: v.range?.[1]?.toISOString(),
});

export function OperationLog() {
  const { t } = useTranslation('audit');
  const [q, setQ] = useState<Query>({ page: 1, limit: 10 });
  const [filters] = Form.useForm<Filters>();
  const list = usePagedAudit('operationLogs', auditApi.operationLogs, q);
  const modules = useQuery({ queryKey: ['audit', 'modules'], queryFn: auditApi.modules });
  const [detail, setDetail] = useState<number | null>(null);

  const cols: ListColumn<OperationLogRow>[] = [
    { title: t('field.createdAt'), dataIndex: 'createdAt', sorter: true, defaultSortOrder: 'descend', width: 170, render: fmt },
    { title: t('field.userId'), dataIndex: 'userId', sorter: true, width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('field.module'), dataIndex: 'module', sorter: true, width: 100 },
    { title: t('field.operation'), dataIndex: 'operation', ellipsis: true,
      render: (v: string, r) => <Typography.Link onClick={() => setDetail(r.id)}><Tag color={METHOD_COLOR[r.method]}>{r.method}</Tag>{v.replace(/^\w+ /, '')}</Typography.Link> },
    { title: t('field.target'), dataIndex: 'target', width: 90, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('field.ip'), dataIndex: 'ip', width: 110 },
    { title: t('field.result'), dataIndex: 'result', width: 120, exportLabels: { success: t('result.success'), failure: t('result.failure') }, render: (v: 'success' | 'failure') => <ResultTag result={v} /> },
    { title: t('field.status'), dataIndex: 'status', width: 110 },
    { title: t('field.durationMs'), dataIndex: 'durationMs', sorter: true, width: 110, render: (v: number) => t('msg.ms', { n: v }) },
    { title: t('table.actions', { ns: 'shell' }), key: 'a', width: 90, fixed: 'right', render: (_, r) => <Button type="link" size="small" onClick={() => setDetail(r.id)}>{t('action.detail')}</Button> },
  ];

  return (
    <>
      <ListPage<OperationLogRow>
        id="audit.operationLogs" columns={cols} onRefresh={() => list.refetch()}
        actions={<LogMaintenance segment="operation-logs" authority="audit:operationLog:clean" name={t('file.operationLog')} />}
        exporter={{ url: '/api/audit/operation-logs', params: q as Record<string, unknown>, fileName: t('file.operationLog'), authority: 'audit:operationLog:export' }}
        search={{
          form: filters as never, onSearch: ((v: Filters) => setQ({ page: 1, limit: q.limit, sort: q.sort, order: q.order, ...toQuery(v) })) as never,
          onReset: () => setQ({ page: 1, limit: q.limit }),
          items: [
            <Form.Item key="userId" name="userId" label={t('field.userId')}><Input allowClear style={{ width: 130 }} /></Form.Item>,
            <Form.Item key="module" name="module" label={t('field.module')}><Select allowClear style={{ width: 130 }} options={(modules.data ?? []).map((m) => ({ value: m, label: m }))} /></Form.Item>,
            <Form.Item key="result" name="result" label={t('field.result')}>
              <Select allowClear style={{ width: 100 }} options={(['success', 'failure'] as const).map((v) => ({ value: v, label: t(`result.${v}`) }))} />
            </Form.Item>,
            <Form.Item key="operation" name="operation" label={t('field.operation')}><Input allowClear style={{ width: 170 }} placeholder="/api/..." /></Form.Item>,
            <Form.Item key="range" name="range" label={t('field.timeRange')}><DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" /></Form.Item>,
          ],
        }}
        table={{
          rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1170 },
          pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit, undefined, list.data?.approximate), onChange: onTableChange(setQ),
        }}
      />
      {detail !== null && <LogDetail id={detail} onClose={() => setDetail(null)} />}
    </>
  );
}

function LogDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const data = useQuery({ queryKey: ['audit', 'operationLog', id], queryFn: () => auditApi.operationLog(id) });
  const d = data.data;
  return (
    <Drawer open width={640} title={`${t('action.detail')} #${id}`} onClose={onClose} loading={data.isLoading}>
      {d && (
        <>
          <Descriptions size="small" column={1} bordered items={[
            { key: 't', label: t('field.createdAt'), children: fmt(d.createdAt) },
            { key: 'u', label: t('field.userId'), children: d.userId ?? '—' },
            { key: 'm', label: t('field.module'), children: d.module },
            { key: 'o', label: t('field.operation'), children: d.operation },
            { key: 'p', label: t('field.path'), children: <Typography.Text code>{d.path}</Typography.Text> },
            { key: 'g', label: t('field.target'), children: d.target ?? '—' },
            { key: 'r', label: t('field.result'), children: <Space><ResultTag result={d.result} /><span>HTTP {d.status}</span><span>{t('msg.ms', { n: d.durationMs })}</span></Space> },
            { key: 'i', label: t('field.ip'), children: d.ip ?? '—' },
            { key: 'b', label: `${t('field.browser')} / ${t('field.os')}`, children: [d.browser, d.os].filter(Boolean).join(' · ') || '—' },
          ]} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>{t('field.params')}</Typography.Title>
          <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('hint.redacted')} />
          {d.params && Object.keys(d.params as object).length
            ? <pre style={{ background: 'rgba(0,0,0,0.03)', padding: 12, borderRadius: 6, maxHeight: 400, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(d.params, null, 2)}</pre>
            : <Typography.Text type="secondary">{t('msg.noParams')}</Typography.Text>}
        </>
      )}
    </Drawer>
  );
}
