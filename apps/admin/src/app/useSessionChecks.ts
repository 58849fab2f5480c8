import { useEffect } from 'react';
import { config } from '@/lib/config';
import { useAuth } from '@/lib/auth';
import { tokenStore } from '@/lib/token';
import { useRoutes } from './store/routes';

const sameSet = (a: readonly string[], b: ReadonlySet<string>) => a.length === b.size && a.every((x) => b.has(x));

/**
 * SPEC §9: every 300000 ms the token is refreshed when it is near its end; every 120000 ms the
 * user's information is checked, and changed grants rebuild the menu without a new login.
 */
export function useSessionChecks(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const refresh = setInterval(() => {
      if (tokenStore.get() && tokenStore.expiresAt() - Date.now() < config.sessionCheckMs * 2) void useAuth.getState().refresh().catch(() => undefined);
    }, config.sessionCheckMs);
    const checkUser = async () => {
      if (!tokenStore.get()) return;
      const before = useAuth.getState().authoritySet;
      const user = await useAuth.getState().loadUser();
      if (!sameSet(user.authorities, before)) await useRoutes.getState().generate();
    };
    const userCheck = setInterval(() => void checkUser().catch(() => undefined), config.userCheckMs);
    const onVisible = () => { if (document.visibilityState === 'visible') void checkUser().catch(() => undefined); };
    document.addEventListener('visibilitychange', onVisible);
    return () => { clearInterval(refresh); clearInterval(userCheck); document.removeEventListener('visibilitychange', onVisible); };
  }, [active]);
}
