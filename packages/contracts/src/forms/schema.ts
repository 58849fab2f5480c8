import { z } from 'zod';
import { LANGS, type Lang } from '../lang';

/**
 * The one JSON form schema (issue 12): designed in the console, rendered by the one renderer,
 * compiled to ajv on the server. Layout nodes (rows with columns, groups, tabs) only arrange fields;
 * the submitted document is flat by field key, a sub-table's value being a list of row objects.
 */

export type LocalText = Partial<Record<Lang, string>>;

/** SPEC §5 field patterns by name (the predicates and messages are in validators.ts). */
export const FIELD_PATTERNS = [
  'mobile', 'email', 'naturalNumber', 'letters', 'landline', 'bankCard', 'idNumber', 'chineseIdCard', 'qq', 'httpUrl',
  'lettersDigits20', 'chineseEnglishSpace', 'digitsLines', 'userName',
] as const;
export type FieldPattern = (typeof FIELD_PATTERNS)[number];

export const FIELD_TYPES = [
  'text', 'textarea', 'number', 'money', 'date', 'dateRange', 'time', 'select', 'radio', 'checkbox', 'switch',
  'organ', 'user', 'region', 'upload', 'richText', 'subTable', 'serial', 'computed', 'divider', 'description',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Widgets that show something but hold no value. */
export const DISPLAY_ONLY: readonly FieldType[] = ['divider', 'description'];
/** Widgets whose value the server sets (the user never writes them). */
export const SERVER_VALUED: readonly FieldType[] = ['serial', 'computed'];
/** Widgets that may sit in a sub-table's row. */
export const SUB_TABLE_COLUMN_TYPES: readonly FieldType[] = ['text', 'number', 'money', 'date', 'select', 'switch', 'computed'];

export interface FieldOption { value: string; label: LocalText }

export interface FormField {
  kind: 'field';
  id: string;
  key: string;
  type: FieldType;
  label: LocalText;
  placeholder?: LocalText;
  defaultValue?: unknown;
  required?: boolean;
  readOnly?: boolean;
  hidden?: boolean;
  pattern?: FieldPattern;
  minLength?: number;
  maxLength?: number;
  /** CEL over `data` (and `sums`): the field shows only while this is true */
  visibleWhen?: string;
  /** CEL: the field is required while this is true */
  requiredWhen?: string;
  /** width in a 24-column grid */
  span?: number;
  options?: FieldOption[];
  /** options from a dictionary (common components) instead of typed-in options */
  dictCode?: string;
  /** select: many values */
  multiple?: boolean;
  /** number / money */
  precision?: number;
  min?: number;
  max?: number;
  currency?: string;
  /** computed: CEL expression over `data` and `sums` */
  expression?: string;
  /** serial: code of a serial number rule, drawn on submit */
  serialRule?: string;
  /** upload: images only */
  imagesOnly?: boolean;
  /** sub-table: the fields of one row */
  columns?: FormField[];
  /** sub-table: keys of columns whose totals are shown (and exposed as sums.<table>.<column>) */
  sumColumns?: string[];
  /** description: the text shown */
  text?: LocalText;
}

export interface RowColumn { id: string; span: number; children: FormNode[] }
export interface FormRow { kind: 'row'; id: string; columns: RowColumn[] }
export interface FormGroup { kind: 'group'; id: string; title: LocalText; children: FormNode[] }
export interface FormTab { id: string; title: LocalText; children: FormNode[] }
export interface FormTabs { kind: 'tabs'; id: string; tabs: FormTab[] }
export type FormNode = FormField | FormRow | FormGroup | FormTabs;

export interface FormSchema {
  /** schema format version */
  version: 1;
  labelWidth?: number;
  nodes: FormNode[];
}

// ───────────── zod for the schema itself ─────────────

const localText = z.object(Object.fromEntries(LANGS.map((l) => [l, z.string().max(500).optional()]))) as z.ZodType<LocalText>;
const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
const cel = z.string().trim().max(1000).optional();

export const formFieldSchema: z.ZodType<FormField> = z.lazy(() => z.object({
  kind: z.literal('field'),
  id: z.string().min(1).max(64),
  key: z.string().regex(KEY, { message: 'forms.keyFormat' }),
  type: z.enum(FIELD_TYPES),
  label: localText,
  placeholder: localText.optional(),
  defaultValue: z.unknown().optional(),
  required: z.boolean().optional(),
  readOnly: z.boolean().optional(),
  hidden: z.boolean().optional(),
  pattern: z.enum(FIELD_PATTERNS).optional(),
  minLength: z.number().int().min(0).max(100000).optional(),
  maxLength: z.number().int().min(1).max(100000).optional(),
  visibleWhen: cel,
  requiredWhen: cel,
  span: z.number().int().min(1).max(24).optional(),
  options: z.array(z.object({ value: z.string().min(1).max(100), label: localText })).max(500).optional(),
  dictCode: z.string().max(50).optional(),
  multiple: z.boolean().optional(),
  precision: z.number().int().min(0).max(8).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  currency: z.string().max(10).optional(),
  expression: cel,
  serialRule: z.string().max(50).optional(),
  imagesOnly: z.boolean().optional(),
  columns: z.array(formFieldSchema).max(50).optional(),
  sumColumns: z.array(z.string()).max(50).optional(),
  text: localText.optional(),
}));

export const formNodeSchema: z.ZodType<FormNode> = z.lazy(() => z.union([
  formFieldSchema,
  z.object({
    kind: z.literal('row'), id: z.string().min(1).max(64),
    columns: z.array(z.object({ id: z.string().min(1).max(64), span: z.number().int().min(1).max(24), children: z.array(formNodeSchema) })).min(1).max(6),
  }),
  z.object({ kind: z.literal('group'), id: z.string().min(1).max(64), title: localText, children: z.array(formNodeSchema) }),
  z.object({
    kind: z.literal('tabs'), id: z.string().min(1).max(64),
    tabs: z.array(z.object({ id: z.string().min(1).max(64), title: localText, children: z.array(formNodeSchema) })).min(1).max(20),
  }),
]));

/** The schema, with the rules no single node can check: keys unique, sub-tables well formed. */
export const formSchemaSchema: z.ZodType<FormSchema> = z.object({
  version: z.literal(1),
  labelWidth: z.number().int().min(40).max(400).optional(),
  nodes: z.array(formNodeSchema).max(500),
}).superRefine((s, ctx) => {
  const seen = new Set<string>();
  for (const f of formFields(s as FormSchema)) {
    if (seen.has(f.key)) ctx.addIssue({ code: 'custom', message: 'forms.keyTaken', params: { key: f.key }, path: ['nodes'] });
    seen.add(f.key);
    if (f.type === 'subTable') {
      const cols = new Set<string>();
      for (const c of f.columns ?? []) {
        if (cols.has(c.key)) ctx.addIssue({ code: 'custom', message: 'forms.keyTaken', params: { key: `${f.key}.${c.key}` }, path: ['nodes'] });
        cols.add(c.key);
      }
    }
    if (f.minLength !== undefined && f.maxLength !== undefined && f.maxLength < f.minLength) {
      ctx.addIssue({ code: 'custom', message: 'valid.maxBelowMin', path: ['nodes'] });
    }
  }
}) as z.ZodType<FormSchema>;

// ───────────── walking the tree ─────────────

export function childrenOf(n: FormNode): FormNode[] {
  switch (n.kind) {
    case 'row': return n.columns.flatMap((c) => c.children);
    case 'group': return n.children;
    case 'tabs': return n.tabs.flatMap((t) => t.children);
    default: return [];
  }
}

/** Every field of the form in reading order, layout flattened (sub-table columns stay inside their table). */
export function formFields(schema: Pick<FormSchema, 'nodes'>): FormField[] {
  const out: FormField[] = [];
  const walk = (ns: FormNode[]) => { for (const n of ns) if (n.kind === 'field') out.push(n); else walk(childrenOf(n)); };
  walk(schema.nodes);
  return out;
}

/** Fields that hold a value in the submitted document. */
export const dataFields = (schema: Pick<FormSchema, 'nodes'>) => formFields(schema).filter((f) => !DISPLAY_ONLY.includes(f.type));

/**
 * Which languages stand in for a missing translation, nearest first (issue 28, item 2): Japanese
 * readers read Chinese before English, Spanish readers English before Chinese.
 */
export const TEXT_FALLBACK: Readonly<Record<Lang, readonly Lang[]>> = {
  en: ['en', 'zh', 'es', 'ja'], zh: ['zh', 'en', 'ja', 'es'], es: ['es', 'en', 'zh', 'ja'], ja: ['ja', 'zh', 'en', 'es'],
};

/** The text in `lang`, or the nearest translation there is (TEXT_FALLBACK), else `fallback` (the key). */
export function textOf(t: LocalText | undefined, lang: Lang, fallback = ''): string {
  for (const l of TEXT_FALLBACK[lang] ?? LANGS) if (t?.[l]?.trim()) return t[l]!;
  return fallback;
}

/** The languages a text has no translation in (all four when it is empty). */
export const missingLangs = (t: LocalText | undefined): Lang[] => LANGS.filter((l) => !t?.[l]?.trim());

export interface Untranslated { id: string; key?: string; text: LocalText | undefined; missing: Lang[] }

/**
 * The labels, group and tab titles and option labels of a form that lack a translation, one entry per
 * node (its options' gaps counted with it), in reading order: what the designer marks before publishing.
 */
export function untranslatedNodes(schema: Pick<FormSchema, 'nodes'>): Untranslated[] {
  const out: Untranslated[] = [];
  const add = (id: string, text: LocalText | undefined, texts: (LocalText | undefined)[], key?: string) => {
    const missing = LANGS.filter((l) => texts.some((x) => !x?.[l]?.trim()));
    if (missing.length) out.push({ id, key, text, missing });
  };
  const walk = (ns: FormNode[]) => {
    for (const n of ns) {
      if (n.kind === 'field') {
        const texts = [n.label, ...(n.options ?? []).map((o) => o.label), ...(n.type === 'description' ? [n.text] : [])];
        // a divider without a title is meant to have none
        add(n.id, n.label, n.type === 'divider' ? texts.filter((x) => missingLangs(x).length < LANGS.length) : texts, n.key);
        walk(n.columns ?? []);
      } else if (n.kind === 'group') { add(n.id, n.title, [n.title]); walk(n.children); }
      else if (n.kind === 'tabs') for (const t of n.tabs) { add(t.id, t.title, [t.title]); walk(t.children); }
      else walk(childrenOf(n));
    }
  };
  walk(schema.nodes);
  return out;
}
export const fieldLabel = (f: FormField, lang: Lang) => textOf(f.label, lang, f.key);

export const emptyFormSchema = (): FormSchema => ({ version: 1, nodes: [] });
