import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsImport from 'ajv-formats';
import {
  PATTERN_RULES, SERVER_VALUED, dataFields, fieldLabel, fieldValueIssue, isEmptyValue, permissionOf, translate,
  type FieldPattern, type FieldPermission, type FormBinding, type FormField, type FormNode, type FormSchema, type Lang, type RuleIssue,
} from '@bencao/contracts';
import { isFieldRequired, isFieldVisible, recompute, type FormData } from '@bencao/contracts/forms/cel';
import { AppError } from '../../platform/errors';
import { sanitizeBody } from '../cms/sanitize';

/**
 * A form version's document check: ajv 8 compiled from the frozen schema (value kinds, options,
 * lengths, ranges, and the SPEC §5 patterns through the keyword `bencaoPattern`, whose predicates
 * are the console's), then the rules that depend on the data (required / requiredWhen / visibleWhen in
 * CEL) and on the workflow node (field permissions). Every message is a catalogue key worded in the
 * caller's language, "label: rule", the same text the console's renderer shows.
 */

const addFormats = addFormatsImport as unknown as (ajv: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addKeyword({
  keyword: 'bencaoPattern',
  type: 'string',
  schemaType: 'string',
  validate: (name: FieldPattern, value: string) => value === '' || (PATTERN_RULES[name]?.test(value) ?? true),
  error: { message: 'pattern' },
});

type Json = Record<string, unknown>;
const TIME = '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$';

/** The JSON Schema of one field's value (exported for the tests). */
export function fieldJsonSchema(f: FormField): Json {
  const text = (): Json => ({
    type: 'string',
    ...(f.minLength !== undefined ? { minLength: f.minLength } : {}),
    ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}),
    ...(f.pattern ? { bencaoPattern: f.pattern } : {}),
  });
  const typedOptions = f.options?.length && !f.dictCode ? { enum: f.options.map((o) => o.value) } : {};
  switch (f.type) {
    case 'text': case 'textarea': return text();
    case 'richText': return { type: 'string', maxLength: f.maxLength ?? 200_000 };
    case 'number': case 'money':
      return { type: 'number', ...(f.min !== undefined ? { minimum: f.min } : {}), ...(f.max !== undefined ? { maximum: f.max } : {}) };
    case 'date': return { type: 'string', format: 'date' };
    case 'dateRange': return { type: 'array', items: { type: 'string', format: 'date' }, minItems: 2, maxItems: 2 };
    case 'time': return { type: 'string', pattern: TIME };
    case 'select': case 'radio':
      return f.multiple && f.type === 'select'
        ? { type: 'array', items: { type: 'string', ...typedOptions }, maxItems: 500 }
        : { type: 'string', maxLength: 100, ...typedOptions };
    case 'checkbox': return { type: 'array', items: { type: 'string', ...typedOptions }, maxItems: 500 };
    case 'switch': return { type: 'boolean' };
    case 'organ': case 'user': return { type: 'integer', minimum: 1 };
    case 'region': return { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 6 };
    case 'upload': return {
      type: 'array', maxItems: 20,
      items: { type: 'object', required: ['url'], properties: { name: { type: 'string', maxLength: 255 }, url: { type: 'string', maxLength: 1000 } } },
    };
    case 'subTable': return {
      type: 'array', maxItems: 500,
      items: { type: 'object', additionalProperties: false, properties: Object.fromEntries((f.columns ?? []).map((c) => [c.key, nullable(fieldJsonSchema(c))])) },
    };
    case 'serial': return { type: 'string', maxLength: 100 };
    default: return {};
  }
}
const nullable = (s: Json): Json => (Object.keys(s).length ? { anyOf: [{ type: 'null' }, s] } : s);

/** The JSON Schema of a whole document. */
export function documentJsonSchema(schema: Pick<FormSchema, 'nodes'>): Json {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(dataFields(schema).map((f) => [f.key, fieldJsonSchema(f)])),
  };
}

const compiled = new Map<string, ValidateFunction>();
/** The compiled check of a frozen version (`cacheKey` "formId@version"; a draft passes no key and is not cached). */
export function compileDocument(schema: Pick<FormSchema, 'nodes'>, cacheKey?: string): ValidateFunction {
  const hit = cacheKey ? compiled.get(cacheKey) : undefined;
  if (hit) return hit;
  const fn = ajv.compile(documentJsonSchema(schema));
  if (cacheKey) {
    if (compiled.size > 500) compiled.clear();
    compiled.set(cacheKey, fn);
  }
  return fn;
}

