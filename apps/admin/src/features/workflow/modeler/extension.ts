import { MI_COMPLETIONS, parseWorkingDays, type BencaoAssignment, type MiCompletion, type OnEmpty } from '@bencao/contracts';

/**
 * Reading and writing the `bencao` extension (packages/contracts/src/workflow/moddle.ts) on the
 * business objects bpmn-js edits. Reads turn attributes into the properties panel's values; writes
 * turn the panel's values into property maps for `modeling.updateProperties` /
 * `modeling.updateModdleProperties`, so every change is one undoable command and lands in the XML.
 */

/** What a moddle element offers (bpmn-js business objects and bpmn-moddle elements alike). */
export interface ModdleElement {
  $type: string;
  id?: string;
  name?: string;
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  [key: string]: unknown;
}
export interface ModdleFactory { create(type: string, attrs?: Record<string, unknown>): ModdleElement }

/** The kinds of element the properties panel has a section for. */
export type ElementKind = 'process' | 'userTask' | 'serviceTask' | 'callActivity' | 'sequenceFlow' | 'timerEvent' | 'startEvent' | 'event' | 'gateway' | 'other';

export function timerDefinition(bo: ModdleElement): ModdleElement | null {
  const defs = (bo.get('eventDefinitions') as ModdleElement[] | undefined) ?? [];
  return defs.find((d) => d.$type === 'bpmn:TimerEventDefinition') ?? null;
}

export function elementKind(bo: ModdleElement | null | undefined): ElementKind {
  if (!bo) return 'other';
  switch (bo.$type) {
    case 'bpmn:Process': case 'bpmn:Collaboration': return 'process';
    case 'bpmn:UserTask': return 'userTask';
    case 'bpmn:ServiceTask': return 'serviceTask';
    case 'bpmn:CallActivity': return 'callActivity';
    case 'bpmn:SequenceFlow': return 'sequenceFlow';
    default:
      if (/Event$/.test(bo.$type)) {
        if (timerDefinition(bo)) return 'timerEvent';
        return bo.$type === 'bpmn:StartEvent' ? 'startEvent' : 'event';
      }
      return /Gateway$/.test(bo.$type) ? 'gateway' : 'other';
  }
}

// ---------- user task: participants ----------

/** `bencao:assignment` JSON → the assignment; null when absent or not valid JSON of an object. */
export function parseAssignment(text: unknown): BencaoAssignment | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as BencaoAssignment) : null;
  } catch {
    return null;
  }
}

/** The assignment → its JSON text, leaving out defaults; undefined (attribute removed) when it says nothing. */
export function serializeAssignment(a: BencaoAssignment | null | undefined): string | undefined {
  if (!a || (a.ruleId == null && !a.rule)) return undefined;
  const out: BencaoAssignment = a.ruleId != null ? { ruleId: a.ruleId } : { rule: a.rule };
  if (a.onEmpty && a.onEmpty !== 'admin') out.onEmpty = a.onEmpty as OnEmpty;
  if (a.autoPassSameApprover) out.autoPassSameApprover = true;
  return JSON.stringify(out);
}

// ---------- user task: buttons and due time ----------

export const parseButtons = (text: unknown): string[] =>
  (typeof text === 'string' ? text.split(',').map((s) => s.trim()).filter(Boolean) : []);
export const joinButtons = (codes: readonly string[] | null | undefined): string | undefined =>
  (codes && codes.length ? [...new Set(codes.map((c) => c.trim()).filter(Boolean))].join(',') : undefined);

export type DueUnit = 'hours' | 'days' | 'workingDays';
export interface DueIn { unit: DueUnit; amount: number }

/** `PT48H` → 48 hours, `P3D` → 3 days, `3wd` → 3 working days; null when absent or another form. */
export function parseDueIn(text: unknown): DueIn | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  const wd = parseWorkingDays(text);
  if (wd !== null) return { unit: 'workingDays', amount: wd };
  const h = /^PT(\d+)H$/i.exec(text.trim());
  if (h) return { unit: 'hours', amount: Number(h[1]) };
  const d = /^P(\d+)D$/i.exec(text.trim());
  if (d) return { unit: 'days', amount: Number(d[1]) };
  return null;
}

export function formatDueIn(due: DueIn | null | undefined): string | undefined {
  if (!due || !Number.isInteger(due.amount) || due.amount <= 0) return undefined;
  if (due.unit === 'workingDays') return `${due.amount}wd`;
  return due.unit === 'hours' ? `PT${due.amount}H` : `P${due.amount}D`;
}

// ---------- user task: multi-instance ----------

