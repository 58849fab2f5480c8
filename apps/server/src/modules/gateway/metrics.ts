/**
 * What this process's gateway counted, per resource (`route:<routeId>`, `apiGroup:<name>`), in
 * one-second buckets over the last minutes: requests, errors (upstream 5xx or unreachable),
 * blocked (flow control), broken (open circuit) and latencies.
 */
interface Bucket { second: number; requests: number; errors: number; blocked: number; broken: number; latencies: number[] }
export type MetricKind = 'pass' | 'error' | 'blocked' | 'broken';

const KEEP_SECONDS = 300;
const MAX_SAMPLES = 2000;

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** One resource's counts of one second, as a gateway worker sends them to the API process. */
export interface MetricBucket extends Bucket { resource: string }

export interface MetricTotals { requests: number; errors: number; blocked: number; broken: number }

export class GatewayMetrics {
  private series = new Map<string, Bucket[]>();
  /** since the process started, never drained (GET /metrics reads them as counters) */
  private sums = new Map<string, MetricTotals>();

  private add(resource: string, m: MetricTotals) {
    let t = this.sums.get(resource);
    if (!t) { t = { requests: 0, errors: 0, blocked: 0, broken: 0 }; this.sums.set(resource, t); }
    t.requests += m.requests; t.errors += m.errors; t.blocked += m.blocked; t.broken += m.broken;
  }

  /** Everything counted by this process (and merged from its workers) since it started, per resource. */
  totals(): ({ resource: string } & MetricTotals)[] {
    return [...this.sums.entries()].map(([resource, t]) => ({ resource, ...t }));
  }

  /** counters only: the per-second bucket is created once a second, the rest is increments */
  record(resource: string, kind: MetricKind, latencyMs: number | null, now = Date.now()) {
    const b = this.bucket(resource, Math.floor(now / 1000));
    b.requests += 1;
    if (kind === 'error') b.errors += 1;
    else if (kind === 'blocked') b.blocked += 1;
    else if (kind === 'broken') b.broken += 1;
    if (latencyMs !== null && b.latencies.length < MAX_SAMPLES) b.latencies.push(latencyMs);
    this.add(resource, { requests: 1, errors: kind === 'error' ? 1 : 0, blocked: kind === 'blocked' ? 1 : 0, broken: kind === 'broken' ? 1 : 0 });
  }

  private bucket(resource: string, second: number): Bucket {
    let list = this.series.get(resource);
    if (!list) { list = []; this.series.set(resource, list); }
    const last = list[list.length - 1];
    if (last && last.second === second) return last;
    // a worker's late report may be for a second that is not the newest: keep the list in order
    let at = list.length;
    while (at > 0 && list[at - 1].second > second) at -= 1;
    if (at > 0 && list[at - 1].second === second) return list[at - 1];
    const b: Bucket = { second, requests: 0, errors: 0, blocked: 0, broken: 0, latencies: [] };
    list.splice(at, 0, b);
    while (list.length && list[0].second < list[list.length - 1].second - KEEP_SECONDS) list.shift();
    return b;
  }

  /** Everything counted since the last drain, emptied (a gateway worker reports it to the API process). */
  drain(): MetricBucket[] {
    const out: MetricBucket[] = [];
    for (const [resource, list] of this.series) for (const b of list) out.push({ resource, ...b });
    this.series.clear();
    return out;
  }

  /** Adds a worker's drained buckets to these counters. */
  merge(buckets: MetricBucket[]) {
    for (const m of buckets) {
      const b = this.bucket(m.resource, m.second);
      b.requests += m.requests; b.errors += m.errors; b.blocked += m.blocked; b.broken += m.broken;
      this.add(m.resource, m);
      for (const l of m.latencies) { if (b.latencies.length >= MAX_SAMPLES) break; b.latencies.push(l); }
    }
  }

  /** Totals, latency percentiles and the per-second series of the last `seconds`. */
  snapshot(seconds = 60, now = Date.now()) {
    const from = Math.floor(now / 1000) - seconds + 1;
    return [...this.series.entries()].map(([resource, list]) => {
      const recent = list.filter((b) => b.second >= from);
      const lat = recent.flatMap((b) => b.latencies).sort((a, b) => a - b);
      const sum = (k: 'requests' | 'errors' | 'blocked' | 'broken') => recent.reduce((s, b) => s + b[k], 0);
      return {
        resource,
        requests: sum('requests'), errors: sum('errors'), blocked: sum('blocked'), broken: sum('broken'),
        p50: percentile(lat, 50), p90: percentile(lat, 90), p99: percentile(lat, 99),
        series: recent.map((b) => ({
          time: b.second * 1000, requests: b.requests, errors: b.errors, blocked: b.blocked, broken: b.broken,
          p99: percentile([...b.latencies].sort((x, y) => x - y), 99),
        })),
      };
    }).filter((r) => r.requests > 0).sort((a, b) => a.resource.localeCompare(b.resource));
  }
}

/** The gateway's counters in this process: its own listener's, or those its gateway workers report. */
export const gatewayMetrics = new GatewayMetrics();
