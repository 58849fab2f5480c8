import { sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { translate, type Lang, type PerformanceQuery, type PerformanceReport, type DurationFigures } from '@bencao/contracts';
import type { Q } from './types';

/**
 * Performance analysis over the engine's tables (plain SQL): per definition (instances started and
 * completed in the range, duration of the completed ones: average, median and p90 by percentile_cont,
 * the share of their tasks that were or are overdue), per user-task node (task durations, overdue
 * share, open tasks now), started/completed per day in the caller's time zone (`tzOffset` minutes east
 * of UTC, never the server's), open tasks per assignee and the 10 slowest instances.
 * `keys` limits the definitions (the keys the user may monitor; null: all).
 */

const DAY_MS = 86_400_000;

export function rangeOf(q: PerformanceQuery) {
  const from = new Date(Date.parse(`${q.from}T00:00:00Z`) - q.tzOffset * 60_000);
  const to = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS - q.tzOffset * 60_000);
  return { from, to };
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const round = (v: unknown, d = 0): number | null => { const n = num(v); return n === null ? null : Math.round(n * 10 ** d) / 10 ** d; };
const figures = (r: Record<string, unknown>): DurationFigures => ({
  count: Number(r.count ?? 0), avgMs: round(r.avg_ms), medianMs: round(r.median_ms), p90Ms: round(r.p90_ms), overdueRate: round(r.overdue_rate, 4),
});

export async function performanceReport(db: Q, q: PerformanceQuery, now: Date, keys: string[] | null): Promise<PerformanceReport> {
  const { from, to } = rangeOf(q);
  const tz = q.tzOffset;
  const keyFilter = (col: SQL): SQL => sql.join([
    q.definitionKey ? sql`${col} = ${q.definitionKey}` : sql`true`,
    keys ? (keys.length ? sql`${col} in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})` : sql`false`) : sql`true`,
  ], sql` and `);
  const localDay = (col: SQL) => sql`to_char((${col} at time zone 'UTC') + make_interval(mins => ${tz}::int), 'YYYY-MM-DD')`;
  const dur = sql`extract(epoch from (i.ended_at - i.started_at)) * 1000`;
  const taskDur = sql`extract(epoch from (t.completed_at - t.created_at)) * 1000`;
  const overdue = sql`(t.due_at is not null and coalesce(t.completed_at, ${now}) > t.due_at)`;
  const rows = async <T = Record<string, unknown>>(query: SQL) => (await db.execute(query)).rows as T[];

  const [perDayRows, defRows, defOverdue, nodeRows, backlogRows, assigneeRows, slowRows] = await Promise.all([
    rows<{ day: string; started: number; completed: number }>(sql`
      select day, sum(started)::int as started, sum(completed)::int as completed from (
        select ${localDay(sql`i.started_at`)} as day, 1 as started, 0 as completed from wf_instances i
         where i.started_at >= ${from} and i.started_at < ${to} and ${keyFilter(sql`i.definition_key`)}
        union all
        select ${localDay(sql`i.ended_at`)}, 0, 1 from wf_instances i
         where i.status = 'completed' and i.ended_at >= ${from} and i.ended_at < ${to} and ${keyFilter(sql`i.definition_key`)}
      ) d group by day order by day`),
    rows(sql`
      with k as (
        select definition_key from wf_instances i
         where ((i.started_at >= ${from} and i.started_at < ${to}) or (i.status = 'completed' and i.ended_at >= ${from} and i.ended_at < ${to}))
           and ${keyFilter(sql`i.definition_key`)}
         group by definition_key
      )
      select k.definition_key,
        (select count(*) from wf_instances i where i.definition_key = k.definition_key and i.started_at >= ${from} and i.started_at < ${to})::int as started,
        c.count, c.avg_ms, c.median_ms, c.p90_ms
      from k left join lateral (
        select count(*)::int as count, avg(${dur}) as avg_ms,
          percentile_cont(0.5) within group (order by ${dur}) as median_ms,
          percentile_cont(0.9) within group (order by ${dur}) as p90_ms
        from wf_instances i where i.definition_key = k.definition_key and i.status = 'completed' and i.ended_at >= ${from} and i.ended_at < ${to}
      ) c on true
      order by k.definition_key`),
    rows<{ definition_key: string; overdue_rate: number }>(sql`
      select t.definition_key, avg(case when ${overdue} then 1.0 else 0.0 end) as overdue_rate
        from wf_tasks t where t.created_at >= ${from} and t.created_at < ${to} and t.status <> 'cancelled' and ${keyFilter(sql`t.definition_key`)}
       group by t.definition_key`),
    rows(sql`
      select t.definition_key, t.element_id, min(t.name) as name,
        count(*) filter (where t.completed_at is not null)::int as count,
        avg(${taskDur}) filter (where t.completed_at is not null) as avg_ms,
        percentile_cont(0.5) within group (order by ${taskDur}) filter (where t.completed_at is not null) as median_ms,
        percentile_cont(0.9) within group (order by ${taskDur}) filter (where t.completed_at is not null) as p90_ms,
        avg(case when ${overdue} then 1.0 else 0.0 end) as overdue_rate
      from wf_tasks t
      where t.created_at >= ${from} and t.created_at < ${to} and t.status <> 'cancelled' and ${keyFilter(sql`t.definition_key`)}
      group by t.definition_key, t.element_id order by t.definition_key, t.element_id`),
    rows<{ definition_key: string; element_id: string; name: string; backlog: number }>(sql`
      select t.definition_key, t.element_id, min(t.name) as name, count(*)::int as backlog from wf_tasks t
       where t.status in ('open', 'suspended') and ${keyFilter(sql`t.definition_key`)}
       group by t.definition_key, t.element_id`),
    rows<{ account_id: number | null; user_id: string | null; user_name: string | null; count: number }>(sql`
      select t.assignee_id as account_id, a.user_id, a.user_name, count(*)::int as count from wf_tasks t
        left join accounts a on a.id = t.assignee_id
       where t.status in ('open', 'suspended') and ${keyFilter(sql`t.definition_key`)}
       group by t.assignee_id, a.user_id, a.user_name order by count(*) desc, t.assignee_id nulls last limit 100`),
    rows<{ id: number; definition_key: string; business_key: string | null; started_at: Date | string; ended_at: Date | string | null; duration_ms: number }>(sql`
      select i.id, i.definition_key, i.business_key, i.started_at, i.ended_at,
        extract(epoch from (coalesce(i.ended_at, ${now}) - i.started_at)) * 1000 as duration_ms
      from wf_instances i
      where i.started_at >= ${from} and i.started_at < ${to} and i.status not in ('terminated') and ${keyFilter(sql`i.definition_key`)}
      order by duration_ms desc, i.id limit 10`),
  ]);

  // every day of the range, zeros included
  const byDay = new Map(perDayRows.map((r) => [r.day, r]));
  const perDay: PerformanceReport['perDay'] = [];
  for (let t = Date.parse(`${q.from}T00:00:00Z`); t <= Date.parse(`${q.to}T00:00:00Z`); t += DAY_MS) {
    const day = new Date(t).toISOString().slice(0, 10);
    const r = byDay.get(day);
    perDay.push({ day, started: Number(r?.started ?? 0), completed: Number(r?.completed ?? 0) });
  }
  const overdueByKey = new Map(defOverdue.map((r) => [r.definition_key, r.overdue_rate]));
  const definitions = defRows.map((r) => ({
    definitionKey: String(r.definition_key), started: Number(r.started ?? 0), completed: Number(r.count ?? 0),
    ...figures({ ...r, overdue_rate: overdueByKey.get(String(r.definition_key)) ?? null }),
  }));
  const backlog = new Map(backlogRows.map((r) => [`${r.definition_key}\u0000${r.element_id}`, r]));
  const nodes: PerformanceReport['nodes'] = nodeRows.map((r) => {
    const k = `${r.definition_key}\u0000${r.element_id}`;
    const b = backlog.get(k);
    backlog.delete(k);
    return { definitionKey: String(r.definition_key), elementId: String(r.element_id), name: (r.name as string) ?? null, backlog: Number(b?.backlog ?? 0), ...figures(r) };
  });
  // nodes with open tasks created before the range
  for (const b of backlog.values()) {
    nodes.push({ definitionKey: b.definition_key, elementId: b.element_id, name: b.name, backlog: Number(b.backlog), count: 0, avgMs: null, medianMs: null, p90Ms: null, overdueRate: null });
  }
  nodes.sort((a, b) => a.definitionKey.localeCompare(b.definitionKey) || a.elementId.localeCompare(b.elementId));
  const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    perDay,
    definitions,
    nodes,
    backlogByAssignee: assigneeRows.map((r) => ({ accountId: num(r.account_id), userId: r.user_id, userName: r.user_name, count: Number(r.count) })),
    slowest: slowRows.map((r) => ({
      instanceId: Number(r.id), definitionKey: r.definition_key, businessKey: r.business_key, startedAt: iso(r.started_at)!, endedAt: iso(r.ended_at), durationMs: Math.round(Number(r.duration_ms)),
    })),
  };
}

/** The report as CSV (UTF-8 with a BOM so spreadsheet programs read Chinese right): one row per definition, then per node. */
export function performanceCsv(r: PerformanceReport, lang: Lang): string {
  const T = (k: string) => translate(lang, `workflow.perf.${k}`);
  const header = ['level', 'definitionKey', 'elementId', 'name', 'started', 'completed', 'count', 'avgMs', 'medianMs', 'p90Ms', 'overdueRate', 'backlog'].map(T);
  const rows: (string | number | null)[][] = [
    ...r.definitions.map((d) => [T('levelDefinition'), d.definitionKey, '', '', d.started, d.completed, d.count, d.avgMs, d.medianMs, d.p90Ms, d.overdueRate, '']),
    ...r.nodes.map((n) => [T('levelNode'), n.definitionKey, n.elementId, n.name, '', '', n.count, n.avgMs, n.medianMs, n.p90Ms, n.overdueRate, n.backlog]),
  ];
  return `\ufeff${stringify([header, ...rows.map((row) => row.map((v) => (v === null ? '' : v)))])}`;
}
