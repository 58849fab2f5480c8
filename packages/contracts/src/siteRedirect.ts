import { APP_ROUTE_PATHS, routeOfPath } from './sitePaths';

/**
 * Where the site's reload helper `/redirect/<where>` (SPEC §2) leads: the app route of `<where>`, read as an
 * app route (`newsPage`, `?page=2` → `/newsPage?page=2`) or else as a path URL (`news/3` → `/newsDetail?id=3`),
 * with the query kept. Null when the site has no page there, so the helper never leads to another host
 * (`//evil.example`, `/\evil.example`), to a `javascript:` URL or back to itself.
 * Kept apart from sitePaths (which the home page's entry chunk carries): only the helper's page and the server use it.
 */
export function redirectRoute(where: string, search = ''): string | null {
  const path = `/${where.replace(/^\/+/, '')}`;
  if (!/^[A-Za-z0-9/_-]*$/.test(path)) return null;
  const query = new URLSearchParams(search).toString();
  const withQuery = (route: string) => (query ? `${route}?${query}` : route);
  if (path === '/') return withQuery('/homePage');
  if (APP_ROUTE_PATHS.includes(path)) return withQuery(path);
  const found = routeOfPath(path, search);
  if (!found || found.lang !== 'zh' || found.route.startsWith('/redirect')) return null;
  return found.route;
}
