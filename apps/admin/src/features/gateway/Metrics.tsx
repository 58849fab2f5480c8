import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Segmented, Select, Space, Table, Typography } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { EChart } from '@/components/chart/EChart';
import { gatewayApi, type MetricRow } from './api';
import { chartedResources, liveOption, livePoints } from './metricsOptions';

/** charts drawn when no resource is picked: the busiest ones */
const BUSIEST = 8;

/**
 * Live counters of the gateway of this server process, per route and API group, as the Sentinel
 * dashboard shows them: totals of the window, and per resource passed / blocked / error QPS and p99
 * response time over the last minute or five, refreshed every 2 s (pausable).
 */
export function GatewayMetrics() {
  const { t } = useTranslation('gateway');
  const [seconds, setSeconds] = useState<60 | 300>(300);
  const [picked, setPicked] = useState<string[]>([]);
  const [paused, setPaused] = useState(false);
  const data = useQuery({
    queryKey: ['gateway', 'metrics', seconds],
    queryFn: () => gatewayApi.metrics(seconds),
    refetchInterval: paused ? false : 2000,
  });
  const rows = data.data?.resources ?? [];
  const now = data.data?.now ?? 0;
  const labels = useMemo(() => ({
    pass: t('live.pass'), block: t('live.block'), error: t('live.error'), rt: t('live.rt'), qps: t('live.qps'), ms: t('live.ms'),
  }), [t]);
  // what the gateway saw in the window, plus what was picked before it went quiet
  const options = [...new Set([...rows.map((r) => r.resource), ...picked])].map((r) => ({ value: r, label: r }));
  const charted = chartedResources(rows, picked, BUSIEST);

  return (
    <Card size="small" title={t('title.metrics')}
      extra={(
        <Space wrap>
          <Segmented<60 | 300> value={seconds} onChange={setSeconds}
            options={[{ value: 60, label: t('live.window1') }, { value: 300, label: t('live.window5') }]} />
          <Select mode="multiple" allowClear showSearch style={{ minWidth: 260 }} maxTagCount="responsive"
            aria-label={t('live.pick')} placeholder={t('live.pick')} value={picked} onChange={setPicked} options={options} />
          <Button icon={paused ? <PlayCircleOutlined /> : <PauseCircleOutlined />} onClick={() => setPaused((p) => !p)}>
            {paused ? t('live.resume') : t('live.pause')}
          </Button>
        </Space>
      )}>
      <Typography.Paragraph type="secondary">{t('msg.liveHint')}</Typography.Paragraph>
      {rows.length === 0 && !data.isLoading ? <Empty description={seconds === 60 ? t('msg.noTraffic') : t('live.noTraffic5')} /> : (
        <>
          <Table<MetricRow> rowKey="resource" size="small" dataSource={rows} pagination={false} loading={data.isLoading} scroll={{ x: 800 }}
            columns={[
              { title: t('field.resource'), dataIndex: 'resource' },
              { title: t('field.requests'), dataIndex: 'requests', width: 90, sorter: (a, b) => a.requests - b.requests },
              { title: t('field.errors'), dataIndex: 'errors', width: 90, sorter: (a, b) => a.errors - b.errors },
              { title: t('field.blocked'), dataIndex: 'blocked', width: 110, sorter: (a, b) => a.blocked - b.blocked },
              { title: t('field.broken'), dataIndex: 'broken', width: 130, sorter: (a, b) => a.broken - b.broken },
              { title: t('field.p50'), dataIndex: 'p50', width: 90, render: (v: number) => v.toFixed(1) },
              { title: t('field.p99'), dataIndex: 'p99', width: 90, render: (v: number) => v.toFixed(1), sorter: (a, b) => a.p99 - b.p99 },
            ]} />
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            {charted.map((r) => (
              <Col key={r.resource} xs={24} xl={12}>
                <Card size="small" title={r.resource} data-testid={`metrics-chart-${r.resource}`}>
                  <EChart height={220} title={r.resource} option={liveOption(livePoints(r, now, seconds), labels)} />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Card>
  );
}
