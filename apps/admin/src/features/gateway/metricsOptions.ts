import type { MetricRow } from './api';

/**
 * The live charts of the gateway metrics screen, as the Sentinel dashboard draws them: per resource,
 * passed / blocked / error QPS and the response time, one point per second of the window (zero where
 * nothing happened, so a quiet second reads as a dip, not as a line drawn across the gap).
 */
export interface LivePoint { time: number; pass: number; block: number; error: number; rt: number | null }
export interface LiveLabels { pass: string; block: string; error: string; rt: string; qps: string; ms: string }

/** The per-second points of a resource from `now - seconds + 1` to `now`. Pass = requests not refused by flow control or a circuit. */
export function livePoints(row: MetricRow, now: number, seconds: number): LivePoint[] {
  const last = Math.floor(now / 1000);
  const by = new Map(row.series.map((s) => [Math.floor(s.time / 1000), s]));
  return Array.from({ length: seconds }, (_, i) => {
    const second = last - seconds + 1 + i;
    const s = by.get(second);
    if (!s) return { time: second * 1000, pass: 0, block: 0, error: 0, rt: null };
    const block = s.blocked + s.broken;
    return { time: second * 1000, pass: Math.max(0, s.requests - block), block, error: s.errors, rt: s.requests - block > 0 ? s.p99 : null };
  });
}

const clock = (ms: number) => {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

/** The echarts option of one resource's card: QPS lines on the left axis, p99 response time on the right. */
export function liveOption(points: LivePoint[], l: LiveLabels) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [l.pass, l.block, l.error, l.rt], top: 0, itemWidth: 14 },
    grid: { left: 8, right: 8, top: 32, bottom: 4, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: points.map((p) => clock(p.time)), axisLabel: { hideOverlap: true } },
    yAxis: [
      { type: 'value', name: l.qps, minInterval: 1, splitLine: { show: true } },
      { type: 'value', name: l.ms, splitLine: { show: false } },
    ],
    series: [
      { name: l.pass, type: 'line', showSymbol: false, color: '#52c41a', areaStyle: { opacity: 0.1 }, data: points.map((p) => p.pass) },
      { name: l.block, type: 'line', showSymbol: false, color: '#fa8c16', data: points.map((p) => p.block) },
      { name: l.error, type: 'line', showSymbol: false, color: '#ff4d4f', data: points.map((p) => p.error) },
      { name: l.rt, type: 'line', symbolSize: 4, yAxisIndex: 1, color: '#1677ff', lineStyle: { type: 'dashed' }, connectNulls: false, data: points.map((p) => p.rt) },
    ],
  };
}

/** Resources to chart: the picked ones in the order the gateway lists them, else the busiest `max`. */
export function chartedResources(rows: MetricRow[], picked: string[], max: number): MetricRow[] {
  if (picked.length) return rows.filter((r) => picked.includes(r.resource));
  return [...rows].sort((a, b) => b.requests - a.requests || a.resource.localeCompare(b.resource)).slice(0, max);
}
