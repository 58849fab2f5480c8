import type { FastifyInstance } from 'fastify';
import { translate } from '@bencao/contracts';
import { langOf } from './i18n';

/**
 * Closing the app waits for the requests under way before it resolves, so the database (closed after
 * the app by main.ts and the benchmarks) sees no query after its close.
 *
 * Fastify's own close only waits for the connections: a request whose client has gone away has no
 * connection left, yet its handler runs on and queries. So a request counts as under way from its
 * first hook until its answer is handed to Node (`prefinish`, which Node emits even when the socket is
 * gone, once Fastify has run every `onSend` hook and ended the answer). The wait happens in `preClose`,
 * before the listener stops; requests arriving meanwhile get 503 with the envelope. `timeoutMs` bounds
 * the wait for a handler that never answers.
 */
export function installDrain(app: FastifyInstance, timeoutMs: number) {
  const pending = new Set<object>();
  let drained: (() => void) | null = null;
  let closing = false;

  app.addHook('onRequest', (req, reply, done) => {
    // (Fastify's own 503 while closing is turned off in app.ts: this one speaks the caller's language)
    if (closing) {
      reply.code(503).header('connection', 'close').send({ code: 503, msg: translate(langOf(req), 'error.restarting'), data: null });
      return;
    }
    const res = reply.raw;
    const entry = {};
    pending.add(entry);
    const end = () => {
      if (!pending.delete(entry)) return;
      if (!pending.size) drained?.();
    };
    res.once('prefinish', end);
    // a connection lost after the answer was ended but before it was flushed
    res.once('close', () => { if (res.writableEnded) end(); });
    done();
  });

  app.addHook('preClose', (done) => {
    closing = true;
    if (!pending.size) return done();
    const timer = setTimeout(() => {
      app.log.warn({ pending: pending.size }, `closing with ${pending.size} request(s) still under way after ${timeoutMs} ms`);
      finish();
    }, timeoutMs);
    const finish = () => { clearTimeout(timer); drained = null; done(); };
    drained = finish;
  });

  return {
    /** requests under way */
    get pending() { return pending.size; },
    /** the app is closing: new requests get 503 */
    get closing() { return closing; },
  };
}
export type Drain = ReturnType<typeof installDrain>;
