import type { PluginKind } from '@bencao/contracts';

/** One row of a key → value table in a form (headers, answer mapping, variables). */
export interface KvRow { key?: string; value?: string }

/** A plugin type's settings as the form edits them: the kind's fields, records as rows. */
export interface PluginSettingsForm {
  url?: string; method?: string; timeoutMs?: number | null; sendVariables?: boolean;
  headers?: KvRow[]; mapping?: KvRow[]; expressions?: KvRow[];
  emails?: string[]; lang?: string; templates?: Record<string, { subject?: string; body?: string }>;
  title?: string; fields?: string[];
}

const toRecord = (rows: KvRow[] | undefined) =>
  Object.fromEntries((rows ?? []).filter((r) => (r.key ?? '').trim() !== '').map((r) => [(r.key ?? '').trim(), r.value ?? '']));
const toRows = (rec: unknown): KvRow[] =>
  rec && typeof rec === 'object' ? Object.entries(rec as Record<string, unknown>).map(([key, value]) => ({ key, value: String(value ?? '') })) : [];
const dropEmpty = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)));

/** The form's settings → the API's settings of the kind (only that kind's keys; empty ones left out). */
export function toPluginSettings(kind: PluginKind, f: PluginSettingsForm | undefined): Record<string, unknown> {
  const v = f ?? {};
  switch (kind) {
    case 'httpCall':
      // the run-time defaults (5000 ms, variables sent) need not be stored
      return dropEmpty({
        url: v.url?.trim(), method: v.method, timeoutMs: v.timeoutMs === 5000 ? undefined : v.timeoutMs, sendVariables: v.sendVariables === true ? undefined : v.sendVariables,
        headers: toRecord(v.headers), mapping: toRecord(v.mapping),
      });
    case 'setVariables':
      return { expressions: toRecord(v.expressions) };
    case 'mail':
      return dropEmpty({ emails: v.emails, lang: v.lang, templates: v.templates });
    case 'print':
      return dropEmpty({ title: v.title?.trim(), fields: v.fields });
    default:
      return {};
  }
}

/** The API's settings → the form's (records as rows). */
export function fromPluginSettings(settings: Record<string, unknown> | null | undefined): PluginSettingsForm {
  const s = settings ?? {};
  return {
    timeoutMs: 5000, sendVariables: true,
    ...(s as PluginSettingsForm),
    headers: toRows(s.headers), mapping: toRows(s.mapping), expressions: toRows(s.expressions),
  };
}
