import { z } from 'zod';
import { pageQuerySchema } from '../paging';
import { headerSafe } from '../validators';
import { celExpressionSchema } from '../celBudget';
import { boundedDocumentSchema } from '../jsonLimits';

/**
 * Workflow administration (SPEC §3 "workflow participant, plugin button, plugin type, listener,
 * performance stats"): participants' rules, listeners, plugin types and buttons, per-definition
 * permissions, the engine's settings and the performance query. The server validates with these and
 * the console's forms use the same schemas. Messages of our own rules are catalogue keys (`workflow.*`).
 */

const id = z.number().int().positive();
const required = { message: 'workflow.required' };
const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const CODE_RE = /^[A-Za-z0-9_.\-]+$/;
export const wfCode = z.string().trim().min(1, required).max(64).regex(CODE_RE, { message: 'workflow.codeChars' });
const wfName = z.string().trim().min(1, required).max(100);
/** a BPMN process id (definition key) or element id: an XML NCName */
const NCNAME_RE = /^[A-Za-z_][A-Za-z0-9_.\-]*$/;
export const definitionKeySchema = z.string().trim().min(1, required).max(100).regex(NCNAME_RE, { message: 'workflow.keyChars' });
const elementId = z.string().trim().min(1, required).max(100).regex(NCNAME_RE, { message: 'workflow.keyChars' });
/** a process variable name (also a CEL identifier) */
const VAR_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const variableName = z.string().trim().min(1, required).max(64).regex(VAR_RE, { message: 'workflow.varName' });

