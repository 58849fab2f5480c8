/**
 * The workflow administration's interface to the engine (docs/WORKFLOW-PLAN.md "Between the engine and
 * the admin part"):
 *
 * - `resolveParticipants(db, rule, ctx) → { accountIds }`: distinct active accounts, ascending ids.
 * - `workflowEvent(db, event) → { invocationIds }`: records an invocation per matching listener and
 *   enqueues it as a job of the engine's job table (kind `workflow.listener`; retries with back-off are the
 *   engine's); `registerWorkflowAdminJobs()` registers that handler (called by the admin routes plugin).
 * - `runPlugin(db, typeCode, settings, ctx) → { variables?, html? }`: service tasks and plugin buttons.
 * - `workflowAccess(db, auth)`: `{ canStart, canMonitor, canAdminister, monitorableKeys }`.
 * - `workflowSettings(db)`: the saved settings with their defaults.
 *
 * Every function takes a database handle or a transaction (`Q`).
 */
export type { Q, ParticipantContext, WorkflowEvent, PluginContext } from './types';
export { activeAccountSql, resolveParticipants } from './participants';
export { workflowEvent, activeListenersJson, type ActiveListener, runListenerInvocation, LISTENER_JOB_KIND, registerWorkflowAdminJobs } from './listeners';
export { runPlugin, pluginButtonsFor } from './plugins';
export { workflowAccess, type WorkflowAccess } from './permissions';
export { workflowSettings, settingsOf } from './settings';
export { accountEmail } from './template';
