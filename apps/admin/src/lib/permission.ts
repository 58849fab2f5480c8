import { useCallback } from 'react';
import { useAuth } from './auth';

/** Whether a set of authorities grants a code, by the server's rule: the code itself or every authority (`*`). */
export function grants(authorities: ReadonlySet<string>, code: string | null | undefined): boolean {
  return !code || authorities.has('*') || authorities.has(code);
}

/**
 * `const can = usePermission(); can('security:account:add')`: whether the logged-in user holds an
 * authority, to hide what they may not do. The server enforces every code anyway.
 */
export function usePermission(): (code: string | null | undefined) => boolean {
  const user = useAuth((s) => s.user);
  const authorities = useAuth((s) => s.authoritySet);
  return useCallback((code) => (user?.isAdmin ? true : grants(authorities, code)), [user, authorities]);
}
