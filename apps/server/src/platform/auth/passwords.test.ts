import { describe, expect, it } from 'vitest';
import { passwordExpiry } from './passwords';
import type { PasswordPolicy } from '@bencao/contracts';

const policy = (lifetimeDays: number, graceDays: number): PasswordPolicy => ({
  minLength: 8, maxLength: 32, requireUppercase: true, requireLowercase: true, requireDigit: true, requireSpecial: false,
  maxFailedLogins: 5, lockMinutes: 30, lifetimeDays, graceDays,
});
const day = 86_400_000;
const now = new Date('2026-11-22T12:00:00Z');

describe('password expiry', () => {
  it('a negative lifetime never expires', () => {
    expect(passwordExpiry(new Date(0), policy(-1, 7), now)).toEqual({ expired: false, pastGrace: false, expiresAt: null });
  });
  it('expires after the lifetime, and is usable for the grace time after', () => {
    expect(passwordExpiry(new Date(now.getTime() - 29 * day), policy(30, 5), now).expired).toBe(false);
    expect(passwordExpiry(new Date(now.getTime() - 31 * day), policy(30, 5), now)).toMatchObject({ expired: true, pastGrace: false });
    expect(passwordExpiry(new Date(now.getTime() - 36 * day), policy(30, 5), now)).toMatchObject({ expired: true, pastGrace: true });
  });
  it('a negative grace time means an expired password can always still be changed at login', () => {
    expect(passwordExpiry(new Date(now.getTime() - 400 * day), policy(30, -1), now)).toMatchObject({ expired: true, pastGrace: false });
  });
});
