import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tooltip } from 'antd';
import type { TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { auditApi, usePagedAudit, type LoginLogRow, type Query } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ResultTag } from './OperationLog';

const fmt = (s: string) => dayjs(s).format('YYYY-MM-DD HH:mm:ss');

/** The server records reasons in plain English words; an operator reads them in the console's language. */
const REASONS: [RegExp, string][] = [
  [/^ok$/, 'ok'], [/^ok, password must be changed$/, 'okMustChange'], [/^unknown account$/, 'unknownAccount'],
  [/^account locked$/, 'locked'], [/^wrong password, locked after (?<n>\d+) failures$/, 'wrongPasswordLocked'],
  [/^wrong password \((?<n>\d+)\)$/, 'wrongPassword'], [/^ip (?<ip>\S+) not allowed$/, 'ipForbidden'],
  [/^password expired past grace$/, 'passwordExpired'],
];
export function reasonText(t: (key: string, opts?: Record<string, unknown>) => string, reason: string) {
  for (const [re, key] of REASONS) {
    const m = re.exec(reason);
    if (m) return t(`reason.${key}`, { ...m.groups });
  }
  return reason;
}

/** Every login attempt with its outcome and reason. */
export function LoginLog() {
  const { t } = useTranslation('audit');
  const [q, setQ] = useState<Query>({ page: 1, limit: 10 });
  const [filters] = Form.useForm<{ userId?: string; ip?: string; outcome?: string; range?: [Dayjs, Dayjs] | null }>();
  const list = usePagedAudit('loginLogs', auditApi.loginLogs, q);
  const cols: TableProps<LoginLogRow>['columns'] = [
    { title: t('field.createdAt'), dataIndex: 'createdAt', sorter: true, defaultSortOrder: 'descend', width: 170, render: fmt },
    { title: t('field.userId'), dataIndex: 'userId', sorter: true, width: 140 },
    { title: t('field.ip'), dataIndex: 'ip', sorter: true, width: 140 },
    { title: t('field.outcome'), dataIndex: 'outcome', sorter: true, width: 110, render: (v: 'success' | 'failure') => <ResultTag result={v} /> },
    { title: t('field.reason'), dataIndex: 'reason', ellipsis: true, render: (v: string) => <Tooltip title={v}>{reasonText(t, v)}</Tooltip> },
    { title: t('field.browser'), dataIndex: 'browser', width: 130, render: (v: string | null, r) => <Tooltip title={r.userAgent}>{v ?? '—'}</Tooltip> },
    { title: t('field.os'), dataIndex: 'os', width: 140, render: (v: string | null) => v ?? '—' },
  ];
  return (
    <Card size="small">
      <Form form={filters} layout="inline" style={{ marginBottom: 12, rowGap: 8 }}
        onFinish={(v) => setQ({ page: 1, limit: q.limit, sort: q.sort, order: q.order, userId: v.userId, ip: v.ip, outcome: v.outcome, from: v.range?.[0]?.toISOString(), to: v.range?.[1]?.toISOString() })}>
        <Form.Item name="userId" label={t('field.userId')}><Input allowClear style={{ width: 140 }} /></Form.Item>
        <Form.Item name="ip" label={t('field.ip')}><Input allowClear style={{ width: 140 }} /></Form.Item>
        <Form.Item name="outcome" label={t('field.outcome')}>
          <Select allowClear style={{ width: 100 }} options={(['success', 'failure'] as const).map((v) => ({ value: v, label: t(`result.${v}`) }))} />
        </Form.Item>
        <Form.Item name="range" label={t('field.timeRange')}><DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">{t('action.search')}</Button>
          <Button onClick={() => { filters.resetFields(); setQ({ page: 1, limit: q.limit }); }}>{t('action.reset')}</Button>
        </Space>
      </Form>
      <Table<LoginLogRow>
        rowKey="id" size="small" columns={cols} loading={list.isFetching} dataSource={list.data?.records ?? []} scroll={{ x: 1000 }}
        pagination={tablePagination(list.data?.total ?? 0, q.page, q.limit)}
        onChange={onTableChange(setQ)}
      />
    </Card>
  );
}
