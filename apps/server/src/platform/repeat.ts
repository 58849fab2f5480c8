/**
 * Runs `pass` every `intervalMs` in this process, the next run `intervalMs` after the previous one ended,
 * until stopped; `stop()` waits for a run under way. `pass` must not throw (each caller logs its own
 * failures) and is told whether the loop was stopped meanwhile. `unref`: the timer keeps no process alive.
 */
export function repeatEvery(intervalMs: number, pass: (stopped: () => boolean) => Promise<unknown>, opts: { unref?: boolean } = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const isStopped = () => stopped;
  const arm = () => { timer = setTimeout(tick, intervalMs); if (opts.unref) timer.unref(); };
  const tick = async () => {
    if (stopped) return;
    running = pass(isStopped);
    await running;
    if (!stopped) arm();
  };
  arm();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
