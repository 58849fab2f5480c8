import type { Lang } from '@bencao/contracts';

/** Where a page comes from: SPEC §2 — paths starting with "opt" from one set, any other path from a second set. */
export type PageSet = 'opt' | 'views';

/**
 * A console route, produced by pure functions from the server's menu data and turned into React
 * Router routes by `toRouteObjects`. The sidebar is drawn from the same tree.
 */
export interface AppRoute {
  /** absolute path inside the console, e.g. `/opt/security/account` */
  path: string;
  kind: 'group' | 'page' | 'fallback' | 'external' | 'frame' | 'action';
  /** group: the path of its first child */
  redirect?: string;
  /** page: the menu path (without leading slash) and the set it loads from */
  page?: { set: PageSet; path: string };
  /** external link or framed URL */
  url?: string;
  target?: string | null;
  /** authority needed to open it (menu authority, or the action code for an action resource) */
  authority: string | null;
  /** key for translated labels (menu code), with the server's names as fallback */
  code: string;
  title: string;
  names?: Partial<Record<Lang, string>>;
  icon?: string | null;
  /** not shown in the sidebar (action resources, hidden menus) */
  hidden: boolean;
  children: AppRoute[];
}
