import { BpmnModdle } from 'bpmn-moddle';
import { boundedCel, CelLimitError } from '@bencao/contracts/celBudget';
import {
  bencaoModdle, MI_COMPLETIONS, ON_EMPTY, parseWorkingDays, participantRuleSchema, TIMEOUT_ACTIONS, type TimeoutAction,
  type BencaoAssignment, type MessageKey, type MessageParams, type MiCompletion, type ParticipantRule,
  parseSignatureSetting, type SignatureMeaning,
} from '@bencao/contracts';
import { parseCycle, parseDuration, parseIsoDate } from './time';

/**
 * BPMN XML → the compact model the engine runs (stored with each published version), and the check of
 * the supported subset (docs/WORKFLOW.md). Every problem is collected, not only the first.
 */

export type TimerSpec =
  | { kind: 'duration'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'cycle'; value: string }
  | { kind: 'workingDays'; days: number };

export interface ModelAssignment { rule: ParticipantRule; onEmpty: 'admin' | 'skip' | 'refuse'; autoPassSameApprover: boolean }

export interface ModelElement {
  id: string;
  /** bpmn:UserTask, … */
  type: string;
  name: string | null;
  /** the enclosing sub-process, null = the process */
  scope: string | null;
  incoming: string[];
  outgoing: string[];
  defaultFlow?: string | null;
  assignment?: ModelAssignment | null;
  dueIn?: string | null;
  /** the node's action at the deadline (null: the settings') */
  timeoutAction?: TimeoutAction | null;
  formKey?: string | null;
  /** start event / user task: the cloud form bound there (`bencao:form`, JSON; read with parseFormBinding) */
  form?: string | null;
  buttons?: string | null;
  /** user task: approving needs an electronic signature with one of these meanings (`bencao:signature`) */
  signature?: SignatureMeaning[] | null;
  multi?: { sequential: boolean; completion: MiCompletion; ratio: number } | null;
  timer?: TimerSpec | null;
  attachedTo?: string | null;
  cancelActivity?: boolean;
  /** boundary events attached to this activity */
  boundaries?: string[];
  calledElement?: string | null;
  plugin?: string | null;
  settings?: Record<string, unknown> | null;
  terminate?: boolean;
  /** sub-process: its none start events */
  starts?: string[];
}

export interface ModelFlow { id: string; name: string | null; source: string; target: string; condition: string | null }

export interface ProcessModel {
  processId: string;
  name: string | null;
  elements: Record<string, ModelElement>;
  flows: Record<string, ModelFlow>;
  /** top-level none start events */
  starts: string[];
  /** top-level timer start events */
  timerStarts: string[];
}

export interface Problem { elementId: string | null; key: MessageKey; params?: MessageParams }

// ---------- CEL conditions over the instance variables ----------

// conditions are parsed and evaluated within the limits and budget of contracts' celBudget.ts
const cel = boundedCel({
  unlistedVariablesAreDyn: true,
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 1000, maxDepth: 64, maxListElements: 1000, maxMapEntries: 1000, maxCallArguments: 16 },
}, 2000);
const firstLine = (e: unknown) => String((e as Error)?.message ?? e).split('\n')[0].slice(0, 300);

/** Parses a condition (cached); throws CelLimitError over a limit, else with CEL's reason. */
export const parseCondition = (expression: string) => cel.parse(expression);

/** JS → CEL values: whole numbers become ints (BigInt) so `count + 1` works */
function toCel(v: unknown): unknown {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(toCel);
  if (v && typeof v === 'object' && !(v instanceof Date)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toCel(x)]));
  return v;
}

/**
 * Evaluates a flow condition: each variable by its name (`amount > 50000`), and all of them as the map
 * `variables` (`has(variables.note)`). Anything but `true` is false; an error throws with one line.
 */
export function evalCondition(expression: string, variables: Record<string, unknown>): boolean {
  const vars = toCel(variables) as Record<string, unknown>;
  try {
    return parseCondition(expression).evaluate({ ...vars, variables: vars }) === true;
  } catch (e) {
    if (e instanceof CelLimitError) throw e;
    throw new Error(firstLine(e));
  }
}

// ---------- parsing ----------

