import type { z } from 'zod';
import { organKeywordQuerySchema } from '@bencao/contracts';

interface Check { _zod: { def: { check: string; maximum?: number } } }
interface Inner { _zod: { def: { type: string; innerType?: Inner; in?: Inner; shape?: Record<string, Inner>; checks?: Check[] } } }

/** the schema under optional / nullable / default / transform wrappers */
function unwrap(schema: Inner): Inner {
  let cur = schema;
  for (let i = 0; i < 20; i++) {
    const { def } = cur._zod;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return cur;
    cur = next;
  }
  return cur;
}

/**
 * The most characters the shared schema allows in a text field (`field`, dotted for nested
 * objects), so an input stops there instead of the server answering "maximum length N" later.
 */
export function maxLengthOf(schema: z.ZodType, field: string): number | undefined {
  let cur = unwrap(schema as unknown as Inner);
  for (const part of field.split('.')) {
    const shape = cur._zod.def.shape;
    if (!shape?.[part]) return undefined;
    cur = unwrap(shape[part]);
  }
  if (cur._zod.def.type !== 'string') return undefined;
  const limits = (cur._zod.def.checks ?? []).map((c) => c._zod.def).filter((d) => d.check === 'max_length' && typeof d.maximum === 'number');
  return limits.length ? Math.min(...limits.map((d) => d.maximum!)) : undefined;
}

/** what the organ module's searches accept: a longer search would be refused with 400 */
const ORGAN_SEARCH_MAX = maxLengthOf(organKeywordQuerySchema, 'keyword') ?? 100;
/** the keyword the staff and organ pickers send for what was typed: trimmed and cut at the searches' limit */
export const pickerKeyword = (typed: string) => typed.trim().slice(0, ORGAN_SEARCH_MAX);
