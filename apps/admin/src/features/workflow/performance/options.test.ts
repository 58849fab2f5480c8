import { describe, expect, it } from 'vitest';
import type { PerformanceReport } from '@bencao/contracts';
import { DURATION_UNITS } from './format';
import { assigneeBacklogOption, durationUnit, headline, nodeBacklogOption, nodeDurationOption, perDayOption, type Labels } from './options';

const L: Labels = { started: 'Started', completed: 'Completed', avg: 'Avg', median: 'Median', p90: 'P90', backlog: 'Open', tasks: 'Tasks', unassigned: 'Nobody' };
const HOUR = 3_600_000;
const figures = (count: number, avgMs: number | null, medianMs: number | null, p90Ms: number | null, overdueRate: number | null) => ({ count, avgMs, medianMs, p90Ms, overdueRate });

const report: PerformanceReport = {
  perDay: [{ day: '2026-03-02', started: 3, completed: 1 }, { day: '2026-03-04', started: 2, completed: 4 }],
  definitions: [
    { definitionKey: 'leave', started: 4, completed: 3, ...figures(3, 2 * HOUR, 2 * HOUR, 3 * HOUR, 0.5) },
    { definitionKey: 'expense', started: 1, completed: 2, ...figures(1, 6 * HOUR, 6 * HOUR, 6 * HOUR, 0) },
  ],
  nodes: [
    { definitionKey: 'leave', elementId: 'approve', name: 'Approve', backlog: 2, ...figures(3, HOUR, HOUR, 1.5 * HOUR, 0) },
    { definitionKey: 'leave', elementId: 'hr', name: null, backlog: 0, ...figures(2, 5 * HOUR, 4 * HOUR, 8 * HOUR, 0.5) },
    { definitionKey: 'expense', elementId: 'check', name: 'Check', backlog: 5, ...figures(0, null, null, null, null) },
  ],
  backlogByAssignee: [
    { accountId: 7, userId: 'ann', userName: 'Ann', count: 4 },
    { accountId: null, userId: null, userName: null, count: 3 },
    { accountId: 8, userId: 'bob', userName: null, count: 0 },
  ],
  slowest: [],
};

describe('the performance charts', () => {
  it('draws every day of the range, zero where nothing happened', () => {
    const o = perDayOption(report, '2026-03-01', '2026-03-04', L);
    expect(o.xAxis.data).toEqual(['03-01', '03-02', '03-03', '03-04']);
    expect(o.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['Started', 'line', [0, 3, 0, 2]],
      ['Completed', 'line', [0, 1, 0, 4]],
    ]);
  });

  it('shows node durations in hours, slowest on top, without nodes that never finished', () => {
    const o = nodeDurationOption(report, L, DURATION_UNITS.en);
    expect(o.yAxis.data).toEqual(['Approve', 'hr']);
    const twice = nodeDurationOption({ ...report, nodes: [...report.nodes, { ...report.nodes[0], definitionKey: 'expense', avgMs: 9 * HOUR }] }, L, DURATION_UNITS.en);
    expect(twice.yAxis.data).toEqual(['Approve · leave', 'hr', 'Approve · expense']);
    expect(o.series.map((s) => s.data)).toEqual([[1, 5], [1, 4], [1.5, 8]]);
    expect(o.tooltip.valueFormatter(26.5)).toBe('1d 2h 30m');
    expect(o.tooltip.valueFormatter(null)).toBe('—');
    expect(o.xAxis.name).toBe('h');
  });

  it('picks minutes, hours or days for the duration axis by its largest value', () => {
    expect(durationUnit(37 * 60_000).key).toBe('m');
    expect(durationUnit(2 * HOUR).key).toBe('h');
    expect(durationUnit(72 * HOUR).key).toBe('d');
    const short = nodeDurationOption({ ...report, nodes: [{ ...report.nodes[0], avgMs: 37 * 60_000, medianMs: 30 * 60_000, p90Ms: 60 * 60_000 }] }, L, DURATION_UNITS.zh);
    expect(short.xAxis.name).toBe('分钟');
    expect(short.series.map((s) => s.data)).toEqual([[37], [30], [60]]);
    expect(short.tooltip.valueFormatter(37)).toBe('37分钟');
  });

  it('shows the open tasks per node and per assignee, largest on top, unassigned named', () => {
    const n = nodeBacklogOption(report, L);
    expect(n.yAxis.data).toEqual(['Approve', 'Check']);
    expect(n.series[0].data).toEqual([2, 5]);
    const a = assigneeBacklogOption(report, L);
    expect(a.yAxis.data).toEqual(['Nobody', 'Ann']);
    expect(a.series[0].data).toEqual([3, 4]);
  });
});

describe('the headline figures', () => {
  it('are those of the chosen definition', () => {
    expect(headline(report, 'leave')).toEqual({ started: 4, completed: 3, count: 3, avgMs: 2 * HOUR, medianMs: 2 * HOUR, p90Ms: 3 * HOUR, overdueRate: 0.5 });
  });

  it('add up the definitions, weighting averages by the finished count; median and p90 only for one definition', () => {
    const h = headline(report);
    expect(h).toMatchObject({ started: 5, completed: 5, count: 4, medianMs: null, p90Ms: null });
    expect(h.avgMs).toBe((3 * 2 * HOUR + 6 * HOUR) / 4);
    expect(h.overdueRate).toBeCloseTo(1.5 / 4);
  });

  it('are empty for no data', () => {
    expect(headline({ ...report, definitions: [] })).toMatchObject({ started: 0, completed: 0, avgMs: null, overdueRate: null });
  });
});
