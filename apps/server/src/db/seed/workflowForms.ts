import { eq } from 'drizzle-orm';
import type { FieldPermission, FormBinding, FormField, FormSchema, LocalText } from '@bencao/contracts';
import type { Db } from '../client';
import { forms, wfDefinitions } from '../schema/index';
import { formsService } from '../../modules/forms/service';
import { modelOf } from '../../modules/workflow/engine/runtime';
import { startBinding, taskForms } from '../../modules/workflow/tasks/forms';

/**
 * The cloud forms of the demo processes (issue 26): 采购申请, 新品上市审批 and 招标公告发布审批 are
 * started by filling a published form, whose document (under the form's model name) is what their
 * conditions read; each node of the processes gets its own field permissions (seed/workflow.ts).
 * Labels in the four console languages. Idempotent: a form is created only when its name is missing.
 */

const L = (zh: string, en: string, es: string, ja: string): LocalText => ({ zh, en, es, ja });
const field = (key: string, type: FormField['type'], label: LocalText, more: Partial<FormField> = {}): FormField =>
  ({ kind: 'field', id: `f_${key}`, key, type, label, span: 12, ...more });

const purchaseForm: FormSchema = {
  version: 1, labelWidth: 120,
  nodes: [
    field('item', 'text', L('物品名称', 'Item', 'Artículo', '品名'), { required: true, maxLength: 100 }),
    field('department', 'text', L('申请部门', 'Department', 'Departamento', '申請部門'), { maxLength: 50 }),
    field('quantity', 'number', L('数量', 'Quantity', 'Cantidad', '数量'), { required: true, precision: 0, min: 1 }),
    field('unitPrice', 'money', L('单价（元）', 'Unit price (CNY)', 'Precio unitario (CNY)', '単価（元）'), { required: true, min: 0 }),
    field('amount', 'money', L('金额（元）', 'Amount (CNY)', 'Importe (CNY)', '金額（元）'), { required: true, min: 0.01 }),
    field('supplier', 'text', L('供应商', 'Supplier', 'Proveedor', '仕入先'), { maxLength: 100 }),
    field('reason', 'textarea', L('申请理由', 'Reason', 'Motivo', '申請理由'), { required: true, maxLength: 1000, span: 24 }),
    field('lines', 'subTable', L('采购明细', 'Lines', 'Líneas', '購入明細'), {
      span: 24, sumColumns: ['qty', 'subtotal'],
      columns: [
        { kind: 'field', id: 'c_name', key: 'name', type: 'text', label: L('名称', 'Name', 'Nombre', '名称') },
        { kind: 'field', id: 'c_spec', key: 'spec', type: 'text', label: L('规格', 'Specification', 'Especificación', '規格') },
        { kind: 'field', id: 'c_qty', key: 'qty', type: 'number', label: L('数量', 'Quantity', 'Cantidad', '数量'), precision: 0, min: 0 },
        { kind: 'field', id: 'c_price', key: 'price', type: 'money', label: L('单价', 'Unit price', 'Precio unitario', '単価'), min: 0 },
        {
          kind: 'field', id: 'c_subtotal', key: 'subtotal', type: 'computed', label: L('小计', 'Subtotal', 'Subtotal', '小計'),
          expression: 'has(data.qty) && has(data.price) ? double(data.qty) * double(data.price) : 0.0', precision: 2,
        },
      ],
    }),
    field('attachments', 'upload', L('附件', 'Attachments', 'Adjuntos', '添付ファイル'), { span: 24 }),
  ],
};

const launchForm: FormSchema = {
  version: 1, labelWidth: 120,
  nodes: [
    field('product', 'text', L('产品名称', 'Product', 'Producto', '製品名'), { required: true, maxLength: 100 }),
    field('spec', 'text', L('规格', 'Specification', 'Especificación', '規格'), { maxLength: 100 }),
    field('approvalNo', 'text', L('批准文号', 'Approval number', 'Número de autorización', '承認番号'), { maxLength: 50 }),
    field('launchDate', 'date', L('计划上市日期', 'Planned launch date', 'Fecha prevista de lanzamiento', '発売予定日')),
    field('expectedSales', 'money', L('预计年销售额（元）', 'Expected annual sales (CNY)', 'Ventas anuales previstas (CNY)', '年間売上見込（元）'), { min: 0 }),
    field('summary', 'textarea', L('上市说明', 'Launch summary', 'Resumen del lanzamiento', '発売概要'), { maxLength: 2000, span: 24 }),
    field('attachments', 'upload', L('附件', 'Attachments', 'Adjuntos', '添付ファイル'), { span: 24 }),
  ],
};

