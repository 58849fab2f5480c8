CREATE INDEX "used_refresh_tokens_session" ON "used_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "wf_tasks_execution" ON "wf_tasks" USING btree ("execution_id");