import { config } from '@/lib/config';
import { tokenStore } from '@/lib/token';

interface Rejection { message?: string; stack?: string; code?: number; errorFields?: unknown }

/**
 * Whether an unhandled rejection is a real error. A failed API call (it carries the envelope's code)
 * was already shown to the user; a failed form validation (antd rejects with `errorFields`) is shown
 * under its fields. Neither is a defect of the page.
 */
export function isRealError(reason: unknown): boolean {
  if (reason === null || typeof reason !== 'object') return reason !== undefined;
  const r = reason as Rejection;
  if (typeof r.code === 'number') return false;
  if (Array.isArray(r.errorFields)) return false;
  return true;
}

/** Remembers what was sent from this page, so a repeating error is reported once (and at most 20 errors in all). */
export function reportOnce(limit = 20) {
  const seen = new Set<string>();
  return (message: string, url: string) => {
    const key = `${message}\n${url}`;
    if (seen.has(key) || seen.size >= limit) return false;
    seen.add(key);
    return true;
  };
}

/**
 * SPEC §8: in production, uncaught client errors go to the server with the page URL and the account
 * (listed on the client error log page). Sent with fetch so a broken request client cannot swallow them.
 */
export function installErrorReporting() {
  // failed validations are never errors: they must not surface as "Uncaught (in promise)" either
  window.addEventListener('unhandledrejection', (e) => { if (!isRealError(e.reason)) e.preventDefault(); });
  if (!config.reportErrors) return;
  const firstTime = reportOnce();
  const send = (message: string, stack?: string) => {
    const url = location.href.slice(0, 2000);
    if (!firstTime(message, url)) return;
    const token = tokenStore.get();
    void fetch(`${config.apiOrigin}/api/admin/client-errors`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ message: message.slice(0, 2000) || 'Error', stack: stack?.slice(0, 8000), url }),
      keepalive: true,
    }).catch(() => undefined);
  };
  window.addEventListener('error', (e) => send(e.message, (e.error as Error | undefined)?.stack));
  window.addEventListener('unhandledrejection', (e) => {
    if (!isRealError(e.reason)) return;
    const reason = e.reason as Rejection | undefined;
    send(reason?.message ?? String(e.reason), reason?.stack);
  });
}
