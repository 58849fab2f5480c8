import { eq } from 'drizzle-orm';
import { ipAllowed, translate, type Lang, type TokenAnswer } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accounts, loginLogs } from '../../db/schema/index';
import { loadPolicy, passwordExpiry, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';

/** OAuth2-style refusal: HTTP 400 `{error: "invalid_grant", error_description, locked}`. */
export class GrantError extends Error {
  constructor(readonly description: string, readonly locked = false) { super(description); }
}

export interface LoginInput { userId: string; password: string; ip: string; userAgent?: string; lang: Lang }

export function loginService(db: Db, store: SessionStore) {
  const log = (userId: string, ip: string, userAgent: string | undefined, outcome: 'success' | 'failure', reason: string) =>
    db.insert(loginLogs).values({ userId: userId.slice(0, 128), ip, userAgent: userAgent?.slice(0, 512), outcome, reason });

  async function login(input: LoginInput): Promise<TokenAnswer> {
    const { userId, password, ip, userAgent, lang } = input;
    const fail = async (reason: string, key: string, params: Record<string, string> = {}, locked = false): Promise<never> => {
      await log(userId, ip, userAgent, 'failure', reason);
      throw new GrantError(translate(lang, key, params), locked);
    };
    const [acc] = await db.select().from(accounts).where(eq(accounts.userId, userId)).limit(1);
    if (!acc) return fail('unknown account', 'auth.badCredentials');
    const policy = await loadPolicy(db);
    const now = new Date();

    if (acc.status === 'lock') {
      const stillLocked = acc.lockedUntil === null || acc.lockedUntil > now;
      if (stillLocked) return fail('account locked', 'auth.locked', {}, true);
      await db.update(accounts).set({ status: 'normal', failedLogins: 0, lockedUntil: null }).where(eq(accounts.id, acc.id));
      acc.failedLogins = 0;
    }

    if (!(await verifyPassword(acc.passwordHash, password))) {
      const failed = acc.failedLogins + 1;
      const lockNow = policy.maxFailedLogins > 0 && failed >= policy.maxFailedLogins;
      await db.update(accounts).set(lockNow
        ? { failedLogins: failed, status: 'lock', lockedUntil: policy.lockMinutes < 0 ? null : new Date(now.getTime() + policy.lockMinutes * 60_000) }
        : { failedLogins: failed }).where(eq(accounts.id, acc.id));
      if (lockNow) {
        await store.endAllOf(acc.id, 'locked');
        return fail(`wrong password, locked after ${failed} failures`, 'auth.locked', {}, true);
      }
      return fail(`wrong password (${failed})`, 'auth.badCredentials');
    }

    if (acc.ipPolicyEnabled && acc.ipPolicy && !ipAllowed(acc.ipPolicy, ip)) return fail(`ip ${ip} not allowed`, 'auth.ipForbidden', { ip });

    const expiry = passwordExpiry(acc.passwordChangedAt, policy, now);
    if (expiry.pastGrace) return fail('password expired past grace', 'auth.passwordExpired');
    const mustChange = acc.mustChangePassword || expiry.expired;

    await db.update(accounts).set({ failedLogins: 0, mustChangePassword: mustChange }).where(eq(accounts.id, acc.id));
    const s = await store.create(acc.id, ip, userAgent, acc.maxSessions);
    await log(userId, ip, userAgent, 'success', mustChange ? 'ok, password must be changed' : 'ok');
    return { access_token: s.accessToken, refresh_token: s.refreshToken, token_type: 'bearer', expires_in: s.expiresIn, must_change_password: mustChange };
  }

  async function refresh(refreshToken: string, lang: Lang): Promise<TokenAnswer> {
    const s = await store.refresh(refreshToken);
    if (!s) throw new GrantError(translate(lang, 'auth.refreshInvalid'));
    const [acc] = await db.select({ mustChangePassword: accounts.mustChangePassword }).from(accounts).where(eq(accounts.id, s.accountId));
    return { access_token: s.accessToken, refresh_token: s.refreshToken, token_type: 'bearer', expires_in: s.expiresIn, must_change_password: acc?.mustChangePassword ?? false };
  }

  return { login, refresh };
}
