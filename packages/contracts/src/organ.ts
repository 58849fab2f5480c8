import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { VALIDATOR_PATTERNS, codeSchema } from './validators';

/**
 * Organisation module (SPEC §3 Organ type, Organ view, Organ; §5 admin platform messages): organ
 * types, views (hierarchies of organs), organs placed in views, organ rules (which type may sit
 * under which) and the staff positions hold.
 */

export const TYPE_CODE_MAX = 10;
const id = z.number().int().positive();
const required = { message: 'organ.required' };
const name = z.string().trim().min(1, required).max(100);
const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const seq = z.number({ message: 'organ.seqInteger' }).int({ message: 'organ.seqInteger' }).min(0).max(1_000_000);

/** SPEC §5 / §9: "Type code length must not exceed 10". */
export const typeCode = z.string().trim().min(1, required).max(TYPE_CODE_MAX, { message: 'organ.typeCodeLength' })
  .regex(VALIDATOR_PATTERNS.code, { message: 'valid.code' });
const code = codeSchema(50, 'organ.required');

export const organTypeSchema = z.object({
  code: typeCode,
  name,
  parentCode: typeCode.nullish().transform((v) => v ?? null),
  /** a position type: an organ of this type holds (at most) one employee */
  holdsStaff: z.boolean().default(false),
  seq: seq.default(0),
  note: optText(500),
});
export type OrganTypeInput = z.infer<typeof organTypeSchema>;

export const organViewSchema = z.object({ code, name, note: optText(500) });
export type OrganViewInput = z.infer<typeof organViewSchema>;

const organFields = {
  code,
  typeCode,
  name,
  shortName: optText(50),
  principal: optText(100),
};
/** A new organ is placed in a view, under a parent (null: top level), at a display order. */
export const organCreateSchema = z.object({
  ...organFields,
  viewId: id,
  parentId: id.nullish().transform((v) => v ?? null),
  seq: seq.default(0),
});
export type OrganCreateInput = z.infer<typeof organCreateSchema>;
/** Editing an organ; with viewId, seq is its display order in that view. */
export const organUpdateSchema = z.object({
  ...organFields,
  viewId: id.optional(),
  seq: seq.optional(),
});
export type OrganUpdateInput = z.infer<typeof organUpdateSchema>;

/** Drag and drop in a view's tree: the new parent (null: top level) and the place among its children. */
export const organMoveSchema = z.object({
  parentId: id.nullish().transform((v) => v ?? null),
  index: z.number().int().min(0).max(1_000_000),
});
/** Places an existing organ in (another) view. */
export const organPlaceSchema = z.object({
  organId: id,
  parentId: id.nullish().transform((v) => v ?? null),
  seq: seq.default(0),
});

/** Which organ type may sit under which; a null parent type means "at the top level of a view". */
export const organRuleSchema = z.object({
  parentTypeCode: typeCode.nullish().transform((v) => v ?? null),
  childTypeCode: typeCode,
  note: optText(500),
});
export type OrganRuleInput = z.infer<typeof organRuleSchema>;

/** The dictionary the staff gender field picks from. */
export const GENDER_DICT = 'gender';

export const staffSchema = z.object({
  code,
  name,
  /** the position (an organ whose type holds staff) the employee holds */
  positionId: id.nullish().transform((v) => v ?? null),
  /** an item code of the `gender` dictionary */
  gender: z.string().trim().max(20).nullish().transform((v) => (v ? v : null)),
  mobile: z.string().trim().max(20).nullish().transform((v) => (v ? v : null))
    .refine((v) => v === null || /^1[3-8]\d{9}$/.test(v), { message: 'security.mobile' }),
  email: z.string().trim().max(200).nullish().transform((v) => (v ? v : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { message: 'security.email' }),
  note: optText(500),
});
export type StaffInput = z.infer<typeof staffSchema>;

export const organKeywordQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export const organRuleQuerySchema = organKeywordQuerySchema.extend({ typeCode: z.string().trim().max(TYPE_CODE_MAX).optional() });
export const staffQuerySchema = organKeywordQuerySchema.extend({
  positionId: z.coerce.number().int().positive().optional(),
  /** "true": only staff without a position */
  unassigned: z.enum(['true', 'false']).optional(),
});
export const organChildrenQuerySchema = z.object({ parentId: z.coerce.number().int().positive().optional() });
export const organSearchQuerySchema = z.object({ keyword: z.string().trim().min(1, required).max(100) });
export const organOptionsQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  typeCode: z.string().trim().max(TYPE_CODE_MAX).optional(),
  /** "true": only organs whose type holds staff (positions) */
  positions: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One organ as a node of a view's tree. */
export interface OrganNode {
  id: number;
  code: string;
  typeCode: string;
  typeName: string;
  holdsStaff: boolean;
  name: string;
  shortName: string | null;
  principal: string | null;
  parentId: number | null;
  seq: number;
  hasChildren: boolean;
  /** the employee holding a position */
  staffName?: string | null;
}
