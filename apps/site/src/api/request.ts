import { ApiError, interpretEnvelope } from './envelope';
import { confirmDialog, toast } from '../ui/overlay';
import { logout } from '../lib/auth';
import { getLang, t } from '../i18n';

let BASE = '/api';
/** the server's page render asks its own API by an absolute address */
export function setApiBase(base: string) {
  BASE = base;
}
const TIMEOUT_MS = 60_000;

export interface RequestOptions {
  /** codes the caller renders itself (e.g. 404 on a detail page) instead of a toast */
  quiet?: number[];
  signal?: AbortSignal;
}

let reloginOpen = false;

/** GET a JSON envelope; resolves with `data` or rejects with ApiError after telling the visitor. */
export async function get<T>(path: string, query: Record<string, unknown> = {}, opts: RequestOptions = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  // the content in the site's language (the public answers are cached per URL, so per language too)
  if (getLang() !== 'zh') params.set('lang', getLang());
  const url = `${BASE}${path}${params.size ? `?${params}` : ''}`;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => ctrl.abort());
  let body: unknown = null;
  let status = 0;
  try {
    // always asks the server (a 304 when nothing changed): the answers' stale-while-revalidate is for shared caches
    const res = await fetch(url, { signal: ctrl.signal, cache: 'no-cache', headers: { Accept: 'application/json' } });
    status = res.status;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('json')) body = await res.json();
    else return (await res.blob()) as T; // binary responses pass through
  } catch (e) {
    if (opts.signal?.aborted) throw new ApiError('aborted', -1);
    body = null;
    void e;
  } finally {
    clearTimeout(timer);
  }
  const outcome = interpretEnvelope<T>(body, status);
  if (outcome.kind === 'ok') return outcome.data;
  if (opts.quiet?.includes(outcome.code)) throw new ApiError(outcome.message, outcome.code);
  if (outcome.kind === 'relogin') {
    if (!reloginOpen) {
      reloginOpen = true;
      confirmDialog({ title: t('api.prompt'), message: outcome.message, okText: t('api.reloginOk'), cancelText: t('dialog.cancel') }).then((ok) => {
        reloginOpen = false;
        if (ok) {
          logout();
          window.location.assign(getLang() === 'en' ? '/en/' : '/');
        }
      });
    }
  } else {
    toast(outcome.message, 'error');
  }
  throw new ApiError(outcome.message, outcome.code);
}
