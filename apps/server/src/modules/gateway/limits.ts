/**
 * Sentinel's gateway flow control and circuit breaking, counted in this process. The rules come
 * from the database (survive restarts, shared by every process); each process keeps its own
 * counters, keyed by the rule's id and its last change so an edited rule starts fresh.
 */

export interface FlowRule {
  id: number; name: string; resourceMode: 'route' | 'apiGroup'; resource: string; thresholdMode: 'qps' | 'thread';
  count: number; burst: number; controlBehavior: 'fastFail' | 'uniform'; timeoutMs: number; sourceApp: string | null; intervalSec: number;
}
export interface DegradeRule {
  id: number; resourceMode: 'route' | 'apiGroup'; resource: string; strategy: 'ratio' | 'count'; threshold: number;
  windowMs: number; degradeSec: number; minRequests: number;
}

/**
 * QPS + fast fail: a bucket of count + burst tokens; like Sentinel's ParamFlowChecker it is refilled
 * (count per interval, in proportion to the time passed) only once a whole interval has passed since
 * the last refill, so "5 per second" turns the 6th call of a second away.
 */
export class TokenBucket {
  private tokens = 0;
  private last: number | null = null;
  constructor(private readonly count: number, private readonly burst: number, private readonly intervalMs: number) {}
  tryAcquire(now: number): boolean {
    const max = Math.floor(this.count + this.burst);
    if (max < 1) return false;
    if (this.last === null) { this.last = now; this.tokens = max - 1; return true; }
    const passed = now - this.last;
    if (passed > this.intervalMs) {
      const add = Math.floor((passed * this.count) / this.intervalMs);
      const next = Math.min(this.tokens + add, max) - 1;
      if (next < 0) return false;
      this.tokens = next;
      this.last = now;
      return true;
    }
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Uniform queuing: a leaky bucket letting one call through every 1000·interval/count ms; a call that
 * would wait longer than the timeout is refused. Answers the wait in ms, or -1 when refused.
 */
export class LeakyBucket {
  private lastPass = -Infinity;
  constructor(private readonly count: number, private readonly intervalMs: number, private readonly timeoutMs: number) {}
  reserve(now: number): number {
    if (this.count <= 0) return -1;
    const cost = Math.round(this.intervalMs / this.count);
    const at = Math.max(now, this.lastPass + cost);
    const wait = at - now;
    if (wait > this.timeoutMs) return -1;
    this.lastPass = at;
    return wait;
  }
}

/** Thread mode: at most `count` calls at the same time. */
export class Concurrency {
  private current = 0;
  constructor(private readonly max: number) {}
  tryEnter(): boolean { if (this.current >= this.max) return false; this.current += 1; return true; }
  leave() { this.current = Math.max(0, this.current - 1); }
}

/**
 * A circuit breaker over abnormal calls (upstream 5xx or unreachable) in a fixed window: it opens
 * when, with at least `minRequests` calls in the window, the abnormal ratio or count exceeds the
 * threshold; after `degradeSec` one probe call decides between closing and opening again.
 */
export class CircuitBreaker {
  state: 'closed' | 'open' | 'halfOpen' = 'closed';
  private windowStart = 0;
  private total = 0;
  private errors = 0;
  private openUntil = 0;
  constructor(private readonly rule: DegradeRule) {}
  /** true: pass (when half-open this call is the probe) */
  tryPass(now: number): boolean {
    if (this.state === 'closed') return true;
    if (this.state === 'open' && now >= this.openUntil) { this.state = 'halfOpen'; return true; }
    return false;
  }
  onComplete(abnormal: boolean, now: number) {
    if (this.state === 'halfOpen') {
      if (abnormal) this.open(now);
      else { this.state = 'closed'; this.reset(now); }
      return;
    }
    if (this.state !== 'closed') return;
    if (now - this.windowStart >= this.rule.windowMs) this.reset(now);
    this.total += 1;
    if (abnormal) this.errors += 1;
    if (!abnormal || this.total < this.rule.minRequests) return;
    const value = this.rule.strategy === 'ratio' ? this.errors / this.total : this.errors;
    if (value > this.rule.threshold) this.open(now);
  }
  private open(now: number) { this.state = 'open'; this.openUntil = now + this.rule.degradeSec * 1000; }
  private reset(now: number) { this.windowStart = now; this.total = 0; this.errors = 0; }
}

/** The counters of one rule, by `${id}:${version}`; counters of removed rules are dropped on reload. */
export class LimiterSet<T> {
  private map = new Map<string, T>();
  get(key: string, make: () => T): T {
    let v = this.map.get(key);
    if (!v) { v = make(); this.map.set(key, v); }
    return v;
  }
  retain(keys: Set<string>) { for (const k of this.map.keys()) if (!keys.has(k)) this.map.delete(k); }
}
