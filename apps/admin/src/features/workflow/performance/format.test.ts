import { describe, expect, it } from 'vitest';
import { DURATION_UNITS, browserTzOffset, daysBetween, formatDuration, formatRate } from './format';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('durations as d h m', () => {
  it('shows days, hours and minutes, leaving out the zero parts', () => {
    expect(formatDuration(2 * DAY + 3 * HOUR + 5 * MIN)).toBe('2d 3h 5m');
    expect(formatDuration(2 * DAY + 5 * MIN)).toBe('2d 5m');
    expect(formatDuration(3 * HOUR)).toBe('3h');
    expect(formatDuration(59 * MIN)).toBe('59m');
  });

  it('rounds to the minute, and shows seconds under a minute', () => {
    expect(formatDuration(HOUR + 29_999)).toBe('1h');
    expect(formatDuration(HOUR + 30_000)).toBe('1h 1m');
    expect(formatDuration(45_000)).toBe('45s');
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59_600)).toBe('1m');
  });

  it('shows a dash for no value', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatDuration(-5)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('writes the units of the language', () => {
    expect(formatDuration(DAY + 2 * HOUR + 30 * MIN, DURATION_UNITS.zh)).toBe('1天2小时30分钟');
    expect(formatDuration(DAY + 2 * HOUR + 30 * MIN, DURATION_UNITS.ja)).toBe('1日2時間30分');
    expect(formatDuration(2 * HOUR + 30 * MIN, DURATION_UNITS.es)).toBe('2h 30min');
  });
});

describe('rates, days and the time zone', () => {
  it('formats a rate as a percentage with one decimal', () => {
    expect(formatRate(0.125)).toBe('12.5%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
  });

  it('lists every day of a range, ends included, across a month end', () => {
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
    expect(daysBetween('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('gives the offset east of UTC in minutes', () => {
    const at = new Date(Date.UTC(2026, 0, 1));
    expect(browserTzOffset(at)).toBe(-at.getTimezoneOffset());
    expect(browserTzOffset({ getTimezoneOffset: () => -480 } as Date)).toBe(480);
  });
});