export type MiMode = 'none' | 'parallel' | 'sequential';
export interface MultiInstance { mode: MiMode; completion: MiCompletion; ratio: number | null }

export function readMultiInstance(bo: ModdleElement): MultiInstance {
  const lc = bo.get('loopCharacteristics') as ModdleElement | undefined;
  if (!lc || lc.$type !== 'bpmn:MultiInstanceLoopCharacteristics') return { mode: 'none', completion: 'all', ratio: null };
  const completion = String(lc.get('bencao:completion') ?? 'all');
  const ratio = Number(lc.get('bencao:ratio'));
  return {
    mode: lc.get('isSequential') ? 'sequential' : 'parallel',
    completion: (MI_COMPLETIONS as readonly string[]).includes(completion) ? (completion as MiCompletion) : 'all',
    ratio: Number.isFinite(ratio) && ratio > 0 ? ratio : null,
  };
}

/** The extension attributes of a multi-instance marker for a choice (removed when they are the default). */
export function multiInstanceAttrs(mi: MultiInstance): Record<string, unknown> {
  return {
    isSequential: mi.mode === 'sequential',
    'bencao:completion': mi.completion === 'all' ? undefined : mi.completion,
    'bencao:ratio': mi.completion === 'ratio' && mi.ratio ? String(mi.ratio) : undefined,
  };
}

// ---------- sequence flows ----------

export function readCondition(bo: ModdleElement): string {
  const expr = bo.get('conditionExpression') as ModdleElement | undefined;
  return typeof expr?.get('body') === 'string' ? String(expr.get('body')) : '';
}

/** `conditionExpression` for a CEL text: a new formal expression, or undefined (no condition) when empty. */
export function conditionValue(moddle: ModdleFactory, cel: string): ModdleElement | undefined {
  const body = cel.trim();
  return body ? moddle.create('bpmn:FormalExpression', { body }) : undefined;
}

/** Whether a flow is its source's default flow. */
export function isDefaultFlow(flow: ModdleElement): boolean {
  const source = flow.get('sourceRef') as ModdleElement | undefined;
  return !!source && source.get('default') === flow;
}

/** Default flows only leave exclusive and inclusive gateways and activities. */
export function canBeDefault(flow: ModdleElement): boolean {
  const source = flow.get('sourceRef') as ModdleElement | undefined;
  if (!source) return false;
  return ['bpmn:ExclusiveGateway', 'bpmn:InclusiveGateway', 'bpmn:ComplexGateway'].includes(source.$type) || /Task$|SubProcess$|CallActivity$/.test(source.$type);
}

// ---------- timers ----------

export type TimerKind = 'duration' | 'date' | 'cycle' | 'workingDays';
export interface TimerValue { kind: TimerKind; value: string }
const TIMER_PROPS = { duration: 'timeDuration', date: 'timeDate', cycle: 'timeCycle' } as const;

export function readTimer(def: ModdleElement | null): TimerValue {
  if (!def) return { kind: 'duration', value: '' };
  const wd = def.get('bencao:workingDays');
  if (typeof wd === 'string' && wd.trim()) return { kind: 'workingDays', value: wd.trim() };
  for (const kind of ['duration', 'date', 'cycle'] as const) {
    const expr = def.get(TIMER_PROPS[kind]) as ModdleElement | undefined;
    if (expr) return { kind, value: String(expr.get('body') ?? '') };
  }
  return { kind: 'duration', value: '' };
}

/** The timer definition's properties for a value: exactly one of the four forms is set. */
export function timerAttrs(moddle: ModdleFactory, t: TimerValue): Record<string, unknown> {
  const value = t.value.trim();
  const out: Record<string, unknown> = { timeDuration: undefined, timeDate: undefined, timeCycle: undefined, 'bencao:workingDays': undefined };
  if (!value) return out;
  if (t.kind === 'workingDays') out['bencao:workingDays'] = value;
  else out[TIMER_PROPS[t.kind]] = moddle.create('bpmn:FormalExpression', { body: value });
  return out;
}

// ---------- service tasks ----------

/** `bencao:settings` → the JSON text shown in the editor (pretty), '' when absent. */
export function readSettings(bo: ModdleElement): string {
  const text = bo.get('bencao:settings');
  if (typeof text !== 'string' || !text.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The editor's JSON → the attribute (compact), undefined when empty; throws on JSON that is not an object. */
export function settingsAttr(text: string): string | undefined {
  if (!text.trim()) return undefined;
  const v = JSON.parse(text) as unknown;
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new SyntaxError('not an object');
  return JSON.stringify(v);
}