/** The catalogue key of an ajv error (the same keys the console's rules use). */
function ajvIssue(e: ErrorObject, field: FormField | undefined): RuleIssue {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'minLength': return { message: 'valid.minLength', params: { n: Number(p.limit) } };
    case 'maxLength': return { message: 'valid.maxLength', params: { n: Number(p.limit) } };
    case 'minimum': return { message: 'forms.min', params: { n: Number(p.limit) } };
    case 'maximum': return { message: 'forms.max', params: { n: Number(p.limit) } };
    case 'maxItems': return { message: 'valid.maxItems', params: { n: Number(p.limit) } };
    case 'minItems': return { message: 'valid.minItems', params: { n: Number(p.limit) } };
    case 'enum': return { message: 'forms.notAnOption' };
    case 'bencaoPattern': return { message: field?.pattern ? PATTERN_RULES[field.pattern].message : 'valid.invalid' };
    case 'additionalProperties': return { message: 'forms.unknownField', params: { field: String(p.additionalProperty) } };
    default: return { message: 'forms.invalidType' };
  }
}

export interface LocatedIssue { label: string; issue: RuleIssue; order: number }

/** "label: rule; label: rule" in `lang`; a 400 with that message. */
export function issuesError(issues: LocatedIssue[], lang: Lang): AppError {
  const text = [...issues].sort((a, b) => a.order - b.order)
    .map((i) => translate(lang, 'error.validation', { field: i.label, rule: translate(lang, i.issue.message, i.issue.params ?? {}) }))
    .join('; ');
  return new AppError(400, text);
}

/** Where an ajv error is, as the label a person reads ("明细第 2 行的数量"). */
function locate(path: string, fields: FormField[], lang: Lang): { label: string; field?: FormField; order: number } {
  const [key, row, col] = path.replace(/^\//, '').split('/');
  const order = fields.findIndex((f) => f.key === key);
  const f = fields[order];
  if (!f) return { label: key || 'data', order: 1e6 };
  if (f.type === 'subTable' && row !== undefined && col !== undefined) {
    const c = f.columns?.find((x) => x.key === col);
    return {
      label: translate(lang, 'forms.rowField', { table: fieldLabel(f, lang), n: Number(row) + 1, field: c ? fieldLabel(c, lang) : col }),
      field: c, order: order + (Number(row) + 1) / 1000,
    };
  }
  return { label: fieldLabel(f, lang), field: f, order };
}

export interface CheckOptions {
  lang: Lang;
  /** the node's permissions (a standalone form: every field writable) */
  binding?: Pick<FormBinding, 'fields' | 'defaultPermission'>;
  /** the document as it stands (a task step), or the form's defaults (a new document) */
  previous?: FormData;
  cacheKey?: string;
  /** the codes of each dictionary the form's options come from (`dictCode` → codes) */
  dictValues?: Record<string, ReadonlySet<string>>;
}

/** Fields (also sub-table columns) whose options come from a dictionary. */
export const dictCodesOf = (schema: Pick<FormSchema, 'nodes'>): string[] =>
  [...new Set(dataFields(schema).flatMap((f) => [f, ...(f.columns ?? [])]).flatMap((f) => (f.dictCode ? [f.dictCode] : [])))];

/** Values of a dictionary-backed field that are not codes of its dictionary. */
function dictMisses(f: FormField, value: unknown, dicts: Record<string, ReadonlySet<string>>): boolean {
  if (!f.dictCode || isEmptyValue(value)) return false;
  const codes = dicts[f.dictCode] ?? new Set<string>();
  return (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && !codes.has(v));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The permission a field has at this node, with the schema's own read-only flag applied. */
export function effectivePermission(f: FormField, binding: CheckOptions['binding']): FieldPermission {
  const p = binding ? permissionOf(binding, f.key) : f.hidden ? 'hidden' : 'write';
  if (SERVER_VALUED.includes(f.type) && p !== 'hidden') return 'read';
  if (f.readOnly && (p === 'write' || p === 'required')) return 'read';
  return p;
}

/**
 * The console posts SPEC §7's form encoding, where every value arrives as text ("3", "true", "" for
 * null): numbers, switches and pickers of the schema are turned back into their kinds (also in
 * sub-table cells) and rich text is sanitized before the document is checked. Text that is not a valid value stays as it came
 * and fails the type check, naming the field.
 */
export function fromFormEncoding(schema: FormSchema, input: FormData): FormData {
  const cell = (f: FormField, v: unknown): unknown => {
    if (typeof v !== 'string') {
      if (f.type === 'subTable' && Array.isArray(v)) return v.map((row) => (row && typeof row === 'object' ? rowOf(f, row as FormData) : row));
      return v;
    }
    if (v === '' && f.type !== 'text' && f.type !== 'textarea' && f.type !== 'richText') return null;
    switch (f.type) {
      case 'number': case 'money': return v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
      case 'organ': case 'user': return /^\d+$/.test(v) ? Number(v) : v;
      case 'switch': return v === 'true' ? true : v === 'false' ? false : v;
      // the CMS allow-list: what a rich-text field stores is safe to show as HTML
      case 'richText': return sanitizeBody(v);
      default: return v;
    }
  };
  const rowOf = (table: FormField, row: FormData) => {
    const cols = new Map((table.columns ?? []).map((c) => [c.key, c]));
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, cols.has(k) ? cell(cols.get(k)!, v) : v]));
  };
  const byKey = new Map(dataFields(schema).map((f) => [f.key, f]));
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, byKey.has(k) ? cell(byKey.get(k)!, v) : v]));
}

