import { useSyncExternalStore } from 'react';

/** The operating system's "reduce motion" setting (WCAG 2.3.3): the console then opens menus, drawers and groups without animating. */
const query = () => window.matchMedia('(prefers-reduced-motion: reduce)');

function subscribe(onChange: () => void) {
  const list = query();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => query().matches, () => false);
}
