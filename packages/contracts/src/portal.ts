import { z } from 'zod';

/**
 * Portal and page manager (issue 13): a tree of directories, pages and URL entries; a page is widget
 * instances placed on a grid per breakpoint; assignments give pages to roles, organs or users; each
 * user may keep a personal overlay of an unlocked page. The widget registry's server-side half is here
 * (ids, sizes, authority, settings schema); the console adds the components.
 */

/** desktop, tablet, phone (one column below 768 px) */
export const PORTAL_BREAKPOINTS = ['lg', 'md', 'sm'] as const;
export type PortalBreakpoint = (typeof PORTAL_BREAKPOINTS)[number];
/** container widths (the console pads the content by 16 px each side: a phone below 768 px gets one column) */
export const PORTAL_BREAKPOINT_WIDTHS: Record<PortalBreakpoint, number> = { lg: 992, md: 736, sm: 0 };
export const PORTAL_COLS: Record<PortalBreakpoint, number> = { lg: 12, md: 8, sm: 1 };
export const PORTAL_ROW_HEIGHT = 40;

const limit = (def: number, max = 20) => z.coerce.number().int().min(1).max(max).default(def);

/** Settings of each widget, checked on the server when a page or an overlay is saved (numbers coerced: the console form-encodes). */
export const WIDGET_SETTINGS = {
  todo: z.object({ limit: limit(5) }),
  started: z.object({ limit: limit(5) }),
  cc: z.object({ limit: limit(5) }),
  news: z.object({ kind: z.enum(['news', 'bid', 'job']).default('news'), limit: limit(6) }),
  shortcuts: z.object({ paths: z.array(z.string().trim().min(1).max(200)).max(24).default([]) }),
  bpmPerformance: z.object({ days: z.coerce.number().int().min(1).max(366).default(30), definitionKey: z.string().trim().max(100).optional() }),
  gatewayTraffic: z.object({ seconds: z.coerce.number().int().min(10).max(300).default(60) }),
  gatewayAlarms: z.object({ limit: limit(5) }),
  calendar: z.object({ days: z.coerce.number().int().min(1).max(14).default(5) }),
  loginStats: z.object({}),
  operationsWeek: z.object({}),
  richText: z.object({ html: z.string().max(20_000).default('') }),
  formChart: z.object({
    formId: z.coerce.number().int().positive(),
    groupBy: z.string().trim().min(1).max(50),
    aggregate: z.enum(['count', 'sum']).default('count'),
    valueField: z.string().trim().max(50).optional(),
    chart: z.enum(['bar', 'line', 'pie']).default('bar'),
  }).refine((s) => s.aggregate !== 'sum' || !!s.valueField, { message: 'valid.required', path: ['valueField'] }),
  frame: z.object({ url: z.string().trim().url({ message: 'portal.frameUrl' }).max(2000).refine((u) => /^https:\/\//i.test(u), { message: 'portal.frameUrl' }) }),
} as const;

export type WidgetId = keyof typeof WIDGET_SETTINGS;
export const WIDGET_IDS = Object.keys(WIDGET_SETTINGS) as WidgetId[];

export interface WidgetMeta {
  /** the authority the user needs to see it (`a|b`: any one); `login`: everyone */
  authority: string;
  w: number; h: number;
  minW: number; minH: number;
}

/** The registry's sizes (columns of the 12-column desktop grid, rows of 40 px) and authorities. */
export const WIDGETS: Record<WidgetId, WidgetMeta> = {
  todo: { authority: 'bpm:task', w: 6, h: 7, minW: 3, minH: 4 },
  started: { authority: 'bpm:task', w: 6, h: 7, minW: 3, minH: 4 },
  cc: { authority: 'bpm:task', w: 6, h: 7, minW: 3, minH: 4 },
  news: { authority: 'login', w: 6, h: 7, minW: 3, minH: 4 },
  shortcuts: { authority: 'login', w: 5, h: 6, minW: 2, minH: 3 },
  bpmPerformance: { authority: 'bpm:performance', w: 6, h: 8, minW: 4, minH: 6 },
  gatewayTraffic: { authority: 'gateway:metrics', w: 6, h: 8, minW: 4, minH: 6 },
  gatewayAlarms: { authority: 'gateway:alarm', w: 6, h: 7, minW: 3, minH: 4 },
  calendar: { authority: 'login', w: 4, h: 6, minW: 3, minH: 4 },
  loginStats: { authority: 'audit:online|audit:loginLog|audit:operationLog', w: 12, h: 3, minW: 4, minH: 3 },
  operationsWeek: { authority: 'audit:operationLog', w: 7, h: 7, minW: 4, minH: 5 },
  richText: { authority: 'login', w: 4, h: 4, minW: 2, minH: 2 },
  frame: { authority: 'login', w: 6, h: 8, minW: 3, minH: 4 },
  formChart: { authority: 'cform:form:data', w: 6, h: 8, minW: 4, minH: 6 },
};

/** Whether holders of `mine` may see widget `id` (the server filters with this; `*` holds all). */
export function mayUseWidget(id: WidgetId, holds: (authority: string) => boolean): boolean {
  const a = WIDGETS[id].authority;
  return a === 'login' || a.split('|').some(holds);
}

const instanceId = z.string().trim().min(1).max(40).regex(/^[A-Za-z0-9_-]+$/, { message: 'portal.instanceId' });
export const widgetInstanceSchema = z.object({
  i: instanceId,
  widget: z.enum(WIDGET_IDS as [WidgetId, ...WidgetId[]]),
  title: z.string().trim().max(60).optional(),
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type WidgetInstance = z.infer<typeof widgetInstanceSchema>;

const cell = z.number().int().min(0).max(1000);
export const layoutItemSchema = z.object({ i: instanceId, x: cell, y: cell, w: z.number().int().min(1).max(12), h: z.number().int().min(1).max(60) });
export type PortalLayoutItem = z.infer<typeof layoutItemSchema>;
export const layoutsSchema = z.object({
  lg: z.array(layoutItemSchema).max(200).default([]),
  md: z.array(layoutItemSchema).max(200).default([]),
  sm: z.array(layoutItemSchema).max(200).default([]),
});
export type PortalLayouts = z.infer<typeof layoutsSchema>;

/** Checks each instance's settings with its widget's schema and replaces them with the parsed value. */
function checkInstances(widgets: WidgetInstance[], ctx: z.RefinementCtx, at: string) {
  const seen = new Set<string>();
  widgets.forEach((w, n) => {
    if (seen.has(w.i)) ctx.addIssue({ code: 'custom', path: [at, n, 'i'], message: 'portal.instanceDuplicate' });
    seen.add(w.i);
    const r = WIDGET_SETTINGS[w.widget].safeParse(w.settings);
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: [at, n, 'settings', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message });
    else w.settings = r.data as Record<string, unknown>;
  });
}

/** Layout items must name an instance of the page and keep at least the widget's minimum size. */
function checkLayouts(layouts: PortalLayouts, byId: Map<string, WidgetInstance>, ctx: z.RefinementCtx) {
  for (const bp of PORTAL_BREAKPOINTS) {
    layouts[bp].forEach((item, n) => {
      const w = byId.get(item.i);
      if (!w) { ctx.addIssue({ code: 'custom', path: ['layouts', bp, n, 'i'], message: 'portal.layoutUnknown' }); return; }
      const meta = WIDGETS[w.widget];
      if (item.w > PORTAL_COLS[bp]) item.w = PORTAL_COLS[bp];
      if (item.h < meta.minH || (bp === 'lg' && item.w < meta.minW)) {
        ctx.addIssue({ code: 'custom', path: ['layouts', bp, n, 'h'], message: 'portal.tooSmall' });
      }
    });
  }
}

/** A page's content: its widget instances and their places per breakpoint (draft or published). */
export const pageContentSchema = z.object({
  widgets: z.array(widgetInstanceSchema).max(40).default([]),
  layouts: layoutsSchema,
}).superRefine((c, ctx) => {
  checkInstances(c.widgets, ctx, 'widgets');
  checkLayouts(c.layouts, new Map(c.widgets.map((w) => [w.i, w])), ctx);
});
export type PageContent = z.infer<typeof pageContentSchema>;

/** A user's changes to an unlocked page: places, hidden base widgets, widgets of their own. */
export const overlaySchema = z.object({
  layouts: layoutsSchema,
  hidden: z.array(instanceId).max(40).default([]),
  added: z.array(widgetInstanceSchema).max(20).default([]),
}).superRefine((o, ctx) => checkInstances(o.added, ctx, 'added'));
export type PortalOverlay = z.infer<typeof overlaySchema>;

export const PORTAL_NODE_KINDS = ['dir', 'page', 'url'] as const;
export type PortalNodeKind = (typeof PORTAL_NODE_KINDS)[number];
const required = { message: 'portal.required' };
export const portalNodeSchema = z.object({
  parentId: z.number().int().positive().nullish().transform((v) => v ?? null),
  kind: z.enum(PORTAL_NODE_KINDS),
  name: z.string().trim().min(1, required).max(60),
  url: z.string().trim().max(2000).nullish().transform((v) => (v ? v : null)),
  seq: z.number().int().min(0).max(1_000_000).default(0),
  /** account ids; when there are any, only they (and holders of every authority) may change the page */
  maintainers: z.array(z.number().int().positive()).max(50).default([]),
}).refine((n) => n.kind !== 'url' || (!!n.url && /^(https?:\/\/|\/)/i.test(n.url)), { message: 'portal.urlRequired', path: ['url'] });
export type PortalNodeInput = z.infer<typeof portalNodeSchema>;

export interface PortalNode {
  id: number; parentId: number | null; kind: PortalNodeKind; name: string; url: string | null; seq: number;
  maintainers: number[]; publishedVersion: number; publishedAt: string | null; hasDraftChanges: boolean;
}
export interface PortalPage extends PortalNode { draft: PageContent; published: PageContent | null }

/** `everyone` is the fallback of the default page; the others rank user > organ > role. */
export const PORTAL_SCOPES = ['user', 'organ', 'role', 'everyone'] as const;
export type PortalScope = (typeof PORTAL_SCOPES)[number];
export const assignmentSchema = z.object({
  pageId: z.number().int().positive(),
  scopeType: z.enum(PORTAL_SCOPES),
  scopeIds: z.array(z.number().int().positive()).max(500).default([]),
  priority: z.number().int().min(0).max(10_000).default(0),
  isDefault: z.boolean().default(true),
  locked: z.boolean().default(false),
}).refine((a) => a.scopeType === 'everyone' || a.scopeIds.length > 0, { message: 'portal.scopeIds', path: ['scopeIds'] });
export type AssignmentInput = z.infer<typeof assignmentSchema>;
export interface PortalAssignment extends AssignmentInput { id: number; pageName: string; scopeNames: string[] }

export const frameHostsSchema = z.object({
  hosts: z.array(z.string().trim().toLowerCase().min(1).max(253).regex(/^[a-z0-9.-]+(:\d{1,5})?$/, { message: 'portal.hostChars' })).max(100),
});

export const previewQuerySchema = z.object({ roleId: z.coerce.number().int().positive(), draft: z.enum(['0', '1']).default('1') });
export const scopeQuerySchema = z.object({
  type: z.enum(['role', 'organ', 'user']),
  keyword: z.string().trim().max(100).optional(),
  /** the names of these ids (a form's current value) instead of a search */
  ids: z.preprocess((v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive()).max(500)),
});
export interface ScopeOption { id: number; name: string; code: string }
export const homeQuerySchema = z.object({ pageId: z.coerce.number().int().positive().optional() });

/** What the console's home renders: the resolved page with the user's overlay applied. */
export interface PortalHome {
  pageId: number;
  name: string;
  locked: boolean;
  personalised: boolean;
  widgets: WidgetInstance[];
  layouts: PortalLayouts;
  /** base instance ids the user hid (to offer them back) */
  hidden: string[];
  hiddenWidgets: { i: string; widget: WidgetId; title?: string }[];
  /** instance ids of the widgets the user added */
  own: string[];
  /** other pages assigned to the user */
  others: { pageId: number; name: string }[];
}