/**
 * Checks a submitted document against a version and answers the document to store: writable
 * fields from `input`, everything else from `previous`, computed fields recomputed, values of
 * fields whose `visibleWhen` is false dropped. Throws a 400 naming each field and rule.
 */
export function checkDocument(schema: FormSchema, submitted: FormData, opts: CheckOptions): FormData {
  const { lang, binding } = opts;
  const input = fromFormEncoding(schema, submitted);
  const previous = opts.previous ?? {};
  const fields = dataFields(schema);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const issues: LocatedIssue[] = [];

  // fields the form does not have, and fields this node may not change
  for (const [key, value] of Object.entries(input)) {
    const f = byKey.get(key);
    if (!f) { issues.push({ label: key, issue: { message: 'forms.unknownField', params: { field: key } }, order: 1e6 }); continue; }
    const perm = effectivePermission(f, binding);
    if (SERVER_VALUED.includes(f.type)) continue; // recomputed / drawn: whatever came is ignored
    if ((perm === 'read' || perm === 'hidden') && !same(value, previous[key]) && !(isEmptyValue(value) && isEmptyValue(previous[key]))) {
      issues.push({ label: fieldLabel(f, lang), issue: { message: 'forms.notWritable' }, order: fields.indexOf(f) });
    }
  }
  if (issues.length) throw issuesError(issues, lang);

  // the document: writable values from the input, the rest as it was
  let doc: FormData = { ...previous };
  for (const f of fields) {
    const perm = effectivePermission(f, binding);
    if ((perm === 'write' || perm === 'required') && f.key in input) doc[f.key] = input[f.key];
  }
  for (const [k, v] of Object.entries(doc)) if (isEmptyValue(v)) delete doc[k];
  let { data, sums } = recompute(schema, doc);
  for (const f of fields) {
    if (f.visibleWhen && !isFieldVisible({ ...f, hidden: false }, data, sums) && !SERVER_VALUED.includes(f.type)) delete data[f.key];
  }
  ({ data, sums } = recompute(schema, data));
  doc = data;

  // value kinds, options, lengths, ranges, patterns (ajv)
  const validate = compileDocument(schema, opts.cacheKey);
  if (!validate(doc)) {
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      // a sub-table cell is `anyOf [null, x]`: the null branch's "type" and the anyOf itself say nothing new
      if (e.keyword === 'anyOf' || /\/anyOf\/0\/type$/.test(e.schemaPath)) continue;
      const at = locate(e.instancePath, fields, lang);
      if (seen.has(at.label)) continue;
      seen.add(at.label);
      issues.push({ label: at.label, issue: ajvIssue(e, at.field), order: at.order });
    }
  }

  // options from a dictionary: the codes it holds now
  if (opts.dictValues) {
    for (const f of fields) {
      const label = fieldLabel(f, lang);
      if (dictMisses(f, doc[f.key], opts.dictValues) && !issues.some((i) => i.label === label)) {
        issues.push({ label, issue: { message: 'forms.notAnOption' }, order: fields.indexOf(f) });
      }
      if (f.type !== 'subTable' || !Array.isArray(doc[f.key])) continue;
      (doc[f.key] as FormData[]).forEach((row, i) => {
        for (const c of f.columns ?? []) {
          const at = translate(lang, 'forms.rowField', { table: label, n: i + 1, field: fieldLabel(c, lang) });
          if (dictMisses(c, row?.[c.key], opts.dictValues!) && !issues.some((x) => x.label === at)) {
            issues.push({ label: at, issue: { message: 'forms.notAnOption' }, order: fields.indexOf(f) + (i + 1) / 1000 });
          }
        }
      });
    }
  }

  // required-ness: the schema's required / requiredWhen, or the node's "required"; only where the node may write
  for (const f of fields) {
    const perm = effectivePermission(f, binding);
    if (perm !== 'write' && perm !== 'required') continue;
    if (!isFieldVisible({ ...f, hidden: false }, doc, sums)) continue;
    const required = perm === 'required' || isFieldRequired(f, doc, sums);
    const label = fieldLabel(f, lang);
    if (issues.some((i) => i.label === label)) continue;
    const issue = fieldValueIssue(f, doc[f.key], required);
    if (issue) issues.push({ label, issue, order: fields.indexOf(f) });
    if (f.type === 'subTable' && Array.isArray(doc[f.key])) {
      (doc[f.key] as FormData[]).forEach((row, i) => {
        for (const c of f.columns ?? []) {
          if (c.type === 'computed') continue;
          const rowIssue = fieldValueIssue(c, row?.[c.key], isFieldRequired(c, row ?? {}, {}));
          const at = translate(lang, 'forms.rowField', { table: label, n: i + 1, field: fieldLabel(c, lang) });
          if (rowIssue && !issues.some((x) => x.label === at)) issues.push({ label: at, issue: rowIssue, order: fields.indexOf(f) + (i + 1) / 1000 });
        }
      });
    }
  }
  if (issues.length) throw issuesError(issues, lang);
  return doc;
}

