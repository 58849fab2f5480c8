/** Marker classes the diagrams put on elements (styled in `diagram.css`). */
export const MARKERS = {
  done: 'wf-done',
  active: 'wf-active',
  taken: 'wf-taken',
  failed: 'wf-failed',
  problem: 'wf-problem',
} as const;

export interface Marker { id: string; className: string }

/** What the instance detail says about its diagram (the fields of `WorkflowInstanceDetail` used here). */
export interface InstanceTrace {
  completedNodeIds: readonly string[];
  activeNodeIds: readonly string[];
  takenFlowIds: readonly string[];
  jobs?: readonly { elementId: string | null; status: string }[];
}

/**
 * The markers of an instance's diagram: flows taken, nodes completed, nodes active now (a node both
 * completed before and active again in a loop shows as active) and nodes with a job that failed for good.
 * Ids the diagram does not have are dropped (`known`).
 */
export function traceMarkers(trace: InstanceTrace, known?: (id: string) => boolean): Marker[] {
  const ok = (id: string | null | undefined): id is string => !!id && (!known || known(id));
  const active = new Set(trace.activeNodeIds.filter(ok));
  const failed = new Set((trace.jobs ?? []).filter((j) => j.status === 'failed').map((j) => j.elementId).filter(ok));
  const out: Marker[] = [];
  for (const id of new Set(trace.takenFlowIds.filter(ok))) out.push({ id, className: MARKERS.taken });
  for (const id of new Set(trace.completedNodeIds.filter(ok))) if (!active.has(id)) out.push({ id, className: MARKERS.done });
  for (const id of active) out.push({ id, className: MARKERS.active });
  for (const id of failed) out.push({ id, className: MARKERS.failed });
  return out;
}
