import type { ReactNode } from 'react';
import { Responsive, useContainerWidth, type Layout, type ResponsiveLayouts } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import {
  PORTAL_BREAKPOINTS, PORTAL_BREAKPOINT_WIDTHS, PORTAL_COLS, PORTAL_ROW_HEIGHT, WIDGETS,
  type PortalBreakpoint, type PortalLayouts, type WidgetInstance,
} from '@bencao/contracts';
import './portal.css';

const plain = (layout: Layout) => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));

/** The layouts as react-grid-layout wants them: each item with its widget's minimum size. */
function withMinimums(layouts: PortalLayouts, widgets: WidgetInstance[]): ResponsiveLayouts<PortalBreakpoint> {
  const kind = new Map(widgets.map((w) => [w.i, w.widget]));
  const out = {} as Record<PortalBreakpoint, Layout>;
  for (const bp of PORTAL_BREAKPOINTS) {
    out[bp] = layouts[bp].filter((it) => kind.has(it.i)).map((it) => {
      const meta = WIDGETS[kind.get(it.i)!];
      return { ...it, minW: Math.min(meta.minW, PORTAL_COLS[bp]), minH: meta.minH };
    });
  }
  return out;
}

/**
 * The portal's grid (desktop 12 columns, tablet 8, phone 1), used by the home page and the designer.
 * Only the card heads drag; `editable` turns dragging and resizing on.
 */
export function PortalGrid({ widgets, layouts, editable, onChange, render, onBreakpoint, onDrop, dropping, breakpoint }: {
  widgets: WidgetInstance[];
  layouts: PortalLayouts;
  editable: boolean;
  onChange?: (layouts: PortalLayouts) => void;
  onBreakpoint?: (bp: PortalBreakpoint) => void;
  render: (w: WidgetInstance) => ReactNode;
  /** the designer: a palette item dropped at a place of the grid */
  onDrop?: (place: { x: number; y: number }) => void;
  /** the size of the palette item being dragged */
  dropping?: { w: number; h: number } | null;
  /** the designer: this breakpoint's layout whatever the width (its canvas is narrower than the page) */
  breakpoint?: PortalBreakpoint;
}) {
  const { width, containerRef, mounted } = useContainerWidth();
  return (
    <div ref={containerRef} className={`portal-grid${editable ? ' editing' : ''}`}>
      {mounted && (
        <Responsive
          width={width}
          breakpoint={breakpoint}
          breakpoints={PORTAL_BREAKPOINT_WIDTHS}
          cols={PORTAL_COLS}
          rowHeight={PORTAL_ROW_HEIGHT}
          margin={[16, 16]}
          containerPadding={[0, 0]}
          layouts={withMinimums(layouts, widgets)}
          dragConfig={{ enabled: editable, handle: '.portal-drag' }}
          resizeConfig={{ enabled: editable }}
          dropConfig={{ enabled: !!onDrop && !!dropping }}
          droppingItem={dropping ? { i: '__dropping__', x: 0, y: 0, ...dropping } : undefined}
          onDrop={(_layout, item) => { if (item) onDrop?.({ x: item.x, y: item.y }); }}
          onBreakpointChange={(bp) => onBreakpoint?.(bp as PortalBreakpoint)}
          onLayoutChange={(_l, all) => {
            if (!onChange) return;
            const next = {} as PortalLayouts;
            for (const bp of PORTAL_BREAKPOINTS) next[bp] = plain((all[bp] ?? layouts[bp]).filter((it) => it.i !== '__dropping__'));
            onChange(next);
          }}
        >
          {widgets.map((w) => <div key={w.i} data-grid-item={w.i}>{render(w)}</div>)}
        </Responsive>
      )}
    </div>
  );
}
