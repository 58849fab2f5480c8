import { z } from 'zod';
import { boundedDocumentSchema } from '../jsonLimits';
import { pageQuerySchema } from '../paging';
import { workflowVariablesSchema } from './definitions';
import type { InstanceStatus, TaskStatus } from './instances';
import type { FieldPermission } from '../forms/api';
import type { FormSchema } from '../forms/schema';
import { signatureInputSchema, type SignatureManifest, type SignatureMeaning } from './signature';

/**
 * Tasks and approvals (issue 11): the end user's screens New / Todo / Done / Ended, the task detail and
 * every approval action. API under /api/workflow/tasks (authority `bpm:task`) and /api/notifications
 * (authority `login`). Ids are numbers; people are accounts (`accounts.id`), picked with
 * `GET /api/workflow/tasks/users?keyword`.
 */

/** SPEC §3 task filters: importance 1 high / 2 medium / 3 low */
export const TASK_IMPORTANCES = [1, 2, 3] as const;
export type TaskImportance = (typeof TASK_IMPORTANCES)[number];
/** SPEC §3: 1 not started (not opened yet) / 2 in progress (opened, claimed or delegated) / 3 completed */
export const TASK_PROGRESS = [1, 2, 3] as const;
export type TaskProgress = (typeof TASK_PROGRESS)[number];
/** SPEC §3: 1 inbox / 2 do today / 3 do next / 4 do later — kept per user */
export const TASK_ACTIVITIES = [1, 2, 3, 4] as const;
export type TaskActivity = (typeof TASK_ACTIVITIES)[number];

/** what a user may do on a task or an instance; the detail answers the codes allowed now */
export const TASK_ACTION_CODES = [
  'approve', 'reject', 'return', 'transfer', 'delegate', 'resolve', 'addSign', 'removeSign', 'cc', 'claim', 'unclaim',
  'urge', 'withdraw', 'void', 'attach', 'resubmit', 'revoke',
] as const;
export type TaskActionCode = (typeof TASK_ACTION_CODES)[number];
/**
 * the per-task actions posted to /api/workflow/tasks/:id/<action>; a request returned to its starter is a
 * resubmit task: only `resubmit` (the start form again, then on) and `revoke` (撤销: the request ends) apply to it
 */
export const TASK_POST_ACTIONS = ['approve', 'reject', 'return', 'transfer', 'delegate', 'resolve', 'addSign', 'removeSign', 'cc', 'claim', 'unclaim', 'resubmit', 'revoke'] as const;
export type TaskPostAction = (typeof TASK_POST_ACTIONS)[number];
/** the per-instance actions posted to /api/workflow/tasks/instances/:id/<action> */
export const INSTANCE_TASK_ACTIONS = ['urge', 'withdraw', 'void'] as const;
export type InstanceTaskAction = (typeof INSTANCE_TASK_ACTIONS)[number];

const comment = z.string().trim().max(2000).nullish().transform((v) => (v ? v : null));
const accountId = z.coerce.number().int().positive();
const accountIds = z.array(accountId).min(1).max(50);
const bool = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const intIn = <T extends readonly number[]>(values: T) =>
  z.coerce.number().int().refine((v) => values.includes(v), { message: 'workflow.task.badChoice' }).transform((v) => v as T[number]);

// ---------- queries ----------

export const startableQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });
export type StartableQuery = z.infer<typeof startableQuerySchema>;

export const TODO_SORTS = ['arrivedAt', 'dueAt', 'importance', 'definitionName'] as const;
export const todoQuerySchema = pageQuerySchema.extend({
  sort: z.enum(TODO_SORTS).optional(),
  importance: intIn(TASK_IMPORTANCES).optional(),
  status: intIn(TASK_PROGRESS).optional(),
  activity: intIn(TASK_ACTIVITIES).optional(),
  definitionKey: z.string().trim().max(64).optional(),
  /** the starter's user id (login) or name, partial */
  starter: z.string().trim().max(100).optional(),
  arrivedFrom: z.coerce.date().optional(),
  arrivedTo: z.coerce.date().optional(),
  overdue: bool.optional(),
  /** task name, process name or business key, partial */
  keyword: z.string().trim().max(100).optional(),
});
export type TodoQuery = z.infer<typeof todoQuerySchema>;

/** Done / Ended / Started / CC lists */
export const taskListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  definitionKey: z.string().trim().max(64).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

export const taskUserQuerySchema = z.object({ keyword: z.string().trim().max(100).optional() });

// ---------- bodies ----------

