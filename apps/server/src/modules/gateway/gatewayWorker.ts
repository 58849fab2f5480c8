import type { Socket } from 'node:net';
import type { AdmissionPort } from './proxy';
import { createGatewayListener, type GatewayListener } from './listener';
import { GatewayMetrics } from './metrics';
import { compileRules, EMPTY_SNAPSHOT, type Rules } from './rules';
import type { Verdict } from './admission';
import type { ToParent, ToWorker } from './workerProtocol';

/**
 * A gateway worker process (forked by workers.ts): serves the connections the API process hands
 * it, with the rules it is sent. It opens no database. Flow and degrade rules are asked of the API
 * process; counters are sent to it every METRICS_FLUSH_MS and whenever it asks.
 */
const METRICS_FLUSH_MS = 500;

const send = (m: ToParent) => { if (process.connected) process.send!(m); };

let rules: Rules = compileRules(EMPTY_SNAPSHOT, console);
let listener: GatewayListener | null = null;
const metrics = new GatewayMetrics();
const waiting = new Map<number, (v: Verdict) => void>();
let nextId = 1;

const admission: AdmissionPort = {
  admit: (input) => new Promise<Verdict>((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    send({ t: 'admit', id, input });
  }),
  complete: (ticket, abnormal) => send({ t: 'done', ticket, abnormal }),
};

const flush = (flushId?: number) => {
  const buckets = metrics.drain();
  if (buckets.length || flushId !== undefined) send({ t: 'metrics', buckets, flushId });
};
setInterval(flush, METRICS_FLUSH_MS).unref();

process.on('message', (m: ToWorker, handle?: Socket) => {
  switch (m.t) {
    case 'init':
      rules = compileRules(m.snapshot, console);
      listener = createGatewayListener(m.options, { rules: () => rules, admission, metrics });
      send({ t: 'ready', seq: m.seq });
      break;
    case 'rules':
      rules = compileRules(m.snapshot, listener?.log ?? console);
      send({ t: 'applied', seq: m.seq });
      break;
    case 'socket':
      if (!handle) break;
      if (!listener) { handle.destroy(); break; }
      listener.server.emit('connection', handle);
      handle.resume();
      break;
    case 'verdict': {
      const resolve = waiting.get(m.id);
      waiting.delete(m.id);
      resolve?.(m.verdict);
      break;
    }
    case 'flush':
      flush(m.id);
      break;
  }
});

// the API process ended or let this worker go: finish what is under way, then end
const stop = () => {
  flush();
  const done = () => process.exit(0);
  if (!listener) return done();
  void listener.close().then(() => { flush(); done(); }, done);
  setTimeout(done, 5000).unref();
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', () => { /* the API process stops its workers itself */ });
