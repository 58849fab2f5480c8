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
 * before the listener stops; a request whose answer was handed over (its `onSend` ran) and whose client then left
 * (a file stream cut off) counts as done. Requests arriving meanwhile get 503 with the envelope. `timeoutMs` bounds
 * the wait for a handler that never answers.
 */
interface Entry { sent: boolean; end(): void }

export function installDrain(app: FastifyInstance, timeoutMs: number) {
  const pending = new Set<Entry>();
  const entries = new WeakMap<object, Entry>();
  let drained: (() => void) | null = null;
  let closing = false;

  app.addHook('onRequest', (req, reply, done) => {
    // (Fastify's own 503 while closing is turned off in app.ts: this one speaks the caller's language)
    if (closing) {
      reply.code(503).header('connection', 'close').send({ code: 503, msg: translate(langOf(req), 'error.restarting'), data: null });
      return;
    }
    const res = reply.raw;
    const entry: Entry = {
      sent: false,
      end() {
        if (!pending.delete(entry)) return;
        if (!pending.size) drained?.();
      },
    };
    const end = entry.end;
    pending.add(entry);
    entries.set(req, entry);
    res.once('prefinish', end);
    // a connection lost after the answer was ended but before it was flushed, or while a sent stream
    // (a static file) was still flowing: the handler is done either way
    res.once('close', () => { if (res.writableEnded || entry.sent) end(); });
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const entry = entries.get(req);
    if (entry) {
      entry.sent = true;
      // the client left before the answer was ready: nothing will be written, the handler is done
      if (reply.raw.destroyed) entry.end();
    }
    done(null, payload);
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
