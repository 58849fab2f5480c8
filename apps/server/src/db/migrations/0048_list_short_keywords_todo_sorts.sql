-- Issue 27. (1) Keywords of one or two characters (a Chinese given name is two) have no trigram, so the
-- trigram indexes of 0041 cannot serve them. bencao_short_grams lists every character and every pair of
-- characters (lower-cased) of the searched columns; a GIN index over it finds the rows holding the keyword
-- (`@> array[lower(keyword)]`), and the `ilike '%…%'` stays as the recheck, so the matches are the same.
CREATE FUNCTION "bencao_short_grams"(parts text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM unnest(parts) AS p,
    LATERAL (SELECT substr(lower(p), i, n) AS g FROM generate_series(1, char_length(p)) AS i, (VALUES (1), (2)) AS len(n)
             WHERE i + n - 1 <= char_length(p)) x $$;
--> statement-breakpoint
CREATE INDEX "accounts_short_grams" ON "accounts" USING gin (bencao_short_grams(ARRAY["user_id", "user_name", "email", "mobile"]));--> statement-breakpoint
CREATE INDEX "client_errors_short_grams" ON "client_errors" USING gin (bencao_short_grams(ARRAY["message", "url"]));--> statement-breakpoint
-- (2) The to-do's sorts on importance and due date read one person's open tasks in order and stop at the
-- page (modules/workflow/tasks/lists.ts): assigned by id and by due date (both directions, ties by id
-- descending as the list orders them), offered as a candidate by task id, the person's importance marks by
-- task id.
CREATE INDEX "wf_tasks_assignee_open_id" ON "wf_tasks" USING btree ("assignee_id", "id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wf_tasks_assignee_open_due" ON "wf_tasks" USING btree ("assignee_id", "due_at", "id" DESC) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wf_tasks_assignee_open_due_desc" ON "wf_tasks" USING btree ("assignee_id", "due_at" DESC, "id" DESC) WHERE status = 'open';--> statement-breakpoint
DROP INDEX "wf_task_candidates_account";--> statement-breakpoint
CREATE INDEX "wf_task_candidates_account" ON "wf_task_candidates" USING btree ("account_id", "task_id");--> statement-breakpoint
CREATE INDEX "wf_task_user_state_importance" ON "wf_task_user_state" USING btree ("account_id", "importance", "task_id");
