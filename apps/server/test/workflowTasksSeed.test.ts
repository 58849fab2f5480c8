import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

/**
 * The demo seed of tasks and approvals: the accounts the console's walk-through uses can log in and find
 * their items after a start (this checks the seed itself, so it reads the seeded demo data on purpose).
 */
let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s?.close(); });

const PEOPLE: Record<string, string> = { staff: 'Staff@2026', deptlead: 'Lead@2026', purchaser: 'Buyer@2026', finance1: 'Finance@2026', finance2: 'Finance@2026', ccuser: 'Copy@2026x' };
const data = async (who: string, path: string) => {
  const res = await s.request('GET', path, { token: await s.login(who, PEOPLE[who]) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const keys = (records: any[]) => records.map((r) => r.businessKey);

describe('demo accounts of the 采购申请 walk-through', () => {
  it('the starter has started and ended requests; the department head, finance and CC users have their items', async () => {
    expect(keys((await data('staff', '/api/workflow/tasks/ended?limit=100')).records)).toContain('CG-2026-0100');
    expect(keys((await data('staff', '/api/workflow/tasks/started?limit=100')).records)).toEqual(expect.arrayContaining(['CG-2026-0100', 'CG-2026-0101', 'CG-2026-0102']));
    const lead = (await data('deptlead', '/api/workflow/tasks/todo?limit=100')).records;
    expect(lead.find((r: any) => r.businessKey === 'CG-2026-0102')).toMatchObject({ name: '部门负责人审批', starterName: '张敏' });
    expect(keys((await data('deptlead', '/api/workflow/tasks/done?limit=100')).records)).toEqual(expect.arrayContaining(['CG-2026-0100', 'CG-2026-0101']));
    for (const f of ['finance1', 'finance2']) {
      const todo = (await data(f, '/api/workflow/tasks/todo?limit=100')).records;
      expect(todo.find((r: any) => r.businessKey === 'CG-2026-0101')).toMatchObject({ name: '财务会签' });
    }
    expect(keys((await data('ccuser', '/api/workflow/tasks/cc?limit=100')).records)).toContain('CG-2026-0101');
    const startable = await data('staff', '/api/workflow/tasks/startable');
    expect(startable.map((d: any) => d.key)).toContain('purchaseRequest');
  });
});
