import {
  PORTAL_BREAKPOINTS, PORTAL_COLS, WIDGETS,
  type PageContent, type PortalLayoutItem, type PortalLayouts, type PortalOverlay, type WidgetInstance,
} from '@bencao/contracts';

const bottom = (items: PortalLayoutItem[]) => items.reduce((m, it) => Math.max(m, it.y + it.h), 0);

/**
 * Gives every widget a place at every breakpoint: an item of `layouts` when there is one, else one
 * derived from the desktop place (narrowed to the tablet's columns; stacked in reading order on the
 * phone's single column), else the widget's default size at the bottom. Items of absent widgets go.
 */
export function completeLayouts(widgets: WidgetInstance[], layouts: Partial<PortalLayouts>): PortalLayouts {
  const ids = new Set(widgets.map((w) => w.i));
  const out = {} as PortalLayouts;
  for (const bp of PORTAL_BREAKPOINTS) {
    const cols = PORTAL_COLS[bp];
    const items = (layouts[bp] ?? []).filter((it) => ids.has(it.i)).map((it) => ({ ...it, w: Math.min(it.w, cols), x: Math.min(it.x, cols - Math.min(it.w, cols)) }));
    const placed = new Set(items.map((it) => it.i));
    const desktop = new Map((out.lg ?? []).map((it) => [it.i, it]));
    const missing = widgets.filter((w) => !placed.has(w.i));
    if (bp === 'sm') missing.sort((a, b) => ((desktop.get(a.i)?.y ?? 0) - (desktop.get(b.i)?.y ?? 0)) || ((desktop.get(a.i)?.x ?? 0) - (desktop.get(b.i)?.x ?? 0)));
    for (const w of missing) {
      const meta = WIDGETS[w.widget];
      const d = desktop.get(w.i);
      if (d && bp === 'md') {
        const wd = Math.min(d.w, cols);
        items.push({ i: w.i, x: Math.min(d.x, cols - wd), y: d.y, w: wd, h: d.h });
      } else {
        items.push({ i: w.i, x: 0, y: bottom(items), w: Math.min(meta.w, cols), h: d?.h ?? meta.h });
      }
    }
    out[bp] = items;
  }
  return out;
}

export interface Resolved { widgets: WidgetInstance[]; layouts: PortalLayouts; hidden: string[]; hiddenWidgets: { i: string; widget: WidgetInstance['widget']; title?: string }[]; own: string[] }

/**
 * The user's view of a published page: base widgets they did not hide, plus widgets they added,
 * placed where they put them. The overlay refers to base widgets by instance id, so after a republish
 * new base widgets appear (at their base place) and removed ones are gone, whatever the overlay says.
 */
export function applyOverlay(base: PageContent, overlay: PortalOverlay | null, may: (w: WidgetInstance) => boolean): Resolved {
  const baseIds = new Set(base.widgets.map((w) => w.i));
  const hidden = (overlay?.hidden ?? []).filter((i) => baseIds.has(i));
  const hiddenSet = new Set(hidden);
  const widgets = [
    ...base.widgets.filter((w) => !hiddenSet.has(w.i)),
    ...(overlay?.added ?? []).filter((w) => !baseIds.has(w.i)),
  ].filter(may);
  const layouts = {} as PortalLayouts;
  for (const bp of PORTAL_BREAKPOINTS) {
    const mine = new Map((overlay?.layouts[bp] ?? []).map((it) => [it.i, it]));
    const baseItems = new Map(base.layouts[bp].map((it) => [it.i, it]));
    layouts[bp] = widgets.map((w) => mine.get(w.i) ?? baseItems.get(w.i)).filter((it): it is PortalLayoutItem => !!it);
  }
  return {
    widgets, layouts: completeLayouts(widgets, layouts),
    hidden: hidden.filter((i) => base.widgets.some((w) => w.i === i && may(w))),
    hiddenWidgets: base.widgets.filter((w) => hiddenSet.has(w.i) && may(w)).map(({ i, widget, title }) => ({ i, widget, title })),
    own: widgets.filter((w) => !baseIds.has(w.i)).map((w) => w.i),
  };
}
