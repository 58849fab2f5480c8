import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MailTemplates, ParticipantRule, WfLang } from '@bencao/contracts';
import { accounts, staff } from '../../../db/schema/index';
import { resolveParticipants } from './participants';
import type { Q } from './types';

/** A value at a dotted path (`data.items.0.qty`) of a JSON value. */
export function pathValue(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (typeof cur === 'object') cur = (cur as Record<string, unknown>)[part];
    else return undefined;
  }
  return cur;
}

const show = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** `{{name}}` / `{{variables.amount}}` → the value in `scope` (empty when missing); `encode` escapes each value (URLs). */
export function render(text: string, scope: Record<string, unknown>, encode: (s: string) => string = (s) => s): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\}\}/g, (_all, name: string) => {
    let v = pathValue(scope, name);
    if (v === undefined && scope.variables && typeof scope.variables === 'object') v = pathValue(scope.variables, name);
    return encode(show(v));
  });
}

/** the template of a language, English when that one has no subject */
export const templateOf = (t: MailTemplates, lang: WfLang) => (t[lang]?.subject ? t[lang] : t.en);

/** An account's e-mail: its own, else its staff member's (join `staff` on `accounts.staffId`). */
export const accountEmail = sql<string | null>`coalesce(nullif(${accounts.email}, ''), ${staff.email})`;

/** Fixed addresses plus the e-mail of the accounts a rule resolves to (the account's, else its staff member's). */
export async function mailReceivers(db: Q, emails: string[], rule: ParticipantRule | null, ctx: { instanceId: number | null; starterAccountId: number | null; variables: Record<string, unknown>; now: Date }): Promise<string[]> {
  const to = [...emails];
  if (rule) {
    const { accountIds } = await resolveParticipants(db, rule, ctx);
    if (accountIds.length) {
      const rows = await db.select({ email: accountEmail })
        .from(accounts).leftJoin(staff, eq(staff.id, accounts.staffId))
        .where(and(inArray(accounts.id, accountIds), isNotNull(accountEmail)))
        .orderBy(accounts.id);
      for (const r of rows) if (r.email) to.push(r.email);
    }
  }
  return [...new Set(to.map((e) => e.trim()).filter(Boolean))];
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);
