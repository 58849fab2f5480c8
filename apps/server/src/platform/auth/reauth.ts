import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, loginLogs } from '../../db/schema/index';
import { countAccountFailure, stillLockedAt } from './login';
import { loginKeyStore } from './loginKeys';
import { loadPolicy, verifyPassword } from './passwords';
import type { SessionStore } from './sessions';

/**
 * Re-authentication of a signed-in account (an electronic signature): the password comes encrypted with a
 * one-time login key, exactly as at login, and a wrong one is a failed login — the same atomic counter on
 * the account, the same lock at the policy's count (which ends the account's sessions), a row in the login
 * log. A locked account is refused before its password is checked. A right password clears the counter.
 */

export type ReauthOutcome = 'ok' | 'keyInvalid' | 'wrongPassword' | 'locked';

export interface ReauthInput { accountId: number; keyId: string; cipher: string; ip: string; userAgent?: string; purpose: string }

export function reauthenticator(db: Db, sessions: SessionStore, now: () => Date) {
  // only its decryption is used: a store that is never started generates no key pairs
  const keys = loginKeyStore(db, now);

  return async function reauthenticate(input: ReauthInput): Promise<ReauthOutcome> {
    const [acc] = await db.select().from(accounts).where(eq(accounts.id, input.accountId));
    if (!acc) return 'locked';
    const log = (outcome: 'success' | 'failure', reason: string) => db.insert(loginLogs).values({
      userId: acc.userId.slice(0, 128), ip: input.ip, userAgent: input.userAgent?.slice(0, 512), outcome, reason: `${input.purpose}: ${reason}`,
    });
    const password = await keys.decrypt(input.keyId, input.cipher);
    if (password === null) return 'keyInvalid';
    const policy = await loadPolicy(db);
    const t = now();
    if (acc.status === 'lock') {
      if (stillLockedAt(acc.lockedUntil, t)) {
        await log('failure', 'account locked');
        return 'locked';
      }
      await db.update(accounts).set({ status: 'normal', failedLogins: 0, lockedUntil: null })
        .where(and(eq(accounts.id, acc.id), eq(accounts.status, 'lock'), lte(accounts.lockedUntil, t)));
    }
    if (!(await verifyPassword(acc.passwordHash, password))) {
      const failed = await countAccountFailure(db, acc.id, policy, t);
      if (failed === null) {
        await log('failure', 'account locked');
        return 'locked';
      }
      if (policy.maxFailedLogins > 0 && failed >= policy.maxFailedLogins) {
        await sessions.endAllOf(acc.id, 'locked');
        await log('failure', `wrong password, locked after ${failed} failures`);
        return 'locked';
      }
      await log('failure', `wrong password (${failed})`);
      return 'wrongPassword';
    }
    const [open] = await db.update(accounts).set({ failedLogins: 0 })
      .where(and(eq(accounts.id, acc.id), eq(accounts.status, 'normal'))).returning({ id: accounts.id });
    if (!open) return 'locked';
    await log('success', 'ok');
    return 'ok';
  };
}