export const taskActivitySchema = z.object({ activity: intIn(TASK_ACTIVITIES) });
export const taskImportanceSchema = z.object({ importance: intIn(TASK_IMPORTANCES) });

export const taskDraftSchema = z.object({
  definitionId: z.coerce.number().int().positive(),
  businessKey: z.string().trim().max(100).nullish().transform((v) => (v ? v : null)),
  variables: workflowVariablesSchema.optional().default({}),
  comment,
  /** the start form's values typed so far (issue 12): kept unchecked until the draft is submitted */
  form: boundedDocumentSchema().optional(),
});
export type TaskDraftInput = z.infer<typeof taskDraftSchema>;
export const taskDraftUpdateSchema = taskDraftSchema.omit({ definitionId: true });
export type TaskDraftUpdate = z.infer<typeof taskDraftUpdateSchema>;

/** A node's cloud form as the task detail gives it (forms/service `formForTask`). */
export interface TaskForm {
  formId: number;
  version: number;
  name: string;
  schema: FormSchema;
  permissions: Record<string, FieldPermission>;
  data: Record<string, unknown>;
}

/** approve, reject, resolve (delegate gives the task back), plugin buttons */
export const taskDecisionSchema = z.object({
  comment,
  variables: workflowVariablesSchema.optional().default({}),
  /** the values of the node's cloud form (issue 12), checked against its field permissions */
  form: boundedDocumentSchema().optional(),
  /** approve at a node with `bencao:signature`: the re-authenticated signature (issue 26) */
  signature: signatureInputSchema.optional(),
});
export type TaskDecisionInput = z.infer<typeof taskDecisionSchema>;

/** return (退回): to the previous node, to the starter, or to a node already passed (its element id) */
export const taskReturnSchema = z.object({
  target: z.string().trim().min(1).max(100),
  comment,
});
export type TaskReturnInput = z.infer<typeof taskReturnSchema>;

/** transfer (转办) and delegate (委派): one account */
export const taskHandOverSchema = z.object({ userId: accountId, comment });
export type TaskHandOverInput = z.infer<typeof taskHandOverSchema>;

/** add-sign (加签): more people in a multi-instance node; before = they act before me (my task waits), after = alongside/after me */
export const taskAddSignSchema = z.object({ userIds: accountIds, position: z.enum(['before', 'after']).default('after'), comment });
export type TaskAddSignInput = z.infer<typeof taskAddSignSchema>;
/** remove-sign (减签): drop people whose instance of the node has not acted yet */
export const taskRemoveSignSchema = z.object({ userIds: accountIds, comment });
export type TaskRemoveSignInput = z.infer<typeof taskRemoveSignSchema>;
/** CC (抄送) */
export const taskCcSchema = z.object({ userIds: accountIds, comment });
export type TaskCcInput = z.infer<typeof taskCcSchema>;
/** claim / unclaim, urge, withdraw, void: an optional comment (the body may be absent) */
export const taskCommentSchema = z.object({ comment }).optional().default({ comment: null });
export type TaskCommentInput = z.infer<typeof taskCommentSchema>;

export const taskBatchApproveSchema = z.object({ ids: z.array(z.coerce.number().int().positive()).min(1).max(200), comment });
export type TaskBatchApproveInput = z.infer<typeof taskBatchApproveSchema>;

export const notificationQuerySchema = pageQuerySchema.extend({ unread: bool.optional() });
export type NotificationQuery = z.infer<typeof notificationQuerySchema>;

/** attachments: multipart field `file`; at most this many bytes */
export const MAX_TASK_ATTACHMENT = 20 * 1024 * 1024;
/** what one instance may hold in all (so no task holder can fill the disk) */
export const MAX_INSTANCE_ATTACHMENTS = 100;
export const MAX_INSTANCE_ATTACHMENT_BYTES = 200 * 1024 * 1024;

// ---------- responses ----------

export interface StartableDefinition {
  definitionId: number;
  key: string;
  name: string;
  category: string | null;
  description: string | null;
  version: number;
  favourite: boolean;
  lastStartedAt: string | null;
}

export interface TaskUserOption { id: number; userId: string; userName: string }

export interface TodoTask {
  id: number;
  name: string;
  elementId: string;
  instanceId: number;
  definitionKey: string;
  definitionName: string;
  businessKey: string | null;
  starterName: string | null;
  arrivedAt: string;
  dueAt: string | null;
  overdue: boolean;
  importance: TaskImportance;
  status: TaskProgress;
  activity: TaskActivity;
  /** offered to several people: must be claimed before acting */
  candidate: boolean;
  /** delegated to me by its owner (I act, then it goes back: `resolve`) */
  delegated: boolean;
  /** the node allows batch approval */
  batchApprove: boolean;
  /** the amount the request is for (its form's `amount`), shown on the phone's task cards; null without one */
  amount: number | null;
}
export interface TodoCount { total: number; overdue: number; byActivity: Record<TaskActivity, number> }

