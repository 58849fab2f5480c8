import { z } from 'zod';
import { documentProblem } from './jsonLimits';

/**
 * An account's own console preferences (a list's columns and density, …), kept on the server so they
 * follow the operator to another browser. The key names what they are for (`list:security.accounts`);
 * the value is a small JSON document the console owns.
 */
export const PREFERENCE_MAX_KB = 16;
/** how many keys one account may keep (a list kit writes one per list) */
export const PREFERENCES_PER_ACCOUNT = 300;

export const preferenceKeySchema = z.string().trim().min(1, { message: 'valid.required' }).max(100)
  .regex(/^[A-Za-z][A-Za-z0-9_.:-]*$/, { message: 'valid.code' });

export const preferenceValueSchema = z.unknown().superRefine((value, ctx) => {
  if (value === undefined) { ctx.addIssue({ code: 'custom', message: 'valid.required' }); return; }
  const p = documentProblem(value, { maxDepth: 8, maxBytes: PREFERENCE_MAX_KB * 1024 });
  if (p) ctx.addIssue({ code: 'custom', message: p.rule === 'tooDeep' ? 'valid.jsonTooDeep' : 'valid.jsonTooLarge', params: { n: p.n } });
});

export const preferenceInputSchema = z.object({ value: preferenceValueSchema });
export type PreferenceInput = z.infer<typeof preferenceInputSchema>;
