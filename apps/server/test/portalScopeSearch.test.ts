import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEMO, startTestServer, type TestServer } from './harness';
import { roles } from '../src/db/schema/index';

/**
 * The portal's role and organ pickers search by the name the operator reads (issue 28): a seeded role or organ
 * shows translated, so typing that translation finds it; a renamed one answers to its own name only.
 */
let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login(DEMO.admin.userId, DEMO.admin.password);
});
afterAll(async () => { await s?.close(); });

const search = async (type: 'role' | 'organ', keyword: string, lang: string) => {
  const res = await s.request('GET', `/api/portal/scopes?type=${type}&keyword=${encodeURIComponent(keyword)}`, { token: admin, lang });
  expect(res.status).toBe(200);
  return (res.body.data as { code: string; name: string }[]).map((o) => `${o.code}:${o.name}`);
};

describe('portal scope pickers: search by the shown name', () => {
  it('finds a seeded role by its English, Spanish or Japanese name, shown in that language', async () => {
    expect(await search('role', 'workflow user', 'en')).toContain('BPM_USER:Workflow user');
    expect(await search('role', 'Revisor fin', 'es')).toContain('FINANCE:Revisor financiero');
    expect(await search('role', '購買', 'ja')).toContain('PURCHASER:購買担当者');
    expect(await search('role', '流程用户', 'zh')).toContain('BPM_USER:流程用户');
    expect(await search('role', 'workflow user', 'en')).not.toContain('FINANCE:Finance reviewer');
  });

  it('finds a seeded organ by its name in the operator\'s language', async () => {
    expect(await search('organ', 'Quality management', 'en')).toContain('BC-QA:Quality Management Department');
    expect(await search('organ', '品質管理', 'ja')).toContain('BC-QA:品質管理部');
  });

  it('a renamed role answers to its own name, not to the seeded translations', async () => {
    const [hr] = await s.built.deps.db.update(roles).set({ name: 'People team' }).where(eq(roles.code, 'HR')).returning();
    try {
      expect(await search('role', 'Human resources', 'en')).not.toContain('HR:Human resources');
      expect(await search('role', 'people team', 'en')).toContain('HR:People team');
    } finally {
      await s.built.deps.db.update(roles).set({ name: '人力资源' }).where(eq(roles.id, hr.id));
    }
  });

  it('a keyword with % is a character, not a wildcard', async () => {
    expect(await search('role', '%', 'en')).toEqual([]);
  });
});
