import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type DetailTarget = { kind: 'task'; id: number } | { kind: 'instance'; id: number };

const idOf = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

/** The task (`?task=12`) or instance (`?instance=7`) a page shows in its detail drawer, so a notification can link to it. */
export function detailFromSearch(search: URLSearchParams): DetailTarget | null {
  const task = idOf(search.get('task'));
  if (task) return { kind: 'task', id: task };
  const instance = idOf(search.get('instance'));
  return instance ? { kind: 'instance', id: instance } : null;
}

export function useDetailParam() {
  const [search, setSearch] = useSearchParams();
  const target = detailFromSearch(search);
  const open = useCallback((t: DetailTarget) => setSearch((prev) => {
    const next = new URLSearchParams(prev);
    next.delete('task');
    next.delete('instance');
    next.set(t.kind, String(t.id));
    return next;
  }), [setSearch]);
  const close = useCallback(() => setSearch((prev) => {
    const next = new URLSearchParams(prev);
    next.delete('task');
    next.delete('instance');
    return next;
  }), [setSearch]);
  return { target, open, close };
}
