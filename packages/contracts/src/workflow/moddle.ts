/**
 * The `bencao` BPMN extension: a moddle descriptor read by the server's bpmn-moddle (parse, validate)
 * and the console's bpmn-js Modeler (`moddleExtensions: { bencao: bencaoModdle }`).
 *
 * Every extension value is an XML attribute in the `bencao:` namespace; structured values are JSON text.
 *
 * bpmn:UserTask (and bpmn:StartEvent for `formKey`):
 * - `bencao:assignment` — JSON of {@link BencaoAssignment}: who does the task. Either a saved
 *   participant rule (`{"ruleId": 3}`) or an inline rule (`{"rule": {"kind": "role", ...}}`, the admin
 *   part's `participantRuleSchema`), plus `onEmpty` ("admin": give it to the administrator account,
 *   "skip": pass the task, "refuse": the step fails with an error; default "admin") and
 *   `autoPassSameApprover` (true: when the one approver is the person who completed the previous task of
 *   the instance, the task passes by itself).
 * - `bencao:formKey` — the form the task shows (a later issue).
 * - `bencao:form` — JSON of the cloud form bound to the node (`FormBinding` in forms/api.ts: form id,
 *   frozen version, each field's permission write/read/hidden/required); read it with `parseFormBinding`.
 * - `bencao:buttons` — plugin button codes, comma separated ("approve,reject").
 * - `bencao:dueIn` — the task's deadline: an ISO-8601 duration ("PT48H", "P3D") or "N working days"
 *   written `3wd` (counted on the working calendar of the common module).
 * - `bencao:timeoutAction` — what happens at the deadline on this node (`TIMEOUT_ACTIONS`); default: the settings'.
 * - `bencao:signature` — approving needs an electronic signature: the meanings the signer may state, comma
 *   separated (`SIGNATURE_MEANINGS`: "approve" 批准, "review" 审核, "verify" 复核, "acknowledge" 知悉); see signature.ts.
 *
 * bpmn:MultiInstanceLoopCharacteristics (on a user task; `isSequential` is standard BPMN): one task per
 * participant the assignment resolves to, in parallel or one after the other.
 * - `bencao:completion` — "all" (default), "any" (the first completion ends it) or "ratio".
 * - `bencao:ratio` — for "ratio": the share of completed instances that ends it, 0 < ratio ≤ 1 ("0.6").
 *
 * bpmn:TimerEventDefinition: the standard `timeDuration` (ISO-8601 duration, "PT2H"), `timeDate`
 * (ISO-8601 date-time) or `timeCycle` ("R3/PT1H", "R/PT1H": start events only) bodies, or
 * - `bencao:workingDays` — "N": the timer fires N working days later at the same time of day (UTC).
 *
 * bpmn:ServiceTask:
 * - `bencao:plugin` — the plugin type code run by the task (admin part's plugin types).
 * - `bencao:settings` — JSON settings given to the plugin.
 *
 * bpmn:CallActivity: the standard `calledElement` is the key of a published definition; the child gets
 * a copy of the parent's variables and gives its variables back when it ends.
 *
 * bpmn:SequenceFlow conditions: the standard `conditionExpression` body is a CEL expression over the
 * instance variables (`amount > 50000 && dept == "R&D"`).
 */
export const BENCAO_URI = 'http://bencao.dev/schema/bpmn';

export const bencaoModdle = {
  name: 'Bencao',
  prefix: 'bencao',
  uri: BENCAO_URI,
  xml: { tagAlias: 'lowerCase' },
  associations: [],
  types: [
    {
      name: 'UserTaskProps',
      extends: ['bpmn:UserTask'],
      properties: [
        { name: 'assignment', isAttr: true, type: 'String' },
        { name: 'formKey', isAttr: true, type: 'String' },
        { name: 'form', isAttr: true, type: 'String' },
        { name: 'buttons', isAttr: true, type: 'String' },
        { name: 'dueIn', isAttr: true, type: 'String' },
        { name: 'timeoutAction', isAttr: true, type: 'String' },
        { name: 'signature', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'StartEventProps',
      extends: ['bpmn:StartEvent'],
      properties: [{ name: 'formKey', isAttr: true, type: 'String' }, { name: 'form', isAttr: true, type: 'String' }],
    },
    {
      name: 'MultiInstanceProps',
      extends: ['bpmn:MultiInstanceLoopCharacteristics'],
      properties: [
        { name: 'completion', isAttr: true, type: 'String' },
        { name: 'ratio', isAttr: true, type: 'String' },
      ],
    },
    {
      name: 'TimerProps',
      extends: ['bpmn:TimerEventDefinition'],
      properties: [{ name: 'workingDays', isAttr: true, type: 'String' }],
    },
    {
      name: 'ServiceTaskProps',
      extends: ['bpmn:ServiceTask'],
      properties: [
        { name: 'plugin', isAttr: true, type: 'String' },
        { name: 'settings', isAttr: true, type: 'String' },
      ],
    },
  ],
  enumerations: [],
} as const;

export const ON_EMPTY = ['admin', 'skip', 'refuse'] as const;
export type OnEmpty = (typeof ON_EMPTY)[number];
export const MI_COMPLETIONS = ['all', 'any', 'ratio'] as const;
export type MiCompletion = (typeof MI_COMPLETIONS)[number];

/** The JSON in `bencao:assignment`. `rule` follows the admin part's participant rule schema. */
export interface BencaoAssignment {
  ruleId?: number;
  rule?: Record<string, unknown>;
  onEmpty?: OnEmpty;
  autoPassSameApprover?: boolean;
}

/** `3wd` → 3 working days; null when the text is not that form */
export function parseWorkingDays(text: string): number | null {
  const m = /^\s*(\d{1,3})\s*wd\s*$/i.exec(text);
  return m ? Number(m[1]) : null;
}
