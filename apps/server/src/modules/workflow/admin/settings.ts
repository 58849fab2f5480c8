import { eq } from 'drizzle-orm';
import { workflowSettingsSchema, type WorkflowSettings } from '@bencao/contracts';
import { wfSettings } from '../../../db/schema/index';
import type { Q } from './types';

/**
 * The engine's settings (`/api/workflow/settings`, one row): reminders, the default timeout, the
 * notification channels and their templates in four languages, the starter's withdrawal, history retention.
 */

const SETTINGS_ID = 1;

export const DEFAULT_SETTINGS: WorkflowSettings = workflowSettingsSchema.parse({
  reminder: { enabled: true, beforeDueHours: 4, repeatHours: 24 },
  timeout: { defaultDueHours: 72, action: 'remind' },
  channels: { inApp: true, mail: false },
  templates: {
    taskAssigned: {
      en: { subject: 'New task: {{taskName}} ({{definitionName}})', body: 'A task is waiting for you: {{taskName}} of "{{definitionName}}" (business key {{businessKey}}).' },
      zh: { subject: '新待办：{{taskName}}（{{definitionName}}）', body: '您有一项新的待办：「{{definitionName}}」中的「{{taskName}}」（业务编号 {{businessKey}}），请及时处理。' },
      es: { subject: 'Nueva tarea: {{taskName}} ({{definitionName}})', body: 'Tiene una tarea pendiente: {{taskName}} de «{{definitionName}}» (clave de negocio {{businessKey}}).' },
      ja: { subject: '新しいタスク：{{taskName}}（{{definitionName}}）', body: '「{{definitionName}}」のタスク「{{taskName}}」（業務キー {{businessKey}}）が割り当てられました。' },
    },
    taskReminder: {
      en: { subject: 'Reminder: {{taskName}} is due soon', body: 'The task {{taskName}} of "{{definitionName}}" is due at {{dueAt}}.' },
      zh: { subject: '催办提醒：{{taskName}} 即将到期', body: '「{{definitionName}}」中的待办「{{taskName}}」将于 {{dueAt}} 到期，请尽快处理。' },
      es: { subject: 'Recordatorio: {{taskName}} vence pronto', body: 'La tarea {{taskName}} de «{{definitionName}}» vence el {{dueAt}}.' },
      ja: { subject: 'リマインダー：{{taskName}} の期限が近づいています', body: '「{{definitionName}}」のタスク「{{taskName}}」の期限は {{dueAt}} です。' },
    },
    taskTimeout: {
      en: { subject: 'Overdue: {{taskName}}', body: 'The task {{taskName}} of "{{definitionName}}" is overdue since {{dueAt}}.' },
      zh: { subject: '已超时：{{taskName}}', body: '「{{definitionName}}」中的待办「{{taskName}}」已于 {{dueAt}} 超时，请立即处理。' },
      es: { subject: 'Vencida: {{taskName}}', body: 'La tarea {{taskName}} de «{{definitionName}}» está vencida desde el {{dueAt}}.' },
      ja: { subject: '期限切れ：{{taskName}}', body: '「{{definitionName}}」のタスク「{{taskName}}」は {{dueAt}} に期限を過ぎました。' },
    },
    processEnded: {
      en: { subject: 'Process finished: {{definitionName}}', body: 'The process "{{definitionName}}" (business key {{businessKey}}) has finished.' },
      zh: { subject: '流程已办结：{{definitionName}}', body: '您发起的「{{definitionName}}」（业务编号 {{businessKey}}）已办结。' },
      es: { subject: 'Proceso finalizado: {{definitionName}}', body: 'El proceso «{{definitionName}}» (clave de negocio {{businessKey}}) ha finalizado.' },
      ja: { subject: 'プロセス完了：{{definitionName}}', body: 'プロセス「{{definitionName}}」（業務キー {{businessKey}}）が完了しました。' },
    },
  },
  starterMayWithdraw: true,
  historyRetentionDays: 365,
});

/** The saved settings; anything missing or no longer valid falls back to the defaults. */
export async function workflowSettings(db: Q): Promise<WorkflowSettings> {
  const [row] = await db.select({ value: wfSettings.value }).from(wfSettings).where(eq(wfSettings.id, SETTINGS_ID));
  return settingsOf(row?.value);
}

/** a stored settings value (or none) with the defaults applied */
export function settingsOf(value: unknown): WorkflowSettings {
  if (value == null) return DEFAULT_SETTINGS;
  const parsed = workflowSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function saveWorkflowSettings(db: Q, value: WorkflowSettings, now: Date): Promise<WorkflowSettings> {
  await db.insert(wfSettings).values({ id: SETTINGS_ID, value, updatedAt: now })
    .onConflictDoUpdate({ target: wfSettings.id, set: { value, updatedAt: now } });
  return value;
}

/** Seeds the defaults once (idempotent). */
export async function seedWorkflowSettings(db: Q) {
  await db.insert(wfSettings).values({ id: SETTINGS_ID, value: DEFAULT_SETTINGS }).onConflictDoNothing();
}
