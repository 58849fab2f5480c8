/** What the site does with an API answer (SPEC §8 "Envelope codes"). Pure, unit-tested. */
import { t } from '../i18n';

export type Outcome<T> =
  | { kind: 'ok'; data: T }
  /** 401 / 10002: confirm dialog offering a re-login; confirming logs out and goes to /homePage */
  | { kind: 'relogin'; message: string; code: number }
  /** 500 and any other code: an error toast with the server message */
  | { kind: 'error'; message: string; code: number };

interface EnvelopeLike {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

export function interpretEnvelope<T>(body: unknown, httpStatus = 200): Outcome<T> {
  if (!body || typeof body !== 'object' || !('code' in body)) {
    return { kind: 'error', message: t('api.network'), code: httpStatus || 0 };
  }
  const env = body as EnvelopeLike;
  const code = Number(env.code);
  const msg = typeof env.msg === 'string' && env.msg ? env.msg : '';
  if (code === 200 || code === 0) return { kind: 'ok', data: env.data as T };
  if (code === 401) return { kind: 'relogin', message: t('api.relogin'), code };
  if (code === 10002) return { kind: 'relogin', message: msg || t('api.relogin'), code };
  return { kind: 'error', message: msg || t('api.failed', { code }), code };
}

export class ApiError extends Error {
  /** `field`: the form field the server refused (a refused CV), for the form to mark and focus */
  constructor(message: string, readonly code: number, readonly field?: string) {
    super(message);
    this.name = 'ApiError';
  }
}
