import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { formatIssue, translate, type Lang } from '@bencao/contracts';

const LANGS = ['en', 'zh', 'es', 'ja'];
export const langOf = (language: string | undefined): Lang => {
  const l = (language ?? 'en').slice(0, 2);
  return (LANGS.includes(l) ? l : 'en') as Lang;
};

type Path = readonly PropertyKey[];

/** the part of `path` below `field` ("ips" in ips.0 → [0]); null when the path is not the field's */
function below(path: Path, field: string): PropertyKey[] | null {
  const parts = field.split('.');
  if (path.length < parts.length || parts.some((p, i) => String(path[i]) !== p)) return null;
  return path.slice(parts.length);
}

/** a rule's words at its field: as they are for the field itself, "item 2: …" for an item of a list field */
function atField(rest: readonly PropertyKey[], rule: string, lang: Lang): string {
  const index = rest.length ? Number(rest[0]) : NaN;
  return Number.isInteger(index) && index >= 0 ? translate(lang, 'valid.item', { n: index + 1, rule }) : rule;
}

/**
 * An antd rule that checks one field with the same zod schema the server uses: the whole form is
 * parsed (cross-field rules such as "passwords do not match" apply) and the issues of this field are
 * shown, worded like the server's messages. Issues of a list field's items (path `ips.1`) are shown at
 * the list field, each naming its item ("item 2: …").
 */
export function zodRule(schema: z.ZodType, lang: Lang, prepare: (values: Record<string, unknown>) => unknown = (v) => v): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (rule) => {
      const field = (rule as { field?: string }).field ?? '';
      // with the input in each issue, an empty select reads "cannot be empty" like an empty text
      const res = schema.safeParse(prepare(getFieldsValue(true)), { reportInput: true });
      if (res.success) return;
      const own = res.error.issues.find((i) => i.path.join('.') === field);
      const words = (issue: z.core.$ZodIssue) => formatIssue({ ...(issue as object), code: issue.code, message: issue.message } as never, lang);
      if (own) throw new Error(words(own));
      const items = res.error.issues.flatMap((i) => {
        const rest = below(i.path, field);
        return rest?.length ? [atField(rest, words(i), lang)] : [];
      });
      if (items.length) throw new Error([...new Set(items)].join(lang === 'zh' || lang === 'ja' ? '；' : '; '));
    },
  });
}

// the server's 400 names each failed field by its path and the rule: "ips.0: …" ("ips.0：…" in zh/ja), several joined by "; "
const SEGMENT = /^([A-Za-z_$][\w$]*(?:\.[\w$]+)*)\s*[:：]\s*([\s\S]+)$/;
const SPLIT = /;\s+(?=[A-Za-z_$][\w$]*(?:\.[\w$]+)*\s*[:：])/;

/**
 * The field errors of a server's 400 answer (the message of the request client's error), placed at
 * the form's fields: `fields` are the form's field names (nested ones dotted); a path below a field
 * (`ips.0`) is shown at that field naming the item. Answers the errors found (empty: none of the
 * form's fields is named, e.g. not a validation answer).
 */
export function serverFieldErrors(e: unknown, fields: readonly string[], lang: Lang): { name: (string | number)[]; errors: string[] }[] {
  const err = e as { status?: number; message?: string } | null;
  if (err?.status !== 400 || !err.message) return [];
  const byLongest = [...fields].sort((a, b) => b.length - a.length);
  const out = new Map<string, string[]>();
  for (const segment of err.message.split(SPLIT)) {
    const m = SEGMENT.exec(segment.trim());
    if (!m) continue;
    const path = m[1].split('.');
    const field = byLongest.find((f) => below(path, f) !== null);
    if (!field) continue;
    const words = atField(below(path, field)!, m[2].trim(), lang);
    out.set(field, [...(out.get(field) ?? []), words]);
  }
  return [...out].map(([field, errors]) => ({ name: field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors }));
}

/** shows a server's 400 at the form's fields (see serverFieldErrors); answers whether any field got an error */
export function applyServerErrors(form: FormInstance, e: unknown, lang: Lang, fields: readonly string[] = Object.keys(form.getFieldsValue(true) ?? {})): boolean {
  const found = serverFieldErrors(e, fields, lang);
  if (found.length) form.setFields(found);
  return found.length > 0;
}
