import { describe, expect, it } from 'vitest';
import { isRealError, reportOnce } from './errorReporting';

describe('client error reporting', () => {
  it('leaves out failed form validations and failed API calls, keeps real errors', () => {
    expect(isRealError({ errorFields: [{ name: ['code'], errors: ['cannot be empty'] }], values: {} })).toBe(false);
    expect(isRealError({ code: 500, msg: 'System error' })).toBe(false);
    expect(isRealError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(true);
    expect(isRealError('a string thrown')).toBe(true);
    expect(isRealError(undefined)).toBe(false);
  });
  it('reports one message of one page once, and stops after the limit', () => {
    const once = reportOnce(2);
    expect(once('boom', '/console/a')).toBe(true);
    expect(once('boom', '/console/a')).toBe(false);
    expect(once('boom', '/console/b')).toBe(true);
    expect(once('other', '/console/a')).toBe(false);
  });
});
