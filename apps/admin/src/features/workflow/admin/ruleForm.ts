import type { ParticipantKind, ParticipantRule, ParticipantRuleInput } from '@bencao/contracts';

/**
 * The participants' rule as the form edits it: one object holding the fields of every kind (so switching
 * the kind keeps what was typed), turned into the API's rule of the chosen kind and back.
 */
export interface RuleFormValues {
  kind: ParticipantKind;
  accountIds?: number[];
  roles?: (number | string)[];
  organIds?: number[];
  includeChildren?: boolean;
  viewId?: number | null;
  positionIds?: number[];
  levels?: number | null;
  field?: string;
  expression?: string;
  ruleId?: number | null;
}

/** The kinds an operator picks from when editing a saved rule (a saved rule cannot point at another one). */
export const EDITABLE_KINDS = ['user', 'role', 'organ', 'position', 'starter', 'starterLeader', 'formField', 'expression'] as const satisfies readonly ParticipantKind[];

export const emptyRuleForm = (kind: ParticipantKind = 'role'): RuleFormValues => ({ kind, includeChildren: true, levels: 1 });

/** The form's values → the API's rule of the chosen kind (only that kind's fields). */
export function toRule(v: RuleFormValues): ParticipantRuleInput {
  switch (v.kind) {
    case 'user': return { kind: 'user', accountIds: v.accountIds ?? [] };
    case 'role': return { kind: 'role', roles: v.roles ?? [] };
    case 'organ': return { kind: 'organ', organIds: v.organIds ?? [], includeChildren: v.includeChildren ?? true, viewId: v.viewId ?? null };
    case 'position': return { kind: 'position', positionIds: v.positionIds ?? [] };
    case 'starter': return { kind: 'starter' };
    case 'starterLeader': return { kind: 'starterLeader', levels: v.levels === undefined ? undefined : (v.levels as number), viewId: v.viewId ?? null };
    case 'formField': return { kind: 'formField', field: v.field ?? '' };
    case 'expression': return { kind: 'expression', expression: v.expression ?? '' };
    case 'saved': return { kind: 'saved', ruleId: v.ruleId ?? (undefined as unknown as number) };
    default: return { kind: v.kind } as ParticipantRuleInput;
  }
}

/** The API's rule → the form's values (defaults for the fields of the other kinds). */
export function fromRule(rule: ParticipantRule | ParticipantRuleInput | null | undefined): RuleFormValues {
  if (!rule) return emptyRuleForm();
  return { ...emptyRuleForm(rule.kind), ...rule } as RuleFormValues;
}

/** How many things a rule names (for the list's summary), or null for kinds that name none. */
export function ruleSize(rule: ParticipantRule): number | null {
  switch (rule.kind) {
    case 'user': return rule.accountIds.length;
    case 'role': return rule.roles.length;
    case 'organ': return rule.organIds.length;
    case 'position': return rule.positionIds.length;
    default: return null;
  }
}
