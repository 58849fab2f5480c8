/** Listeners told each statement's duration (seconds) and whether it failed; GET /metrics keeps a histogram of them. */
type Listener = (seconds: number, failed: boolean) => void;
const listeners = new Set<Listener>();

export function onQueryTimed(listener: Listener): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/**
 * Runs `send` (one node-postgres `query` call, in any of its forms) and reports its duration to the listeners:
 * through the callback when one is given, else through the promise it answers.
 */
export function timeQuery<T>(values: unknown, callback: unknown, send: (values: unknown, callback: unknown) => T): T {
  if (!listeners.size) return send(values, callback);
  const t0 = performance.now();
  const report = (err: unknown) => { const s = (performance.now() - t0) / 1000; for (const l of listeners) l(s, !!err); };
  const wrap = (cb: (...a: unknown[]) => unknown) => (err: unknown, ...rest: unknown[]) => { report(err); return cb(err, ...rest); };
  if (typeof callback === 'function') return send(values, wrap(callback as never));
  if (typeof values === 'function') return send(wrap(values as never), callback);
  const r = send(values, callback);
  const then = (r as { then?: unknown } | null)?.then;
  if (typeof then === 'function') (r as Promise<unknown>).then(() => report(null), (e) => report(e));
  return r;
}