const bidForm: FormSchema = {
  version: 1, labelWidth: 120,
  nodes: [
    field('title', 'text', L('公告标题', 'Notice title', 'Título del anuncio', '公告タイトル'), { required: true, maxLength: 100, span: 24 }),
    field('projectNo', 'text', L('项目编号', 'Project number', 'Número de proyecto', '案件番号'), { maxLength: 50 }),
    field('budget', 'money', L('预算金额（元）', 'Budget (CNY)', 'Presupuesto (CNY)', '予算額（元）'), { min: 0 }),
    field('deadline', 'date', L('投标截止日期', 'Bid deadline', 'Fecha límite de ofertas', '入札締切日')),
    field('qualification', 'textarea', L('投标人资格要求', 'Bidder qualifications', 'Requisitos de los licitadores', '入札参加資格'), { maxLength: 2000, span: 24 }),
    field('content', 'textarea', L('公告正文', 'Notice text', 'Texto del anuncio', '公告本文'), { maxLength: 5000, span: 24 }),
    field('attachments', 'upload', L('附件', 'Attachments', 'Adjuntos', '添付ファイル'), { span: 24 }),
  ],
};

const FORMS = {
  purchase: { name: '采购申请单', modelName: 'purchase', category: '采购管理', description: '采购申请流程的表单：物品、数量、单价、金额（大写）、供应商、理由、明细与附件', schema: purchaseForm },
  launch: { name: '新品上市申请单', modelName: 'launch', category: '产品管理', description: '新品上市审批流程的表单', schema: launchForm },
  bid: { name: '招标公告审批单', modelName: 'bid', category: '招投标', description: '招标公告发布审批流程的表单', schema: bidForm },
} as const;
export type DemoForm = keyof typeof FORMS;

/** the published demo forms (created when missing): form id by name */
export async function seedWorkflowForms(db: Db): Promise<Record<DemoForm, number>> {
  const svc = formsService(db);
  const out = {} as Record<DemoForm, number>;
  for (const [code, f] of Object.entries(FORMS) as [DemoForm, (typeof FORMS)[DemoForm]][]) {
    const [present] = await db.select({ id: forms.id, version: forms.version }).from(forms).where(eq(forms.name, f.name));
    let id = present?.id;
    if (!id) {
      id = (await svc.create({ name: f.name, modelName: f.modelName, category: f.category, description: f.description, action: 'store', schema: f.schema }, { userId: 'admin', lang: 'zh' })).id;
    }
    if (!present?.version) await svc.publish(id, { userId: 'admin', lang: 'zh' });
    out[code] = id;
  }
  return out;
}

/** `bencao:form` of a node: the form's first version, `all` the permission of every field, `fields` the exceptions */
export function binding(formId: number, all: FieldPermission, fields: Record<string, FieldPermission> = {}): string {
  const b: FormBinding = { formId, version: 1, defaultPermission: all, fields };
  return ` bencao:form="${JSON.stringify(b).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
}

/** starts the newest version of a definition as a person does: its start form checked, the document stored */
export async function startWithForm(db: Db, start: StartFn, definitionId: number, who: { accountId: number; name: string; userId: string }, businessKey: string, form: Record<string, unknown>) {
  const [d] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.id, definitionId));
  const model = await modelOf(db, d.latestVersionId!, d.key, d.latestVersion);
  const at = startBinding(model);
  const tf = taskForms(db);
  const variables = at ? await tf.check(at.binding, null, form, 'zh') : {};
  const inst = await start(definitionId, { accountId: who.accountId, name: who.name }, { businessKey, variables });
  if (at) await tf.store(at.binding, at.elementId, inst.id, form, { userId: who.userId, lang: 'zh' });
  return inst;
}
type StartFn = (id: number, actor: { accountId: number; name: string }, input: { businessKey: string; variables: Record<string, unknown> }) => Promise<{ id: number }>;

/** a 采购申请 start form: one line of the item, the amount its quantity times its unit price */
export const purchase = (item: string, quantity: number, unitPrice: number, department: string, reason: string) => ({
  item, quantity, unitPrice, amount: quantity * unitPrice, department, reason, lines: [{ name: item, qty: quantity, price: unitPrice }],
});
