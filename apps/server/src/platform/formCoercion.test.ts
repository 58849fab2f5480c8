import { describe, expect, it } from 'vitest';
import qs from 'qs';
import { z } from 'zod';
import { coerceFormValue } from './formCoercion';

/** what the console sends: qs with dotted keys; what the server parses: qs with allowDots */
const viaForm = (body: unknown) => qs.parse(qs.stringify(body, { allowDots: true, arrayFormat: 'indices', encodeValuesOnly: true }), { allowDots: true, depth: 10, arrayLimit: 1000 });

describe('form bodies parse like JSON ones', () => {
  const schema = z.object({
    code: z.string().min(1),
    seq: z.number().int(),
    enabled: z.boolean(),
    threshold: z.number().min(0).max(1).optional(),
    organId: z.number().int().nullable(),
    email: z.string().email().nullable(),
    note: z.string().max(10).nullable(),
    ids: z.array(z.number().int()),
    tags: z.array(z.string()).default([]),
    nested: z.object({ weight: z.number(), mode: z.enum(['a', 'b']) }),
    kind: z.union([z.literal(1), z.literal('x')]),
    at: z.coerce.date().optional(),
  });
  const json = { code: '007', seq: 3, enabled: false, threshold: 0.5, organId: null, email: null, note: '', ids: [1, 2], tags: [], nested: { weight: 1.5, mode: 'b' }, kind: 1 };

  it('restores numbers, booleans, nulls, empty arrays and nested objects from strings', () => {
    const coerced = coerceFormValue(schema, viaForm(json));
    expect(schema.parse(coerced)).toEqual(schema.parse(json));
    expect((coerced as { code: string }).code).toBe('007');
  });

  it('keeps invalid input invalid, so the error names the field', () => {
    const coerced = coerceFormValue(schema, viaForm({ ...json, seq: '1.5x' }));
    const res = schema.safeParse(coerced);
    expect(res.success).toBe(false);
    expect(res.error!.issues[0].path).toEqual(['seq']);
  });

  it('an empty optional number is absent, an empty required number is missing', () => {
    const s = z.object({ a: z.number().optional(), b: z.number() });
    expect(coerceFormValue(s, { a: '', b: '' })).toEqual({});
  });

  it('picks the union member that parses (discriminated unions included)', () => {
    const u = z.discriminatedUnion('grant_type', [
      z.object({ grant_type: z.literal('password'), username: z.string() }),
      z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string() }),
    ]);
    expect(coerceFormValue(u, { grant_type: 'refresh_token', refresh_token: 'abc' })).toEqual({ grant_type: 'refresh_token', refresh_token: 'abc' });
  });
});
