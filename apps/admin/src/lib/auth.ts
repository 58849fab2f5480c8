import { create } from 'zustand';
import type { CurrentUser, TokenAnswer } from '@bencao/contracts';
import { call, http, request, setSessionEndedHandler } from './request';
import { tokenStore } from './token';

interface LoginKey { keyId: string; publicKey: string; algorithm: string; expiresAt: string }

/** Encrypts the password with the one-time RSA-OAEP (SHA-256) key the server issued (DESIGN: security model). */
export async function encryptPassword(publicKeyBase64: string, password: string): Promise<string> {
  const der = Uint8Array.from(atob(publicKeyBase64), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)));
  let binary = '';
  for (const b of cipher) binary += String.fromCharCode(b);
  return btoa(binary);
}

interface AuthState {
  user: CurrentUser | null;
  /** the user logged out on purpose: the login page comes without a way back to the page they left */
  signedOut: boolean;
  authoritySet: ReadonlySet<string>;
  login(username: string, password: string): Promise<CurrentUser>;
  loadUser(): Promise<CurrentUser>;
  refresh(): Promise<void>;
  logout(callServer?: boolean): Promise<void>;
  /** forget the session locally (the server already ended it) */
  clear(): void;
}

const logoutListeners = new Set<() => void>();
/** Lets the shell drop what belongs to the session (routes, tags, cached queries) on logout. */
export const onLogout = (fn: () => void) => { logoutListeners.add(fn); return () => logoutListeners.delete(fn); };

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  signedOut: false,
  authoritySet: new Set(),
  async login(username, password) {
    const key = await call<LoginKey>('GET', '/api/uc/getkey/LoginGetKey.do', { params: { method: 'getLoginKey' } });
    const encrypted = await encryptPassword(key.publicKey, password);
    const answer = await request<TokenAnswer>({ method: 'POST', url: '/api/oauth/token', data: { grant_type: 'password', username, password: encrypted, key_id: key.keyId } });
    tokenStore.set(answer.access_token, answer.refresh_token, answer.expires_in);
    set({ signedOut: false });
    return get().loadUser();
  },
  async loadUser() {
    const user = await call<CurrentUser>('GET', '/api/admin/current/user');
    set({ user, authoritySet: new Set(user.authorities) });
    return user;
  },
  async refresh() {
    const refreshToken = tokenStore.refreshToken();
    if (!refreshToken) return;
    const answer = await request<TokenAnswer>({ method: 'POST', url: '/api/oauth/token', data: { grant_type: 'refresh_token', refresh_token: refreshToken } });
    tokenStore.set(answer.access_token, answer.refresh_token, answer.expires_in);
  },
  async logout(callServer = true) {
    // The session is dropped here first, so the console leaves at once whatever the network does;
    // the server is told afterwards with the token it had (no toast or dialog: the user is gone).
    const token = tokenStore.get();
    set({ signedOut: true });
    get().clear();
    if (callServer && token) {
      try { await http.get('/api/j_hh_security_logout', { headers: { Authorization: `Bearer ${token}` } }); } catch { /* the session is gone either way */ }
    }
  },
  clear() {
    tokenStore.clear();
    set({ user: null, authoritySet: new Set() });
    for (const fn of logoutListeners) fn();
  },
}));

setSessionEndedHandler(() => useAuth.getState().clear());
