import type { PerformanceReport } from '@bencao/contracts';
import { daysBetween, formatDuration, type DurationUnits } from './format';

/**
 * echarts options of the performance screen, built from the API's report (pure functions, tested).
 * Colours come from the chart's theme; only the series' meaning is set here.
 */
export interface Labels { started: string; completed: string; avg: string; median: string; p90: string; backlog: string; tasks: string; unassigned: string }

/** Started and completed instances per day (every day of the range, zero where nothing happened). */
export function perDayOption(report: PerformanceReport, from: string, to: string, l: Labels) {
  const by = new Map(report.perDay.map((d) => [d.day, d]));
  const days = daysBetween(from, to);
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: [l.started, l.completed], top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: days.map((d) => d.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: l.started, type: 'line', showSymbol: days.length <= 31, areaStyle: { opacity: 0.08 }, data: days.map((d) => by.get(d)?.started ?? 0) },
      { name: l.completed, type: 'line', showSymbol: days.length <= 31, areaStyle: { opacity: 0.08 }, data: days.map((d) => by.get(d)?.completed ?? 0) },
    ],
  };
}

const nodeLabel = (n: { elementId: string; name: string | null }) => n.name || n.elementId;

/** The unit of a duration axis for its largest value: minutes below 2 hours, days from 3 days, hours between. */
export function durationUnit(maxMs: number): { key: 'm' | 'h' | 'd'; ms: number } {
  if (maxMs < 2 * 3_600_000) return { key: 'm', ms: 60_000 };
  if (maxMs >= 72 * 3_600_000) return { key: 'd', ms: 86_400_000 };
  return { key: 'h', ms: 3_600_000 };
}

/** Average, median and p90 duration per node (minutes, hours or days on the axis, d h m in the tooltip), slowest on top. */
export function nodeDurationOption(report: PerformanceReport, l: Labels, units: DurationUnits) {
  const nodes = report.nodes.filter((n) => n.count > 0).sort((a, b) => (a.avgMs ?? 0) - (b.avgMs ?? 0)).slice(-15);
  // a node's name, with its definition only where two definitions have a node of the same name
  const cats = nodes.map((n) => (nodes.some((o) => o !== n && nodeLabel(o) === nodeLabel(n)) ? `${nodeLabel(n)} · ${n.definitionKey}` : nodeLabel(n)));
  const unit = durationUnit(Math.max(0, ...nodes.map((n) => Math.max(n.avgMs ?? 0, n.medianMs ?? 0, n.p90Ms ?? 0))));
  const inUnit = (ms: number | null) => (ms === null ? null : Math.round((ms / unit.ms) * 10) / 10);
  return {
    tooltip: {
      trigger: 'axis', axisPointer: { type: 'shadow' },
      valueFormatter: (v: number | null) => (v === null || v === undefined ? '—' : formatDuration(v * unit.ms, units)),
    },
    legend: { data: [l.avg, l.median, l.p90], top: 0 },
    grid: { left: 8, right: 24, top: 36, bottom: 24, containLabel: true },
    xAxis: { type: 'value', name: units[unit.key], nameLocation: 'middle', nameGap: 24, axisLabel: { formatter: (v: number) => `${v}` } },
    yAxis: { type: 'category', data: cats, axisLabel: { width: 140, overflow: 'truncate' } },
    series: [
      { name: l.avg, type: 'bar', data: nodes.map((n) => inUnit(n.avgMs)) },
      { name: l.median, type: 'bar', data: nodes.map((n) => inUnit(n.medianMs)) },
      { name: l.p90, type: 'bar', data: nodes.map((n) => inUnit(n.p90Ms)) },
    ],
  };
}

/** Open tasks per node, largest on top. */
export function nodeBacklogOption(report: PerformanceReport, l: Labels) {
  const nodes = report.nodes.filter((n) => n.backlog > 0).sort((a, b) => a.backlog - b.backlog).slice(-15);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: nodes.map(nodeLabel), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [{ name: l.backlog, type: 'bar', data: nodes.map((n) => n.backlog), label: { show: true, position: 'right' } }],
  };
}

/** Open tasks per assignee (unassigned tasks in their own bar), largest on top. */
export function assigneeBacklogOption(report: PerformanceReport, l: Labels) {
  const rows = [...report.backlogByAssignee].filter((r) => r.count > 0).sort((a, b) => a.count - b.count).slice(-15);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: rows.map((r) => (r.accountId === null ? l.unassigned : r.userName ?? r.userId ?? String(r.accountId))), axisLabel: { width: 140, overflow: 'truncate' } },
    series: [{ name: l.tasks, type: 'bar', data: rows.map((r) => r.count), label: { show: true, position: 'right' } }],
  };
}

/** The headline figures: of the chosen definition, or of all of them (counts added, durations weighted by count). */
export function headline(report: PerformanceReport, definitionKey?: string | null) {
  const defs = definitionKey ? report.definitions.filter((d) => d.definitionKey === definitionKey) : report.definitions;
  const started = defs.reduce((s, d) => s + d.started, 0);
  const completed = defs.reduce((s, d) => s + d.completed, 0);
  if (defs.length === 1) {
    const d = defs[0];
    return { started, completed, count: d.count, avgMs: d.avgMs, medianMs: d.medianMs, p90Ms: d.p90Ms, overdueRate: d.overdueRate };
  }
  const weighted = (pick: (d: (typeof defs)[number]) => number | null) => {
    let n = 0;
    let sum = 0;
    for (const d of defs) { const v = pick(d); if (v !== null && d.count > 0) { n += d.count; sum += v * d.count; } }
    return n ? sum / n : null;
  };
  const count = defs.reduce((s, d) => s + d.count, 0);
  return {
    started, completed, count, avgMs: weighted((d) => d.avgMs),
    // a median or p90 of several definitions cannot be added up: shown only for one definition
    medianMs: null, p90Ms: null,
    overdueRate: weighted((d) => d.overdueRate),
  };
}