export const WF_LANGS = ['en', 'zh', 'es', 'ja'] as const;
export type WfLang = (typeof WF_LANGS)[number];
/** a text in the four languages; the English one is required, the others fall back to it */
export const i18nTextSchema = z.object({
  en: z.string().trim().min(1, required).max(200),
  zh: z.string().trim().max(200).default(''),
  es: z.string().trim().max(200).default(''),
  ja: z.string().trim().max(200).default(''),
});
export type I18nText = z.infer<typeof i18nTextSchema>;
/** a remark in the four languages, each optional (null when all are empty); shown with `textIn` */
export const i18nNoteSchema = z.object({
  en: z.string().trim().max(500).default(''),
  zh: z.string().trim().max(500).default(''),
  es: z.string().trim().max(500).default(''),
  ja: z.string().trim().max(500).default(''),
}).nullish().transform((v) => (v && WF_LANGS.some((l) => v[l]) ? v : null));
export type I18nNote = Record<WfLang, string>;
/** a four-language text in `lang`, else in English, Chinese or whichever language has it */
export function textIn(text: Partial<Record<WfLang, string>> | null | undefined, lang: WfLang): string {
  if (!text) return '';
  return text[lang] || text.en || text.zh || WF_LANGS.map((l) => text[l]).find(Boolean) || '';
}
/** a mail template: subject and body with `{{name}}` placeholders (see LISTENER_PLACEHOLDERS) */
export const mailTemplateSchema = z.object({
  subject: headerSafe(z.string().trim().max(300)).default(''),
  body: z.string().max(20_000).default(''),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
/** a template in each language; one with an empty subject falls back to English */
export const mailTemplatesSchema = z.object({
  en: mailTemplateSchema.refine((t) => t.subject.length > 0, { message: 'workflow.templateSubject', path: ['subject'] }),
  zh: mailTemplateSchema.default({ subject: '', body: '' }),
  es: mailTemplateSchema.default({ subject: '', body: '' }),
  ja: mailTemplateSchema.default({ subject: '', body: '' }),
});
export type MailTemplates = z.infer<typeof mailTemplatesSchema>;
const emailList = z.array(headerSafe(z.string().trim()).email({ message: 'workflow.email' })).max(100).default([]);

// ---------- participants' rules ----------

export const PARTICIPANT_KINDS = ['user', 'role', 'organ', 'position', 'starter', 'starterLeader', 'formField', 'expression', 'saved'] as const;
export type ParticipantKind = (typeof PARTICIPANT_KINDS)[number];

/**
 * Who takes part in a task. Every kind resolves to distinct active (not locked) account ids:
 * - user: the given accounts;
 * - role: accounts holding one of the roles (ids or codes) directly or through a role group;
 * - organ: staff whose position sits in the organ, with its sub-organs (`includeChildren`, default) or only in the positions directly under it,
 *   in a view (default: the administrative view `admin`) → their accounts;
 * - position: staff holding the positions → their accounts;
 * - starter: the account that started the instance;
 * - starterLeader: the principal of the organ `levels` steps above the starter's position
 *   (1: the organ holding the position, 2: its parent, …); the principal names a staff member by code or name;
 * - formField: a process variable holding an account id, a user id (login name) or a list of them;
 * - expression: a CEL expression over `variables`, `starter` (account id) and `instanceId`, giving an
 *   id, a user id or a list of them;
 * - saved: a saved rule by id.
 */
export const participantRuleSchema: z.ZodType<ParticipantRule, ParticipantRuleInput> = z.lazy(() => z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), accountIds: z.array(id).min(1, { message: 'workflow.pickOne' }).max(500) }),
  z.object({ kind: z.literal('role'), roles: z.array(z.union([id, z.string().trim().min(1).max(64)])).min(1, { message: 'workflow.pickOne' }).max(100) }),
  z.object({ kind: z.literal('organ'), organIds: z.array(id).min(1, { message: 'workflow.pickOne' }).max(100), includeChildren: z.boolean().default(true), viewId: id.nullish().transform((v) => v ?? null) }),
  z.object({ kind: z.literal('position'), positionIds: z.array(id).min(1, { message: 'workflow.pickOne' }).max(100) }),
  z.object({ kind: z.literal('starter') }),
  z.object({ kind: z.literal('starterLeader'), levels: z.number({ message: 'workflow.levels' }).int({ message: 'workflow.levels' }).min(1, { message: 'workflow.levels' }).max(10, { message: 'workflow.levels' }).default(1), viewId: id.nullish().transform((v) => v ?? null) }),
  z.object({ kind: z.literal('formField'), field: variableName }),
  z.object({ kind: z.literal('expression'), expression: celExpressionSchema(2000, required) }),
  z.object({ kind: z.literal('saved'), ruleId: id }),
]));
export type ParticipantRule =
  | { kind: 'user'; accountIds: number[] }
  | { kind: 'role'; roles: (number | string)[] }
  | { kind: 'organ'; organIds: number[]; includeChildren: boolean; viewId: number | null }
  | { kind: 'position'; positionIds: number[] }
  | { kind: 'starter' }
  | { kind: 'starterLeader'; levels: number; viewId: number | null }
  | { kind: 'formField'; field: string }
  | { kind: 'expression'; expression: string }
  | { kind: 'saved'; ruleId: number };
export type ParticipantRuleInput =
  | { kind: 'user'; accountIds: number[] }
  | { kind: 'role'; roles: (number | string)[] }
  | { kind: 'organ'; organIds: number[]; includeChildren?: boolean; viewId?: number | null }
  | { kind: 'position'; positionIds: number[] }
  | { kind: 'starter' }
  | { kind: 'starterLeader'; levels?: number; viewId?: number | null }
  | { kind: 'formField'; field: string }
  | { kind: 'expression'; expression: string }
  | { kind: 'saved'; ruleId: number };

/** A saved, named, reusable rule (`/api/workflow/participants`). */
export const participantSchema = z.object({
  code: wfCode,
  name: wfName,
  rule: participantRuleSchema,
  note: i18nNoteSchema,
});
export type ParticipantInput = z.input<typeof participantSchema>;
export const participantQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  kind: z.enum(PARTICIPANT_KINDS).optional(),
});
/** `POST /api/workflow/participants/preview`: resolves a rule as if `starterAccountId` had started with `variables`. */
export const participantPreviewSchema = z.object({
  rule: participantRuleSchema,
  starterAccountId: id.nullish().transform((v) => v ?? null),
  variables: boundedDocumentSchema().default({}),
});
export interface ParticipantPreview { accounts: { id: number; userId: string; userName: string }[] }

