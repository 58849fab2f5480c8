import { describe, expect, it } from 'vitest';
import { abbreviateNumber, formatDateTime, relativeTime, toThousands } from './format';

// local-time constructors, so the expected date text does not depend on the machine's time zone
const now = new Date(2026, 2, 10, 12, 0, 0);
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('under 30 seconds is "just now"', () => {
    expect(relativeTime(ago(0), 'en', now)).toBe('just now');
    expect(relativeTime(ago(29), 'en', now)).toBe('just now');
    expect(relativeTime(ago(29.9), 'zh', now)).toBe('刚刚');
    expect(relativeTime(ago(-10), 'ja', now)).toBe('たった今'); // a clock a little ahead
  });
  it('under an hour counts minutes', () => {
    expect(relativeTime(ago(30), 'en', now)).toBe('1 minute ago');
    expect(relativeTime(ago(119), 'en', now)).toBe('1 minute ago');
    expect(relativeTime(ago(120), 'en', now)).toBe('2 minutes ago');
    expect(relativeTime(ago(3599), 'en', now)).toBe('59 minutes ago');
    expect(relativeTime(ago(300), 'zh', now)).toBe('5 分钟前');
    expect(relativeTime(ago(300), 'es', now)).toBe('hace 5 minutos');
    expect(relativeTime(ago(60), 'es', now)).toBe('hace 1 minuto');
    expect(relativeTime(ago(300), 'ja', now)).toBe('5 分前');
  });
  it('under a day counts hours', () => {
    expect(relativeTime(ago(3600), 'en', now)).toBe('1 hour ago');
    expect(relativeTime(ago(7199), 'en', now)).toBe('1 hour ago');
    expect(relativeTime(ago(7200), 'en', now)).toBe('2 hours ago');
    expect(relativeTime(ago(86399), 'en', now)).toBe('23 hours ago');
    expect(relativeTime(ago(3 * 3600), 'zh', now)).toBe('3 小时前');
    expect(relativeTime(ago(3 * 3600), 'es', now)).toBe('hace 3 horas');
    expect(relativeTime(ago(3 * 3600), 'ja', now)).toBe('3 時間前');
  });
  it('under two days is "1 day ago"', () => {
    expect(relativeTime(ago(86400), 'en', now)).toBe('1 day ago');
    expect(relativeTime(ago(2 * 86400 - 1), 'en', now)).toBe('1 day ago');
    expect(relativeTime(ago(86400), 'zh', now)).toBe('1 天前');
    expect(relativeTime(ago(86400), 'es', now)).toBe('hace 1 día');
    expect(relativeTime(ago(86400), 'ja', now)).toBe('1 日前');
  });
  it('beyond, the date and time in the language\'s pattern', () => {
    const d = new Date(2026, 2, 5, 9, 7, 30);
    expect(relativeTime(d, 'en', now)).toBe('2026-03-05 09:07');
    expect(relativeTime(d, 'zh', now)).toBe('2026-03-05 09:07');
    expect(relativeTime(d, 'es', now)).toBe('05/03/2026 09:07');
    expect(relativeTime(d, 'ja', now)).toBe('2026/03/05 09:07');
    expect(relativeTime(ago(2 * 86400), 'en', now)).toBe('2026-03-08 12:00');
    expect(relativeTime(new Date(2026, 2, 11, 12, 0), 'en', now)).toBe('2026-03-11 12:00'); // in the future
  });
  it('takes numbers and ISO strings, and gives "" for nonsense', () => {
    expect(relativeTime(ago(90).getTime(), 'en', now.getTime())).toBe('1 minute ago');
    expect(relativeTime(ago(90).toISOString(), 'en', now)).toBe('1 minute ago');
    expect(relativeTime('not a date', 'en', now)).toBe('');
    expect(formatDateTime('nope', 'en')).toBe('');
  });
  it('defaults to the current time', () => {
    expect(relativeTime(new Date(), 'en')).toBe('just now');
    expect(relativeTime(Date.now() - 5 * 60_000, 'en')).toBe('5 minutes ago');
  });
});

describe('abbreviateNumber', () => {
  it('uses k, M, G, T, P, E', () => {
    expect(abbreviateNumber(1000)).toBe('1k');
    expect(abbreviateNumber(1234)).toBe('1.2k');
    expect(abbreviateNumber(1_500_000)).toBe('1.5M');
    expect(abbreviateNumber(2_000_000_000)).toBe('2G');
    expect(abbreviateNumber(3.25e12, 2)).toBe('3.25T');
    expect(abbreviateNumber(4e15)).toBe('4P');
    expect(abbreviateNumber(5.5e18)).toBe('5.5E');
    expect(abbreviateNumber(2e21)).toBe('2000E');
  });
  it('leaves small numbers alone and drops trailing zeros', () => {
    expect(abbreviateNumber(0)).toBe('0');
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(12.34)).toBe('12.3');
    expect(abbreviateNumber(1050, 2)).toBe('1.05k');
    expect(abbreviateNumber(1001, 2)).toBe('1k');
  });
  it('moves to the next unit when rounding reaches it', () => {
    expect(abbreviateNumber(999_999)).toBe('1M');
    expect(abbreviateNumber(999.99)).toBe('1k');
    expect(abbreviateNumber(999_950_000)).toBe('1G');
  });
  it('keeps the sign', () => {
    expect(abbreviateNumber(-1234)).toBe('-1.2k');
    expect(abbreviateNumber(-5)).toBe('-5');
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
  });
});

describe('toThousands', () => {
  it('separates thousands in the integer part', () => {
    expect(toThousands(0)).toBe('0');
    expect(toThousands(999)).toBe('999');
    expect(toThousands(1000)).toBe('1,000');
    expect(toThousands(1234567)).toBe('1,234,567');
    expect(toThousands(-1234567.891)).toBe('-1,234,567.891');
    expect(toThousands(1234.5678)).toBe('1,234.5678');
    expect(toThousands('9876543210')).toBe('9,876,543,210');
    expect(toThousands('12345.000100')).toBe('12,345.000100');
    expect(toThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(toThousands(1234567, ' ')).toBe('1 234 567');
  });
  it('leaves what is not a number as it is', () => {
    expect(toThousands(null)).toBe('');
    expect(toThousands(undefined)).toBe('');
    expect(toThousands('')).toBe('');
    expect(toThousands('abc')).toBe('abc');
    expect(toThousands('1,234')).toBe('1,234');
    expect(toThousands(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});
