import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Work the page area is waiting for outside TanStack Query: API calls in flight and page chunks
 * loading. The shell shows the sum as `aria-busy` on the page area, so assistive technology and the
 * end-to-end tests know when a page has finished loading without guessing a delay.
 */
let pending = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export const pageWork = {
  start() { pending++; changed(); },
  end() { pending = Math.max(0, pending - 1); changed(); },
  get pending() { return pending; },
  subscribe(l: () => void) { listeners.add(l); return () => { listeners.delete(l); }; },
};

/**
 * True while a request, a query, a mutation or a page chunk is under way, and from each change of
 * page until that page's work is over. It turns false only after
 * a quiet macrotask, so a page whose chunk has just arrived has started its queries before it says
 * "ready" (TanStack starts them in effects, axios in a microtask).
 */
export function usePageBusy(client: QueryClient, pathname: string): boolean {
  const [busy, setBusy] = useState(true);
  // a new page is busy from its first render on, until its work has been seen to end
  const [seen, setSeen] = useState(pathname);
  if (seen !== pathname) { setSeen(pathname); setBusy(true); }
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const working = () => pageWork.pending > 0 || client.isFetching() > 0 || client.isMutating() > 0;
    const check = () => {
      if (working()) { clearTimeout(timer); timer = undefined; setBusy(true); return; }
      timer ??= setTimeout(() => { timer = undefined; if (!working()) setBusy(false); }, 50);
    };
    const offs = [pageWork.subscribe(check), client.getQueryCache().subscribe(check), client.getMutationCache().subscribe(check)];
    check();
    return () => { offs.forEach((off) => off()); clearTimeout(timer); };
  }, [client, pathname]);
  return busy;
}