// ---------- listeners ----------

export const LISTENER_EVENTS = ['processStart', 'processEnd', 'taskCreate', 'taskAssign', 'taskComplete', 'timeout'] as const;
export type ListenerEvent = (typeof LISTENER_EVENTS)[number];
export const LISTENER_SCOPES = ['global', 'definition', 'node'] as const;
export const LISTENER_KINDS = ['http', 'mail'] as const;
/** placeholders of mail templates and fields of the HTTP callback's JSON body */
export const LISTENER_PLACEHOLDERS = ['event', 'definitionKey', 'definitionName', 'instanceId', 'businessKey', 'elementId', 'taskId', 'taskName', 'assignee', 'starter', 'at'] as const;

/** what the API answers instead of a saved secret; saving it back keeps the saved secret */
export const SECRET_MASK = '********';
export const listenerHttpSchema = z.object({
  url: z.string().trim().min(1, required).max(1000).refine((u) => { try { return /^https?:$/.test(new URL(u).protocol); } catch { return false; } }, { message: 'workflow.url' }),
  /** HMAC-SHA256 key of the body's signature (header X-Bencao-Signature: sha256=<hex>); empty: unsigned */
  secret: z.string().max(200).nullish().transform((v) => (v ? v : null)),
  timeoutMs: z.number().int().min(100, { message: 'workflow.timeoutMs' }).max(60_000, { message: 'workflow.timeoutMs' }).default(5000),
  /** further attempts after a failure, with back-off */
  retries: z.number().int().min(0, { message: 'workflow.retries' }).max(10, { message: 'workflow.retries' }).default(3),
});
export const listenerMailSchema = z.object({
  /** fixed addresses */
  emails: emailList,
  /** and/or the staff e-mail of the accounts a participants' rule resolves to (e.g. the starter) */
  rule: participantRuleSchema.nullish().transform((v) => v ?? null),
  lang: z.enum(WF_LANGS).default('zh'),
  templates: mailTemplatesSchema,
}).refine((m) => m.emails.length > 0 || m.rule !== null, { message: 'workflow.receivers', path: ['emails'] });

const listenerBase = z.object({
  name: wfName,
  enabled: z.boolean().default(true),
  scope: z.enum(LISTENER_SCOPES),
  definitionKey: definitionKeySchema.nullish().transform((v) => v ?? null),
  elementId: elementId.nullish().transform((v) => v ?? null),
  events: z.array(z.enum(LISTENER_EVENTS)).min(1, { message: 'workflow.pickOne' }),
  kind: z.enum(LISTENER_KINDS),
  http: listenerHttpSchema.nullish().transform((v) => v ?? null),
  mail: listenerMailSchema.nullish().transform((v) => v ?? null),
  note: i18nNoteSchema,
});
export const listenerSchema = listenerBase.superRefine((l, ctx) => {
  if (l.scope !== 'global' && !l.definitionKey) ctx.addIssue({ code: 'custom', message: 'workflow.definitionKeyRequired', path: ['definitionKey'] });
  if (l.scope === 'node' && !l.elementId) ctx.addIssue({ code: 'custom', message: 'workflow.elementIdRequired', path: ['elementId'] });
  if (l.kind === 'http' && !l.http) ctx.addIssue({ code: 'custom', message: 'workflow.required', path: ['http'] });
  if (l.kind === 'mail' && !l.mail) ctx.addIssue({ code: 'custom', message: 'workflow.required', path: ['mail'] });
}).transform((l) => ({
  ...l,
  definitionKey: l.scope === 'global' ? null : l.definitionKey,
  elementId: l.scope === 'node' ? l.elementId : null,
  http: l.kind === 'http' ? l.http : null,
  mail: l.kind === 'mail' ? l.mail : null,
}));
export type ListenerInput = z.input<typeof listenerSchema>;
export type Listener = z.output<typeof listenerSchema>;
export const listenerQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  definitionKey: z.string().trim().max(100).optional(),
  kind: z.enum(LISTENER_KINDS).optional(),
});
export const INVOCATION_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type InvocationStatus = (typeof INVOCATION_STATUSES)[number];
export const invocationQuerySchema = pageQuerySchema.extend({ status: z.enum(INVOCATION_STATUSES).optional() });

