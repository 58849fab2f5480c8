import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Table, Typography } from 'antd';
import { gatewayApi, type MetricRow } from './api';

/** A small bar chart of requests per second (errors, blocked and broken on top, in red tones). */
function Spark({ row, now }: { row: MetricRow; now: number }) {
  const W = 240;
  const H = 36;
  const start = Math.floor(now / 1000) - 59;
  const by = new Map(row.series.map((s) => [Math.floor(s.time / 1000), s]));
  const max = Math.max(1, ...row.series.map((s) => s.requests));
  const bw = W / 60;
  return (
    <svg width={W} height={H} role="img" aria-label={`${row.resource} requests`}>
      {Array.from({ length: 60 }, (_, i) => {
        const s = by.get(start + i);
        if (!s) return null;
        const h = (s.requests / max) * H;
        const bad = ((s.errors + s.blocked + s.broken) / max) * H;
        return (
          <g key={i}>
            <rect x={i * bw} y={H - h} width={bw - 1} height={h} fill="#1677ff" />
            {bad > 0 && <rect x={i * bw} y={H - bad} width={bw - 1} height={bad} fill="#ff4d4f" />}
          </g>
        );
      })}
    </svg>
  );
}

/** Live counters of the gateway of this server process, per route and API group. */
export function GatewayMetrics() {
  const { t } = useTranslation('gateway');
  const data = useQuery({ queryKey: ['gateway', 'metrics'], queryFn: () => gatewayApi.metrics(60), refetchInterval: 2000 });
  const rows = data.data?.resources ?? [];
  return (
    <Card size="small" title={t('title.metrics')}>
      <Typography.Paragraph type="secondary">{t('msg.liveHint')}</Typography.Paragraph>
      {rows.length === 0 && !data.isLoading ? <Empty description={t('msg.noTraffic')} /> : (
        <Table<MetricRow> rowKey="resource" size="small" dataSource={rows} pagination={false} loading={data.isLoading}
          columns={[
            { title: t('field.resource'), dataIndex: 'resource' },
            { title: t('field.requests'), dataIndex: 'requests', width: 90 },
            { title: t('field.errors'), dataIndex: 'errors', width: 90 },
            { title: t('field.blocked'), dataIndex: 'blocked', width: 110 },
            { title: t('field.broken'), dataIndex: 'broken', width: 130 },
            { title: t('field.p50'), dataIndex: 'p50', width: 90, render: (v: number) => v.toFixed(1) },
            { title: t('field.p99'), dataIndex: 'p99', width: 90, render: (v: number) => v.toFixed(1) },
            { title: t('field.trend'), key: 'trend', width: 260, render: (_, r) => <Spark row={r} now={data.data?.now ?? Date.now()} /> },
          ]} />
      )}
    </Card>
  );
}