export interface DoneTask {
  taskId: number;
  name: string;
  instanceId: number;
  definitionName: string;
  businessKey: string | null;
  starterName: string | null;
  actedAt: string;
  /** approve, reject, return, transfer, delegate, resolve, autoPass, … */
  outcome: string | null;
  instanceStatus: InstanceStatus;
  currentNodes: string[];
}

export interface EndedInstance {
  instanceId: number;
  definitionName: string;
  businessKey: string | null;
  starterName: string | null;
  status: InstanceStatus;
  startedAt: string;
  endedAt: string | null;
}
export interface StartedInstance extends EndedInstance { definitionKey: string; currentNodes: string[] }
export interface CcRecord {
  id: number;
  instanceId: number;
  definitionName: string;
  businessKey: string | null;
  starterName: string | null;
  fromName: string | null;
  elementName: string | null;
  comment: string | null;
  createdAt: string;
  readAt: string | null;
  instanceStatus: InstanceStatus;
}
export interface TaskDraft {
  instanceId: number;
  definitionId: number;
  definitionKey: string;
  definitionName: string;
  businessKey: string | null;
  variables: Record<string, unknown>;
  comment: string | null;
  updatedAt: string;
}

export interface TaskHistoryEntry {
  action: string;
  actorName: string | null;
  at: string;
  comment: string | null;
  elementId: string | null;
  data: Record<string, unknown> | null;
}
export interface TaskAttachment {
  id: number;
  fileName: string;
  mimeType: string;
  size: number;
  uploaderName: string | null;
  taskId: number | null;
  createdAt: string;
  /** GET this to download */
  url: string;
  /** the caller may delete it now */
  deletable: boolean;
}
export interface TaskButton { id: number; code: string; name: string }
export interface TaskSummary {
  id: number;
  name: string;
  elementId: string;
  status: TaskStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  ownerId: number | null;
  ownerName: string | null;
  candidate: boolean;
  delegated: boolean;
  dueAt: string | null;
  overdue: boolean;
  createdAt: string;
  importance: TaskImportance;
  activity: TaskActivity;
  /** multi-instance node: all / any / ratio and the people of the node (for add/remove-sign) */
  multiInstance: null | { completion: 'all' | 'any' | 'ratio'; ratio: number | null; sequential: boolean; people: { id: number; name: string; status: TaskStatus | 'waiting' }[] };
  /** elements the task may be returned to (previous / starter / passed nodes) */
  returnTargets: { elementId: string; name: string }[];
  /** approving needs an electronic signature with one of these meanings (null: no signature) */
  signature: SignatureMeaning[] | null;
}
export interface TaskInstanceSummary {
  id: number;
  definitionId: number;
  definitionKey: string;
  definitionName: string;
  version: number;
  businessKey: string | null;
  status: InstanceStatus;
  starterId: number | null;
  starterName: string | null;
  currentNodes: string[];
  startedAt: string;
  endedAt: string | null;
}
/** GET /api/workflow/tasks/:id and GET /api/workflow/instances/:id/view (task null when viewing an instance) */
export interface TaskDetail {
  task: TaskSummary | null;
  instance: TaskInstanceSummary;
  variables: Record<string, unknown>;
  /** the cloud form bound to the task's node (or the start form, read-only): hidden fields removed (issue 12) */
  form: null | TaskForm;
  history: TaskHistoryEntry[];
  xml: string;
  path: { completed: string[]; active: string[]; flows: string[] };
  actions: TaskActionCode[];
  buttons: TaskButton[];
  attachments: TaskAttachment[];
  /** the electronic signatures given on the instance, oldest first */
  signatures: SignatureManifest[];
}
export interface TaskActionResult { instanceId: number; status: InstanceStatus }
export interface BatchApproveResult { succeeded: number[]; failed: { id: number; message: string }[] }

export const NOTIFICATION_KINDS = ['taskArrived', 'taskDueSoon', 'taskOverdue', 'urge', 'cc', 'returned', 'rejected', 'withdrawn', 'voided', 'processEnded', 'delegated', 'transferred'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export interface NotificationRecord {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** console path to open, e.g. `/bpm/task/todo?task=12` */
  link: string | null;
  createdAt: string;
  readAt: string | null;
}
