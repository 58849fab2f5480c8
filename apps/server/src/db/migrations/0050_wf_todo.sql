-- Issue 27 (to-do). wf_todo holds one row per person and open task in their to-do (assigned, or offered as a
-- candidate while unclaimed) with what the list's filters and sorts read: arrival, due date, task name,
-- process key and name, business key, starter, and the person's importance, activity and progress. The
-- to-do then reads one person's rows from an index in the list's order and stops at the page
-- (modules/workflow/tasks/lists.ts). Triggers on the tables behind it keep it, in the transaction of the
-- change (create, claim, delegate, transfer, complete, a candidate added or removed, a mark, an instance's
-- business key or names), so no code path can forget it.
CREATE TABLE "wf_todo" (
  "account_id" integer NOT NULL,
  "task_id" integer NOT NULL REFERENCES "wf_tasks"("id") ON DELETE CASCADE,
  "candidate" boolean NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "due_at" timestamp with time zone,
  "name" text NOT NULL,
  "definition_key" text NOT NULL,
  "definition_name" text NOT NULL,
  "business_key" text,
  "starter_id" integer,
  "starter_name" text,
  "importance" integer NOT NULL,
  "activity" integer NOT NULL,
  "progress" integer NOT NULL,
  PRIMARY KEY ("account_id", "task_id")
);--> statement-breakpoint
-- the rows of one task (tid), or of one person's (aid) in it, rebuilt from the tables they copy
CREATE FUNCTION "wf_todo_refresh"(tid integer, aid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM wf_todo WHERE task_id = tid AND (aid IS NULL OR account_id = aid);
  INSERT INTO wf_todo (account_id, task_id, candidate, created_at, due_at, name, definition_key, definition_name, business_key,
      starter_id, starter_name, importance, activity, progress)
    SELECT p.account_id, t.id, t.assignee_id IS NULL, t.created_at, t.due_at, t.name, t.definition_key, i.definition_name, i.business_key,
      i.starter_id, i.starter_name, coalesce(s.importance, 2), coalesce(s.activity, 1),
      CASE WHEN s.opened_at IS NOT NULL OR t.claimed_at IS NOT NULL THEN 2 ELSE 1 END
    FROM wf_tasks t JOIN wf_instances i ON i.id = t.instance_id
      CROSS JOIN LATERAL (SELECT t.assignee_id AS account_id WHERE t.assignee_id IS NOT NULL
        UNION ALL SELECT c.account_id FROM wf_task_candidates c WHERE t.assignee_id IS NULL AND c.task_id = t.id) p
      LEFT JOIN wf_task_user_state s ON s.task_id = t.id AND s.account_id = p.account_id
    WHERE t.id = tid AND t.status = 'open' AND (aid IS NULL OR p.account_id = aid);
END $$;--> statement-breakpoint
CREATE FUNCTION "wf_todo_task_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'open' THEN
    IF TG_OP = 'UPDATE' AND OLD.status = 'open' THEN DELETE FROM wf_todo WHERE task_id = NEW.id; END IF;
  ELSE
    PERFORM wf_todo_refresh(NEW.id, NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wf_tasks_todo_insert" AFTER INSERT ON "wf_tasks" FOR EACH ROW WHEN (NEW.status = 'open') EXECUTE FUNCTION "wf_todo_task_changed"();--> statement-breakpoint
CREATE TRIGGER "wf_tasks_todo_update" AFTER UPDATE ON "wf_tasks" FOR EACH ROW
  WHEN ((OLD.status = 'open' OR NEW.status = 'open') AND (OLD.status IS DISTINCT FROM NEW.status OR OLD.assignee_id IS DISTINCT FROM NEW.assignee_id
    OR OLD.claimed_at IS DISTINCT FROM NEW.claimed_at OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.due_at IS DISTINCT FROM NEW.due_at
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.definition_key IS DISTINCT FROM NEW.definition_key OR OLD.instance_id IS DISTINCT FROM NEW.instance_id))
  EXECUTE FUNCTION "wf_todo_task_changed"();--> statement-breakpoint
CREATE FUNCTION "wf_todo_candidate_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM wf_todo WHERE task_id = OLD.task_id AND account_id = OLD.account_id AND candidate;
  ELSE
    PERFORM wf_todo_refresh(NEW.task_id, NEW.account_id) FROM wf_tasks WHERE id = NEW.task_id AND status = 'open' AND assignee_id IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wf_task_candidates_todo" AFTER INSERT OR DELETE ON "wf_task_candidates" FOR EACH ROW EXECUTE FUNCTION "wf_todo_candidate_changed"();--> statement-breakpoint
CREATE FUNCTION "wf_todo_user_state_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE wf_todo SET importance = 2, activity = 1, progress = CASE WHEN t.claimed_at IS NOT NULL THEN 2 ELSE 1 END
      FROM wf_tasks t WHERE wf_todo.task_id = OLD.task_id AND wf_todo.account_id = OLD.account_id AND t.id = OLD.task_id;
  ELSE
    UPDATE wf_todo SET importance = NEW.importance, activity = NEW.activity,
        progress = CASE WHEN NEW.opened_at IS NOT NULL OR t.claimed_at IS NOT NULL THEN 2 ELSE 1 END
      FROM wf_tasks t WHERE wf_todo.task_id = NEW.task_id AND wf_todo.account_id = NEW.account_id AND t.id = NEW.task_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wf_task_user_state_todo" AFTER INSERT OR UPDATE OR DELETE ON "wf_task_user_state" FOR EACH ROW EXECUTE FUNCTION "wf_todo_user_state_changed"();--> statement-breakpoint
CREATE FUNCTION "wf_todo_instance_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE wf_todo SET definition_name = NEW.definition_name, business_key = NEW.business_key, starter_id = NEW.starter_id, starter_name = NEW.starter_name
    FROM wf_tasks t WHERE t.instance_id = NEW.id AND t.status = 'open' AND wf_todo.task_id = t.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "wf_instances_todo" AFTER UPDATE ON "wf_instances" FOR EACH ROW
  WHEN (OLD.definition_name IS DISTINCT FROM NEW.definition_name OR OLD.business_key IS DISTINCT FROM NEW.business_key
    OR OLD.starter_id IS DISTINCT FROM NEW.starter_id OR OLD.starter_name IS DISTINCT FROM NEW.starter_name)
  EXECUTE FUNCTION "wf_todo_instance_changed"();--> statement-breakpoint
-- the open tasks of today, filed by the function the triggers use (one definition of a row)
SELECT "wf_todo_refresh"(id, NULL) FROM wf_tasks WHERE status = 'open';--> statement-breakpoint
-- a task's rows (the triggers); each sort of one person's to-do, ties by task id (importance: newest first within
-- each, in both directions); the filters on importance, activity and process by arrival; the keyword (task name,
-- process name, business key) of three characters or more by trigram. No bencao_short_grams index: computing it
-- was two thirds of the cost of filing a task (a keyword of one or two characters walks the sort's index instead)
CREATE INDEX "wf_todo_task" ON "wf_todo" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_arrival" ON "wf_todo" USING btree ("account_id", "created_at", "task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_due" ON "wf_todo" USING btree ("account_id", "due_at", "task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_process_name" ON "wf_todo" USING btree ("account_id", "definition_name", "task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_importance" ON "wf_todo" USING btree ("account_id", "importance", "task_id" DESC);--> statement-breakpoint
CREATE INDEX "wf_todo_importance_desc" ON "wf_todo" USING btree ("account_id", "importance" DESC, "task_id" DESC);--> statement-breakpoint
CREATE INDEX "wf_todo_importance_arrival" ON "wf_todo" USING btree ("account_id", "importance", "created_at", "task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_activity_arrival" ON "wf_todo" USING btree ("account_id", "activity", "created_at", "task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_process_arrival" ON "wf_todo" USING btree ("account_id", "definition_key", "created_at", "task_id");--> statement-breakpoint
CREATE INDEX "wf_todo_name_trgm" ON "wf_todo" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wf_todo_definition_name_trgm" ON "wf_todo" USING gin ("definition_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wf_todo_business_key_trgm" ON "wf_todo" USING gin ("business_key" gin_trgm_ops);--> statement-breakpoint
-- the to-do no longer reads wf_tasks in its orders (migration 0048's indexes for it)
DROP INDEX "wf_tasks_assignee_open_id";--> statement-breakpoint
DROP INDEX "wf_tasks_assignee_open_due";--> statement-breakpoint
DROP INDEX "wf_tasks_assignee_open_due_desc";--> statement-breakpoint
DROP INDEX "wf_task_user_state_importance";
