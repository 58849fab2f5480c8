import { useEffect, useState } from 'react';
import { ApiError } from '../api/envelope';

const cache = new Map<string, unknown>();
const inflight = new Map<string, Promise<unknown>>();

export interface ApiState<T> {
  data: T | undefined;
  error: ApiError | null;
  loading: boolean;
}

/** Loads once per key (kept for the visit) and re-renders when it arrives. */
export function useApi<T>(key: string | null, load: () => Promise<T>): ApiState<T> {
  const [state, setState] = useState<ApiState<T>>(() => ({ data: key ? (cache.get(key) as T | undefined) : undefined, error: null, loading: !!key && !cache.has(key) }));
  useEffect(() => {
    if (!key) return;
    if (cache.has(key)) {
      setState({ data: cache.get(key) as T, error: null, loading: false });
      return;
    }
    let live = true;
    setState((s) => ({ data: s.data, error: null, loading: true }));
    let p = inflight.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      inflight.set(key, p);
      p.then((d) => cache.set(key, d), () => undefined).finally(() => inflight.delete(key));
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
export function prefetch<T>(key: string, load: () => Promise<T>) {
  if (cache.has(key) || inflight.has(key)) return;
  const p = load();
  inflight.set(key, p);
  p.then((d) => cache.set(key, d), () => undefined).finally(() => inflight.delete(key));
}
