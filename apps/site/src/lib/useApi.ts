import { useEffect, useState } from 'react';
import { ApiError } from '../api/envelope';
import { getLang, useLang } from '../i18n';

const cache = new Map<string, unknown>();
const inflight = new Map<string, Promise<unknown>>();
/** answers that will not change during the visit (404): asked once, not again by every component */
const failed = new Map<string, ApiError>();
const remember = (key: string, e: unknown) => { if (e instanceof ApiError && e.code === 404) failed.set(key, e); };
/** answers are kept per language: a key of the current one (Chinese keys as they are) */
const scoped = (key: string, lang = getLang()) => (lang === 'zh' ? key : `${key}@${lang}`);

/** loads a server render asked for and did not have (ssr.tsx fetches them and renders again) */
export const wanted = new Map<string, () => Promise<unknown>>();

/** the server render: loads what the last pass asked for into the cache */
export async function loadWanted() {
  const jobs = [...wanted.entries()];
  wanted.clear();
  await Promise.all(jobs.map(([key, load]) => load().then((d) => { cache.set(key, d); }, (e) => { remember(key, e); })));
  return jobs.length;
}

/** the answers kept in the current language, under the keys the pages ask with */
export function snapshot(): Record<string, unknown> {
  const suffix = getLang() === 'zh' ? null : `@${getLang()}`;
  return Object.fromEntries([...cache.entries()].flatMap(([k, v]) => {
    if (!suffix) return k.includes('@') ? [] : [[k, v]];
    return k.endsWith(suffix) ? [[k.slice(0, -suffix.length), v]] : [];
  }));
}

export function clearCache() {
  cache.clear();
  failed.clear();
}

/** Puts answers the server rendered (in the current language) into the page, so the first render shows them without asking. */
export function primeCache(entries: Record<string, unknown>) {
  for (const [k, v] of Object.entries(entries)) cache.set(scoped(k), v);
}

export interface ApiState<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
}

/** Loads once per key (kept for the visit) and re-renders when it arrives. */
export function useApi<T>(asked: string | null, load: () => Promise<T>): ApiState<T> {
  const lang = useLang();
  const key = asked && scoped(asked, lang);
  if (typeof window === 'undefined' && key && !cache.has(key) && !failed.has(key)) wanted.set(key, load);
  const [state, setState] = useState<ApiState<T>>(() => ({
    data: key ? (cache.get(key) as T | undefined) : undefined, error: key ? failed.get(key) ?? null : null, loading: !!key && !cache.has(key) && !failed.has(key),
  }));
  useEffect(() => {
    if (!key) return;
    if (cache.has(key)) {
      setState({ data: cache.get(key) as T, error: null, loading: false });
      return;
    }
    const known = failed.get(key);
    if (known) {
      setState({ data: undefined, error: known, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ data: s.data, error: null, loading: true }));
    let p = inflight.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      inflight.set(key, p);
      p.then((d) => cache.set(key, d), (e) => remember(key, e)).finally(() => inflight.delete(key));
    }
    p.then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: undefined, error: error instanceof ApiError ? error : new ApiError(String(error), 0), loading: false }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}

/** Starts loading a key before a component asks for it (e.g. while a lazy page chunk downloads). */
export function prefetch<T>(asked: string, load: () => Promise<T>) {
  const key = scoped(asked);
  if (cache.has(key) || inflight.has(key) || failed.has(key)) return;
  if (typeof window === 'undefined') { wanted.set(key, load); return; }
  const p = load();
  inflight.set(key, p);
  p.then((d) => cache.set(key, d), (e) => remember(key, e)).finally(() => inflight.delete(key));
}
