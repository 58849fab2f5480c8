/** Every JSON answer of the API is this envelope (SPEC §7). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Envelope codes the clients react to (SPEC §8). `0` is also accepted as success. */
export const EnvelopeCode = {
  OK: 200,
  OK_LEGACY: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The session was ended on the server (kicked out, expired): the client offers a re-login. */
  SESSION_ENDED: 10002,
} as const;

export const isSuccessCode = (code: number) => code === EnvelopeCode.OK || code === EnvelopeCode.OK_LEGACY;

/** Paged list answer (SPEC §3 "Table paging response"). */
export interface Page<T> {
  total: number;
  records: T[];
  /** the total is the planner's estimate: a large list past the rows it counts exactly (docs/PERFORMANCE.md) */
  approximate?: true;
}
