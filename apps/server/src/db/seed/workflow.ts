import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { accounts, wfDefinitions, wfParticipants, wfTasks } from '../schema/index';
import { definitionService } from '../../modules/workflow/definitions';
import { binding, purchase, seedWorkflowForms, startWithForm } from './workflowForms';
import { completeTask, instanceAction, type Actor } from '../../modules/workflow/engine/runtime';

/**
 * Demo processes of the workflow engine (demo profile only): 采购申请, 新品上市审批, 招标公告发布审批,
 * published, with diagrams the modeler shows (BPMN DI laid out here), and a handful of instances in
 * varied states for the monitor. Idempotent: a process is added only when its key is missing, and its
 * instances only together with it.
 */

// ---------- a tiny layout: nodes at (x, centre y), flows as orthogonal edges ----------

type Kind = 'start' | 'end' | 'task' | 'xor' | 'and' | 'timer';
interface LNode { id: string; kind: Kind; name?: string; x: number; y: number; attrs?: string; inner?: string }
interface LFlow { id: string; from: string; to: string; name?: string; condition?: string; below?: boolean }

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const size = (k: Kind) => (k === 'task' ? { w: 100, h: 80 } : k === 'xor' || k === 'and' ? { w: 50, h: 50 } : { w: 36, h: 36 });
const assign = (a: Record<string, unknown>) => ` bencao:assignment="${esc(JSON.stringify(a))}"`;

function diagram(processId: string, name: string, nodes: LNode[], flows: LFlow[], defaults: Record<string, string> = {}) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const tag: Record<Kind, string> = { start: 'startEvent', end: 'endEvent', task: 'userTask', xor: 'exclusiveGateway', and: 'parallelGateway', timer: 'intermediateCatchEvent' };
  const inc = (id: string) => flows.filter((f) => f.to === id).map((f) => `<bpmn:incoming>${f.id}</bpmn:incoming>`).join('');
  const out = (id: string) => flows.filter((f) => f.from === id).map((f) => `<bpmn:outgoing>${f.id}</bpmn:outgoing>`).join('');
  const elements = nodes.map((n) => {
    const dflt = defaults[n.id] ? ` default="${defaults[n.id]}"` : '';
    return `    <bpmn:${tag[n.kind]} id="${n.id}"${n.name ? ` name="${esc(n.name)}"` : ''}${dflt}${n.attrs ?? ''}>${inc(n.id)}${out(n.id)}${n.inner ?? ''}</bpmn:${tag[n.kind]}>`;
  });
  const seq = flows.map((f) => `    <bpmn:sequenceFlow id="${f.id}"${f.name ? ` name="${esc(f.name)}"` : ''} sourceRef="${f.from}" targetRef="${f.to}">${f.condition
    ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${esc(f.condition)}</bpmn:conditionExpression>` : ''}</bpmn:sequenceFlow>`);
  const shapes = nodes.map((n) => {
    const { w, h } = size(n.kind);
    return `      <bpmndi:BPMNShape id="${n.id}_di" bpmnElement="${n.id}"${n.kind === 'xor' ? ' isMarkerVisible="true"' : ''}><dc:Bounds x="${n.x}" y="${n.y - h / 2}" width="${w}" height="${h}"/></bpmndi:BPMNShape>`;
  });
  const edges = flows.map((f) => {
    const a = byId.get(f.from)!;
    const b = byId.get(f.to)!;
    const sa = size(a.kind);
    const sb = size(b.kind);
    let pts: [number, number][];
    if (f.below) {
      const low = Math.max(a.y + sa.h / 2, b.y + sb.h / 2) + 50;
      pts = [[a.x + sa.w / 2, a.y + sa.h / 2], [a.x + sa.w / 2, low], [b.x + sb.w / 2, low], [b.x + sb.w / 2, b.y + sb.h / 2]];
    } else if (a.y === b.y) {
      pts = [[a.x + sa.w, a.y], [b.x, b.y]];
    } else {
      // leave a gateway from its top/bottom corner, enter a join from its top/bottom corner
      const fromGw = a.kind === 'xor' || a.kind === 'and';
      pts = fromGw
        ? [[a.x + sa.w / 2, a.y + (b.y > a.y ? sa.h / 2 : -sa.h / 2)], [a.x + sa.w / 2, b.y], [b.x, b.y]]
        : [[a.x + sa.w, a.y], [b.x + sb.w / 2, a.y], [b.x + sb.w / 2, b.y + (a.y > b.y ? sb.h / 2 : -sb.h / 2)]];
    }
    return `      <bpmndi:BPMNEdge id="${f.id}_di" bpmnElement="${f.id}">${pts.map(([x, y]) => `<di:waypoint x="${x}" y="${y}"/>`).join('')}</bpmndi:BPMNEdge>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bencao="http://bencao.dev/schema/bpmn"
  id="Definitions_${processId}" targetNamespace="http://bencao.dev/bpmn">
  <bpmn:process id="${processId}" name="${esc(name)}" isExecutable="true">
