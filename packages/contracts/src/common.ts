import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { codeSchema, optionalCodeSchema, optionalRoutePathSchema, routePathSchema } from './validators';

/**
 * Common components (SPEC §3 Menu type, Menu, Serial number rule, Region, Work calendar,
 * Dictionary, Dictionary item; §5 admin platform messages).
 */

const id = z.number().int().positive();
const required = { message: 'common.required' };
const name = z.string().trim().min(1, required).max(100);
const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const code = codeSchema(50, 'common.required');
const int = (key: string) => z.number({ message: key }).int({ message: key });

// ---------- menu categories and menus ----------
export const menuTypeSchema = z.object({ id: code, name });
export type MenuTypeInput = z.infer<typeof menuTypeSchema>;

export const menuResourceSchema = z.object({
  path: routePathSchema(300, 'common.required'),
  authorityId: codeSchema(200, 'common.required'),
});
export const menuActionSchema = z.object({
  actionName: name,
  actionCode: codeSchema(200, 'common.required'),
  resourceList: z.array(menuResourceSchema).max(50).default([]),
});
/** SPEC §5: "Menu seq must be an integer". */
export const menuSchema = z.object({
  menuTypeId: code,
  parentId: id.nullish().transform((v) => v ?? null),
  menuCode: codeSchema(100, 'common.required'),
  names: z.object({
    en: name,
    zh: z.string().trim().max(100).default(''),
    es: z.string().trim().max(100).default(''),
    ja: z.string().trim().max(100).default(''),
  }),
  isLeaf: z.boolean().default(true),
  path: optionalRoutePathSchema(300),
  scheme: optText(50),
  icon: optText(100),
  authority: optionalCodeSchema(200),
  target: optText(50),
  seq: int('common.seqInteger').min(0, { message: 'common.seqInteger' }).max(1_000_000),
  hidden: z.boolean().default(false),
  actionList: z.array(menuActionSchema).max(100).default([]),
});
export type MenuInput = z.infer<typeof menuSchema>;
export const menuQuerySchema = z.object({ menuTypeId: z.string().trim().min(1).max(50), keyword: z.string().trim().max(100).optional() });

// ---------- serial numbers ----------
export const SERIAL_TYPES = ['yearly', 'monthly', 'daily'] as const;
export type SerialType = (typeof SERIAL_TYPES)[number];
/** The date part of each period type. */
export const SERIAL_DATE_TOKEN: Record<SerialType, string> = { yearly: 'YYYY', monthly: 'YYYYMM', daily: 'YYYYMMDD' };
const PREFIX_LEAD_RE = /^[A-Za-z0-9_\-]{0,20}$/;

/**
 * SPEC §5: the prefix ends with the date part of the rule's type (YYYY yearly, YYYYMM monthly,
 * YYYYMMDD daily), optionally after a literal lead of letters, digits, "_" or "-" (e.g. "PO-YYYYMM").
 */
export function checkSerialPrefix(prefix: string, type: SerialType): boolean {
  const token = SERIAL_DATE_TOKEN[type];
  if (!prefix.endsWith(token)) return false;
  const lead = prefix.slice(0, -token.length);
  return PREFIX_LEAD_RE.test(lead) && !/[YMD]$/.test(lead);
}

/** The number a rule gives for a counter value in a period ("2026", "202605", "20260517"). */
export function formatSerial(rule: { prefix: string; suffix: string | null; length: number; type: SerialType }, value: number, period: string): string {
  const token = SERIAL_DATE_TOKEN[rule.type];
  return `${rule.prefix.slice(0, -token.length)}${period}${String(value).padStart(rule.length, '0')}${rule.suffix ?? ''}`;
}

