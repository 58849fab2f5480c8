import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { ALARM_STATES } from '@bencao/contracts';
import { tablePagination, onTableChange } from '@/components/table';
import { ListPage, type ListColumn } from '@/components/list-page/ListPage';
import { gatewayApi, type AlarmEventRow, type ListQuery } from './api';
import { AlarmRuleList } from './Rules';
import { formatDateTime } from '@/lib/format';

const STATE_COLOR: Record<AlarmEventRow['state'], string> = { pending: 'orange', firing: 'red', resolved: 'green' };
const LEVEL_COLOR: Record<AlarmEventRow['level'], string | undefined> = { general: undefined, serious: 'orange', urgent: 'red' };
const when = (v: string | null) => (v ? formatDateTime(v) : '—');
/** the figures worth a glance; all of them in the tooltip */
const SHOWN = ['requests', 'errors', 'blocked', 'broken', 'p99'];

/** Every alert of the alarm rules: pending → firing → resolved, with who was mailed. */
export function AlarmEvents() {
  const { t } = useTranslation('gateway');
  const [q, setQ] = useState<ListQuery>({ page: 1, limit: 10 });
  const [filters] = Form.useForm();
  const list = useQuery({ queryKey: ['gateway', 'alarmEvents', q], queryFn: () => gatewayApi.alarmEvents(q), placeholderData: keepPreviousData, refetchInterval: 5000 });
  const cols: ListColumn<AlarmEventRow>[] = [
    { title: t('field.state'), dataIndex: 'state', width: 100, sorter: true, exportLabels: Object.fromEntries(ALARM_STATES.map((s) => [s, t(`alarmState.${s}`)])), render: (v: AlarmEventRow['state']) => <Tag color={STATE_COLOR[v]}>{t(`alarmState.${v}`)}</Tag> },
    {
      title: t('field.ruleName'), dataIndex: 'ruleName', sorter: true, width: 180,
      render: (v: string, r) => <Space size={4}><span>{v}</span><Tag color={LEVEL_COLOR[r.level]}>{t(`level.${r.level}`)}</Tag></Space>,
    },
    { title: t('field.resource'), dataIndex: 'resource', sorter: true, width: 210, ellipsis: true },
    { title: t('field.summary'), dataIndex: 'summary', width: 260, ellipsis: true },
    {
      title: t('field.values'), dataIndex: 'values', width: 250, noExport: true,
      render: (v: AlarmEventRow['values'], r) => (
        <Tooltip title={<div><div>{r.expression}</div>{Object.entries(v).map(([k, x]) => <div key={k}>{k} = {String(x)}</div>)}</div>}>
          <Typography.Text type="secondary">{SHOWN.filter((k) => k in v).map((k) => `${k}=${v[k]}`).join(' · ')}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('field.startsAt'), dataIndex: 'startsAt', sorter: true, width: 170, render: when },
    { title: t('field.firedAt'), dataIndex: 'firedAt', sorter: true, width: 170, render: when },
    { title: t('field.resolvedAt'), dataIndex: 'resolvedAt', sorter: true, width: 170, render: when },
    {
      title: t('field.notified'), dataIndex: 'notified', width: 200,
      render: (v: string[], r) => (v.length ? v.join(', ')
        : r.notifyError ? <Typography.Text type="warning">{r.notifyError === 'noReceiver' || r.notifyError === 'noSmtp' ? t(`notify.${r.notifyError}`) : r.notifyError}</Typography.Text>
          : '—'),
    },
  ];
  return (
    <ListPage<AlarmEventRow>
      id="gateway.alarmEvents" columns={cols} onRefresh={() => list.refetch()}
      exporter={{ url: '/api/gateway/alarm-events', params: q as Record<string, unknown>, fileName: t('file.alarmEvents') }}
      extra={<Typography.Paragraph type="secondary">{t('alarm.historyHint')}</Typography.Paragraph>}
      search={{
        form: filters, onSearch: (v) => setQ({ ...q, ...v, page: 1 }), onReset: () => setQ({ page: 1, limit: q.limit }),
        items: [
          <Form.Item key="keyword" name="keyword" label={t('field.keyword')}><Input allowClear placeholder={`${t('field.ruleName')} / ${t('field.resource')}`} /></Form.Item>,
          <Form.Item key="state" name="state" label={t('field.state')}>
            <Select allowClear style={{ width: 140 }} options={ALARM_STATES.map((s) => ({ value: s, label: t(`alarmState.${s}`) }))} />
          </Form.Item>,
        ],
      }}
      table={{
        rowKey: 'id', dataSource: list.data?.records ?? [], loading: list.isLoading, scroll: { x: 1800 },
        pagination: tablePagination(list.data?.total ?? 0, q.page, q.limit),
        onChange: onTableChange(setQ),
      }}
    />
  );
}

/** The alarm rule screen: the rules, and the history of their alerts. */
export function AlarmRulePage() {
  const { t } = useTranslation('gateway');
  return (
    <Tabs defaultActiveKey="rules" items={[
      { key: 'rules', label: t('tab.rules'), children: <AlarmRuleList /> },
      { key: 'history', label: t('tab.history'), children: <AlarmEvents /> },
    ]} />
  );
}
