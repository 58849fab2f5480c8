import { useEffect, useRef } from 'react';
import { init, use, type ECharts, type EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the console's charts use: line, bar and pie charts on a grid, with tooltip, legend and title.
use([LineChart, BarChart, PieChart, GridComponent, TooltipComponent, LegendComponent, TitleComponent, DatasetComponent, CanvasRenderer]);

/** echarts' locale for a console language: its own for en and zh, month and day names from Intl otherwise. */
export function chartLocale(lang: string): string | object {
  const l = lang.slice(0, 2);
  if (l === 'zh') return 'ZH';
  if (l !== 'es' && l !== 'ja') return 'EN';
  const month = (style: 'long' | 'short') => Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat(l, { month: style, timeZone: 'UTC' }).format(Date.UTC(2024, m, 15)));
  const day = (style: 'long' | 'short') => Array.from({ length: 7 }, (_, d) => new Intl.DateTimeFormat(l, { weekday: style, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + d)));
  return { time: { month: month('long'), monthAbbr: month('short'), dayOfWeek: day('long'), dayOfWeekAbbr: day('short') } };
}

/** The chart itself (lazy chunk): created per theme and language, given new options as they come, resized with its box. */
export default function EChartView({ option, dark, lang, fontFamily }: {
  option: EChartsCoreOption; dark: boolean; lang: string; fontFamily: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    const el = box.current;
    if (!el) return undefined;
    const c = init(el, dark ? 'dark' : undefined, { locale: chartLocale(lang) as string, renderer: 'canvas' });
    chart.current = c;
    c.setOption({ backgroundColor: 'transparent', textStyle: { fontFamily }, ...latest.current });
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => { if (!c.isDisposed()) c.resize(); });
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [dark, lang, fontFamily]);

  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', textStyle: { fontFamily }, ...option }, { notMerge: true });
  }, [option, fontFamily]);

  return <div ref={box} style={{ width: '100%', height: '100%' }} />;
}