/** The form as a node shows it: fields hidden there are taken out, the others carry their permission. */
export function schemaForNode(schema: FormSchema, binding: Pick<FormBinding, 'fields' | 'defaultPermission'>):
  { schema: FormSchema; permissions: Record<string, FieldPermission> } {
  const permissions: Record<string, FieldPermission> = {};
  const strip = (nodes: FormSchema['nodes']): FormSchema['nodes'] => nodes.flatMap<FormNode>((n) => {
    if (n.kind === 'field') {
      if (n.type === 'divider' || n.type === 'description') return [n];
      const p = effectivePermission(n, binding);
      if (p === 'hidden') return [];
      permissions[n.key] = p;
      return [{ ...n, readOnly: p === 'read', required: p === 'required' ? true : n.required }];
    }
    if (n.kind === 'row') return [{ ...n, columns: n.columns.map((c) => ({ ...c, children: strip(c.children) })) }];
    if (n.kind === 'group') return [{ ...n, children: strip(n.children) }];
    return [{ ...n, tabs: n.tabs.map((t) => ({ ...t, children: strip(t.children) })) }];
  });
  return { schema: { ...schema, nodes: strip(schema.nodes) }, permissions };
}

/** The values a node may see: hidden fields taken out. */
export function dataForNode(schema: FormSchema, data: FormData, binding: Pick<FormBinding, 'fields' | 'defaultPermission'>): FormData {
  const out: FormData = {};
  for (const f of dataFields(schema)) if (effectivePermission(f, binding) !== 'hidden' && f.key in data) out[f.key] = data[f.key];
  return out;
}

/** A new document's starting values: each field's default. */
export function defaultsOf(schema: FormSchema): FormData {
  const out: FormData = {};
  for (const f of dataFields(schema)) if (f.defaultValue !== undefined && !isEmptyValue(f.defaultValue)) out[f.key] = f.defaultValue;
  return out;
}

/** The fields a step changed: {key: [before, after]}. */
export function diffOf(before: FormData, after: FormData): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[k], after[k])) out[k] = [before[k] ?? null, after[k] ?? null];
  }
  return out;
}
