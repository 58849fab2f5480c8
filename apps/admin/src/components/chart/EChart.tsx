import { lazy, Suspense, type CSSProperties } from 'react';
import { Empty, Spin, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';

/** The lazy part: echarts itself (tree-shaken) is only downloaded when a chart is first shown. */
const EChartView = lazy(() => import('./EChartView'));

export type ChartOption = EChartsCoreOption;

export interface EChartProps {
  /** the echarts option; null (or `empty`) shows the empty state instead of a chart */
  option: ChartOption | null;
  /** the chart's height (the width follows its container) */
  height?: number | string;
  /** show the empty state (e.g. the series have no points) */
  empty?: boolean;
  /** text of the empty state (the shell's "No data" by default) */
  emptyText?: string;
  loading?: boolean;
  /** an accessible name for the chart */
  title?: string;
  className?: string;
  style?: CSSProperties;
}

/** Whether a colour (`#rrggbb`, `rgb(...)`) is dark: the console's dark theme shows dark containers. */
export function isDarkColor(color: string): boolean {
  let r = 255, g = 255, b = 255;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  } else if (rgb) {
    [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number);
  }
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}

/**
 * One chart of the console: echarts 6 in a lazy chunk, resized with its container, in the console's
 * light or dark theme (read from antd's tokens) and language, with an empty state. Any screen may use it
 * with its own option; keep screen-specific option builders next to the screen.
 */
export function EChart({ option, height = 300, empty, emptyText, loading, title, className, style }: EChartProps) {
  const { token } = theme.useToken();
  const { i18n } = useTranslation();
  const dark = isDarkColor(token.colorBgContainer);
  const box: CSSProperties = { height, width: '100%', position: 'relative', ...style };
  if (!option || empty) {
    return (
      <div className={className} style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center' }} role="img" aria-label={title}>
        {loading ? <Spin /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
      </div>
    );
  }
  return (
    <div className={className} style={box} role="img" aria-label={title}>
      <Suspense fallback={<div style={{ display: 'flex', height: '100%', alignItems: 'center', justifyContent: 'center' }}><Spin /></div>}>
        <EChartView option={option} dark={dark} lang={i18n.language} fontFamily={token.fontFamily} />
      </Suspense>
      {loading && <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}><Spin /></div>}
    </div>
  );
}

export default EChart;
