import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from './templateDb';

/**
 * A row deleted from a referenced table makes the database find the rows that refer to it (to delete them
 * or to refuse). Without an index on the referring column that is a scan of the whole referring table for
 * every deleted row: deleting 100,000 finished instances scanned every task once per execution (minutes,
 * growing with the square of the table). Only small configuration tables, and the instances of a
 * definition or version (one scan per deleted definition or version), may go without.
 */
const WITHOUT_INDEX_ALLOWED = [
  'account_role_groups.group_id', 'account_roles.role_id', 'auth_functions.module_id', 'auth_modules.app_id',
  'auth_operations.function_id', 'auth_urls.operation_id', 'cms_articles.cover_id', 'form_drafts.form_id',
  'menu_action_resources.action_id', 'menu_actions.menu_id', 'menus.menu_type_id', 'organ_nodes.organ_id',
  'organ_rules.child_type_code', 'portal_overlays.page_id', 'role_group_roles.role_id',
  'wf_instances.definition_id', 'wf_instances.version_id',
];

describe('foreign keys', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => { t = await openTestDatabase(); });
  afterAll(async () => { await t?.drop(); });

  it('every referring column of a table that grows has an index to find its rows by', async () => {
    const rows = (await t.database.db.execute<{ fk: string }>(sql`
      select c.conrelid::regclass::text || '.' || a.attname as fk
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and array_length(c.conkey, 1) = 1
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`)).rows.map((r) => r.fk);
    expect(rows).toEqual(WITHOUT_INDEX_ALLOWED);
  });
});
