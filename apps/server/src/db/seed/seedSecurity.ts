import { MENU_TREE, type SeedMenu } from './menuTree';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { accountRoles, accounts, passwordPolicy, roleGrants, roles } from '../schema/index';
import { hashPassword } from '../../platform/auth/passwords';

export interface DemoAccount { userId: string; password: string; role: string; note: string }

/** Demo accounts of the demo profile; each sees the part of the console its role grants. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { userId: 'admin', password: 'Bencao@2026', role: 'SUPER_ADMIN', note: 'super administrator, sees everything' },
  { userId: 'auditor', password: 'Audit@2026', role: 'AUDITOR', note: 'audit screens only' },
  { userId: 'editor', password: 'Editor@2026', role: 'WEB_EDITOR', note: 'website content only' },
  { userId: 'operator', password: 'Ops@2026x', role: 'GOVERNANCE_OPS', note: 'gateway and service governance only' },
  // personal data of the site's visitors has roles of its own (docs/SECURITY.md): never the website editor's
  { userId: 'pvofficer', password: 'Vigil@2026', role: 'PHARMACOVIGILANCE', note: 'adverse-reaction reports (patients\' health data)' },
  { userId: 'hrofficer', password: 'People@2026', role: 'HR', note: 'job applications and CVs' },
  // tasks and approvals (issue 11): the 采购申请 walk-through — starter, department head, purchaser, two finance reviewers, a CC reader
  { userId: 'staff', password: 'Staff@2026', role: 'BPM_USER', note: 'starter of purchase requests (生产部 张敏)' },
  { userId: 'deptlead', password: 'Lead@2026', role: 'BPM_USER', note: 'department head of 生产部 (刘建华), approves its requests' },
  { userId: 'purchaser', password: 'Buyer@2026', role: 'PURCHASER', note: 'purchasing review (孙丽)' },
  { userId: 'finance1', password: 'Finance@2026', role: 'FINANCE', note: 'finance countersign above 50,000 (刘芳)' },
  { userId: 'finance2', password: 'Finance@2026', role: 'FINANCE', note: 'finance countersign above 50,000 (陈静)' },
  { userId: 'ccuser', password: 'Copy@2026x', role: 'BPM_USER', note: 'receives copies (CC) read-only (赵磊)' },
];

/** The authority and action codes of one menu group of the seeded menu tree. */
function codesOfGroup(group: string): string[] {
  const out: string[] = [];
  const walk = (m: SeedMenu) => {
    if (m.authority) out.push(m.authority);
    for (const a of m.actions ?? []) out.push(a.code);
    m.children?.forEach(walk);
  };
  MENU_TREE.filter((m) => m.code === group).forEach(walk);
  return [...new Set(out)];
}

const DEMO_ROLES: { code: string; name: string; roleType: 'global' | 'common' | 'inner'; grants: string[] }[] = [
  { code: 'AUDITOR', name: '审计员', roleType: 'common', grants: ['audit:online', 'audit:operationLog', 'audit:operationLog:export', 'audit:loginLog', 'audit:errorLog', 'bpm:task'] },
  { code: 'WEB_EDITOR', name: '网站编辑', roleType: 'common', grants: ['cms:column', 'cms:column:add', 'cms:column:edit', 'cms:column:delete', 'cms:article', 'cms:article:add', 'cms:article:edit', 'cms:article:delete', 'cms:article:publish', 'cms:media', 'cms:media:add', 'cms:media:edit', 'cms:media:delete', 'bpm:task'] },
  // visitors' personal data: health reports and CVs, each to the people whose work it is
  { code: 'PHARMACOVIGILANCE', name: '药物警戒', roleType: 'common', grants: ['cms:adr', 'cms:adr:edit', 'bpm:task'] },
  { code: 'HR', name: '人力资源', roleType: 'common', grants: ['cms:recruit', 'cms:recruit:edit', 'bpm:task'] },
  // every screen and action of the service governance group
  { code: 'GOVERNANCE_OPS', name: '运维工程师', roleType: 'common', grants: [...codesOfGroup('gateway'), 'bpm:task'] },
  // every employee works their tasks (bpm:task: New / Todo / Done / Ended)
  { code: 'BPM_USER', name: '流程用户', roleType: 'common', grants: ['bpm:task'] },
  { code: 'PURCHASER', name: '采购专员', roleType: 'common', grants: ['bpm:task'] },
  { code: 'FINANCE', name: '财务审核', roleType: 'common', grants: ['bpm:task'] },
];

export async function seedPolicyAndSuperRole(db: Db) {
  await db.insert(passwordPolicy).values({ id: 1 }).onConflictDoNothing();
  await db.insert(roles).values({ code: 'SUPER_ADMIN', name: '超级管理员', roleType: 'inner', scope: 'global', isSuper: true, note: 'Holds every authority; its authorization cannot be modified.' }).onConflictDoNothing();
}

/** Creates the initial administrator when there is none. */
export async function seedAdministrator(db: Db, password: string) {
  const [existing] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, 'admin'));
  if (existing) return false;
  const [acc] = await db.insert(accounts).values({ userId: 'admin', userName: '系统管理员', passwordHash: await hashPassword(password), isAdmin: false }).returning();
  const [superRole] = await db.select().from(roles).where(eq(roles.code, 'SUPER_ADMIN'));
  await db.insert(accountRoles).values({ accountId: acc.id, roleId: superRole.id });
  return true;
}

/** the grants of visitors' personal data, which the website editor's role never holds (docs/SECURITY.md) */
export const PERSONAL_DATA_GRANTS = ['cms:adr', 'cms:adr:edit', 'cms:recruit', 'cms:recruit:edit'];

export async function seedDemoAccounts(db: Db) {
  for (const r of DEMO_ROLES) {
    await db.insert(roles).values({ code: r.code, name: r.name, roleType: r.roleType }).onConflictDoNothing();
    const [role] = await db.select().from(roles).where(eq(roles.code, r.code));
    await db.insert(roleGrants).values(r.grants.map((authority) => ({ roleId: role.id, authority }))).onConflictDoNothing();
    // demo databases seeded before the rule: the editor's role gives the personal data up
    if (r.code === 'WEB_EDITOR') await db.delete(roleGrants).where(and(eq(roleGrants.roleId, role.id), inArray(roleGrants.authority, PERSONAL_DATA_GRANTS)));
  }
  const names: Record<string, string> = {
    auditor: '审计员小李', editor: '网站编辑小王', operator: '运维工程师小张', pvofficer: '药物警戒专员小周', hrofficer: '人力资源专员小陈',
    staff: '张敏', deptlead: '刘建华', purchaser: '孙丽', finance1: '刘芳', finance2: '陈静', ccuser: '赵磊',
  };
  const present = new Set((await db.select({ u: accounts.userId }).from(accounts).where(inArray(accounts.userId, DEMO_ACCOUNTS.map((d) => d.userId)))).map((r) => r.u));
  for (const d of DEMO_ACCOUNTS) {
    if (d.userId === 'admin' || present.has(d.userId)) continue;
    const [acc] = await db.insert(accounts).values({ userId: d.userId, userName: names[d.userId] ?? d.userId, passwordHash: await hashPassword(d.password) }).returning();
    const [role] = await db.select().from(roles).where(eq(roles.code, d.role));
    await db.insert(accountRoles).values({ accountId: acc.id, roleId: role.id });
  }
}
