import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import type { AppConfig } from '../../config';
import { accounts, organNodes, organs, staff, wfDefinitions, wfInstances, wfTasks } from '../schema/index';
import { definitionService } from '../../modules/workflow/definitions';
import { approve, cc, type Me } from '../../modules/workflow/tasks/actions';
import { purchase, startWithForm } from './workflowForms';

/**
 * Demo of tasks and approvals (issue 11): the starter 张敏 sits in 生产部 (whose principal 刘建华 is the
 * `deptlead` account, so the 部门负责人 rule finds him), and a few 采购申请 give the demo accounts
 * to-do, done and ended items: one finished, one waiting for the department head, one in the finance
 * countersign (finance1 and finance2), copied to ccuser.
 */
export async function seedWorkflowTasks(db: Db, cfg: AppConfig) {
  if (cfg.profile === 'production') return;
  const accs = new Map((await db.select().from(accounts).where(inArray(accounts.userId, ['staff', 'deptlead', 'purchaser', 'finance1', 'finance2', 'ccuser']))).map((a) => [a.userId, a]));
  const starter = accs.get('staff');
  const lead = accs.get('deptlead');
  if (!starter || !lead) return;

  // 张敏 on a position under 生产部; 刘建华 (its principal) is the department head account
  const [dept] = await db.select().from(organs).where(eq(organs.code, 'BC-PROD'));
  const [leadStaff] = await db.select().from(staff).where(eq(staff.code, 'E0004'));
  if (dept && leadStaff && !starter.staffId) {
    const [node] = await db.select().from(organNodes).where(eq(organNodes.organId, dept.id)).limit(1);
    let [pos] = await db.select().from(organs).where(eq(organs.code, 'BC-PROD-P9'));
    if (!pos && node) {
      [pos] = await db.insert(organs).values({ code: 'BC-PROD-P9', typeCode: 'position', name: '生产计划员' }).returning();
      await db.insert(organNodes).values({ viewId: node.viewId, organId: pos.id, parentId: dept.id, seq: 9 });
    }
    if (pos) {
      let [s] = await db.select().from(staff).where(eq(staff.code, 'E0101'));
      if (!s) [s] = await db.insert(staff).values({ code: 'E0101', name: '张敏', gender: '2', positionId: pos.id }).returning();
      await db.update(accounts).set({ staffId: s.id }).where(eq(accounts.id, starter.id));
    }
    await db.update(accounts).set({ staffId: leadStaff.id }).where(and(eq(accounts.id, lead.id), eq(accounts.userId, 'deptlead')));
  }

  const [def] = await db.select().from(wfDefinitions).where(eq(wfDefinitions.key, 'purchaseRequest'));
  if (!def?.latestVersionId) return;
  const [present] = await db.select({ id: wfInstances.id }).from(wfInstances).where(eq(wfInstances.businessKey, 'CG-2026-0101'));
  if (present) return;

  const base = Date.now() - 3 * 86_400_000;
  let tick = 0;
  const now = () => new Date(base + (tick += 23) * 60_000);
  const svc = definitionService(db, now);
  const me = (userId: string): Me => { const a = accs.get(userId)!; return { accountId: a.id, name: a.userName }; };
  const openTasks = async (instanceId: number) => db.select().from(wfTasks).where(and(eq(wfTasks.instanceId, instanceId), eq(wfTasks.status, 'open')));
  /** each open task of the instance approved by its assignee */
  const approveOpen = async (instanceId: number, comment: string) => {
    for (const t of await openTasks(instanceId)) {
      const who = [...accs.values()].find((a) => a.id === t.assigneeId);
      if (who) await approve(db, t.id, me(who.userId), { comment, variables: {} }, now());
    }
  };
  const start = (businessKey: string, form: Record<string, unknown>) =>
    startWithForm(db, (id, actor, input) => svc.start(id, actor, input), def.id, { accountId: starter.id, name: starter.userName, userId: starter.userId }, businessKey, form);

  // finished: small amount, no countersign
  const done = await start('CG-2026-0100', purchase('车间温湿度记录仪', 6, 1633, '生产部', 'GMP 车间温湿度监控点位补充'));
  await approveOpen(done.id, '同意');
  await approveOpen(done.id, '已核价');
  await approveOpen(done.id, '已下单');
  // waiting for the department head
  await start('CG-2026-0102', purchase('安全防护用品', 40, 190, '生产部', '饮片车间劳保用品年度补充'));
  // above 50,000: department head and purchasing approved, now the finance countersign, copied to ccuser
  const big = await start('CG-2026-0101', purchase('中药饮片切片机', 1, 68000, '生产部', '现有切片机老化，影响饮片片型合格率'));
  const [first] = await openTasks(big.id);
  const ccUser = accs.get('ccuser');
  if (first && ccUser && first.assigneeId === lead.id) await cc(db, first.id, me('deptlead'), { userIds: [ccUser.id], comment: '请知悉' }, now());
  await approveOpen(big.id, '同意采购');
  await approveOpen(big.id, '供应商比价完成');
}
