import { z } from 'zod';
import { pageQuerySchema } from '../paging';
import type { InstanceStatus } from './instances';

/**
 * Moving running instances of one version of a process to another version of the same process (instance
 * migration, docs/WORKFLOW.md "Migrating running instances"): a dry run answers what would happen to each
 * instance, the apply does it, one transaction per instance.
 */
export const MAX_MIGRATION_INSTANCES = 500;

const nodeId = z.string().trim().min(1).max(255);

export const workflowMigrationSchema = z.object({
  /** the version the instances are on */
  sourceVersionId: z.number().int().positive(),
  /** a version of the same process */
  targetVersionId: z.number().int().positive(),
  /** the chosen instances; omitted with `all`: every running or suspended instance of the source version */
  instanceIds: z.array(z.number().int().positive()).max(MAX_MIGRATION_INSTANCES).optional(),
  all: z.boolean().optional(),
  /** source node id → target node id, for nodes whose id the target does not have (same ids are mapped by themselves) */
  mapping: z.record(nodeId, nodeId).default({}),
}).refine((v) => v.all || (v.instanceIds?.length ?? 0) > 0, { path: ['instanceIds'], message: 'valid.required' });
export type WorkflowMigrationInput = z.infer<typeof workflowMigrationSchema>;

/** the running and suspended instances of a version, for choosing what to migrate */
export const workflowMigrationInstanceQuerySchema = pageQuerySchema.extend({
  versionId: z.coerce.number().int().positive(),
  businessKey: z.string().trim().max(100).optional(),
});
export type WorkflowMigrationInstanceQuery = z.infer<typeof workflowMigrationInstanceQuerySchema>;

export interface MigrationNode { id: string; name: string | null; type: string }

/** a node of the source version where a token or an open task of a chosen instance sits, and where it goes */
export interface MigrationSourceNode extends MigrationNode {
  /** the target node (null: none, the migration is refused until it is mapped) */
  mappedTo: string | null;
  /** mapped by the same id, not by the operator's mapping */
  auto: boolean;
}

export type MigrationStepKind = 'task' | 'token' | 'countersign' | 'timer' | 'job';
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
}

/** the history entry (`action: 'migrate'`) a migration writes on the instance */
export interface MigrationHistoryData {
  fromVersion: number;
  toVersion: number;
  fromVersionId: number;
  toVersionId: number;
  mapping: { from: string; fromName: string | null; to: string; toName: string | null }[];
}
