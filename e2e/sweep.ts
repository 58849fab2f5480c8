import type { Page } from '@playwright/test';

/** The menu sweeps' shared steps (the desktop four-language sweep and the phone sweep). */
export interface MenuItem { menuId: number; parentId: number | null; path: string | null; menuName: string }

/** The shell marks its page area busy while a page chunk, a query or a request is under way. */
export const pageReady = (page: Page) => page.locator('#main[aria-busy="false"]').waitFor({ timeout: 30_000 });

/** Opens a console path as the sidebar does (no reload: the session and loaded chunks stay) and waits for it to load. */
export async function openPage(page: Page, path: string) {
  await page.evaluate((to) => { history.pushState(null, '', to); dispatchEvent(new PopStateEvent('popstate')); }, `/console/${path}`);
  await page.locator(`#main[data-path="/${path}"][aria-busy="false"]`).waitFor({ timeout: 30_000 });
}

/** every leaf of the console menu the account may open (not external links) */
export async function menuLeaves(page: Page, token: string, lang: string): Promise<MenuItem[]> {
  const res = await page.request.get('/api/admin/current/menus', { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang } });
  const items = (await res.json()).data as MenuItem[];
  const parents = new Set(items.map((m) => m.parentId));
  return items.filter((m) => m.path && !parents.has(m.menuId) && !/^https?:/i.test(m.path));
}
