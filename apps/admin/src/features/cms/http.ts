import { request } from '@/lib/request';

export interface CallOptions { params?: Record<string, unknown>; body?: unknown; form?: FormData }

/** One API call through the console's request client; resolves with the envelope's data. */
export function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}): Promise<T> {
  return request<T>({ method, url, params: opts.params, data: opts.form ?? opts.body });
}
