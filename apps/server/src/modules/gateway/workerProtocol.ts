import type { GatewayOptions } from './proxy';
import type { RulesSnapshot } from './rules';
import type { AdmitInput, Verdict } from './admission';
import type { MetricBucket } from './metrics';

/** The IPC messages between the API process (workers.ts) and a gateway worker (gatewayWorker.ts). */
export type WorkerAppOptions = Omit<GatewayOptions, 'port' | 'host' | 'pollMs'>;

export type ToWorker =
  | { t: 'init'; options: WorkerAppOptions; snapshot: RulesSnapshot; seq: number }
  | { t: 'rules'; snapshot: RulesSnapshot; seq: number }
  /** sent with a connection's socket as the handle */
  | { t: 'socket' }
  | { t: 'verdict'; id: number; verdict: Verdict }
  | { t: 'flush'; id: number };

export type ToParent =
  /** listening, with the snapshot `seq` applied */
  | { t: 'ready'; seq: number }
  | { t: 'applied'; seq: number }
  | { t: 'admit'; id: number; input: AdmitInput }
  | { t: 'done'; ticket: number; abnormal: boolean }
  | { t: 'metrics'; buckets: MetricBucket[]; flushId?: number };
