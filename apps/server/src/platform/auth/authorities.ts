import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** "*" stands for every authority (super administrator role or administrator flag). */
export const ALL = '*';

/** Authorities of an account: the grants of its roles and of its role groups' roles. */
export async function loadAuthorities(db: Db, accountId: number, isAdmin: boolean): Promise<Set<string>> {
  if (isAdmin) return new Set([ALL]);
  const res = await db.execute<{ authority: string; is_super: boolean }>(sql`
    with my_roles as (
      select role_id from account_roles where account_id = ${accountId}
      union
      select rgr.role_id from account_role_groups arg
        join role_group_roles rgr on rgr.group_id = arg.group_id
       where arg.account_id = ${accountId}
    )
    select g.authority, false as is_super from role_grants g join my_roles m on m.role_id = g.role_id
    union
    select '*' as authority, true as is_super from roles r join my_roles m on m.role_id = r.id where r.is_super`);
  return new Set(res.rows.map((r) => r.authority));
}

/** `authority` may name alternatives, `a|b`: holding any one of them is enough. */
export const hasAuthority = (authorities: Set<string>, authority: string) =>
  authorities.has(ALL) || authorities.has(authority) || (authority.includes('|') && authority.split('|').some((a) => authorities.has(a)));

/**
 * Accounts among `ids` that hold every authority: the administrator flag, or the super role directly
 * or through a role group. Only a holder of `*` may act on these (lock, reset, delete, kick out …).
 */
export async function privilegedAccounts(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const res = await db.execute<{ id: number }>(sql`
    select a.id from accounts a
     where a.id in (${sql.join([...new Set(ids)].map((i) => sql`${i}`), sql`, `)})
       and (a.is_admin
         or exists (select 1 from account_roles ar join roles r on r.id = ar.role_id where ar.account_id = a.id and r.is_super)
         or exists (select 1 from account_role_groups ag join role_group_roles gr on gr.group_id = ag.group_id
                      join roles r on r.id = gr.role_id where ag.account_id = a.id and r.is_super))`);
  return res.rows.map((r) => Number(r.id));
}