// ---------- plugin types and buttons ----------

export const PLUGIN_KINDS = ['httpCall', 'setVariables', 'mail', 'print'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** httpCall: calls a URL; the JSON answer's values (dotted paths) become variables */
export const httpCallSettingsSchema = z.object({
  url: listenerHttpSchema.shape.url,
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('POST'),
  headers: z.record(headerSafe(z.string().trim().min(1).max(100)), headerSafe(z.string().max(2000))).default({}),
  timeoutMs: listenerHttpSchema.shape.timeoutMs,
  /** POST/PUT/PATCH send the instance's variables as JSON */
  sendVariables: z.boolean().default(true),
  /** variable name → dotted path in the JSON answer (e.g. { stock: 'data.quantity' }) */
  mapping: z.record(variableName, z.string().trim().min(1).max(200)).default({}),
});
/** setVariables: variable name → CEL expression over `variables` */
export const setVariablesSettingsSchema = z.object({
  expressions: z.record(variableName, celExpressionSchema(2000)).default({}),
});
export const mailSettingsSchema = z.object({
  emails: emailList,
  rule: participantRuleSchema.nullish().transform((v) => v ?? null),
  lang: z.enum(WF_LANGS).default('zh'),
  templates: mailTemplatesSchema,
});
/** print: a printable HTML page of the instance's variables (all, or the listed ones) */
export const printSettingsSchema = z.object({
  title: z.string().trim().max(200).default(''),
  fields: z.array(variableName).max(200).default([]),
});
export const PLUGIN_SETTINGS_SCHEMAS = {
  httpCall: httpCallSettingsSchema, setVariables: setVariablesSettingsSchema, mail: mailSettingsSchema, print: printSettingsSchema,
} as const;

export const pluginTypeSchema = z.object({
  code: wfCode,
  name: wfName,
  kind: z.enum(PLUGIN_KINDS),
  /** defaults of the kind's settings; a service task's or button's settings override them key by key */
  settings: z.record(z.string(), z.unknown()).default({}),
  enabled: z.boolean().default(true),
  note: i18nNoteSchema,
});
export type PluginTypeInput = z.input<typeof pluginTypeSchema>;
export const pluginTypeQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  kind: z.enum(PLUGIN_KINDS).optional(),
});

export const pluginButtonSchema = z.object({
  code: wfCode,
  label: i18nTextSchema,
  pluginTypeCode: wfCode,
  settings: z.record(z.string(), z.unknown()).default({}),
  /** shown on tasks of this definition (null: every definition) … */
  definitionKey: definitionKeySchema.nullish().transform((v) => v ?? null),
  /** … at these nodes (empty: every user task) */
  nodeIds: z.array(elementId).max(200).default([]),
  confirm: z.boolean().default(false),
  confirmText: i18nTextSchema.nullish().transform((v) => v ?? null),
  seq: z.number().int().min(0).max(1_000_000).default(0),
  enabled: z.boolean().default(true),
});
export type PluginButtonInput = z.input<typeof pluginButtonSchema>;
export const pluginButtonQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  definitionKey: z.string().trim().max(100).optional(),
});
export const pluginButtonRunSchema = z.object({ taskId: id });
/** what a plugin run answers: variables it set, and a printable page for print */
export interface PluginResult { variables?: Record<string, unknown>; html?: string }

// ---------- permissions ----------

