import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Row, Space, Statistic, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { PerformanceReport } from '@bencao/contracts';
import { EChart } from '@/components/chart/EChart';
import { langOf } from '@/lib/zodRule';
import { workflowAdminApi as api, wfKeys } from '../api/admin';
import { DefinitionSelect, useDefinitions } from '../admin/pickers';
import { DURATION_UNITS, browserTzOffset, formatDuration, formatRate } from './format';
import { assigneeBacklogOption, headline, nodeBacklogOption, nodeDurationOption, perDayOption, type Labels } from './options';
import { formatDateTime } from '@/lib/format';

type Slow = PerformanceReport['slowest'][number];
type DefFigures = PerformanceReport['definitions'][number];
interface Query { definitionKey?: string; from: string; to: string; tzOffset: number }

const DAY = 'YYYY-MM-DD';
const initialQuery = (): Query => ({ from: dayjs().subtract(29, 'day').format(DAY), to: dayjs().format(DAY), tzOffset: browserTzOffset() });

/** Performance analysis: started/completed per day, durations and backlog per node and assignee, the slowest instances. */
export function PerformancePage() {
  const { t, i18n } = useTranslation('workflow');
  const units = DURATION_UNITS[langOf(i18n.language)];
  const [q, setQ] = useState<Query>(initialQuery);
  const [form] = Form.useForm<{ definitionKey?: string | null; range: [Dayjs, Dayjs] }>();
  const report = useQuery({ queryKey: [...wfKeys.performance, q], queryFn: () => api.performance(q) });
  const [exporting, setExporting] = useState(false);
  const defs = useDefinitions();
  const defName = (key: string) => defs.data?.records.find((d) => d.key === key)?.name ?? key;
  const data = report.data;
  const labels: Labels = {
    started: t('performance.figure.started'), completed: t('performance.figure.completed'), avg: t('performance.figure.avg'),
    median: t('performance.figure.median'), p90: t('performance.figure.p90'), backlog: t('performance.chart.openTasks'),
    tasks: t('performance.chart.openTasks'), unassigned: t('performance.chart.unassigned'),
  };
  const options = useMemo(() => (data ? {
    perDay: perDayOption(data, q.from, q.to, labels),
    duration: nodeDurationOption(data, labels, units),
    backlog: nodeBacklogOption(data, labels),
    assignee: assigneeBacklogOption(data, labels),
  } : null), [data, q.from, q.to, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const head = data ? headline(data, q.definitionKey) : null;
  const search = (v: { definitionKey?: string | null; range?: [Dayjs, Dayjs] | null }) => {
    const [from, to] = v.range ?? [dayjs().subtract(29, 'day'), dayjs()];
    setQ({ definitionKey: v.definitionKey || undefined, from: from.format(DAY), to: to.format(DAY), tzOffset: browserTzOffset() });
  };
  const exportCsv = async () => {
    setExporting(true);
    try { await api.exportPerformance(q, `workflow-performance-${q.definitionKey ?? 'all'}.csv`); } finally { setExporting(false); }
  };

  const defCols: TableProps<DefFigures>['columns'] = [
    { title: t('performance.field.definition'), dataIndex: 'definitionKey', width: 180, ellipsis: true, render: (v: string) => <span title={v}>{defName(v)}</span> },
    { title: labels.started, dataIndex: 'started', width: 100, align: 'right' },
    { title: labels.completed, dataIndex: 'completed', width: 100, align: 'right' },
    { title: labels.avg, dataIndex: 'avgMs', width: 130, align: 'right', render: (v: number | null) => formatDuration(v, units) },
    { title: labels.median, dataIndex: 'medianMs', width: 130, align: 'right', render: (v: number | null) => formatDuration(v, units) },
    { title: labels.p90, dataIndex: 'p90Ms', width: 130, align: 'right', render: (v: number | null) => formatDuration(v, units) },
    { title: t('performance.figure.overdueRate'), dataIndex: 'overdueRate', width: 110, align: 'right', render: (v: number | null) => formatRate(v) },
  ];
  const slowCols: TableProps<Slow>['columns'] = [
    { title: t('performance.field.instance'), dataIndex: 'instanceId', width: 90 },
    { title: t('performance.field.definition'), dataIndex: 'definitionKey', ellipsis: true, render: (v: string) => <span title={v}>{defName(v)}</span> },
    { title: t('performance.field.businessKey'), dataIndex: 'businessKey', ellipsis: true, render: (v: string | null) => v || '—' },
    { title: t('performance.field.startedAt'), dataIndex: 'startedAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: t('performance.field.endedAt'), dataIndex: 'endedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : t('performance.field.running')) },
    { title: t('performance.field.duration'), dataIndex: 'durationMs', width: 130, align: 'right', render: (v: number) => formatDuration(v, units) },
  ];
  const empty = !data || (data.perDay.every((d) => d.started === 0 && d.completed === 0) && data.nodes.length === 0);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Form form={form} layout="inline" style={{ rowGap: 8 }} initialValues={{ range: [dayjs(q.from), dayjs(q.to)] }} onFinish={search}>
          <Form.Item name="definitionKey" label={t('performance.field.definition')}>
            <DefinitionSelect style={{ width: 260 }} placeholder={t('performance.placeholder.allDefinitions')} />
          </Form.Item>
          <Form.Item name="range" label={t('performance.field.range')}>
            <DatePicker.RangePicker allowClear={false} disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              presets={[
                { label: t('performance.preset.7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
                { label: t('performance.preset.30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
                { label: t('performance.preset.90'), value: [dayjs().subtract(89, 'day'), dayjs()] },
              ]} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>{t('performance.action.query')}</Button>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>{t('performance.action.export')}</Button>
          </Space>
        </Form>
      </Card>

      <Row gutter={[12, 12]}>
        {[
          { key: 'started', value: head?.started ?? '—' },
          { key: 'completed', value: head?.completed ?? '—' },
          { key: 'avg', value: formatDuration(head?.avgMs, units) },
          { key: 'median', value: formatDuration(head?.medianMs, units) },
          { key: 'p90', value: formatDuration(head?.p90Ms, units) },
          { key: 'overdueRate', value: formatRate(head?.overdueRate) },
        ].map((f) => (
          <Col key={f.key} xs={12} md={8} xl={4}>
            <Card size="small" loading={report.isLoading}>
              <Statistic title={t(`performance.figure.${f.key}`)} value={f.value} />
              {(f.key === 'median' || f.key === 'p90') && head && !q.definitionKey && (data?.definitions.length ?? 0) > 1 && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t('performance.figure.pickOne')}</Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>

      <Card size="small" title={t('performance.chart.perDay')}>
        <EChart option={options?.perDay ?? null} empty={empty} loading={report.isFetching} height={300} title={t('performance.chart.perDay')} emptyText={t('performance.empty')} />
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('performance.chart.duration')}>
            <EChart option={options?.duration ?? null} empty={!data?.nodes.some((n) => n.count > 0)} loading={report.isFetching} height={320}
              title={t('performance.chart.duration')} emptyText={t('performance.empty')} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('performance.chart.backlogNode')}>
            <EChart option={options?.backlog ?? null} empty={!data?.nodes.some((n) => n.backlog > 0)} loading={report.isFetching} height={320}
              title={t('performance.chart.backlogNode')} emptyText={t('performance.noBacklog')} />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small" title={t('performance.chart.backlogAssignee')}>
            <EChart option={options?.assignee ?? null} empty={!data?.backlogByAssignee.some((r) => r.count > 0)} loading={report.isFetching} height={320}
              title={t('performance.chart.backlogAssignee')} emptyText={t('performance.noBacklog')} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('performance.table.definitions')}>
        <Table<DefFigures> rowKey="definitionKey" size="small" pagination={false} dataSource={data?.definitions ?? []} columns={defCols}
          loading={report.isFetching} scroll={{ x: 900 }} />
      </Card>
      <Card size="small" title={t('performance.table.slowest')}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t('performance.table.slowestHint')}</Typography.Paragraph>
        <Table<Slow> rowKey="instanceId" size="small" pagination={false} dataSource={data?.slowest ?? []} columns={slowCols} loading={report.isFetching} scroll={{ x: 800 }} />
      </Card>
    </Space>
  );
}
