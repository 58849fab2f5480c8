import { useRoutes } from '@/app/store/routes';
import { flattenRoutes } from '@/app/router/menuRoutes';

/** The console path of a menu page (`bpm/task/todo`), or null when the user may not open it. */
export function useMenuPath(menuPath: string): string | null {
  const routes = useRoutes((s) => s.routes);
  return flattenRoutes(routes).find((r) => r.page?.path === menuPath)?.path ?? null;
}
