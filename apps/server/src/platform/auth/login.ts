import crypto from 'node:crypto';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { ipAllowed, translate, type Lang, type PasswordPolicy, type TokenAnswer } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { accounts, loginFailures, loginLogs } from '../../db/schema/index';
import { hashPassword, loadPolicy, passwordExpiry, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';

/** OAuth2-style refusal: HTTP 400 `{error: "invalid_grant", error_description, locked}`. */
export class GrantError extends Error {
  constructor(readonly description: string, readonly locked = false) { super(description); }
}

export interface LoginInput { userId: string; password: string; ip: string; userAgent?: string; lang: Lang }

/** Failures of unknown user ids are forgotten after this long without a new one. */
const UNKNOWN_FAILURES_KEPT_MS = 30 * 86_400_000;

const lockEnd = (policy: PasswordPolicy, now: Date) => (policy.lockMinutes < 0 ? null : new Date(now.getTime() + policy.lockMinutes * 60_000));
const stillLocked = (lockedUntil: Date | null, now: Date) => lockedUntil === null || lockedUntil > now;

/**
 * Counts a failure of an account that is not locked; the new count, or null when it is locked (meanwhile).
 * The login and the re-authentication of an electronic signature (reauth.ts) share it.
 */
export async function countAccountFailure(db: Db, accountId: number, policy: PasswordPolicy, t: Date): Promise<number | null> {
  const max = policy.maxFailedLogins;
  const reaches = sql`(${max} > 0 and ${accounts.failedLogins} + 1 >= ${max})`;
  const until = lockEnd(policy, t);
  const [row] = await db.update(accounts).set({
    failedLogins: sql`${accounts.failedLogins} + 1`,
    status: sql`case when ${reaches} then 'lock' else ${accounts.status} end`,
    lockedUntil: sql`case when ${reaches} then ${until ? until.toISOString() : null}::timestamptz else ${accounts.lockedUntil} end`,
  }).where(and(eq(accounts.id, accountId), eq(accounts.status, 'normal'))).returning({ failed: accounts.failedLogins });
  return row ? row.failed : null;
}

export const stillLockedAt = (lockedUntil: Date | null, now: Date) => lockedUntil === null || lockedUntil > now;

/**
 * The login. Every failure is counted with one atomic `failed_logins = failed_logins + 1 … returning`
 * on a row that is not locked, and the lock is decided on the returned count, so parallel guesses
 * (in one process or several) are judged at most `maxFailedLogins` times; a locked account is refused
 * before its password is checked, and a right password that arrives after the lock gets no token.
 * An unknown user id costs the same work (argon2 against a dummy hash), gets the same message and
 * is counted and locked the same way (`login_failures`), so the answers tell nothing about which ids exist.
 */
export function loginService(db: Db, store: SessionStore, now: () => Date = () => new Date()) {
  const log = (userId: string, ip: string, userAgent: string | undefined, outcome: 'success' | 'failure', reason: string) =>
    db.insert(loginLogs).values({ userId: userId.slice(0, 128), ip, userAgent: userAgent?.slice(0, 512), outcome, reason });

  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= hashPassword(crypto.randomBytes(24).toString('base64')));
  let lastPurge = 0;

  /** The same for a user id without an account. */
  async function countUnknownFailure(userId: string, policy: PasswordPolicy, t: Date): Promise<number | null> {
    const max = policy.maxFailedLogins;
    const until = lockEnd(policy, t);
    const untilSql = sql`${until ? until.toISOString() : null}::timestamptz`;
    const res = await db.execute<{ failed: number }>(sql`
      insert into ${loginFailures} (user_id, failed_logins, locked, locked_until, updated_at)
      values (${userId}, 1, ${max > 0 && max <= 1}, case when ${max > 0 && max <= 1} then ${untilSql} end, ${t.toISOString()}::timestamptz)
      on conflict (user_id) do update set
        failed_logins = ${loginFailures}.failed_logins + 1,
        locked = (${max} > 0 and ${loginFailures}.failed_logins + 1 >= ${max}),
        locked_until = case when (${max} > 0 and ${loginFailures}.failed_logins + 1 >= ${max}) then ${untilSql} else null end,
        updated_at = excluded.updated_at
      where not ${loginFailures}.locked
      returning failed_logins as failed`);
    return res.rows[0]?.failed ?? null;
  }

  async function purgeUnknown(t: Date) {
    if (t.getTime() - lastPurge < 3_600_000) return;
    lastPurge = t.getTime();
    await db.delete(loginFailures).where(lt(loginFailures.updatedAt, new Date(t.getTime() - UNKNOWN_FAILURES_KEPT_MS)));
  }

  async function login(input: LoginInput): Promise<TokenAnswer> {
    const { userId, password, ip, userAgent, lang } = input;
    const fail = async (reason: string, key: string, params: Record<string, string> = {}, locked = false): Promise<never> => {
      await log(userId, ip, userAgent, 'failure', reason);
      throw new GrantError(translate(lang, key, params), locked);
    };
    const lockedOut = (reason: string) => fail(reason, 'auth.locked', {}, true);
    const policy = await loadPolicy(db);
    const t = now();
    const [acc] = await db.select().from(accounts).where(eq(accounts.userId, userId)).limit(1);

    if (!acc) {
      await purgeUnknown(t);
      const [known] = await db.select().from(loginFailures).where(eq(loginFailures.userId, userId));
      if (known?.locked) {
        if (stillLocked(known.lockedUntil, t)) return lockedOut('unknown account, locked');
        await db.update(loginFailures).set({ locked: false, failedLogins: 0, lockedUntil: null })
          .where(and(eq(loginFailures.userId, userId), eq(loginFailures.locked, true), lte(loginFailures.lockedUntil, t)));
      }
      await verifyPassword(await dummy(), password);
      const failed = await countUnknownFailure(userId, policy, t);
      if (failed === null) return lockedOut('unknown account, locked');
      if (policy.maxFailedLogins > 0 && failed >= policy.maxFailedLogins) return lockedOut(`unknown account, locked after ${failed} failures`);
      return fail('unknown account', 'auth.badCredentials');
    }

    if (acc.status === 'lock') {
      // Locked: no password is checked at all.
      if (stillLocked(acc.lockedUntil, t)) return lockedOut('account locked');
      await db.update(accounts).set({ status: 'normal', failedLogins: 0, lockedUntil: null })
        .where(and(eq(accounts.id, acc.id), eq(accounts.status, 'lock'), lte(accounts.lockedUntil, t)));
    }

    if (!(await verifyPassword(acc.passwordHash, password))) {
      const failed = await countAccountFailure(db, acc.id, policy, t);
      // Locked by a parallel attempt while this password was checked: not judged.
      if (failed === null) return lockedOut('account locked');
      if (policy.maxFailedLogins > 0 && failed >= policy.maxFailedLogins) {
        await store.endAllOf(acc.id, 'locked');
        return lockedOut(`wrong password, locked after ${failed} failures`);
      }
      return fail(`wrong password (${failed})`, 'auth.badCredentials');
    }

    if (acc.ipPolicyEnabled && acc.ipPolicy && !ipAllowed(acc.ipPolicy, ip)) return fail(`ip ${ip} not allowed`, 'auth.ipForbidden', { ip });

    const expiry = passwordExpiry(acc.passwordChangedAt, policy, t);
    if (expiry.pastGrace) return fail('password expired past grace', 'auth.passwordExpired');
    const mustChange = acc.mustChangePassword || expiry.expired;

    // Only an account that is still not locked gets a token (a parallel guess may have locked it).
    const [open] = await db.update(accounts).set({ failedLogins: 0, mustChangePassword: mustChange })
      .where(and(eq(accounts.id, acc.id), eq(accounts.status, 'normal'))).returning({ id: accounts.id });
    if (!open) return lockedOut('account locked');
    const s = await store.create(acc.id, ip, userAgent, acc.maxSessions);
    await log(userId, ip, userAgent, 'success', mustChange ? 'ok, password must be changed' : 'ok');
    return { access_token: s.accessToken, refresh_token: s.refreshToken, token_type: 'bearer', expires_in: s.expiresIn, must_change_password: mustChange };
  }

  async function refresh(refreshToken: string, lang: Lang): Promise<TokenAnswer> {
    const s = await store.refresh(refreshToken, now());
    if (!s || 'reused' in s) throw new GrantError(translate(lang, 'auth.refreshInvalid'));
    const [acc] = await db.select({ mustChangePassword: accounts.mustChangePassword }).from(accounts).where(eq(accounts.id, s.accountId));
    return { access_token: s.accessToken, refresh_token: s.refreshToken, token_type: 'bearer', expires_in: s.expiresIn, must_change_password: acc?.mustChangePassword ?? false };
  }

  return { login, refresh };
}
