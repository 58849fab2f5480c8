import { describe, expect, it } from 'vitest';
import { redact } from './operationLog';

describe('operation log redaction', () => {
  it('hides secrets at any depth and keeps the rest', () => {
    expect(redact({ userId: 'a', password: 'x', nested: { confirmPassword: 'y', token: 't', name: 'n' }, list: [{ secretKey: 's' }] }))
      .toEqual({ userId: 'a', password: '***', nested: { confirmPassword: '***', token: '***', name: 'n' }, list: [{ secretKey: '***' }] });
  });
  it('shortens long strings', () => {
    expect((redact({ body: 'x'.repeat(5000) }) as { body: string }).body.length).toBe(2001);
  });
});
