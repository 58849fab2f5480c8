/** SPEC §7: the console keeps the login token in local storage under a token key. */
export const TOKEN_KEY = 'bencao-token';
const REFRESH_KEY = 'bencao-refresh-token';
const EXPIRES_KEY = 'bencao-token-expires';

export const tokenStore = {
  get: () => localStorage.getItem(TOKEN_KEY),
  refreshToken: () => localStorage.getItem(REFRESH_KEY),
  expiresAt: () => Number(localStorage.getItem(EXPIRES_KEY) ?? 0),
  set(access: string, refresh: string, expiresInSeconds: number) {
    localStorage.setItem(TOKEN_KEY, access);
    localStorage.setItem(REFRESH_KEY, refresh);
    localStorage.setItem(EXPIRES_KEY, String(Date.now() + expiresInSeconds * 1000));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
    localStorage.removeItem(EXPIRES_KEY);
  },
};
