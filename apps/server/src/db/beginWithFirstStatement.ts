import type pgModule from 'pg';

type Pg = typeof pgModule;
type QueryConfig = { text?: unknown; name?: string; values?: unknown[]; submit?: unknown } | string | null;
type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };

/** the statement drizzle opens every transaction with (no isolation level is ever asked for) */
const BEGIN = 'begin';
/** BEGIN as a prepared statement of every connection: parsed once, then bound and run */
const BEGIN_STATEMENT = 'bencao_begin';

const emptyResult = (command: string): Result => ({ command, rowCount: null, rows: [], fields: [] });

/**
 * A transaction's BEGIN travels with its first statement: one round trip instead of two.
 *
 * Writing to the database's socket and waking on its answer was a quarter of the API process's CPU in a task
 * completion, and a completion is five round trips (begin, lock, advance, save, commit). So `begin` is not
 * sent when drizzle asks for it: it is answered at once and written ahead of the next statement, in the same
 * write and before the same Sync (extended protocol), so the database answers both with one ReadyForQuery.
 * A BEGIN run before a Sync turns the pipeline's implicit transaction into a real one (PostgreSQL's protocol
 * docs, "Pipelining"), so what follows is exactly what a separate BEGIN gives: the statement runs inside the
 * transaction; if it fails, the transaction is open and aborted and drizzle's ROLLBACK ends it; if BEGIN
 * itself failed, nothing ran. A transaction that ends before any statement sends nothing at all.
 *
 * Only a next statement with parameters is merged (it is sent with the extended protocol anyway); a plain one
 * may hold several statements (a migration), which the extended protocol refuses: BEGIN goes first on its own.
 */
export function deferBegin(pg: Pg, { prepared }: { prepared: boolean }) {
  // without prepared statements (a pooler in transaction mode): BEGIN parsed each time, as an unnamed statement
  const beginStatement = prepared ? BEGIN_STATEMENT : '';
  // node-postgres's Query as it is (its typings leave out the message handlers)
  const Query = pg.Query as unknown as new (config: unknown, values?: unknown) => {
    submit(connection: unknown): Error | null;
    handleCommandComplete(msg: unknown, connection: unknown): void;
  };
  /** the first statement, with BEGIN's Bind and Execute written ahead of it in the same write */
  class BeginThenQuery extends Query {
    private beginAnswered = false;
    submit(connection: unknown) {
      const conn = connection as unknown as {
        stream: { cork?: () => void; uncork?: () => void };
        parsedStatements: Record<string, string>;
        parse(m: { text: string; name: string; types: unknown[] }): void;
        bind(m: { portal: string; statement: string; values: unknown[] }): void;
        execute(m: { portal: string; rows: number }): void;
      };
      conn.stream.cork?.();
      try {
        if (!beginStatement || conn.parsedStatements[beginStatement] === undefined) {
          conn.parse({ text: BEGIN, name: beginStatement, types: [] });
          if (beginStatement) conn.parsedStatements[beginStatement] = BEGIN;
        }
        conn.bind({ portal: '', statement: beginStatement, values: [] });
        conn.execute({ portal: '', rows: 0 });
        return super.submit(connection);
      } finally {
        conn.stream.uncork?.();
      }
    }
    /** the first CommandComplete is BEGIN's: not a result of the statement */
    handleCommandComplete(msg: { command?: string }, connection: unknown) {
      if (!this.beginAnswered) { this.beginAnswered = true; return; }
      super.handleCommandComplete(msg, connection);
    }
  }

  /** per client: the BEGIN asked for and not yet sent */
  const pending = new WeakMap<object, true>();

  /**
   * Called by the client's query() before anything else: answers the query itself (a promise) when it is
   * BEGIN, or ends a transaction that never sent anything, or carries a held-back BEGIN; else undefined.
   */
  return function beginAware(client: pgModule.Client, send: (config: unknown, values?: unknown) => Promise<Result>,
    config: QueryConfig, values: unknown, callback: unknown): Promise<Result> | undefined {
    // drizzle's form only: a config object, values as an array, a promise asked for
    if (callback !== undefined || typeof values === 'function' || !config || typeof config !== 'object' || config.submit) return undefined;
    const params = Array.isArray(values) ? values : config.values;
    const text = config.text;
    if (!pending.has(client)) {
      if (text === BEGIN && !params?.length) { pending.set(client, true); return Promise.resolve(emptyResult('BEGIN')); }
      return undefined;
    }
    pending.delete(client);
    if ((text === 'commit' || text === 'rollback') && !params?.length) return Promise.resolve(emptyResult(text.toUpperCase()));
    if (!params?.length) return send({ text: BEGIN }).then(() => send(config, values));
    const query = new BeginThenQuery(config, params);
    const answer = new Promise<Result>((resolve, reject) => {
      (query as unknown as { callback: (err: Error | null, res: Result) => void }).callback = (err, res) => (err ? reject(err) : resolve(res));
    });
    send(query);
    return answer;
  };
}
