/**
 * Writes one of the site's own cookies (path /, SameSite=Lax). Over HTTPS it is `Secure`, so a browser never sends
 * it on a plain-HTTP request to the same host (before the proxy's redirect to HTTPS, for instance).
 */
export function writeCookie(name: string, value: string, maxAgeSec: number) {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; path=/; max-age=${maxAgeSec}; SameSite=Lax${secure}`;
}
