import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './harness';
import { organNodes, organViews, organs, staff } from '../src/db/schema/index';

/** Helpers of the accounts and data-scope tests: organs of their own in the administrative view, accounts on them. */
export function accountsKit(s: TestServer, adminToken: () => string) {
  const db = () => s.built.deps.db;
  const api = (method: string, path: string, body?: unknown, token = adminToken(), lang = 'en') => s.request(method, path, { token, body, lang });

  /** an organ (and, for a unit, a position under it holding a new staff member) placed in the administrative view */
  async function organ(code: string, parentId: number | null, type: 'company' | 'dept' | 'position' = 'dept') {
    const [view] = await db().select({ id: organViews.id }).from(organViews).where(eq(organViews.code, 'admin'));
    const [o] = await db().insert(organs).values({ code, typeCode: type, name: `${code} name` }).returning({ id: organs.id });
    await db().insert(organNodes).values({ viewId: view.id, organId: o.id, parentId, seq: 0 });
    return o.id;
  }

  /** a staff member on a new position under `unitId` */
  async function staffIn(code: string, unitId: number) {
    const pos = await organ(`${code}-P`, unitId, 'position');
    const [st] = await db().insert(staff).values({ code, name: `${code} staff`, positionId: pos }).returning({ id: staff.id });
    return st.id;
  }

  async function account(userId: string, extra: Record<string, unknown> = {}, password = 'Passw0rd!x') {
    const res = await api('POST', '/api/security/accounts', { userId, userName: userId, password, confirmPassword: password, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: number; userId: string };
  }

  async function role(code: string, authorities: string[], extra: Record<string, unknown> = {}) {
    const res = await api('POST', '/api/security/roles', { code, name: code, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await api('PUT', `/api/security/roles/${res.body.data.id}/grants`, { authorities })).status).toBe(200);
    return res.body.data as { id: number; code: string };
  }

  /** the userIds the list answers for `token` (one page of 100) */
  async function listed(token: string, query = '') {
    const res = await api('GET', `/api/security/accounts?limit=100${query}`, undefined, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data.records as { userId: string }[]).map((r) => r.userId).sort();
  }

  return { db, api, organ, staffIn, account, role, listed };
}
