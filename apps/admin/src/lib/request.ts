import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import qs from 'qs';
import { EnvelopeCode, isSuccessCode, type Envelope } from '@bencao/contracts/envelope';
import i18n from '@/i18n';
import { config } from './config';
import { tokenStore } from './token';
import { confirmDialog, navigateTo, toastError } from './feedback';
import { pageWork } from './pageBusy';

/**
 * The console's one API client (SPEC §7, §8): base URL from configuration, 60 s timeout, bearer
 * token, GET params as is for /admin paths, POST/PUT bodies form-encoded with dotted nested keys,
 * and the envelope codes and HTTP statuses turned into data, toasts and re-login dialogs.
 */
export const http = axios.create({ baseURL: config.apiOrigin, timeout: config.timeoutMs });

const t = (key: string) => i18n.t(key, { ns: 'shell' });
const apiPath = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api(?=\/)/, '');
const isPlainBody = (data: unknown) => data !== null && typeof data === 'object' && !(data instanceof FormData) && !(data instanceof Blob) && !(data instanceof URLSearchParams);

/** A body as SPEC §7's form encoding: `a.b=1&list[0]=x`; null becomes an empty value. */
export const formEncode = (data: unknown) => qs.stringify(data, { allowDots: true, arrayFormat: 'indices', encodeValuesOnly: true });

http.interceptors.request.use((req) => {
  const token = tokenStore.get();
  if (token) req.headers.set('Authorization', `Bearer ${token}`);
  req.headers.set('Accept-Language', i18n.language);
  if (req.params && !apiPath(req.url).startsWith('/admin')) {
    // Outside /admin empty filters are left out and nested filters use dotted keys.
    req.paramsSerializer = { serialize: (p) => qs.stringify(p, { allowDots: true, skipNulls: true, arrayFormat: 'repeat', filter: (_k, v) => (v === '' ? undefined : v) }) };
  }
  const method = (req.method ?? 'get').toLowerCase();
  if ((method === 'post' || method === 'put') && isPlainBody(req.data)) {
    req.headers.set('Content-Type', 'application/x-www-form-urlencoded');
    req.data = formEncode(req.data);
  }
  return req;
});

/** Paths whose HTTP 500 message is shown as the server wrote it (SPEC §8). */
const RELEASE_PATH = /\/(forms?|process|bpm\/definition|workflow\/(?:definitions|versions))[^?]*\/(release|publish|republish|deploy)/;
const IMPORT_PATH = /\/security\/tree\/import/;

let reloginOpen = false;
function askRelogin(content: string) {
  if (reloginOpen) return;
  reloginOpen = true;
  confirmDialog({
    title: t('request.systemPrompt'), content, okText: t('request.relogin'), cancelText: t('request.cancel'),
    onOk: () => { reloginOpen = false; sessionEnded(); },
  });
  setTimeout(() => { reloginOpen = false; }, 30_000);
}

/** Listeners the auth store registers: what to do when the session is over. */
let onSessionEnded: () => void = () => tokenStore.clear();
export const setSessionEndedHandler = (fn: () => void) => { onSessionEnded = fn; };
function sessionEnded() {
  onSessionEnded();
  navigateTo('/login');
}

export class RequestError extends Error {
  constructor(message: string, readonly code: number, readonly status: number | undefined, readonly data?: unknown) { super(message); }
}

function handleEnvelope(res: AxiosResponse<Envelope>): unknown {
  const body = res.data;
  const code = Number(body.code);
  if (isSuccessCode(code)) return body.data;
  if (code === EnvelopeCode.UNAUTHORIZED) askRelogin(t('request.networkProblem'));
  else if (code === EnvelopeCode.SESSION_ENDED) askRelogin(body.msg || t('request.sessionInvalid'));
  else toastError(body.msg || t('request.requestError'), config.toastMs);
  throw new RequestError(body.msg, code, res.status, body.data);
}

