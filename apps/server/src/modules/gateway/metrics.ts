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

export class GatewayMetrics {
  private series = new Map<string, Bucket[]>();

  record(resource: string, kind: MetricKind, latencyMs: number | null, now = Date.now()) {
    const second = Math.floor(now / 1000);
    let list = this.series.get(resource);
    if (!list) { list = []; this.series.set(resource, list); }
    let b = list[list.length - 1];
    if (!b || b.second !== second) {
      b = { second, requests: 0, errors: 0, blocked: 0, broken: 0, latencies: [] };
      list.push(b);
      while (list.length && list[0].second < second - KEEP_SECONDS) list.shift();
    }
    b.requests += 1;
    if (kind === 'error') b.errors += 1;
    if (kind === 'blocked') b.blocked += 1;
    if (kind === 'broken') b.broken += 1;
    if (latencyMs !== null && b.latencies.length < MAX_SAMPLES) b.latencies.push(latencyMs);
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

/** The counters of the gateway listeners of this process. */
export const gatewayMetrics = new GatewayMetrics();
