import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { operationLogs } from '../db/schema/index';

const SECRET = /pass|secret|token|key|credential|authorization/i;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Copies a request body with secrets replaced, depth-limited and size-limited. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k.replaceAll('\u0000', '\uFFFD')] = SECRET.test(k) ? '***' : redact(v, depth + 1);
    return out;
  }
  // a NUL cannot be stored (the request itself was refused for it): the log shows where it was
  if (typeof value === 'string') return (value.length > 2000 ? value.slice(0, 2000) + '…' : value).replaceAll('\u0000', '\uFFFD');
  return value;
}

/** a body's field names with their values withheld (personal data has no place in the operation log) */
const namesOnly = (body: unknown): Record<string, string> =>
  (body && typeof body === 'object' && !Buffer.isBuffer(body) ? Object.fromEntries(Object.keys(body).map((k) => [k, '***'])) : {});

type LogRow = typeof operationLogs.$inferInsert;
/** rows per insert at most (each batch size is its own prepared statement) */
const MAX_BATCH = 50;

/**
 * Writes log rows as they come, the rows that arrive while an insert is under way together in the next
 * one: under load one statement carries many answers' rows instead of one each (a task completion's
 * own statements were six), and a caller's promise still settles only once its row is stored. A batch
 * the database refuses is written row by row, so that one bad row costs only itself.
 */
export function logWriter(db: Db): ((row: LogRow) => Promise<void>) & { idle(): Promise<void> } {
  const waiting: { row: LogRow; done: (err?: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;
  const write = async () => {
    while (waiting.length) {
      const batch = waiting.splice(0, MAX_BATCH);
      try {
        await db.insert(operationLogs).values(batch.map((b) => b.row));
        for (const b of batch) b.done();
      } catch (err) {
        if (batch.length === 1) { batch[0].done(err); continue; }
        for (const b of batch) await db.insert(operationLogs).values(b.row).then(() => b.done(), (e) => b.done(e));
      }
    }
    writing = null;
  };
  const writeRow = (row: LogRow) => new Promise<void>((resolve, reject) => {
    waiting.push({ row, done: (err) => (err ? reject(err) : resolve()) });
    writing ??= write();
  });
  /** every row handed over so far is stored (or refused) */
  return Object.assign(writeRow, { idle: async () => { while (writing) await writing; } });
}

const noNul = (s: string) => s.replaceAll('\u0000', '\uFFFD');

/**
 * Records every mutating API call: who, what, target, from where, result, duration. The row is
 * written in `onSend`, before the answer leaves, so a client that reads the log right after its
 * call finds it (with `onResponse` the insert could still be running, notably on PostgreSQL).
 * The duration is measured up to the moment the answer is handed over for sending.
 */
export function installOperationLog(app: FastifyInstance, db: Db) {
  const writeLog = logWriter(db);
  // the rows of requests whose client left (the drain counts those done at their answer, before this hook's write)
  // are stored before the app's close resolves and the database closes
  app.addHook('onClose', () => writeLog.idle());
  app.addHook('onSend', async (req, reply, payload) => {
    if (!MUTATING.has(req.method) || !req.url.startsWith('/api/')) return payload;
    const route = req.routeOptions.url ?? req.url.split('?')[0];
    const segments = route.split('/').filter(Boolean); // api, module, entity, ...
    const params = req.params as Record<string, string> | undefined;
    try {
      await writeLog({
        accountId: req.auth?.accountId ?? null,
        // an application's signed call (gateway open API) is recorded under its access key
        userId: req.auth?.userId ?? (req.appCaller ? `app:${req.appCaller.accessKey}` : null) ?? (typeof (req.body as Record<string, unknown>)?.username === 'string' ? noNul(String((req.body as Record<string, unknown>).username).slice(0, 200)) : null),
        module: segments[1] ?? 'api',
        operation: `${req.method} ${route}`,
        // a refused request may carry a NUL here too: its row is still written, showing where it was
        target: params && Object.keys(params).length ? noNul(Object.values(params).join(',')) : null,
        method: req.method,
        path: req.url.slice(0, 1000).replaceAll('\u0000', '\uFFFD'),
        ip: req.ip,
        userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
        params: redact({ ...(params ?? {}), ...(req.routeOptions.config?.personalData ? namesOnly(req.body) : ((req.body as object) ?? {})) }) as object,
        result: reply.statusCode < 400 ? 'success' : 'failure',
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      });
    } catch (err) {
      req.log.error({ err }, 'operation log write failed');
    }
    return payload;
  });
}