function handleHttpError(err: AxiosError<Envelope & { error?: string; error_description?: string; locked?: boolean }>): never {
  const res = err.response;
  const body = res?.data;
  const status = res?.status;
  const url = err.config?.url ?? '';
  if (!res) {
    const text = err.code === 'ECONNABORTED' ? t('request.timeout') : t('request.network');
    toastError(text, config.toastMs);
    throw new RequestError(text, 0, undefined);
  }
  if (body && typeof body === 'object' && Number(body.code) === EnvelopeCode.SESSION_ENDED) {
    askRelogin(body.msg || t('request.sessionInvalid'));
    throw new RequestError(body.msg, EnvelopeCode.SESSION_ENDED, status);
  }
  if (status === 401) {
    toastError(t('request.sessionInvalid'), config.toastMs);
    sessionEnded();
    throw new RequestError(t('request.sessionInvalid'), 401, 401);
  }
  if (status === 400 && body?.error === 'invalid_grant') {
    const text = body.locked ? (body.error_description || t('request.locked')) : (body.error_description || t('request.badCredentials'));
    toastError(text, config.toastMs);
    throw new RequestError(text, 400, 400, body);
  }
  if (status && status >= 500) {
    const msg = body?.msg ?? '';
    let text: string;
    if (RELEASE_PATH.test(url) && msg) text = msg;
    else if (/[\u4e00-\u9fff]/.test(msg)) text = msg;
    else if (IMPORT_PATH.test(url)) text = t('request.importSql');
    else text = t('request.requestError');
    toastError(text, config.toastMs);
    // the toast follows SPEC §8; the server's own words stay available to a form that shows details (e.g. the import's line)
    throw new RequestError(text, Number(body?.code ?? status), status, msg ? { serverMsg: msg } : undefined);
  }
  // 400 (the rule that failed), 403, 404, 409 …: the server's message, in the user's language.
  const text = body?.msg || t('request.requestError');
  toastError(text, config.toastMs);
  throw new RequestError(text, Number(body?.code ?? status), status, body?.data);
}

/** One call; resolves with the envelope's `data`, or the raw body for binary answers. */
export async function request<T>(cfg: AxiosRequestConfig): Promise<T> {
  pageWork.start();
  try {
    const res = await http.request(cfg);
    if (cfg.responseType === 'blob' || cfg.responseType === 'arraybuffer' || res.data instanceof Blob) return res.data as T;
    if (res.data && typeof res.data === 'object' && 'code' in res.data) return handleEnvelope(res as AxiosResponse<Envelope>) as T;
    return res.data as T;
  } catch (err) {
    if (err instanceof RequestError) throw err;
    if (axios.isAxiosError(err)) {
      // A binary request that failed carries its JSON envelope as a Blob.
      if (err.response?.data instanceof Blob) {
        try { err.response.data = JSON.parse(await err.response.data.text()); } catch { /* not JSON */ }
      }
      handleHttpError(err as AxiosError<never>);
    }
    throw err;
  } finally {
    pageWork.end();
  }
}

export interface CallOptions { params?: Record<string, unknown>; body?: unknown; form?: FormData }

/** `call('GET', '/api/x', { params })`: one API call through the client; resolves with the envelope's data. */
export function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}): Promise<T> {
  return request<T>({ method, url, params: opts.params, data: opts.form ?? opts.body });
}

/** Downloads a binary answer (zip, CSV) through the same client and hands it to the browser as a file; with a body, by POST. */
export async function download(url: string, params: Record<string, unknown>, fileName: string, body?: unknown): Promise<void> {
  const blob = await request<Blob>(body === undefined ? { method: 'GET', url, params, responseType: 'blob' } : { method: 'POST', url, params, data: body, responseType: 'blob' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName.replace(/(\.\w+)$/, `-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}$1`);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** The server's message of a failed call, for showing it inside a form or dialog. */
export function errorText(e: unknown): string {
  const err = e as { response?: { data?: { msg?: string } }; msg?: string; message?: string };
  return err?.response?.data?.msg ?? err?.msg ?? err?.message ?? String(e);
}