export const serialRuleSchema = z.object({
  code: z.string().trim().min(1, required).max(50).regex(/^[A-Za-z][A-Za-z0-9_\-]*$/, { message: 'common.serialCode' }),
  name,
  isGlobal: z.boolean().default(true),
  organId: id.nullish().transform((v) => v ?? null),
  /** digits of the counter */
  length: int('common.integer').min(1).max(9),
  currentValue: int('common.integer').min(0).max(999_999_999).default(0),
  prefix: z.string().trim().min(1, required).max(40),
  suffix: z.string().trim().max(20).regex(/^[A-Za-z0-9_\-]*$/, { message: 'common.codeChars' }).nullish().transform((v) => v ?? ''),
  type: z.enum(SERIAL_TYPES),
}).superRefine((r, ctx) => {
  if (!checkSerialPrefix(r.prefix, r.type)) ctx.addIssue({ code: 'custom', path: ['prefix'], message: 'common.serialPrefix' });
  if (!r.isGlobal && r.organId === null) ctx.addIssue({ code: 'custom', path: ['organId'], message: 'common.serialOrgan' });
  if (r.currentValue > 10 ** r.length - 1) ctx.addIssue({ code: 'custom', path: ['currentValue'], message: 'common.serialValue', params: { n: r.length } });
});
export type SerialRuleInput = z.infer<typeof serialRuleSchema>;

// ---------- regions ----------
export const REGION_TYPES = ['country', 'province', 'city', 'county', 'street'] as const;
export type RegionType = (typeof REGION_TYPES)[number];
export const regionSchema = z.object({
  code: z.string().trim().min(1, required).max(20).regex(/^[A-Za-z0-9]+$/, { message: 'common.regionCode' }),
  name,
  shortName: optText(50),
  type: z.enum(REGION_TYPES),
  parentCode: z.string().trim().max(20).nullish().transform((v) => (v ? v : null)),
}).superRefine((r, ctx) => {
  if (r.type !== 'country' && !r.parentCode) ctx.addIssue({ code: 'custom', path: ['parentCode'], message: 'common.regionParentRequired' });
});
export type RegionInput = z.infer<typeof regionSchema>;
export const regionChildrenQuerySchema = z.object({ parentCode: z.string().trim().max(20).optional() });
export const regionSearchQuerySchema = z.object({
  keyword: z.string().trim().min(1, required).max(50),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export interface RegionNode { code: string; name: string; shortName: string | null; type: RegionType; parentCode: string | null; hasChildren: boolean }

// ---------- working calendar ----------
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isoDate = z.string().trim().regex(DATE_RE, { message: 'common.date' })
  .refine((s) => { const d = new Date(`${s}T00:00:00Z`); return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s; }, { message: 'common.date' });
/** holiday: a day off (public holiday); workday: a working day (e.g. an adjusted working weekend); default: as the weekday says */
export const CALENDAR_KINDS = ['holiday', 'workday', 'default'] as const;
export const calendarDaySchema = z.object({ kind: z.enum(CALENDAR_KINDS), name: optText(100) });
export const calendarYearQuerySchema = z.object({ year: z.coerce.number().int().min(1900).max(2200) });
export const isWorkingDayQuerySchema = z.object({ date: isoDate });
export const addWorkingDaysQuerySchema = z.object({ date: isoDate, days: z.coerce.number().int().min(-3660).max(3660) });
export interface CalendarDay { date: string; kind: 'holiday' | 'workday'; name: string | null }

// ---------- dictionaries ----------
export const dictSchema = z.object({ code, name, note: optText(500) });
export type DictInput = z.infer<typeof dictSchema>;
/** colours an item's tag may take wherever it is shown (antd's preset and status colours) */
export const DICT_COLORS = ['default', 'success', 'processing', 'warning', 'error', 'blue', 'green', 'orange', 'red', 'purple', 'cyan', 'gold', 'magenta', 'geekblue', 'lime', 'volcano'] as const;
export type DictColor = (typeof DICT_COLORS)[number];
export const dictItemSchema = z.object({
  dictId: id,
  code: z.string().trim().min(1, required).max(50),
  name,
  seq: int('common.integer').min(0).max(1_000_000).default(0),
  color: z.enum(DICT_COLORS).default('default'),
});
export type DictItemInput = z.infer<typeof dictItemSchema>;
export const dictItemQuerySchema = pageQuerySchema.extend({ dictId: z.coerce.number().int().positive(), keyword: z.string().trim().max(100).optional() });

export const commonKeywordQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export const serialQuerySchema = commonKeywordQuerySchema.extend({ type: z.enum(SERIAL_TYPES).optional() });
