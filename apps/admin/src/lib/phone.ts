import { useSyncExternalStore } from 'react';

/** Below 768 px (antd's `md`) the console is laid out for a phone: menu drawer, full-screen dialogs, task cards. */
export const PHONE_QUERY = '(max-width: 767.98px)';
const query = () => window.matchMedia(PHONE_QUERY);

function subscribe(onChange: () => void) {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => query().matches, () => false);
}
