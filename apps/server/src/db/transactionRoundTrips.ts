import type pgModule from 'pg';

type Pg = typeof pgModule;
type QueryConfig = { text?: unknown; name?: string; values?: unknown[]; submit?: unknown; commitAfter?: boolean } | string | null;
type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };
type Connection = {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(m: { text: string; name: string; types: unknown[] }): void;
  bind(m: { portal: string; statement: string; values: unknown[] }): void;
  execute(m: { portal: string; rows: number | undefined }): void;
  sync(): void;
};

/** the statements drizzle opens and ends every transaction with (no isolation level is ever asked for) */
const BEGIN = 'begin';
const COMMIT = 'commit';
const ROLLBACK = 'rollback';

const emptyResult = (command: string): Result => ({ command, rowCount: null, rows: [], fields: [] });

/**
 * A transaction's BEGIN travels with its first statement, and its COMMIT with its last statement when the
 * caller says which one that is (`commitAfter`): a transaction of n statements is n round trips, not n + 2.
 *
 * Writing to the database's socket and waking on its answer was a quarter of the API process's CPU in a task
 * completion, and a completion was six round trips (begin, lock, participants, advance, save, commit). So
 * `begin` is not sent when drizzle asks for it: it is answered at once and written ahead of the next
 * statement, in the same write and before the same Sync (extended protocol), so that the database answers
 * both with one ReadyForQuery. A BEGIN run before a Sync turns the pipeline's implicit transaction into a
 * real one (PostgreSQL's protocol docs, "Pipelining"), so what follows is exactly what a separate BEGIN gives:
 * the statement runs inside the transaction; if it fails, the transaction is open and aborted and drizzle's
 * ROLLBACK ends it; if BEGIN itself failed, nothing ran. A transaction that ends before any statement sends
 * nothing at all.
 *
 * COMMIT after a statement (before the same Sync) runs only if the statement succeeded (an error skips to
 * the Sync): the statement's promise settles once both are done, and drizzle's own `commit` that follows is
 * then answered here. A statement marked last must be the transaction's last: another one before drizzle's
 * `commit` is refused, as it would otherwise run outside the transaction.
 *
 * Only statements with parameters are merged (they are sent with the extended protocol anyway); a plain one
 * may hold several statements (a migration), which the extended protocol refuses: BEGIN goes first on its own.
 */
export function pipelineTransactions(pg: Pg, { prepared }: { prepared: boolean }) {
  // without prepared statements (a pooler in transaction mode): each parsed every time, as an unnamed statement
  const statementOf = (text: string) => (prepared ? `bencao_${text}` : '');
  const run = (conn: Connection, text: string) => {
    const name = statementOf(text);
    if (!name || conn.parsedStatements[name] === undefined) {
      conn.parse({ text, name, types: [] });
      if (name) conn.parsedStatements[name] = text;
    }
    conn.bind({ portal: '', statement: name, values: [] });
    conn.execute({ portal: '', rows: 0 });
  };

  // node-postgres's Query as it is (its typings leave out the message handlers)
  const Query = pg.Query as unknown as new (config: unknown, values?: unknown) => {
    portal: string;
    submit(connection: unknown): Error | null;
    handleCommandComplete(msg: unknown, connection: unknown): void;
    _getRows(connection: unknown, rows: number | undefined): void;
  };
  /** a statement with BEGIN's Bind and Execute written ahead of it, COMMIT's after it, in the same write */
  class PipelinedQuery extends Query {
    constructor(config: unknown, values: unknown, private begin: boolean, private readonly commit: boolean) { super(config, values); }
    submit(connection: unknown) {
      const conn = connection as Connection;
      conn.stream.cork?.();
      try {
        if (this.begin) run(conn, BEGIN);
        return super.submit(connection);
      } finally {
        conn.stream.uncork?.();
      }
    }
    /** (called by the statement's own submit, inside the cork) its Execute, then COMMIT, then the Sync */
    _getRows(connection: unknown, rows: number | undefined) {
      if (!this.commit || rows) return super._getRows(connection, rows);
      const conn = connection as Connection;
      conn.execute({ portal: this.portal, rows });
      run(conn, COMMIT);
      conn.sync();
    }
    /** BEGIN's CommandComplete comes first, COMMIT's last: neither is a result of the statement */
    handleCommandComplete(msg: { text?: string }, connection: unknown) {
      if (this.begin) { this.begin = false; return; }
      if (this.commit && msg.text === 'COMMIT') return;
      super.handleCommandComplete(msg, connection);
    }
  }

  /** per client: a BEGIN asked for and not yet sent, or a transaction committed by its last statement */
  const state = new WeakMap<object, 'begin' | 'committed'>();

  /**
   * Called by the client's query() before anything else: answers BEGIN, COMMIT and ROLLBACK itself when
   * nothing is left to send, sends a statement with the BEGIN held back and/or the COMMIT asked for, and
   * answers undefined for everything else (sent as it is).
   */
  return function transactionAware(client: pgModule.Client, send: (config: unknown, values?: unknown) => Promise<Result>,
    config: QueryConfig, values: unknown, callback: unknown): Promise<Result> | undefined {
    // drizzle's form only: a config object, values as an array, a promise asked for
    if (callback !== undefined || typeof values === 'function' || !config || typeof config !== 'object' || config.submit) return undefined;
    const params = Array.isArray(values) ? values : config.values;
    const text = config.text;
    const plain = !params?.length;
    const now = state.get(client);
    if (now === 'committed') {
      state.delete(client);
      // drizzle ends the transaction its last statement committed: nothing left to do (a ROLLBACK comes when the
      // code after that statement threw: too late, the transaction is committed)
      if ((text === COMMIT || text === ROLLBACK) && plain) return Promise.resolve(emptyResult(text.toUpperCase()));
      return Promise.reject(new Error('a statement after the one that committed its transaction'));
    }
    if (now === undefined) {
      if (text === BEGIN && plain) { state.set(client, 'begin'); return Promise.resolve(emptyResult('BEGIN')); }
      if (!config.commitAfter || plain) return undefined;
    } else {
      state.delete(client);
      if ((text === COMMIT || text === ROLLBACK) && plain) return Promise.resolve(emptyResult(text.toUpperCase()));
      if (plain) return send({ text: BEGIN }).then(() => send(config, values));
    }
    const commitAfter = !!config.commitAfter;
    const query = new PipelinedQuery(config, params, now === 'begin', commitAfter);
    const answer = new Promise<Result>((resolve, reject) => {
      (query as unknown as { callback: (err: Error | null, res: Result) => void }).callback = (err, res) => {
        if (err) return reject(err);
        if (commitAfter) state.set(client, 'committed');
        resolve(res);
      };
    });
    send(query);
    return answer;
  };
}