const SUPPORTED = new Set([
  'bpmn:StartEvent', 'bpmn:EndEvent', 'bpmn:UserTask', 'bpmn:ServiceTask', 'bpmn:ExclusiveGateway', 'bpmn:ParallelGateway',
  'bpmn:InclusiveGateway', 'bpmn:SubProcess', 'bpmn:CallActivity', 'bpmn:IntermediateCatchEvent', 'bpmn:BoundaryEvent',
]);
/** shapes with no behaviour: notes and groups */
const IGNORED = new Set(['bpmn:TextAnnotation', 'bpmn:Association', 'bpmn:Group', 'bpmn:DataObject', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference']);
export const ACTIVITY_TYPES = new Set(['bpmn:UserTask', 'bpmn:ServiceTask', 'bpmn:SubProcess', 'bpmn:CallActivity']);

let moddle: InstanceType<typeof BpmnModdle> | null = null;
/** the one moddle (BPMN with our `bencao:` extension) the server reads and writes diagrams with */
export const getModdle = () => (moddle ??= new BpmnModdle({ bencao: bencaoModdle }));

/* eslint-disable @typescript-eslint/no-explicit-any */
type Node = any;

export interface CompileResult { model: ProcessModel | null; problems: Problem[]; name: string | null }

/**
 * Parses and checks a diagram. `knownKeys` answers whether a call activity's key is a published
 * definition (the definition being published counts).
 */
export async function compileBpmn(xml: string, knownKeys: (key: string) => boolean): Promise<CompileResult> {
  const problems: Problem[] = [];
  let root: Node;
  try {
    const res = await getModdle().fromXML(xml);
    root = res.rootElement;
  } catch (e) {
    return { model: null, problems: [{ elementId: null, key: 'workflow.problem.xml', params: { detail: firstLine(e) } }], name: null };
  }
  const processes = ((root?.rootElements ?? []) as Node[]).filter((r) => r.$type === 'bpmn:Process');
  const proc = processes.find((p) => p.isExecutable) ?? processes[0];
  if (!proc) return { model: null, problems: [{ elementId: null, key: 'workflow.problem.noProcess' }], name: null };

  const elements: Record<string, ModelElement> = {};
  const flows: Record<string, ModelFlow> = {};
  const label = (n: Node) => (n.name ? String(n.name) : String(n.id));

  const visit = (container: Node, scope: string | null) => {
    for (const n of (container.flowElements ?? []) as Node[]) {
      const t = n.$type as string;
      if (t === 'bpmn:SequenceFlow') {
        const body = n.conditionExpression?.body;
        const condition = typeof body === 'string' && body.trim() ? body.trim() : null;
        flows[n.id] = { id: n.id, name: n.name ?? null, source: n.sourceRef?.id, target: n.targetRef?.id, condition };
        if (condition) {
          try { parseCondition(condition); } catch (e) {
            problems.push(e instanceof CelLimitError
              ? { elementId: n.id, key: 'workflow.problem.conditionLimit', params: { name: label(n), detail: e.key, ...e.params } }
              : { elementId: n.id, key: 'workflow.problem.condition', params: { name: label(n), detail: firstLine(e) } });
          }
        }
        continue;
      }
      if (IGNORED.has(t)) continue;
      if (!SUPPORTED.has(t) || (t === 'bpmn:SubProcess' && n.triggeredByEvent)) {
        problems.push({ elementId: n.id, key: 'workflow.problem.unsupported', params: { name: label(n), type: t.replace('bpmn:', '') } });
        continue;
      }
      const el: ModelElement = {
        id: n.id, type: t, name: n.name ?? null, scope,
        incoming: [], outgoing: [],
      };
      const defs = (n.eventDefinitions ?? []) as Node[];
      const timerDef = defs.find((d) => d.$type === 'bpmn:TimerEventDefinition');
      const otherDefs = defs.filter((d) => d.$type !== 'bpmn:TimerEventDefinition' && !(t === 'bpmn:EndEvent' && d.$type === 'bpmn:TerminateEventDefinition'));
      if (otherDefs.length || (t === 'bpmn:EndEvent' && timerDef)) {
        problems.push({ elementId: n.id, key: 'workflow.problem.unsupported', params: { name: label(n), type: (otherDefs[0] ?? timerDef).$type.replace('bpmn:', '') } });
      }
      if ((t === 'bpmn:IntermediateCatchEvent' || t === 'bpmn:BoundaryEvent') && !timerDef && !otherDefs.length) {
        problems.push({ elementId: n.id, key: 'workflow.problem.unsupported', params: { name: label(n), type: t.replace('bpmn:', '') } });
      }
      if (timerDef) {
        el.timer = readTimer(timerDef, t === 'bpmn:StartEvent');
        if (!el.timer) problems.push({ elementId: n.id, key: 'workflow.problem.timer', params: { name: label(n) } });
      }
      if (t === 'bpmn:EndEvent') el.terminate = defs.some((d) => d.$type === 'bpmn:TerminateEventDefinition');
      if (t === 'bpmn:ExclusiveGateway' || t === 'bpmn:InclusiveGateway' || ACTIVITY_TYPES.has(t)) el.defaultFlow = n.default?.id ?? null;
      if (t === 'bpmn:BoundaryEvent') {
        el.attachedTo = n.attachedToRef?.id ?? null;
        el.cancelActivity = n.cancelActivity !== false;
      }
      const loop = n.loopCharacteristics;
      if (loop) {
        if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics' || t !== 'bpmn:UserTask') {
          problems.push({ elementId: n.id, key: 'workflow.problem.unsupported', params: { name: label(n), type: loop.$type.replace('bpmn:', '') } });
        } else {
          const completion = (MI_COMPLETIONS as readonly string[]).includes(loop.completion) ? loop.completion as MiCompletion : 'all';
          const ratio = loop.ratio != null && loop.ratio !== '' ? Number(loop.ratio) : completion === 'ratio' ? NaN : 1;
          if (completion === 'ratio' && !(ratio > 0 && ratio <= 1)) problems.push({ elementId: n.id, key: 'workflow.problem.ratio', params: { name: label(n) } });
          el.multi = { sequential: !!loop.isSequential, completion, ratio: ratio > 0 && ratio <= 1 ? ratio : 1 };
        }
      }
      if (t === 'bpmn:UserTask' || t === 'bpmn:StartEvent') el.form = n.form ?? null;
      if (t === 'bpmn:UserTask') {
        el.formKey = n.formKey ?? null;
        el.buttons = n.buttons ?? null;
        el.dueIn = n.dueIn ?? null;
        if (el.dueIn && !validDueIn(el.dueIn)) problems.push({ elementId: n.id, key: 'workflow.problem.dueIn', params: { name: label(n), value: el.dueIn } });
        const timeoutAction = n.timeoutAction ? String(n.timeoutAction).trim() : '';
        if (timeoutAction && !(TIMEOUT_ACTIONS as readonly string[]).includes(timeoutAction)) {
          problems.push({ elementId: n.id, key: 'workflow.problem.timeoutAction', params: { name: label(n), value: timeoutAction } });
        }
        el.timeoutAction = (timeoutAction || null) as TimeoutAction | null;
        const signature = parseSignatureSetting(n.signature);
        if (signature && 'error' in signature) problems.push({ elementId: n.id, key: 'workflow.problem.signature', params: { name: label(n), value: signature.error } });
        else el.signature = signature;
        if (!n.assignment || !String(n.assignment).trim()) {
          problems.push({ elementId: n.id, key: 'workflow.problem.noParticipants', params: { name: label(n) } });
        } else {
          const a = readAssignment(String(n.assignment));
          if ('error' in a) problems.push({ elementId: n.id, key: 'workflow.problem.badAssignment', params: { name: label(n), detail: a.error } });
          else el.assignment = a.assignment;
        }
      }
      if (t === 'bpmn:ServiceTask') {
        el.plugin = n.plugin ? String(n.plugin).trim() : null;
        if (!el.plugin) problems.push({ elementId: n.id, key: 'workflow.problem.noPlugin', params: { name: label(n) } });
        el.settings = null;
        if (n.settings) {
          try {
            const s = JSON.parse(String(n.settings));
            if (!s || typeof s !== 'object' || Array.isArray(s)) throw new Error('not an object');
            el.settings = s;
          } catch { problems.push({ elementId: n.id, key: 'workflow.problem.settings', params: { name: label(n) } }); }
        }
      }
      if (t === 'bpmn:CallActivity') {
        el.calledElement = n.calledElement ? String(n.calledElement).trim() : null;
        if (!el.calledElement || !knownKeys(el.calledElement)) {
          problems.push({ elementId: n.id, key: 'workflow.problem.unknownCall', params: { name: label(n), key: el.calledElement ?? '' } });
        }
      }
      elements[n.id] = el;
      if (t === 'bpmn:SubProcess' && !n.triggeredByEvent) {
        visit(n, n.id);
        el.starts = Object.values(elements).filter((e) => e.scope === n.id && e.type === 'bpmn:StartEvent').map((e) => e.id);
        if (!el.starts.length) problems.push({ elementId: n.id, key: 'workflow.problem.noStart', params: {} });
      }
    }
  };
  visit(proc, null);

  // incoming/outgoing from the flows themselves (hand-written XML often omits <incoming>/<outgoing>)
  for (const f of Object.values(flows)) {
    elements[f.source]?.outgoing.push(f.id);
    elements[f.target]?.incoming.push(f.id);
  }
  for (const el of Object.values(elements)) {
    if (el.type === 'bpmn:BoundaryEvent' && el.attachedTo && elements[el.attachedTo]) (elements[el.attachedTo].boundaries ??= []).push(el.id);
  }
  for (const el of Object.values(elements)) {
    // conditions only matter on gateways and activities; a split with conditions and no default can stop
    if (el.type !== 'bpmn:EndEvent' && !el.outgoing.length) {
      problems.push({ elementId: el.id, key: 'workflow.problem.noOutgoing', params: { name: el.name ?? el.id } });
    }
    if (el.type !== 'bpmn:StartEvent' && el.type !== 'bpmn:BoundaryEvent' && !el.incoming.length) {
      problems.push({ elementId: el.id, key: 'workflow.problem.noIncoming', params: { name: el.name ?? el.id } });
    }
    if ((el.type === 'bpmn:ExclusiveGateway' || el.type === 'bpmn:InclusiveGateway') && el.outgoing.length > 0 && !el.defaultFlow
      && el.outgoing.some((f) => flows[f]?.condition)) {
      problems.push({ elementId: el.id, key: 'workflow.problem.gatewayNoDefault', params: { name: el.name ?? el.id } });
    }
  }
  const top = Object.values(elements).filter((e) => e.scope === null && e.type === 'bpmn:StartEvent');
  const starts = top.filter((e) => !e.timer).map((e) => e.id);
  const timerStarts = top.filter((e) => e.timer).map((e) => e.id);
  if (!top.length) problems.push({ elementId: null, key: 'workflow.problem.noStart' });
  for (const id of timerStarts) {
    if (elements[id].timer && elements[id].timer!.kind !== 'cycle' && elements[id].timer!.kind !== 'date') {
      problems.push({ elementId: id, key: 'workflow.problem.timer', params: { name: elements[id].name ?? id } });
    }
  }
  const model: ProcessModel = { processId: proc.id, name: proc.name ?? null, elements, flows, starts, timerStarts };
  return { model, problems, name: proc.name ?? null };
}

function readTimer(def: Node, start: boolean): TimerSpec | null {
  const wd = def.workingDays != null && String(def.workingDays).trim() !== '' ? Number(def.workingDays) : null;
  if (wd !== null) return Number.isInteger(wd) && wd >= 0 && wd <= 1000 ? { kind: 'workingDays', days: wd } : null;
  const body = (x: Node) => (typeof x?.body === 'string' ? x.body.trim() : '');
  const duration = body(def.timeDuration);
  const date = body(def.timeDate);
  const cycle = body(def.timeCycle);
  if (duration) {
    const days = parseWorkingDays(duration);
    if (days !== null) return { kind: 'workingDays', days };
    return parseDuration(duration) ? { kind: 'duration', value: duration } : null;
  }
  if (date) return parseIsoDate(date) ? { kind: 'date', value: date } : null;
  if (cycle && start) return parseCycle(cycle) ? { kind: 'cycle', value: cycle } : null;
  return null;
}

export const validDueIn = (s: string) => parseWorkingDays(s) !== null || !!parseDuration(s.trim());

function readAssignment(text: string): { assignment: ModelAssignment } | { error: string } {
  let raw: BencaoAssignment;
  try { raw = JSON.parse(text); } catch { return { error: 'JSON' }; }
  if (!raw || typeof raw !== 'object') return { error: 'JSON' };
  const ruleInput = raw.ruleId != null ? { kind: 'saved', ruleId: raw.ruleId } : raw.rule;
  const parsed = participantRuleSchema.safeParse(ruleInput);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'rule' };
  const onEmpty = raw.onEmpty && (ON_EMPTY as readonly string[]).includes(raw.onEmpty) ? raw.onEmpty : 'admin';
  return { assignment: { rule: parsed.data, onEmpty, autoPassSameApprover: !!raw.autoPassSameApprover } };
}

/** the names used in messages and the monitor */
export const nameOf = (model: ProcessModel, id: string) => model.elements[id]?.name ?? model.flows[id]?.name ?? id;
