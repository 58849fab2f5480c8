import { describe, expect, it } from 'vitest';
import type { MetricRow } from './api';
import { chartedResources, liveOption, livePoints } from './metricsOptions';

const NOW = Date.UTC(2026, 10, 23, 9, 0, 30, 400); // .400 into second 30
const sec = (s: number) => Date.UTC(2026, 10, 23, 9, 0, s);
const row = (resource: string, requests: number, series: MetricRow['series']): MetricRow =>
  ({ resource, requests, errors: 0, blocked: 0, broken: 0, p50: 0, p90: 0, p99: 0, series });

describe('gateway live charts', () => {
  it('one point per second of the window, zero where nothing happened; pass excludes flow-control and circuit refusals', () => {
    const r = row('route:a', 16, [
      { time: sec(28), requests: 10, errors: 2, blocked: 3, broken: 1, p99: 40 },
      { time: sec(30), requests: 6, errors: 0, blocked: 6, broken: 0, p99: 0 },
    ]);
    const pts = livePoints(r, NOW, 5);
    expect(pts.map((p) => p.time)).toEqual([26, 27, 28, 29, 30].map(sec));
    expect(pts.map((p) => p.pass)).toEqual([0, 0, 6, 0, 0]);
    expect(pts.map((p) => p.block)).toEqual([0, 0, 4, 0, 6]);
    expect(pts.map((p) => p.error)).toEqual([0, 0, 2, 0, 0]);
    // no response time where nothing passed (a gap, not a zero latency)
    expect(pts.map((p) => p.rt)).toEqual([null, null, 40, null, null]);
  });

  it('the option draws QPS on the left axis and p99 on the right', () => {
    const pts = livePoints(row('route:a', 1, [{ time: sec(30), requests: 1, errors: 0, blocked: 0, broken: 0, p99: 12 }]), NOW, 60);
    const o = liveOption(pts, { pass: 'Pass', block: 'Block', error: 'Error', rt: 'RT', qps: 'QPS', ms: 'ms' });
    expect(o.xAxis.data).toHaveLength(60);
    expect(o.series.map((s) => [s.name, s.yAxisIndex ?? 0])).toEqual([['Pass', 0], ['Block', 0], ['Error', 0], ['RT', 1]]);
    expect(o.series[0].data.at(-1)).toBe(1);
    expect(o.series[3].data.at(-1)).toBe(12);
  });

  it('charts the picked resources, else the busiest few', () => {
    const rows = [row('route:a', 5, []), row('route:b', 50, []), row('apiGroup:g', 20, []), row('route:c', 20, [])];
    expect(chartedResources(rows, [], 3).map((r) => r.resource)).toEqual(['route:b', 'apiGroup:g', 'route:c']);
    expect(chartedResources(rows, ['route:a', 'route:c'], 3).map((r) => r.resource)).toEqual(['route:a', 'route:c']);
  });
});
