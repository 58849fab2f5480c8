import { z } from 'zod';

/** The global password policy (SPEC §3). Negative times mean permanent / never. */
export const passwordPolicySchema = z.object({
  minLength: z.number().int().min(1).max(128),
  maxLength: z.number().int().min(1).max(128),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireDigit: z.boolean(),
  requireSpecial: z.boolean(),
  /** failed logins before the account locks; 0 or less: never locks */
  maxFailedLogins: z.number().int(),
  /** minutes the account stays locked; negative: until an administrator unlocks it */
  lockMinutes: z.number().int(),
  /** days a password lives; negative: forever */
  lifetimeDays: z.number().int(),
  /** days after expiry during which the user may still log in to change it; negative: forever */
  graceDays: z.number().int(),
}).refine((p) => p.maxLength >= p.minLength, { path: ['maxLength'], message: 'valid.maxBelowMin' });
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export type PasswordRule = 'minLength' | 'maxLength' | 'uppercase' | 'lowercase' | 'digit' | 'special';

/** The rules of the policy a password breaks, in a stable order; empty when it complies. */
export function passwordViolations(password: string, p: PasswordPolicy): PasswordRule[] {
  const out: PasswordRule[] = [];
  if (password.length < p.minLength) out.push('minLength');
  if (password.length > p.maxLength) out.push('maxLength');
  if (p.requireUppercase && !/[A-Z]/.test(password)) out.push('uppercase');
  if (p.requireLowercase && !/[a-z]/.test(password)) out.push('lowercase');
  if (p.requireDigit && !/[0-9]/.test(password)) out.push('digit');
  if (p.requireSpecial && !/[^A-Za-z0-9]/.test(password)) out.push('special');
  return out;
}

export interface CurrentUser {
  accountId: number;
  userId: string;
  userName: string;
  isAdmin: boolean;
  authorities: string[];
  /** the password is past its lifetime (within grace) or was reset: it must be changed now */
  mustChangePassword: boolean;
  passwordExpiresAt: string | null;
  sessionId: string;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  must_change_password: boolean;
}
