import { z } from 'zod';
import { pageQuerySchema, sortOf } from '../paging';
import { workflowVariablesSchema } from './definitions';

/**
 * Process and activity instances (SPEC §4): states and the actions allowed from each.
 * hang up = suspend (running → suspended), recover = resume (suspended → running), interrupt (not from
 * completed / terminated / interrupted), terminate (not from finished), delete (finished instances only).
 */
export const INSTANCE_STATUSES = ['notStarted', 'running', 'suspended', 'interrupted', 'terminated', 'completed'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const INSTANCE_ACTIONS = ['suspend', 'resume', 'interrupt', 'terminate', 'delete'] as const;
export type InstanceAction = (typeof INSTANCE_ACTIONS)[number];

export const FINISHED_STATUSES: readonly InstanceStatus[] = ['completed', 'terminated', 'interrupted'];
export const isFinished = (s: InstanceStatus) => FINISHED_STATUSES.includes(s);

/** The actions allowed from a state; the server refuses the others with 409 and the console offers only these. */
export function legalActions(status: InstanceStatus, kind: 'instance' | 'execution' = 'instance'): InstanceAction[] {
  const out: InstanceAction[] = [];
  if (status === 'running') out.push('suspend');
  if (status === 'suspended') out.push('resume');
  if (status === 'running' || status === 'suspended' || status === 'notStarted') out.push('interrupt', 'terminate');
  if (kind === 'instance' && isFinished(status)) out.push('delete');
  return out;
}

export const INSTANCE_SORTS = ['id', 'startedAt', 'endedAt', 'status', 'definitionKey', 'businessKey'] as const;
export const workflowInstanceQuerySchema = pageQuerySchema.extend({
  sort: sortOf(INSTANCE_SORTS),
  definitionKey: z.string().trim().max(64).optional(),
  status: z.enum(INSTANCE_STATUSES).optional(),
  /** the starter's user id */
  starter: z.string().trim().max(100).optional(),
  businessKey: z.string().trim().max(100).optional(),
  startedFrom: z.coerce.date().optional(),
  startedTo: z.coerce.date().optional(),
});
export type WorkflowInstanceQuery = z.infer<typeof workflowInstanceQuerySchema>;

export const taskCompleteSchema = z.object({
  variables: workflowVariablesSchema.optional().default({}),
  comment: z.string().trim().max(2000).nullish().transform((v) => (v ? v : null)),
  /** e.g. "approve" / "reject"; also set as the variable `outcome` */
  outcome: z.string().trim().max(50).nullish().transform((v) => (v ? v : null)),
});
export type TaskCompleteInput = z.infer<typeof taskCompleteSchema>;

export const actionCommentSchema = z.object({ comment: z.string().trim().max(2000).nullish() }).optional();

export const EXECUTION_STATUSES = INSTANCE_STATUSES;
export const TASK_STATUSES = ['open', 'completed', 'cancelled', 'suspended'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const JOB_STATUSES = ['pending', 'running', 'held', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface WorkflowInstance {
  id: number;
  definitionId: number;
  definitionKey: string;
  definitionName: string;
  version: number;
  versionId: number;
  businessKey: string | null;
  status: InstanceStatus;
  starterId: number | null;
  starterName: string | null;
  parentInstanceId: number | null;
  /** names of the active nodes (monitor list) */
  currentNodes: string[];
  startedAt: string;
  endedAt: string | null;
  /** a job of the instance failed for good */
  hasIncident: boolean;
}

export interface WorkflowExecution {
  id: number;
  parentId: number | null;
  elementId: string;
  elementType: string;
  elementName: string | null;
  status: InstanceStatus;
  loopCounter: number | null;
  startedAt: string;
  endedAt: string | null;
  actions: InstanceAction[];
}

export interface WorkflowTask {
  id: number;
  instanceId: number;
  executionId: number;
  elementId: string;
  name: string;
  status: TaskStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  candidateIds: number[];
  dueAt: string | null;
  createdAt: string;
  completedAt: string | null;
  completedBy: string | null;
  outcome: string | null;
}

export interface WorkflowHistoryEntry {
  id: number;
  executionId: number | null;
  taskId: number | null;
  elementId: string | null;
  action: string;
  actorName: string | null;
  comment: string | null;
  data: Record<string, unknown> | null;
  at: string;
}

export interface WorkflowJob {
  id: number;
  kind: string;
  instanceId: number | null;
  executionId: number | null;
  elementId: string | null;
  status: JobStatus;
  dueAt: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

export interface WorkflowInstanceDetail extends WorkflowInstance {
  xml: string;
  variables: Record<string, unknown>;
  actions: InstanceAction[];
  executions: WorkflowExecution[];
  tasks: WorkflowTask[];
  history: WorkflowHistoryEntry[];
  jobs: WorkflowJob[];
  /** ids for the diagram: nodes done, nodes active, sequence flows taken */
  completedNodeIds: string[];
  activeNodeIds: string[];
  takenFlowIds: string[];
  childInstanceIds: number[];
}
