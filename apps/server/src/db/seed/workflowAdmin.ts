import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { roleGrants, roles, wfListeners, wfParticipants, wfPluginButtons, wfPluginTypes } from '../schema/index';
import { seedWorkflowSettings } from '../../modules/workflow/admin/settings';

/**
 * Workflow administration (modules/workflow/admin). Every profile: the built-in plugin types and the
 * default settings. Demo profile: plugin buttons, the participants' rules the demo processes use (by
 * code: `deptLeader`, `purchasing`, `financeCountersign`), the roles those name, and a mail listener
 * telling the starter that a process ended. Idempotent: only what is missing is added.
 */

const BUILT_IN_TYPES = [
  { code: 'httpCall', name: 'HTTP 调用', kind: 'httpCall', note: { en: 'Calls a URL and maps the JSON answer into variables', zh: '调用外部接口，把返回的 JSON 映射为流程变量', es: 'Llama a una URL y asigna la respuesta JSON a variables', ja: 'URL を呼び出し、JSON の応答を変数に割り当てます' } },
  { code: 'setVariables', name: '设置变量', kind: 'setVariables', note: { en: 'Sets variables from CEL expressions', zh: '用 CEL 表达式计算并设置流程变量', es: 'Asigna variables con expresiones CEL', ja: 'CEL 式で変数を計算して設定します' } },
  { code: 'mail', name: '发送邮件', kind: 'mail', note: { en: 'Sends a mail through the SMTP server', zh: '通过 SMTP 服务器发送邮件', es: 'Envía un correo por el servidor SMTP', ja: 'SMTP サーバー経由でメールを送信します' } },
  { code: 'print', name: '打印', kind: 'print', note: { en: 'A printable page of the instance\'s variables', zh: '生成流程变量的打印页', es: 'Una página imprimible con las variables de la instancia', ja: 'インスタンスの変数を印刷用ページにします' } },
];

export async function seedWorkflowAdmin(db: Db, cfg: AppConfig) {
  await db.insert(wfPluginTypes).values(BUILT_IN_TYPES.map((t) => ({ ...t, settings: {}, builtIn: true }))).onConflictDoNothing();
  await seedWorkflowSettings(db);
  if (cfg.profile === 'production') return;

  // the demo once had a "query inventory" button calling a service the product does not have: gone
  await db.delete(wfPluginButtons).where(eq(wfPluginButtons.code, 'queryInventory'));
  await db.delete(wfPluginTypes).where(and(eq(wfPluginTypes.code, 'inventoryQuery'), eq(wfPluginTypes.builtIn, false)));
  await db.insert(wfPluginButtons).values([
    {
      code: 'printLabel', label: { en: 'Print label', zh: '打印标签', es: 'Imprimir etiqueta', ja: 'ラベル印刷' }, pluginTypeCode: 'print',
      settings: { title: '物料标签' }, seq: 1,
    },
  ]).onConflictDoNothing();

  // the roles the demo rules name (their members are the demo processes' to add)
  const demoRoles = [
    { code: 'PURCHASER', name: '采购专员' },
    { code: 'FINANCE', name: '财务审核' },
  ];
  await db.insert(roles).values(demoRoles.map((r) => ({ ...r, roleType: 'common' as const }))).onConflictDoNothing();
  const made = await db.select({ id: roles.id }).from(roles).where(inArray(roles.code, demoRoles.map((r) => r.code)));
  await db.insert(roleGrants).values(made.map((r) => ({ roleId: r.id, authority: 'bpm:task' }))).onConflictDoNothing();

  await db.insert(wfParticipants).values([
    {
      code: 'deptLeader', name: '部门负责人', kind: 'starterLeader', rule: { kind: 'starterLeader', levels: 1, viewId: null },
      note: { en: 'The head of the starter\'s department', zh: '发起人所在部门的负责人', es: 'El responsable del departamento del solicitante', ja: '申請者の所属部門の責任者' },
    },
    {
      code: 'purchasing', name: '采购部', kind: 'role', rule: { kind: 'role', roles: ['PURCHASER'] },
      note: { en: 'Purchasing staff', zh: '采购部经办人员', es: 'Personal de compras', ja: '購買部の担当者' },
    },
    {
      code: 'financeCountersign', name: '财务会签', kind: 'role', rule: { kind: 'role', roles: ['FINANCE'] },
      note: { en: 'Finance reviewers; all of them sign', zh: '财务人员会签（全员签署）', es: 'Revisores de finanzas; firman todos', ja: '財務担当者（全員が署名）' },
    },
  ]).onConflictDoNothing();

  const [listener] = await db.select({ id: wfListeners.id }).from(wfListeners).where(eq(wfListeners.name, '流程办结通知'));
  if (!listener) {
    await db.insert(wfListeners).values({
      name: '流程办结通知', enabled: true, scope: 'global', definitionKey: null, elementId: null, events: ['processEnd'], kind: 'mail', http: null,
      mail: {
        emails: [], rule: { kind: 'starter' }, lang: 'zh',
        templates: {
          en: { subject: 'Process finished: {{definitionName}}', body: 'The process "{{definitionName}}" you started (business key {{businessKey}}) finished at {{at}}.' },
          zh: { subject: '流程已办结：{{definitionName}}', body: '您发起的「{{definitionName}}」（业务编号 {{businessKey}}）已于 {{at}} 办结。' },
          es: { subject: 'Proceso finalizado: {{definitionName}}', body: 'El proceso «{{definitionName}}» que inició (clave de negocio {{businessKey}}) finalizó el {{at}}.' },
          ja: { subject: 'プロセス完了：{{definitionName}}', body: '開始したプロセス「{{definitionName}}」（業務キー {{businessKey}}）は {{at}} に完了しました。' },
        },
      },
      note: { en: 'Mails the starter when a process ends', zh: '流程结束时邮件通知发起人', es: 'Envía un correo al solicitante cuando termina el proceso', ja: 'プロセスの終了時に申請者へメールで通知します' },
    });
  }
}
