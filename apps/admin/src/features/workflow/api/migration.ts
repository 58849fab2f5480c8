import type { MigrationResult, Page, WorkflowInstance, WorkflowMigrationInput } from '@bencao/contracts';
import { call, request } from '@/lib/request';

/** The console's calls for moving running instances to another version (`/api/workflow/migration/…`, docs/WORKFLOW.md). */
const BASE = '/api/workflow/migration';
const post = (path: string, body: WorkflowMigrationInput) =>
  request<MigrationResult>({ method: 'POST', url: `${BASE}/${path}`, data: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

export const migrationApi = {
  /** the running and suspended instances of a version */
  instances: (q: { versionId: number; page: number; limit: number; businessKey?: string }) =>
    call<Page<WorkflowInstance>>('GET', `${BASE}/instances`, { params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) }),
  dryRun: (body: WorkflowMigrationInput) => post('dry-run', body),
  apply: (body: WorkflowMigrationInput) => post('apply', body),
};
