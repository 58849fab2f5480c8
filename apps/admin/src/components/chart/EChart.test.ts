import { describe, expect, it } from 'vitest';
import { isDarkColor } from './EChart';
import { chartLocale } from './EChartView';

describe('the chart component', () => {
  it('tells a dark container colour from a light one', () => {
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('#fff')).toBe(false);
    expect(isDarkColor('#141414')).toBe(true);
    expect(isDarkColor('rgb(20, 20, 20)')).toBe(true);
    expect(isDarkColor('rgba(255,255,255,1)')).toBe(false);
  });

  it('uses echarts\' own locale for en and zh, and month and day names for es and ja', () => {
    expect(chartLocale('en')).toBe('EN');
    expect(chartLocale('zh')).toBe('ZH');
    const es = chartLocale('es') as { time: { month: string[]; dayOfWeekAbbr: string[] } };
    expect(es.time.month).toHaveLength(12);
    expect(es.time.month[0].toLowerCase()).toBe('enero');
    const ja = chartLocale('ja') as { time: { month: string[]; dayOfWeek: string[] } };
    expect(ja.time.month[0]).toBe('1月');
    expect(ja.time.dayOfWeek).toHaveLength(7);
  });
});
