import { describe, expect, it } from 'vitest';
import { hasPageAt } from './pages';

describe('which URL paths have a page in this console', () => {
  it('knows pages of both sets, whatever the user may open', () => {
    expect(hasPageAt('/opt/security/account')).toBe(true);
    expect(hasPageAt('/gateway/route/')).toBe(true);
  });
  it('has none for made-up or escaping paths', () => {
    expect(hasPageAt('/opt/security/nothing-here')).toBe(false);
    expect(hasPageAt('/')).toBe(false);
    expect(hasPageAt('/opt/../views/gateway/route')).toBe(false);
  });
});
