import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import type { Db } from '../../db/client';
import { gatewayMetrics, type GatewayMetrics } from './metrics';
import { Admission, type AdmitInput, type Verdict } from './admission';
import { compileRules, EMPTY_SNAPSHOT, watchRules, type Rules } from './rules';
import { createGatewayListener, DEFAULT_GATEWAY_TIMEOUT_MS } from './listener';

export { createGatewayListener, DEFAULT_GATEWAY_TIMEOUT_MS };

/**
 * The gateway: released routes in priority order. The rules come from `watchRules` (the API
 * process reads the database every `pollMs`, so a release, a cancel or a rule change takes effect
 * within that time); in gateway worker processes (workers.ts) they arrive over IPC instead.
 * The listener itself (plain node:http + one undici Pool per upstream origin) is `listener.ts`.
 */

export interface GatewayOptions {
  port: number;
  host: string;
  pollMs?: number;
  logLevel?: string;
  /** how long an upstream may take to answer before the caller gets 504 (a route's ResponseTimeout filter overrides it) */
  timeoutMs?: number;
  /** proxies whose X-Forwarded-* headers are believed (TRUST_PROXY); none by default */
  trustProxy?: string[];
}
export interface Gateway {
  /** the listening HTTP server */
  server: http.Server;
  url: string;
  /** reads the database now (tests; the poller does it every `pollMs`) */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

/** Where flow and degrade rules are decided: in this process, or by the API process for a worker. */
export interface AdmissionPort {
  admit(a: AdmitInput): Verdict | Promise<Verdict>;
  complete(ticket: number, abnormal: boolean): void;
}
export interface GatewayDeps {
  rules: () => Rules;
  admission: AdmissionPort;
  metrics: GatewayMetrics;
}

/** The gateway inside this process (GATEWAY_WORKERS=0, tests): rules, limits and metrics all here. */
export async function startGateway(db: Db, opts: GatewayOptions): Promise<Gateway> {
  const admission = new Admission();
  let rules = compileRules(EMPTY_SNAPSHOT, console);
  const listener = createGatewayListener(opts, { rules: () => rules, admission, metrics: gatewayMetrics });
  const watcher = await watchRules(db, {
    pollMs: opts.pollMs ?? 500,
    log: listener.log,
    onChange: (snap) => { rules = compileRules(snap, listener.log); admission.setRules(snap.flow, snap.degrade); },
  });
  const { server } = listener;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => { server.off('error', reject); resolve(); });
    });
  } catch (err) {
    watcher.stop();
    await listener.close(0);
    throw err;
  }
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${listenHost(opts.host)}:${address.port}`,
    refresh: watcher.refresh,
    async close() {
      watcher.stop();
      await listener.close();
    },
  };
}

/** the address a local client calls for a listener on `host` */
export const listenHost = (host: string) => (host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);
