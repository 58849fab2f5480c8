import type { Column } from '../api/types';

/** Header columns hang under this parent (SPEC §7 columnTreeselect?parentId=1000). */
export const HEADER_PARENT = 1000;

/** Detail routes highlight their list in the main navigation (SPEC §2). */
export const LIST_OF_DETAIL: Record<string, string> = {
  '/newsDetail': '/newsPage',
  '/productDetail': '/productPage',
  '/medicDetail': '/chineseMedicinePage',
  '/jobDetail': '/manpowerPage',
  '/jobBoard': '/manpowerPage',
  '/bidDetail': '/bidReport',
};

const clean = (p: string) => {
  const path = p.split('?')[0].replace(/^#/, '');
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
};

/** The list route a location belongs to, for the menu highlight. */
export function menuPathFor(pathname: string): string {
  const p = clean(pathname);
  if (p === '/') return '/homePage';
  return LIST_OF_DETAIL[p] ?? p;
}

/**
 * Link of a column: its path with the query id (SPEC §2). A top column's list is the list itself
 * (/newsPage, path URL /news), so only a sub-column names its id (/newsPage?id=1003, /news/column/1003).
 */
export function columnHref(c: Pick<Column, 'id' | 'path'> & { parent?: Column['parent'] }): string {
  const path = c.path.startsWith('/') ? c.path : `/${c.path}`;
  if (c.parent != null && String(c.parent) === String(HEADER_PARENT)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}id=${encodeURIComponent(String(c.id))}`;
}

export interface MenuNode extends Column {
  children: Column[];
}

/** The header menu: top-level columns with their children, the bidding column left out. */
export function buildMenu(columns: Column[], biddingColumnId: Column['id'] | null | undefined, parent: Column['id'] = HEADER_PARENT): MenuNode[] {
  const skip = (c: Column) => biddingColumnId != null && String(c.id) === String(biddingColumnId);
  const top = columns.filter((c) => String(c.parent) === String(parent) && !skip(c));
  const ids = new Set(top.map((c) => String(c.id)));
  return top.map((c) => ({
    ...c,
    children: columns.filter((k) => String(k.parent) === String(c.id) && !skip(k) && !ids.has(String(k.id))),
  }));
}

/** Whether a column is the highlighted one for the current location. */
export function isColumnActive(c: Pick<Column, 'path'>, pathname: string): boolean {
  return clean(c.path) === menuPathFor(pathname);
}
