import { fork, type ChildProcess } from 'node:child_process';
import net, { type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/client';
import { Admission } from './admission';
import { gatewayMetrics } from './metrics';
import { listenHost, type GatewayOptions } from './proxy';
import { watchRules, type RulesSnapshot } from './rules';
import type { ToParent, ToWorker, WorkerAppOptions } from './workerProtocol';

/**
 * GATEWAY_WORKERS gateway processes apart from the API process. The API process:
 * - listens on the gateway port and hands each accepted connection to the next ready worker
 *   (round robin, as node cluster does; keep-alive connections stay with their worker);
 * - reads the rules from the database (`watchRules`, every `pollMs`) and sends each new snapshot
 *   to every worker, so the workers never open the database (PGlite is one process);
 * - decides flow and degrade rules for all workers with one `Admission` (a worker asks only for
 *   requests some rule names), so limits hold in total;
 * - merges the counters the workers send into `gatewayMetrics`, which the metrics page and the
 *   alarm evaluator of this process read;
 * - starts a new worker in the place of one that ends.
 */
export interface GatewayWorkersOptions extends GatewayOptions { workers: number; restartDelayMs?: number }
export interface GatewayWorkers {
  url: string;
  /** reads the database now; resolves once every worker applied what changed */
  refresh(): Promise<void>;
  /** resolves once every worker has reported its counters */
  flushMetrics(): Promise<void>;
  /** the process ids of the running workers, by slot */
  pids(): (number | undefined)[];
  close(): Promise<void>;
}

interface Slot {
  index: number;
  child: ChildProcess | null;
  ready: boolean;
  applied: number;
  waiters: { seq: number; resolve: () => void }[];
}

const here = import.meta.url;
const workerFile = fileURLToPath(new URL(here.endsWith('.ts') ? './gatewayWorker.ts' : './gatewayWorker.js', here));
// a TypeScript entry needs tsx's loader in the child (already there when this process runs under tsx)
const execArgv = workerFile.endsWith('.ts') && !process.execArgv.some((a) => a.includes('tsx'))
  ? [...process.execArgv, '--import', 'tsx']
  : process.execArgv;

export async function startGatewayWorkers(db: Db, opts: GatewayWorkersOptions): Promise<GatewayWorkers> {
  const appOptions: WorkerAppOptions = { logLevel: opts.logLevel, timeoutMs: opts.timeoutMs, trustProxy: opts.trustProxy };
  const admission = new Admission();
  const slots: Slot[] = Array.from({ length: Math.max(1, opts.workers) }, (_, i) => ({ index: i + 1, child: null, ready: false, applied: 0, waiters: [] }));
  let seq = 0;
  let snapshot: RulesSnapshot;
  let stopping = false;
  const log = { error: (obj: object, msg: string) => console.error(msg, obj) };

  const post = (slot: Slot, m: ToWorker, handle?: Socket) => {
    const c = slot.child;
    if (!c?.connected) { handle?.destroy(); return; }
    c.send(m, handle as never, (err) => { if (err) handle?.destroy(); });
  };
  const settle = (slot: Slot) => {
    slot.waiters = slot.waiters.filter((w) => (w.seq <= slot.applied || !slot.child ? (w.resolve(), false) : true));
  };

  // ---------- connections ----------
  const backlog: Socket[] = [];
  let next = 0;
  const dispatch = (socket: Socket) => {
    for (let n = 0; n < slots.length; n++) {
      const slot = slots[(next + n) % slots.length];
      if (!slot.ready) continue;
      next = (next + n + 1) % slots.length;
      post(slot, { t: 'socket' }, socket);
      return;
    }
    if (backlog.length >= 1024) socket.destroy();
    else backlog.push(socket);
  };
  const server = net.createServer({ pauseOnConnect: true }, dispatch);

  // ---------- workers ----------
  const flushWaiters = new Map<number, { left: Set<number>; resolve: () => void }>();
  let flushId = 0;
  function onMessage(slot: Slot, m: ToParent) {
    switch (m.t) {
      case 'ready':
        slot.ready = true;
        slot.applied = Math.max(slot.applied, m.seq);
        // rules that changed while it was starting
        if (m.seq < seq) post(slot, { t: 'rules', snapshot, seq });
        settle(slot);
        while (backlog.length) dispatch(backlog.shift()!);
        break;
      case 'applied':
        slot.applied = Math.max(slot.applied, m.seq);
        settle(slot);
        break;
      case 'admit':
        post(slot, { t: 'verdict', id: m.id, verdict: admission.admit(m.input, slot.index) });
        break;
      case 'done':
        admission.complete(m.ticket, m.abnormal);
        break;
      case 'metrics':
        gatewayMetrics.merge(m.buckets);
        if (m.flushId !== undefined) {
          const f = flushWaiters.get(m.flushId);
          f?.left.delete(slot.index);
          if (f && !f.left.size) { flushWaiters.delete(m.flushId); f.resolve(); }
        }
        break;
    }
  }
  function start(slot: Slot) {
    const child = fork(workerFile, [], { execArgv, serialization: 'json' });
    slot.child = child;
    slot.ready = false;
    slot.applied = 0;
    child.on('message', (m: ToParent) => onMessage(slot, m));
    child.once('exit', () => {
      if (slot.child !== child) return;
      slot.child = null;
      slot.ready = false;
      admission.releaseOwner(slot.index);
      settle(slot);
      for (const [id, f] of flushWaiters) if (f.left.delete(slot.index) && !f.left.size) { flushWaiters.delete(id); f.resolve(); }
      if (!stopping) {
        console.error(`gateway worker ${slot.index} ended (${child.exitCode ?? child.signalCode}); starting it again`);
        setTimeout(() => { if (!stopping) start(slot); }, opts.restartDelayMs ?? 500);
      }
    });
    post(slot, { t: 'init', options: appOptions, snapshot, seq });
  }

  const whenApplied = (slot: Slot, s: number) => new Promise<void>((resolve) => {
    slot.waiters.push({ seq: s, resolve });
    settle(slot);
  });

  const watcher = await watchRules(db, {
    pollMs: opts.pollMs ?? 500,
    log,
    onChange: (snap) => {
      snapshot = snap;
      seq += 1;
      admission.setRules(snap.flow, snap.degrade);
      for (const slot of slots) if (slot.ready) post(slot, { t: 'rules', snapshot: snap, seq });
    },
  });
  snapshot = watcher.current();
  for (const slot of slots) start(slot);
  await Promise.all(slots.map((slot) => whenApplied(slot, seq)));

  const stopWorkers = () => Promise.all(slots.map((slot) => {
    const c = slot.child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return null;
    return new Promise<void>((resolve) => {
      const force = setTimeout(() => c.kill('SIGKILL'), 5000);
      c.once('exit', () => { clearTimeout(force); resolve(); });
      c.kill('SIGTERM');
    });
  }));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => { server.off('error', reject); resolve(); });
    });
  } catch (err) {
    stopping = true;
    watcher.stop();
    await stopWorkers();
    throw err;
  }
  const address = server.address() as AddressInfo;

  return {
    url: `http://${listenHost(opts.host)}:${address.port}`,
    async refresh() {
      await watcher.refresh();
      const s = seq;
      await Promise.all(slots.map((slot) => whenApplied(slot, s)));
    },
    flushMetrics() {
      const live = slots.filter((s) => s.ready);
      if (!live.length) return Promise.resolve();
      const id = ++flushId;
      return new Promise<void>((resolve) => {
        flushWaiters.set(id, { left: new Set(live.map((s) => s.index)), resolve });
        for (const slot of live) post(slot, { t: 'flush', id });
      });
    },
    pids: () => slots.map((s) => s.child?.pid),
    async close() {
      stopping = true;
      watcher.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of backlog.splice(0)) s.destroy();
      await stopWorkers();
    },
  };
}
