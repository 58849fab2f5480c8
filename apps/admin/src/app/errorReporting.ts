import { config } from '@/lib/config';
import { tokenStore } from '@/lib/token';

/**
 * SPEC §8: in production, uncaught client errors go to the server with the page URL (listed on the
 * client error log page). Sent with fetch so a broken request client cannot swallow them.
 */
export function installErrorReporting() {
  if (!config.reportErrors) return;
  let sent = 0;
  const send = (message: string, stack?: string) => {
    if (++sent > 20) return; // one broken page must not flood the log
    const token = tokenStore.get();
    void fetch(`${config.apiOrigin}/api/admin/client-errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ message: message.slice(0, 2000) || 'Error', stack: stack?.slice(0, 8000), url: location.href.slice(0, 2000) }),
      keepalive: true,
    }).catch(() => undefined);
  };
  window.addEventListener('error', (e) => send(e.message, (e.error as Error | undefined)?.stack));
  window.addEventListener('unhandledrejection', (e) => {
    const reason = e.reason as { message?: string; stack?: string; code?: number } | undefined;
    if (reason && typeof reason.code === 'number') return; // a failed API call, already shown to the user
    send(reason?.message ?? String(e.reason), reason?.stack);
  });
}
