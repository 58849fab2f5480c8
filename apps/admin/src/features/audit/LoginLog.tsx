import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Form, Input, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { auditApi, usePagedAudit, type LoginLogRow, type Query } from './api';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { LogMaintenance } from './LogMaintenance';
import { ResultTag } from './OperationLog';
import { formatDateTime } from '@/lib/format';

const fmt = (s: string) => formatDateTime(s);

/** The server records reasons in plain English words; an operator reads them in the console's language. */
const REASONS: [RegExp, string][] = [
  [/^ok$/, 'ok'], [/^ok, password must be changed$/, 'okMustChange'], [/^unknown account$/, 'unknownAccount'],
  [/^account locked$/, 'locked'], [/^wrong password, locked after (?<n>\d+) failures$/, 'wrongPasswordLocked'],
  [/^wrong password \((?<n>\d+)\)$/, 'wrongPassword'], [/^ip (?<ip>\S+) not allowed$/, 'ipForbidden'],
  [/^password expired past grace$/, 'passwordExpired'],
];
/** Reasons without parameters, labelled the same way in an export. */
const FIXED_REASONS = ['ok', 'ok, password must be changed', 'unknown account', 'account locked', 'password expired past grace'];
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
  const cols: ListColumn<LoginLogRow>[] = [
    { title: t('field.createdAt'), dataIndex: 'createdAt', sorter: true, defaultSortOrder: 'descend', width: 170, render: fmt },
    { title: t('field.userId'), dataIndex: 'userId', sorter: true, width: 140 },
    { title: t('field.ip'), dataIndex: 'ip', sorter: true, width: 140 },
    { title: t('field.outcome'), dataIndex: 'outcome', width: 110, exportLabels: { success: t('result.success'), failure: t('result.failure') }, render: (v: 'success' | 'failure') => <ResultTag result={v} /> },
    { title: t('field.reason'), dataIndex: 'reason', ellipsis: true, exportLabels: Object.fromEntries(FIXED_REASONS.map((r) => [r, reasonText(t, r)])), render: (v: string) => <Tooltip title={v}>{reasonText(t, v)}</Tooltip> },
    { title: t('field.browser'), dataIndex: 'browser', width: 130, render: (v: string | null, r) => <Tooltip title={r.userAgent}>{v ?? '—'}</Tooltip> },
    { title: t('field.os'), dataIndex: 'os', width: 140, render: (v: string | null) => v ?? '—' },
  ];
  const search = (v: { userId?: string; ip?: string; outcome?: string; range?: [Dayjs, Dayjs] | null }) =>
    setQ({ page: 1, limit: q.limit, sort: q.sort, order: q.order, userId: v.userId, ip: v.ip, outcome: v.outcome, from: v.range?.[0]?.toISOString(), to: v.range?.[1]?.toISOString() });
  return (
    <ListPage<LoginLogRow>
      id="audit.loginLogs" columns={cols} onRefresh={() => list.refetch()}
      actions={<LogMaintenance segment="login-logs" authority="audit:loginLog:clean" name={t('file.loginLog')} />}
      exporter={{ url: '/api/audit/login-logs', params: q as Record<string, unknown>, fileName: t('file.loginLog') }}
      search={{
        form: filters as never, onSearch: search as never, onReset: () => setQ({ page: 1, limit: q.limit }),
        items: [
          <Form.Item key="userId" name="userId" label={t('field.userId')}><Input allowClear style={{ width: 140 }} /></Form.Item>,
          <Form.Item key="ip" name="ip" label={t('field.ip')}><Input allowClear style={{ width: 140 }} /></Form.Item>,
          <Form.Item key="outcome" name="outcome" label={t('field.outcome')}>
            <Select allowClear style={{ width: 100 }} options={(['success', 'failure'] as const).map((v) => ({ value: v, label: t(`result.${v}`) }))} />
          </Form.Item>,
          <Form.Item key="range" name="range" label={t('field.timeRange')}><DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" /></Form.Item>,
        ],
      }}
      table={{
        rowKey: 'id', loading: list.isFetching, dataSource: list.data?.records ?? [], scroll: { x: 1000 },
        pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit, undefined, list.data?.approximate), onChange: onTableChange(setQ),
      }}
    />
  );
}
