import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { FormChartPoint, PerformanceReport } from '@bencao/contracts';
import { call } from '@/lib/request';
import { EChart } from '@/components/chart/EChart';
import { useDashboardStats } from './InfoWidgets';
import type { WidgetProps } from '../registry';

const n = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
const FILL = '100%';

/** Instances started and completed per day over the last N days (the bpm performance API). */
export function BpmPerformanceWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const days = n(settings.days, 30);
  const to = dayjs().format('YYYY-MM-DD');
  const from = dayjs().subtract(days - 1, 'day').format('YYYY-MM-DD');
  const key = typeof settings.definitionKey === 'string' && settings.definitionKey ? settings.definitionKey : undefined;
  const q = useQuery({
    queryKey: ['portal', 'w', 'perf', from, to, key],
    queryFn: () => call<PerformanceReport>('GET', '/api/workflow/performance', { params: { from, to, definitionKey: key, tzOffset: -new Date().getTimezoneOffset() } }),
  });
  const perDay = q.data?.perDay ?? [];
  return (
    <EChart height={FILL} loading={q.isLoading} empty={!perDay.length} title={t('widget.bpmPerformance')} option={{
      tooltip: { trigger: 'axis' }, legend: { data: [t('perf.started'), t('perf.completed')] }, grid: { left: 40, right: 16, top: 32, bottom: 24 },
      xAxis: { type: 'category', data: perDay.map((d) => d.day.slice(5)) }, yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('perf.started'), type: 'line', smooth: true, data: perDay.map((d) => d.started) },
        { name: t('perf.completed'), type: 'line', smooth: true, data: perDay.map((d) => d.completed) },
      ],
    }} />
  );
}

interface Resource { resource: string; series: { time: number; requests: number; errors: number; blocked: number }[] }

/** Requests, errors and blocked requests per second through this process's gateway. */
export function GatewayTrafficWidget({ settings }: WidgetProps) {
  const { t } = useTranslation('portal');
  const seconds = n(settings.seconds, 60);
  const q = useQuery({
    queryKey: ['portal', 'w', 'traffic', seconds],
    queryFn: () => call<{ now: number; resources: Resource[] }>('GET', '/api/gateway/metrics', { params: { seconds } }),
    refetchInterval: 5_000,
  });
  const bySecond = new Map<number, { requests: number; errors: number; blocked: number }>();
  for (const r of q.data?.resources ?? []) for (const p of r.series) {
    const cur = bySecond.get(p.time) ?? { requests: 0, errors: 0, blocked: 0 };
    bySecond.set(p.time, { requests: cur.requests + p.requests, errors: cur.errors + p.errors, blocked: cur.blocked + p.blocked });
  }
  const points = [...bySecond.entries()].sort((a, b) => a[0] - b[0]);
  const serie = (k: 'requests' | 'errors' | 'blocked') => ({ name: t(`traffic.${k}`), type: 'line', showSymbol: false, data: points.map(([time, p]) => [time, p[k]]) });
  return (
    <EChart height={FILL} loading={q.isLoading} empty={!points.length} title={t('widget.gatewayTraffic')} option={{
      tooltip: { trigger: 'axis' }, legend: {}, grid: { left: 40, right: 16, top: 32, bottom: 24 },
      xAxis: { type: 'time' }, yAxis: { type: 'value', minInterval: 1 },
      series: [serie('requests'), serie('errors'), serie('blocked')],
    }} />
  );
}

/** Operations per day over the last week (the former dashboard's chart). */
export function OperationsWeekWidget() {
  const { t } = useTranslation('portal');
  const stats = useDashboardStats();
  const days = stats.data?.operationsByDay ?? [];
  return (
    <EChart height={FILL} loading={stats.isLoading} empty={!days.some((d) => d.count > 0)} title={t('widget.operationsWeek')} option={{
      tooltip: { trigger: 'axis' }, grid: { left: 40, right: 16, top: 16, bottom: 24 },
      xAxis: { type: 'category', data: days.map((d) => dayjs(d.date).format('MM-DD')) }, yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: days.map((d) => d.count), barMaxWidth: 36, label: { show: true, position: 'top' } }],
    }} />
  );
}

/** A chart over a form's submitted documents: grouped by a field, counted or a number field summed (`/api/forms/:id/chart`). */
export function FormChartWidget({ settings }: WidgetProps) {
  const { t, i18n } = useTranslation('portal');
  const s = settings as Partial<{ formId: number; groupBy: string; aggregate: 'count' | 'sum'; valueField: string; chart: 'bar' | 'line' | 'pie' }>;
  const aggregate = s.aggregate ?? 'count';
  const q = useQuery({
    queryKey: ['portal', 'w', 'formChart', s.formId, s.groupBy, aggregate, s.valueField, i18n.language],
    enabled: !!s.formId && !!s.groupBy,
    queryFn: () => call<FormChartPoint[]>('GET', `/api/forms/${s.formId}/chart`, {
      params: { groupBy: s.groupBy, aggregate, ...(aggregate === 'sum' ? { valueField: s.valueField } : {}) },
    }),
  });
  const points = q.data ?? [];
  const name = t(`aggregate.${aggregate}`);
  const option = s.chart === 'pie'
    ? {
      tooltip: { trigger: 'item' }, legend: { type: 'scroll', bottom: 0 },
      series: [{ name, type: 'pie', radius: ['35%', '65%'], data: points.map((p) => ({ name: p.label, value: p.value })) }],
    }
    : {
      tooltip: { trigger: 'axis' }, grid: { left: 48, right: 16, top: 24, bottom: 32 },
      xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { interval: 0, hideOverlap: true } },
      yAxis: { type: 'value', ...(aggregate === 'count' ? { minInterval: 1 } : {}) },
      series: [{ name, type: s.chart === 'line' ? 'line' : 'bar', data: points.map((p) => p.value), barMaxWidth: 36, smooth: true }],
    };
  return <EChart height={FILL} loading={q.isLoading && q.fetchStatus !== 'idle'} empty={!points.length} title={t('widget.formChart')} option={option} />;
}
