import { boundedCel, type BoundedCel } from '@bencao/contracts/celBudget';
import { dataFields, parseFormBinding, type FormField, type FormSchema } from '@bencao/contracts';
import type { Db } from '../../../db/client';
import { formsService } from '../../forms/service';
import type { Problem, ProcessModel } from './model';

/**
 * Publish-time type check (issue 26): where the process's start form has a model name, every flow
 * condition and participants' expression is checked against that form's fields — a field the form does
 * not have, or a comparison its type does not allow, is a listed problem, so no instance can later stop
 * on a condition that cannot be evaluated.
 */

/** the CEL type of a stored value of the field (dyn where the value has no one type) */
function celType(f: FormField): string {
  switch (f.type) {
    case 'text': case 'textarea': case 'radio': case 'date': case 'time': case 'serial': case 'richText': return 'string';
    case 'select': return f.multiple ? 'list' : 'string';
    case 'number': case 'money': return 'double';
    case 'switch': return 'bool';
    case 'checkbox': case 'dateRange': case 'region': case 'upload': case 'subTable': return 'list';
    default: return 'dyn';
  }
}

const schemaOf = (form: FormSchema) => Object.fromEntries(dataFields(form).map((f) => [f.key, celType(f)]));

function environment(alias: string, form: FormSchema) {
  const fields = schemaOf(form);
  // the one CEL wrapper (contracts' celBudget.ts): its limits apply to the type check too
  const cel = boundedCel({ homogeneousAggregateLiterals: false }, 200);
  const env = cel.env;
  env.registerType('BencaoForm', { schema: fields });
  env.registerType('BencaoVariables', { schema: { [alias]: fields, outcome: 'string' } });
  env.registerVariable(alias, 'BencaoForm');
  env.registerVariable('outcome', 'string');
  env.registerVariable('variables', 'BencaoVariables');
  env.registerVariable('starter', 'int');
  env.registerVariable('instanceId', 'int');
  return cel;
}

/** the problem an expression has against the form, if any */
function problemOf(cel: BoundedCel, expression: string, elementId: string, name: string): Problem | null {
  const error = cel.problem(expression);
  if (!error) return null;
  const detail = String((error as Error)?.message ?? error).split('\n')[0];
  const unknown = /Unknown variable: ([\w.]+)|No such key: ([\w.]+)/.exec(detail);
  if (unknown) return { elementId, key: 'workflow.problem.unknownField', params: { name, field: unknown[1] ?? unknown[2] } };
  const overload = /no such overload: (.+)$/i.exec(detail);
  return { elementId, key: 'workflow.problem.fieldType', params: { name, detail: (overload ? overload[1] : detail).slice(0, 120) } };
}

export async function formTypeProblems(db: Db, model: ProcessModel): Promise<Problem[]> {
  const startId = model.starts.find((id) => parseFormBinding(model.elements[id]?.form));
  const binding = startId ? parseFormBinding(model.elements[startId].form) : null;
  if (!binding) return [];
  const forms = formsService(db);
  const alias = await forms.modelNameOf(binding.formId);
  if (!alias) return [];
  let form: FormSchema;
  try {
    form = (await forms.getVersion(binding)).schema;
  } catch {
    return [];
  }
  const env = environment(alias, form);
  const problems: Problem[] = [];
  for (const f of Object.values(model.flows)) {
    if (!f.condition) continue;
    const p = problemOf(env, f.condition, f.id, f.name ?? f.id);
    if (p) problems.push(p);
  }
  for (const el of Object.values(model.elements)) {
    const rule = el.assignment?.rule;
    if (rule?.kind !== 'expression') continue;
    const p = problemOf(env, rule.expression, el.id, el.name ?? el.id);
    if (p) problems.push(p);
  }
  return problems;
}