${[...elements, ...seq].join('\n')}
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${processId}">
    <bpmndi:BPMNPlane id="Plane_${processId}" bpmnElement="${processId}">
${[...shapes, ...edges].join('\n')}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>`;
}

// ---------- the three processes ----------

function purchaseRequest(rule: (code: string) => Record<string, unknown>, formId: number) {
  return diagram('purchaseRequest', '采购申请', [
    { id: 'start', kind: 'start', name: '提交申请', x: 100, y: 200, attrs: binding(formId, 'write') },
    { id: 'deptApprove', kind: 'task', name: '部门负责人审批', x: 190, y: 200, attrs: `${assign({ rule: rule('deptLeader'), onEmpty: 'admin' })} bencao:dueIn="2wd" bencao:signature="approve"${binding(formId, 'read')}` },
    { id: 'purchase', kind: 'task', name: '采购部审核', x: 350, y: 200, attrs: `${assign({ rule: rule('purchasing'), onEmpty: 'admin', autoPassSameApprover: true })} bencao:dueIn="PT24H"${binding(formId, 'read', { supplier: 'write' })}` },
    { id: 'amountGw', kind: 'xor', name: '金额超过 5 万？', x: 510, y: 200 },
    { id: 'financeSign', kind: 'task', name: '财务会签', x: 620, y: 100, attrs: assign({ rule: rule('financeCountersign'), onEmpty: 'admin' }) + ' bencao:signature="review"' + binding(formId, 'read'), inner: '<bpmn:multiInstanceLoopCharacteristics isSequential="false" bencao:completion="all"/>' },
    { id: 'mergeGw', kind: 'xor', x: 780, y: 200 },
    { id: 'order', kind: 'task', name: '下单采购', x: 870, y: 200, attrs: assign({ rule: rule('purchasing'), onEmpty: 'admin' }) + binding(formId, 'read') },
    { id: 'end', kind: 'end', name: '采购完成', x: 1030, y: 200 },
  ], [
    { id: 'f_start', from: 'start', to: 'deptApprove' },
    { id: 'f_dept', from: 'deptApprove', to: 'purchase' },
    { id: 'f_purchase', from: 'purchase', to: 'amountGw' },
    { id: 'f_big', from: 'amountGw', to: 'financeSign', name: '超过 5 万', condition: 'purchase.amount > 50000' },
    { id: 'f_small', from: 'amountGw', to: 'mergeGw', name: '5 万及以下' },
    { id: 'f_signed', from: 'financeSign', to: 'mergeGw' },
    { id: 'f_merge', from: 'mergeGw', to: 'order' },
    { id: 'f_end', from: 'order', to: 'end' },
  ], { amountGw: 'f_small' });
}

function newProductLaunch(formId: number) {
  const role = (code: string) => ({ rule: { kind: 'role', roles: [code] }, onEmpty: 'admin' });
  const read = binding(formId, 'read');
  return diagram('newProductLaunch', '新品上市审批', [
    { id: 'start', kind: 'start', name: '提交上市申请', x: 100, y: 220, attrs: binding(formId, 'write') },
    { id: 'prepare', kind: 'task', name: '产品经理整理资料', x: 190, y: 220, attrs: assign({ rule: { kind: 'starter' }, onEmpty: 'admin' }) + binding(formId, 'write') },
    { id: 'fork', kind: 'and', x: 350, y: 220 },
    { id: 'quality', kind: 'task', name: '质量评审', x: 450, y: 100, attrs: `${assign(role('AUDITOR'))} bencao:dueIn="3wd"${read}` },
    { id: 'regulatory', kind: 'task', name: '注册法规评审', x: 450, y: 220, attrs: `${assign(role('GOVERNANCE_OPS'))} bencao:dueIn="3wd"${read}` },
    { id: 'marketing', kind: 'task', name: '市场评审', x: 450, y: 340, attrs: `${assign(role('WEB_EDITOR'))} bencao:dueIn="3wd"${read}` },
    { id: 'join', kind: 'and', x: 610, y: 220 },
    { id: 'decide', kind: 'task', name: '总经理批准上市', x: 710, y: 220, attrs: assign({ rule: { kind: 'role', roles: ['SUPER_ADMIN'] }, onEmpty: 'admin' }) + read },
    { id: 'end', kind: 'end', name: '准予上市', x: 870, y: 220 },
  ], [
    { id: 'f_start', from: 'start', to: 'prepare' },
    { id: 'f_prepare', from: 'prepare', to: 'fork' },
    { id: 'f_q', from: 'fork', to: 'quality' },
    { id: 'f_r', from: 'fork', to: 'regulatory' },
    { id: 'f_m', from: 'fork', to: 'marketing' },
    { id: 'f_q2', from: 'quality', to: 'join' },
    { id: 'f_r2', from: 'regulatory', to: 'join' },
    { id: 'f_m2', from: 'marketing', to: 'join' },
    { id: 'f_join', from: 'join', to: 'decide' },
    { id: 'f_end', from: 'decide', to: 'end' },
  ]);
}

function bidNotice(formId: number) {
  const read = binding(formId, 'read');
  return diagram('bidNoticePublish', '招标公告发布审批', [
    { id: 'start', kind: 'start', name: '起草公告', x: 100, y: 200, attrs: binding(formId, 'write') },
    { id: 'draft', kind: 'task', name: '经办人编制公告', x: 190, y: 200, attrs: assign({ rule: { kind: 'starter' }, onEmpty: 'admin' }) + binding(formId, 'write') },
    { id: 'legal', kind: 'task', name: '法务合规审核', x: 350, y: 200, attrs: `${assign({ rule: { kind: 'role', roles: ['AUDITOR'] }, onEmpty: 'admin' })} bencao:dueIn="2wd"${read}` },
    { id: 'legalGw', kind: 'xor', name: '审核通过？', x: 510, y: 200 },
    { id: 'leader', kind: 'task', name: '分管领导审批', x: 620, y: 200, attrs: assign({ rule: { kind: 'role', roles: ['SUPER_ADMIN'] }, onEmpty: 'admin', autoPassSameApprover: true }) + read },
    { id: 'publish', kind: 'task', name: '网站发布公告', x: 780, y: 200, attrs: assign({ rule: { kind: 'role', roles: ['WEB_EDITOR'] }, onEmpty: 'admin' }) + read },
    { id: 'end', kind: 'end', name: '公告已发布', x: 940, y: 200 },
  ], [
    { id: 'f_start', from: 'start', to: 'draft' },
    { id: 'f_draft', from: 'draft', to: 'legal' },
    { id: 'f_legal', from: 'legal', to: 'legalGw' },
    { id: 'f_back', from: 'legalGw', to: 'draft', name: '退回修改', condition: 'outcome == "reject"', below: true },
    { id: 'f_pass', from: 'legalGw', to: 'leader', name: '通过' },
    { id: 'f_leader', from: 'leader', to: 'publish' },
    { id: 'f_end', from: 'publish', to: 'end' },
  ], { legalGw: 'f_pass' });
}

// ---------- seeding ----------

export async function seedWorkflow(db: Db, cfg: AppConfig) {
  if (cfg.profile === 'production') return;
  const present = new Set((await db.select({ key: wfDefinitions.key }).from(wfDefinitions)
    .where(inArray(wfDefinitions.key, ['purchaseRequest', 'newProductLaunch', 'bidNoticePublish']))).map((r) => r.key));
  const saved = new Map((await db.select({ id: wfParticipants.id, code: wfParticipants.code }).from(wfParticipants)).map((r) => [r.code, r.id]));
  const rule = (code: string) => (saved.has(code) ? { kind: 'saved', ruleId: saved.get(code)! } : { kind: 'role', roles: ['SUPER_ADMIN'] });
  const accs = new Map((await db.select({ id: accounts.id, userId: accounts.userId, userName: accounts.userName }).from(accounts)).map((a) => [a.userId, a]));
  const admin = accs.get('admin');
  if (!admin) return;
  const actorOf = (userId: string): Actor => { const a = accs.get(userId) ?? admin; return { accountId: a.id, name: a.userName }; };
  const base = Date.now() - 6 * 86_400_000;
  let tick = 0;
  const now = () => new Date(base + (tick += 37) * 60_000);
  const svc = definitionService(db, now);
  const formIds = await seedWorkflowForms(db);

  const defs = [
    { key: 'purchaseRequest', name: '采购申请', category: '采购管理', description: '部门负责人审批 → 采购部审核 → 金额超过 5 万元时财务会签 → 下单采购', xml: purchaseRequest(rule, formIds.purchase) },
    { key: 'newProductLaunch', name: '新品上市审批', category: '产品管理', description: '质量、注册法规、市场三方并行评审，全部通过后由总经理批准上市', xml: newProductLaunch(formIds.launch) },
    { key: 'bidNoticePublish', name: '招标公告发布审批', category: '招投标', description: '经办人编制 → 法务合规审核（可退回）→ 分管领导审批 → 网站发布', xml: bidNotice(formIds.bid) },
  ];
  const ids: Record<string, number> = {};
  for (const d of defs) {
    if (present.has(d.key)) continue;
    const created = await svc.create({ key: d.key, name: d.name, category: d.category, description: d.description, xml: d.xml }, actorOf('admin'));
    await svc.publish(created.id, actorOf('admin'));
    ids[d.key] = created.id;
  }

  // instances in varied states, only with freshly added processes
  const start = (key: string, userId: string, businessKey: string, form: Record<string, unknown>) => {
    const a = accs.get(userId) ?? admin;
    return ids[key] ? startWithForm(db, (id, actor, input) => svc.start(id, actor, input), ids[key], { accountId: a.id, name: a.userName, userId: a.userId }, businessKey, form) : null;
  };
  const passAll = async (instanceId: number, elementId: string, userId: string, extra: { outcome?: string; comment?: string; variables?: Record<string, unknown> } = {}) => {
    const open = await db.select().from(wfTasks).where(eq(wfTasks.instanceId, instanceId));
    for (const t of open.filter((x) => x.elementId === elementId && x.status === 'open')) {
      await completeTask(db, t.id, actorOf(userId), { variables: extra.variables ?? {}, comment: extra.comment ?? '同意', outcome: extra.outcome ?? 'approve' }, now(), true);
    }
  };

  const p1 = await start('purchaseRequest', 'admin', 'CG-2026-0001', purchase('办公电脑', 4, 3200, '信息中心', '新员工入职办公用机'));
  if (p1) await passAll(p1.id, 'deptApprove', 'admin');
  const p2 = await start('purchaseRequest', 'admin', 'CG-2026-0002', purchase('实验室离心机', 2, 93000, '研发中心', '中药提取工艺研究需要高速冷冻离心机'));
  if (p2) { await passAll(p2.id, 'deptApprove', 'admin'); await passAll(p2.id, 'purchase', 'admin'); }
  const p3 = await start('purchaseRequest', 'admin', 'CG-2026-0003', purchase('打印耗材', 12, 300, '行政部', '季度办公耗材补充'));
  if (p3) for (const el of ['deptApprove', 'purchase', 'order']) await passAll(p3.id, el, 'admin');
  const p4 = await start('purchaseRequest', 'admin', 'CG-2026-0004', purchase('会议室投影设备', 2, 26000, '综合办', '大会议室设备更新'));
  if (p4) await instanceAction(db, p4.id, 'terminate', actorOf('admin'), now(), '需求取消');

  const n1 = await start('newProductLaunch', 'admin', 'XP-2026-015', { product: '复方丹参滴丸（新规格）', spec: '27 mg × 180 丸', summary: '新增大包装规格，面向连锁药店渠道' });
  if (n1) { await passAll(n1.id, 'prepare', 'admin'); await passAll(n1.id, 'quality', 'auditor'); }
  const n2 = await start('newProductLaunch', 'admin', 'XP-2026-016', { product: '板蓝根颗粒（无糖型）', spec: '5 g × 20 袋', summary: '无糖配方，适合糖尿病患者' });
  if (n2) { await passAll(n2.id, 'prepare', 'admin'); await instanceAction(db, n2.id, 'suspend', actorOf('admin'), now(), '等待检测报告'); }

  const b1 = await start('bidNoticePublish', 'editor', 'ZB-2026-031', { title: '中药饮片年度采购招标公告', budget: 3_200_000, content: '本项目采购 2027 年度中药饮片，欢迎符合资格的供应商参加投标。' });
  if (b1) { await passAll(b1.id, 'draft', 'editor'); await passAll(b1.id, 'legal', 'auditor', { outcome: 'reject', comment: '资格条件表述不清，请修改' }); }
  const b2 = await start('bidNoticePublish', 'editor', 'ZB-2026-032', { title: '仓储物流服务招标公告', budget: 860_000, content: '本项目采购仓储及干线物流服务，服务期一年。' });
  if (b2) for (const [el, who] of [['draft', 'editor'], ['legal', 'auditor'], ['leader', 'admin'], ['publish', 'editor']]) await passAll(b2.id, el, who);
}
