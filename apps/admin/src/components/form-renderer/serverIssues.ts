import { dataFields, fieldLabel, translate, type FormSchema, type Lang } from '@bencao/contracts';

export interface FieldIssue { name: (string | number)[]; errors: string[] }

/**
 * The server answers a refused form with one message, "label: rule; label: rule" in the user's
 * language (forms/validate on the server). This finds the field each part names (also "Items row 2,
 * Qty" in a sub-table) so the error shows under that field; parts naming no field are left out.
 */
export function issuesFromMessage(schema: Pick<FormSchema, 'nodes'>, message: string, lang: Lang, values: Record<string, unknown> = {}): FieldIssue[] {
  const candidates: { prefix: string; name: (string | number)[] }[] = [];
  const prefixOf = (label: string) => translate(lang, 'error.validation', { field: label, rule: '' });
  for (const f of dataFields(schema)) {
    candidates.push({ prefix: prefixOf(fieldLabel(f, lang)), name: [f.key] });
    if (f.type !== 'subTable') continue;
    const rows = Array.isArray(values[f.key]) ? (values[f.key] as unknown[]).length : 0;
    for (let i = 0; i < rows; i++) {
      for (const c of f.columns ?? []) {
        const at = translate(lang, 'forms.rowField', { table: fieldLabel(f, lang), n: i + 1, field: fieldLabel(c, lang) });
        candidates.push({ prefix: prefixOf(at), name: [f.key, i, c.key] });
      }
    }
  }
  // the longest label first: "Amount due" is not "Amount"
  candidates.sort((a, b) => b.prefix.length - a.prefix.length);
  const out: FieldIssue[] = [];
  for (const part of message.split('; ')) {
    const hit = candidates.find((c) => part.startsWith(c.prefix));
    if (hit) out.push({ name: hit.name, errors: [part.slice(hit.prefix.length)] });
  }
  return out;
}
