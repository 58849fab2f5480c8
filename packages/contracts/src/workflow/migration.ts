import { z } from 'zod';
import { pageQuerySchema } from '../paging';
import type { InstanceStatus } from './instances';

/**
 * Moving running instances of one version of a process to another version of the same process (instance
 * migration, docs/WORKFLOW.md "Migrating running instances"): a dry run answers what would happen to each
 * instance, the apply does it, one transaction per instance.
 */
export const MAX_MIGRATION_INSTANCES = 500;
/** node mappings per request: far more than any diagram has nodes */
export const MAX_MIGRATION_MAPPINGS = 1000;

/** a BPMN id (an XML name): no control characters (a NUL byte would not even reach PostgreSQL) */
const nodeId = z.string().trim().min(1).max(255).regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'valid.controlChars' });

export const workflowMigrationSchema = z.object({
  /** the version the instances are on */
  sourceVersionId: z.number().int().positive(),
  /** a version of the same process */
  targetVersionId: z.number().int().positive(),
  /** the chosen instances; omitted with `all`: every running or suspended instance of the source version */
  instanceIds: z.array(z.number().int().positive()).max(MAX_MIGRATION_INSTANCES).optional(),
  all: z.boolean().optional(),
  /** with `all`: only instances whose id is greater (the previous batch's `nextAfterId`), so batches never overlap */
  afterId: z.number().int().nonnegative().optional(),
  /** source node id → target node id, for nodes whose id the target does not have (same ids are mapped by themselves) */
  mapping: z.record(nodeId, nodeId)
    .refine((m) => Object.keys(m).length <= MAX_MIGRATION_MAPPINGS, { message: 'valid.maxEntries', params: { n: MAX_MIGRATION_MAPPINGS }, abort: true })
    .default({}),
}).refine((v) => v.all || (v.instanceIds?.length ?? 0) > 0, { path: ['instanceIds'], message: 'valid.required' });
export type WorkflowMigrationInput = z.infer<typeof workflowMigrationSchema>;

/** the running and suspended instances of a version, for choosing what to migrate */
export const workflowMigrationInstanceQuerySchema = pageQuerySchema.extend({
  versionId: z.coerce.number().int().positive(),
  businessKey: z.string().trim().max(100).regex(/^[^\u0000-\u001f\u007f]*$/, { message: 'valid.controlChars' }).optional(),
});
export type WorkflowMigrationInstanceQuery = z.infer<typeof workflowMigrationInstanceQuerySchema>;

export interface MigrationNode { id: string; name: string | null; type: string }

/** a node of the source version where a token or an open task of a chosen instance sits, and where it goes */
export interface MigrationSourceNode extends MigrationNode {
  /** the target node (null: none, the migration is refused until it is mapped) */
  mappedTo: string | null;
  /** mapped by the same id, not by the operator's mapping */
  auto: boolean;
  /** why the node cannot go where it is mapped (another kind of node, a call activity calling another process…), in the caller's language */
  problem: string | null;
}

export type MigrationStepKind = 'task' | 'token' | 'countersign' | 'timer' | 'job' | 'call';
/** what happens to one token, task, timer or job, worded in the caller's language */
export interface MigrationStep { kind: MigrationStepKind; from: string; to: string | null; message: string }

export interface MigrationInstanceOutcome {
  instanceId: number;
  businessKey: string | null;
  status: InstanceStatus | null;
  /** the dry run: it would be migrated; the apply: it was */
  ok: boolean;
  steps: MigrationStep[];
  /** why it is (or was) refused, in the caller's language */
  refused: string[];
  /** why nothing was done although nothing is wrong (already on the target version), in the caller's language */
  skipped: string | null;
}

export interface MigrationResult {
  dryRun: boolean;
  fromVersion: number;
  toVersion: number;
  sourceNodes: MigrationSourceNode[];
  /** the target version's nodes a token can sit at */
  targetNodes: MigrationNode[];
  instances: MigrationInstanceOutcome[];
  migrated: number;
  /** the instances already on the target version, left as they are */
  skipped: number;
  /** how many instances the selection matches in all (with `all`: every one on the source version after `afterId`, not only this request's at most 500) */
  matched: number;
  /** with `all`: matching instances after this batch, still to be run */
  remaining: number;
  /** with `all` and `remaining` > 0: the `afterId` of the next batch */
  nextAfterId: number | null;
}

/** the history entry (`action: 'migrate'`) a migration writes on the instance */
export interface MigrationHistoryData {
  fromVersion: number;
  toVersion: number;
  fromVersionId: number;
  toVersionId: number;
  mapping: { from: string; fromName: string | null; to: string; toName: string | null }[];
}