/** who: everyone (who holds the screen's authority), or the listed roles, organs (with sub-organs) and accounts */
export const grantSchema = z.object({
  everyone: z.boolean().default(false),
  roleIds: z.array(id).max(500).default([]),
  organIds: z.array(id).max(500).default([]),
  accountIds: z.array(id).max(1000).default([]),
});
export type Grant = z.infer<typeof grantSchema>;
export const workflowPermissionSchema = z.object({
  start: grantSchema,
  monitor: grantSchema,
  administer: grantSchema,
});
export type WorkflowPermission = z.infer<typeof workflowPermissionSchema>;
/** a definition without a saved permission: everyone who holds the screens' authorities */
export const DEFAULT_WORKFLOW_PERMISSION: WorkflowPermission = {
  start: { everyone: true, roleIds: [], organIds: [], accountIds: [] },
  monitor: { everyone: true, roleIds: [], organIds: [], accountIds: [] },
  administer: { everyone: true, roleIds: [], organIds: [], accountIds: [] },
};
export const permissionQuerySchema = pageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });

// ---------- settings ----------

export const NOTIFY_TEMPLATES = ['taskAssigned', 'taskReminder', 'taskTimeout', 'processEnded'] as const;
/** at a task's due time: nothing more, remind (the timeout event's notifications), approve, reject, or hand the task to the assignee's organ leader */
export const TIMEOUT_ACTIONS = ['none', 'remind', 'autoPass', 'autoReject', 'escalate'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];
export const workflowSettingsSchema = z.object({
  reminder: z.object({
    enabled: z.boolean().default(true),
    /** first reminder this many hours before a task is due */
    beforeDueHours: z.number({ message: 'workflow.hours' }).int({ message: 'workflow.hours' }).min(0, { message: 'workflow.hours' }).max(720, { message: 'workflow.hours' }).default(4),
    /** then every N hours while it is open (0: once) */
    repeatHours: z.number({ message: 'workflow.hours' }).int({ message: 'workflow.hours' }).min(0, { message: 'workflow.hours' }).max(720, { message: 'workflow.hours' }).default(24),
  }),
  timeout: z.object({
    /** a task without its own due time is due after this many hours (0: never) */
    defaultDueHours: z.number({ message: 'workflow.hours' }).int({ message: 'workflow.hours' }).min(0, { message: 'workflow.hours' }).max(8760, { message: 'workflow.hours' }).default(72),
    action: z.enum(TIMEOUT_ACTIONS).default('remind'),
  }),
  channels: z.object({ inApp: z.boolean().default(true), mail: z.boolean().default(false) }),
  templates: z.object({
    taskAssigned: mailTemplatesSchema,
    taskReminder: mailTemplatesSchema,
    taskTimeout: mailTemplatesSchema,
    processEnded: mailTemplatesSchema,
  }),
  starterMayWithdraw: z.boolean().default(true),
  /** finished instances older than this are purged (0: kept for ever) */
  historyRetentionDays: z.number({ message: 'workflow.retention' }).int({ message: 'workflow.retention' }).min(0, { message: 'workflow.retention' }).max(36_500, { message: 'workflow.retention' }).default(365),
});
export type WorkflowSettings = z.infer<typeof workflowSettingsSchema>;

// ---------- performance ----------

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = z.string().regex(DAY_RE, { message: 'workflow.date' });
/** days [from, to] (inclusive) in the time zone `tzOffset` minutes east of UTC (e.g. 480 for UTC+8) */
export const performanceQuerySchema = z.object({
  definitionKey: z.string().trim().max(100).optional(),
  from: day,
  to: day,
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
}).refine((q) => q.from <= q.to, { message: 'workflow.dateOrder', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, { message: 'workflow.dateRange', path: ['to'] });
export type PerformanceQuery = z.infer<typeof performanceQuerySchema>;
export interface DurationFigures { count: number; avgMs: number | null; medianMs: number | null; p90Ms: number | null; overdueRate: number | null }
export interface PerformanceReport {
  perDay: { day: string; started: number; completed: number }[];
  definitions: ({ definitionKey: string; started: number; completed: number } & DurationFigures)[];
  nodes: ({ definitionKey: string; elementId: string; name: string | null; backlog: number } & DurationFigures)[];
  backlogByAssignee: { accountId: number | null; userId: string | null; userName: string | null; count: number }[];
  slowest: { instanceId: number; definitionKey: string; businessKey: string | null; startedAt: string; endedAt: string | null; durationMs: number }[];
}
