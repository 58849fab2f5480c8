import { describe, expect, it } from 'vitest';
import { nextWorkingDates } from './calendarDays';

describe('the working calendar widget', () => {
  it('lists the days reached, not the day counted from, each once and nearest first', () => {
    const from = '2026-09-30';
    // the National Day week: 1–7 October are holidays, Saturday 10 October an adjusted working day
    const answers = [
      { date: from, days: 3, result: '2026-10-10' },
      { date: from, days: 1, result: '2026-10-08' },
      { date: from, days: 2, result: '2026-10-09' },
    ];
    expect(nextWorkingDates(answers)).toEqual(['2026-10-08', '2026-10-09', '2026-10-10']);
    expect(nextWorkingDates(answers)).not.toContain(from);
  });
});
