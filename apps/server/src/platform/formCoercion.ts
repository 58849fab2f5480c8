import type { z } from 'zod';

/* Zod 4's internal definition, as far as coercion needs it. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const TRUE = new Set(['true', '1', 'on', 'yes']);
const FALSE = new Set(['false', '0', 'off', 'no']);

/**
 * A form-encoded body (SPEC §7: `a.b=1&list[0]=x`) carries only strings. Guided by the route's zod
 * schema, this turns them into what the same body sent as JSON would hold — numbers, booleans,
 * dates, null for an empty nullable value, [] for an absent array — so both encodings go through
 * one schema with one result. Values the schema does not describe are left as they are.
 */
export function coerceFormValue(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return value === undefined ? undefined : coerceFormValue(def.innerType!, value);
    case 'nullable': {
      if (value === null) return null;
      if (value === '') {
        const kept = coerceFormValue(def.innerType!, value);
        return kept !== undefined && def.innerType!.safeParse(kept).success ? kept : null;
      }
      return coerceFormValue(def.innerType!, value);
    }
    case 'default': case 'prefault': case 'catch': case 'readonly': case 'nonoptional':
      return coerceFormValue(def.innerType!, value);
    case 'pipe':
      return coerceFormValue(def.in!, value);
    case 'lazy':
      return coerceFormValue(def.getter!(), value);
    case 'number': case 'int': case 'bigint': {
      if (typeof value !== 'string') return value;
      const s = value.trim();
      if (s === '') return undefined;
      const n = Number(s);
      return Number.isFinite(n) ? (def.type === 'bigint' ? BigInt(s) : n) : value;
    }
    case 'boolean': {
      if (typeof value !== 'string') return value;
      const s = value.trim().toLowerCase();
      if (s === '') return undefined;
      return TRUE.has(s) ? true : FALSE.has(s) ? false : value;
    }
    case 'date':
      return typeof value === 'string' && value.trim() ? new Date(value) : value === '' ? undefined : value;
    case 'null':
      return value === '' ? null : value;
    case 'literal': {
      if (typeof value !== 'string') return value;
      const hit = (def.values ?? []).find((v) => String(v) === value);
      return hit === undefined ? value : hit;
    }
    case 'array': {
      if (value === undefined || value === '') return [];
      const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [value];
      return list.map((v) => coerceFormValue(def.element!, v));
    }
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const coerced = coerceFormValue(field, out[key]);
        if (coerced === undefined) delete out[key]; else out[key] = coerced;
      }
      return out;
    }
    case 'record': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value === '' ? {} : value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerceFormValue(def.valueType!, v)]));
    }
    case 'union': {
      for (const option of def.options ?? []) {
        const coerced = coerceFormValue(option, value);
        if (option.safeParse(coerced).success) return coerced;
      }
      return value;
    }
    case 'intersection':
      return coerceFormValue(def.right!, coerceFormValue(def.left!, value));
    default:
      return value;
  }
}

export const isZodSchema = (s: unknown): s is z.ZodType => !!s && typeof s === 'object' && '_zod' in s;
