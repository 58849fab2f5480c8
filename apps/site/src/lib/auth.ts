/**
 * The public site's visitor session (SPEC §4: login and logout in the header are local only).
 * The token helper keeps the visitor in session storage and sets a login flag cookie for one hour
 * (SPEC §7, §9). Nothing is sent to the server.
 */
import { writeCookie } from './cookie';

const KEY = 'bencao-site-visitor';
const FLAG = 'bencao_site_login';
const listeners = new Set<() => void>();

export interface Visitor {
  name: string;
  since: string;
}

export function currentVisitor(): Visitor | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Visitor) : null;
  } catch {
    return null;
  }
}

export function login(name: string) {
  sessionStorage.setItem(KEY, JSON.stringify({ name, since: new Date().toISOString() }));
  writeCookie(FLAG, '1', 3600);
  listeners.forEach((l) => l());
}

export function logout() {
  sessionStorage.removeItem(KEY);
  writeCookie(FLAG, '', 0);
  listeners.forEach((l) => l());
}

export function onVisitorChange(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
