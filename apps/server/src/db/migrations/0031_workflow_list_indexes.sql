DROP INDEX "wf_instances_started";--> statement-breakpoint
DROP INDEX "wf_instances_status_started";--> statement-breakpoint
DROP INDEX "wf_instances_key_started";--> statement-breakpoint
DROP INDEX "wf_instances_starter";--> statement-breakpoint
DROP INDEX "wf_tasks_assignee_status";--> statement-breakpoint
CREATE INDEX "wf_tasks_offered" ON "wf_tasks" USING btree ("created_at","id") WHERE status = 'open' and assignee_id is null;--> statement-breakpoint
CREATE INDEX "wf_instances_started" ON "wf_instances" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "wf_instances_status_started" ON "wf_instances" USING btree ("status","started_at","id");--> statement-breakpoint
CREATE INDEX "wf_instances_key_started" ON "wf_instances" USING btree ("definition_key","started_at","id");--> statement-breakpoint
CREATE INDEX "wf_instances_starter" ON "wf_instances" USING btree ("starter_id","started_at","id");--> statement-breakpoint
CREATE INDEX "wf_tasks_assignee_status" ON "wf_tasks" USING btree ("assignee_id","status","created_at","id");