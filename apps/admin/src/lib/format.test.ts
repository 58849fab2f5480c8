import { describe, expect, it } from 'vitest';
import { formatDateTime, formatList, formatNumber } from './format';

// local time, so the expectation does not depend on the machine's zone
const at = new Date(2026, 10, 27, 19, 7, 30);

describe('dates and numbers follow the console\'s language, not the browser\'s (issue 28, item 9)', () => {
  it('writes a date and time in each language\'s order with a 24-hour clock', () => {
    expect(formatDateTime(at, { lang: 'zh' })).toBe('2026-11-27 19:07:30');
    expect(formatDateTime(at, { lang: 'en' })).toBe('2026-11-27 19:07:30');
    expect(formatDateTime(at, { lang: 'es' })).toBe('27/11/2026 19:07:30');
    expect(formatDateTime(at, { lang: 'ja', seconds: false })).toBe('2026/11/27 19:07');
    expect(formatDateTime(at.toISOString(), { lang: 'zh' })).toBe('2026-11-27 19:07:30');
    expect(formatDateTime(null, { lang: 'zh' })).toBe('—');
    expect(formatDateTime('not a date', { lang: 'zh', empty: '' })).toBe('');
  });

  it('groups digits as the language does', () => {
    expect(formatNumber(1234567.5, { lang: 'en' })).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, { lang: 'zh' })).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, { lang: 'es' })).toBe('1.234.567,5');
  });

  it('joins a list as the language does', () => {
    expect(formatList(['es', 'ja'], 'en')).toBe('es and ja');
    expect(formatList(['西班牙文', '日文'], 'zh')).toBe('西班牙文和日文');
  });
});
