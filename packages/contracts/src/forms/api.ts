import { z } from 'zod';
import { boundedDocumentSchema } from '../jsonLimits';
import { pageQuerySchema } from '../paging';
import { optionalField, requiredText, httpUrlSchema } from '../validators';
import { formSchemaSchema } from './schema';

/** What a submitted form does besides being stored (SPEC §3 Form.action). */
export const FORM_ACTIONS = ['store', 'startProcess', 'callUrl'] as const;
export type FormAction = (typeof FORM_ACTIONS)[number];
export const FORM_STATUSES = ['draft', 'published'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

const optText = (max: number) => optionalField(z.string().trim().max(max, { message: 'valid.maxLength' }));

/** A form as the console saves it (the draft; publishing freezes it as a new version). */
export const formInputSchema = z.object({
  name: requiredText({ max: 100 }),
  description: optText(500),
  category: optText(50),
  action: z.enum(FORM_ACTIONS).default('store'),
  /** the process definition key (startProcess) or the address called (callUrl) */
  actionTarget: optText(300),
  /** an external page shown instead of the designed form */
  url: optionalField(httpUrlSchema),
  /** the alias under which submitted data is exposed to process conditions */
  modelName: optionalField(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/, { message: 'forms.keyFormat' })),
  schema: formSchemaSchema,
});
export type FormInput = z.infer<typeof formInputSchema>;

/** The JSON file of export/import: the form without its id, status and versions. */
export const formExportSchema = formInputSchema.extend({ format: z.literal('bencao-form').default('bencao-form') });
export type FormExport = z.infer<typeof formExportSchema>;

export const formQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
  status: z.enum(FORM_STATUSES).optional(),
  /** only forms with a published version (pickers) */
  published: z.enum(['true', 'false']).optional(),
});

export const formDataQuerySchema = pageQuerySchema.extend({
  /** a top-level field key, searched for `value` */
  field: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/, { message: 'forms.keyFormat' }).optional(),
  value: z.string().trim().max(200).optional(),
  /** text anywhere in the document */
  keyword: z.string().trim().max(200).optional(),
  version: z.coerce.number().int().positive().optional(),
});

export const formExportQuerySchema = formDataQuerySchema.omit({ page: true, limit: true }).extend({
  format: z.enum(['xlsx', 'csv']).default('xlsx'),
  lang: z.enum(['en', 'zh', 'es', 'ja']).optional(),
  /** the operator's UTC offset in minutes: times are written as their clock showed them (the list exports' rule) */
  utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
});

export const formSubmitSchema = z.object({ data: boundedDocumentSchema() });

// ───────────── a chart over the submitted documents (portal widget) ─────────────

export const FORM_CHART_AGGREGATES = ['count', 'sum'] as const;
export const FORM_CHART_TYPES = ['bar', 'line', 'pie'] as const;
const fieldKey = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,49}$/, { message: 'forms.keyFormat' });

/** `GET /api/forms/:id/chart`: the documents grouped by a top-level field, counted or a number field summed. */
export const formChartQuerySchema = z.object({
  groupBy: fieldKey,
  aggregate: z.enum(FORM_CHART_AGGREGATES).default('count'),
  /** the number or money field summed (aggregate `sum`) */
  valueField: fieldKey.optional(),
}).refine((q) => q.aggregate !== 'sum' || !!q.valueField, { message: 'valid.required', path: ['valueField'] });
export type FormChartQuery = z.infer<typeof formChartQuerySchema>;

/** One group: the stored value (null: not filled), how it reads in the caller's language, the count or sum. */
export interface FormChartPoint { key: string | null; label: string; value: number }

/** A row of the form list. */
export interface FormSummary {
  id: number;
  name: string;
  description: string | null;
  category: string | null;
  action: FormAction;
  status: FormStatus;
  /** the newest published version (0: never published) */
  version: number;
  /** the draft differs from the newest published version */
  dirty: boolean;
  updatedAt: string;
  updatedBy: string | null;
}

// ───────────── binding to workflow nodes ─────────────

export const FIELD_PERMISSIONS = ['write', 'read', 'hidden', 'required'] as const;
export type FieldPermission = (typeof FIELD_PERMISSIONS)[number];

/** The form a start event or user task shows (`bencao:form`): a frozen version and each field's permission there. */
export const formBindingSchema = z.object({
  formId: z.number().int().positive(),
  version: z.number().int().positive(),
  /** fields not listed get `defaultPermission` */
  fields: z.record(z.string(), z.enum(FIELD_PERMISSIONS)).default({}),
  defaultPermission: z.enum(FIELD_PERMISSIONS).default('read'),
});
export type FormBinding = z.infer<typeof formBindingSchema>;

export const permissionOf = (b: Pick<FormBinding, 'fields' | 'defaultPermission'>, key: string): FieldPermission =>
  b.fields?.[key] ?? b.defaultPermission ?? 'read';

/** The `bencao:form` attribute of a start event or user task; null when absent or not a valid binding. */
export function parseFormBinding(text: string | null | undefined): FormBinding | null {
  if (!text) return null;
  try {
    const parsed = formBindingSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
