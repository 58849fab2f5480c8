CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "operation_logs_created";--> statement-breakpoint
CREATE INDEX "operation_logs_created" ON "operation_logs" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX "login_logs_created";--> statement-breakpoint
CREATE INDEX "login_logs_created" ON "login_logs" USING btree ("created_at","id");--> statement-breakpoint
DROP INDEX "client_errors_created";--> statement-breakpoint
CREATE INDEX "client_errors_created" ON "client_errors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operation_logs_user_id_trgm" ON "operation_logs" USING gin ("user_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operation_logs_operation_trgm" ON "operation_logs" USING gin ("operation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "operation_logs_user_id" ON "operation_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "operation_logs_module" ON "operation_logs" USING btree ("module","id");--> statement-breakpoint
CREATE INDEX "operation_logs_duration" ON "operation_logs" USING btree ("duration_ms","id");--> statement-breakpoint
CREATE INDEX "login_logs_user_id_trgm" ON "login_logs" USING gin ("user_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "login_logs_ip_trgm" ON "login_logs" USING gin ("ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "login_logs_user_id" ON "login_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "login_logs_ip" ON "login_logs" USING btree ("ip","id");--> statement-breakpoint
CREATE INDEX "client_errors_message_trgm" ON "client_errors" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "client_errors_url_trgm" ON "client_errors" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_user_id_trgm" ON "accounts" USING gin ("user_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_user_name_trgm" ON "accounts" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm" ON "accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_mobile_trgm" ON "accounts" USING gin ("mobile" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_user_name" ON "accounts" USING btree ("user_name","id");--> statement-breakpoint
CREATE INDEX "accounts_status" ON "accounts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "accounts_created" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_max_sessions" ON "accounts" USING btree ("max_sessions","id");
--> statement-breakpoint
CREATE INDEX "wf_instances_ended_id" ON "wf_instances" USING btree ("ended_at","id");--> statement-breakpoint
DROP INDEX "wf_instances_business_key";--> statement-breakpoint
CREATE INDEX "wf_instances_business_key" ON "wf_instances" USING btree ("business_key","id");
