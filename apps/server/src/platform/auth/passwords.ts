import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { passwordViolations, translate, type Lang, type PasswordPolicy } from '@bencao/contracts';
import type { Db } from '../../db/client';
import { passwordPolicy } from '../../db/schema/index';
import { AppError } from '../errors';

// argon2id with the OWASP minimum (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);
export const verifyPassword = async (stored: string, plain: string) => {
  try { return await verify(stored, plain); } catch { return false; }
};

export async function loadPolicy(db: Db): Promise<PasswordPolicy> {
  const [row] = await db.select().from(passwordPolicy).where(eq(passwordPolicy.id, 1));
  if (!row) throw new Error('password policy row missing: the seed did not run');
  const { id: _id, updatedAt: _u, ...policy } = row;
  return policy;
}

/** Throws a 400 naming every rule of the policy the password breaks, in the caller's language. */
export function assertPolicy(password: string, policy: PasswordPolicy, lang: Lang) {
  const broken = passwordViolations(password, policy);
  if (!broken.length) return;
  const n = (r: string) => (r === 'minLength' ? policy.minLength : r === 'maxLength' ? policy.maxLength : 0);
  const rules = broken.map((r) => translate(lang, `policy.${r}`, { n: n(r) })).join(lang === 'zh' || lang === 'ja' ? '、' : ', ');
  throw new AppError(400, 'policy.violation', { rules });
}

export interface ExpiryState { expired: boolean; pastGrace: boolean; expiresAt: Date | null }

/** Lifetime and grace (negative: forever) applied to the date the password was set. */
export function passwordExpiry(changedAt: Date, policy: PasswordPolicy, now = new Date()): ExpiryState {
  if (policy.lifetimeDays < 0) return { expired: false, pastGrace: false, expiresAt: null };
  const expiresAt = new Date(changedAt.getTime() + policy.lifetimeDays * 86_400_000);
  const expired = now >= expiresAt;
  const pastGrace = expired && policy.graceDays >= 0 && now.getTime() >= expiresAt.getTime() + policy.graceDays * 86_400_000;
  return { expired, pastGrace, expiresAt };
}
