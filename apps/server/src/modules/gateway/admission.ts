import { CircuitBreaker, Concurrency, LeakyBucket, LimiterSet, TokenBucket, type DegradeRule, type FlowRule } from './limits';

/**
 * The degrade (circuit breaker) and flow rules of a request, decided in ONE place. With gateway
 * workers, only the API process holds an Admission and the workers ask it over IPC for the requests
 * a rule applies to (workers.ts), so a QPS of N lets through at most N in total whatever the number
 * of workers, and a breaker sees the errors of all of them. Requests no rule applies to never ask.
 */
export type KeyedFlowRule = FlowRule & { key: string };
export type KeyedDegradeRule = DegradeRule & { key: string };

export interface AdmitInput { routeId: string; groups: string[]; sourceApp: string | undefined }
/** pass: `wait` ms of uniform queuing first; `ticket` (0: none) is handed back to `complete` */
export type Verdict =
  | { pass: true; wait: number; ticket: number }
  | { pass: false; kind: 'broken' | 'blocked'; resource: string };

const appliesTo = (r: { resourceMode: string; resource: string }, a: AdmitInput) =>
  r.resourceMode === 'route' ? r.resource === a.routeId : a.groups.includes(r.resource);

interface Held { owner: number; entered: Concurrency[]; breakers: CircuitBreaker[] }

export class Admission {
  private flow: KeyedFlowRule[] = [];
  private degrade: KeyedDegradeRule[] = [];
  private readonly buckets = new LimiterSet<TokenBucket>();
  private readonly queues = new LimiterSet<LeakyBucket>();
  private readonly threads = new LimiterSet<Concurrency>();
  private readonly breakers = new LimiterSet<CircuitBreaker>();
  private readonly held = new Map<number, Held>();
  private nextTicket = 1;

  constructor(private readonly clock: () => number = Date.now) {}

  /** New rules; counters of rules that were removed or edited are dropped. */
  setRules(flow: KeyedFlowRule[], degrade: KeyedDegradeRule[]) {
    this.flow = flow;
    this.degrade = degrade;
    const flowKeys = new Set(flow.map((f) => f.key));
    this.buckets.retain(flowKeys); this.queues.retain(flowKeys); this.threads.retain(flowKeys);
    this.breakers.retain(new Set(degrade.map((d) => d.key)));
  }

  /** `owner`: who holds the ticket (a worker's index), so a worker that dies gives its calls back. */
  admit(a: AdmitInput, owner = 0): Verdict {
    const now = this.clock();
    const breakers: CircuitBreaker[] = [];
    for (const d of this.degrade) {
      if (!appliesTo(d, a)) continue;
      const b = this.breakers.get(d.key, () => new CircuitBreaker(d));
      if (!b.tryPass(now)) return { pass: false, kind: 'broken', resource: d.resource };
      breakers.push(b);
    }
    const entered: Concurrency[] = [];
    let wait = 0;
    let blockedBy: string | null = null;
    for (const f of this.flow) {
      if (!appliesTo(f, a)) continue;
      if (f.sourceApp && f.sourceApp !== 'default' && f.sourceApp !== a.sourceApp) continue;
      if (f.thresholdMode === 'thread') {
        const c = this.threads.get(f.key, () => new Concurrency(f.count));
        if (!c.tryEnter()) { blockedBy = f.resource; break; }
        entered.push(c);
      } else if (f.controlBehavior === 'uniform') {
        const w = this.queues.get(f.key, () => new LeakyBucket(f.count, f.intervalSec * 1000, f.timeoutMs)).reserve(now);
        if (w < 0) { blockedBy = f.resource; break; }
        wait = Math.max(wait, w);
      } else if (!this.buckets.get(f.key, () => new TokenBucket(f.count, f.burst, f.intervalSec * 1000)).tryAcquire(now)) {
        blockedBy = f.resource; break;
      }
    }
    if (blockedBy !== null) {
      for (const c of entered) c.leave();
      return { pass: false, kind: 'blocked', resource: blockedBy };
    }
    if (!entered.length && !breakers.length) return { pass: true, wait, ticket: 0 };
    const ticket = this.nextTicket++;
    this.held.set(ticket, { owner, entered, breakers });
    return { pass: true, wait, ticket };
  }

  /** The call of `ticket` ended; `abnormal`: upstream 5xx or unreachable. */
  complete(ticket: number, abnormal: boolean) {
    const h = this.held.get(ticket);
    if (!h) return;
    this.held.delete(ticket);
    for (const c of h.entered) c.leave();
    const now = this.clock();
    for (const b of h.breakers) b.onComplete(abnormal, now);
  }

  /** Gives back the concurrency held by the calls of a worker that ended (their outcome is unknown). */
  releaseOwner(owner: number) {
    for (const [ticket, h] of this.held) {
      if (h.owner !== owner) continue;
      this.held.delete(ticket);
      for (const c of h.entered) c.leave();
    }
  }
}
