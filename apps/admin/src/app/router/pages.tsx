import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageSet } from './types';

/** Every page of both sets, each its own lazy chunk. */
const modules = import.meta.glob<{ default: ComponentType }>('../../pages/**/index.tsx');

/** SPEC §2: `opt…` paths from the opt set (`pages/opt/…`), other paths from the views set (`pages/views/…`). */
export const pageFile = (set: PageSet, path: string) => (set === 'opt' ? `../../pages/${path}/index.tsx` : `../../pages/views/${path}/index.tsx`);

const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/** The lazy component of a menu path, or null when this console has no such page. */
export function pageComponent(set: PageSet, path: string): LazyExoticComponent<ComponentType> | null {
  const file = pageFile(set, path.replace(/^\/+|\/+$/g, ''));
  const load = modules[file];
  if (!load) return null;
  let component = cache.get(file);
  if (!component) {
    component = lazy(load);
    cache.set(file, component);
  }
  return component;
}

/**
 * Whether this console has a page at a URL path (`/opt/x/y` or `/x/y`), whatever the user may open:
 * a path with a page that is not among the user's routes is forbidden (403), not unknown (404).
 */
export function hasPageAt(pathname: string): boolean {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  if (!path || path.includes('..')) return false;
  return pageFile(path.startsWith('opt/') ? 'opt' : 'views', path) in modules;
}
