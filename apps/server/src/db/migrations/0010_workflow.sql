CREATE TABLE "wf_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"description" text,
	"draft_xml" text,
	"status" text DEFAULT 'active' NOT NULL,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"latest_version_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "wf_definitions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "wf_executions" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"parent_id" integer,
	"element_id" text NOT NULL,
	"element_type" text NOT NULL,
	"status" text NOT NULL,
	"joining" boolean DEFAULT false NOT NULL,
	"incoming_flow_id" text,
	"loop_counter" integer,
	"loop" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"execution_id" integer,
	"task_id" integer,
	"element_id" text,
	"actor_id" integer,
	"actor_name" text,
	"action" text NOT NULL,
	"comment" text,
	"data" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"definition_key" text NOT NULL,
	"definition_name" text NOT NULL,
	"version" integer NOT NULL,
	"business_key" text,
	"status" text NOT NULL,
	"starter_id" integer,
	"starter_name" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_instance_id" integer,
	"parent_execution_id" integer,
	"current_nodes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_approver_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"instance_id" integer,
	"execution_id" integer,
	"element_id" text,
	"definition_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"last_error" text,
	"locked_by" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_task_candidates" (
	"task_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "wf_task_candidates_task_id_account_id_pk" PRIMARY KEY("task_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "wf_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"execution_id" integer NOT NULL,
	"element_id" text NOT NULL,
	"name" text NOT NULL,
	"definition_key" text NOT NULL,
	"assignee_id" integer,
	"status" text NOT NULL,
	"form_key" text,
	"buttons" text,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"completed_by_name" text,
	"outcome" text,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "wf_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"definition_key" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"xml" text NOT NULL,
	"model" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_executions" ADD CONSTRAINT "wf_executions_instance_id_wf_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_history" ADD CONSTRAINT "wf_history_instance_id_wf_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instances" ADD CONSTRAINT "wf_instances_definition_id_wf_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."wf_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_instances" ADD CONSTRAINT "wf_instances_version_id_wf_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."wf_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_jobs" ADD CONSTRAINT "wf_jobs_instance_id_wf_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_task_candidates" ADD CONSTRAINT "wf_task_candidates_task_id_wf_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."wf_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD CONSTRAINT "wf_tasks_instance_id_wf_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_tasks" ADD CONSTRAINT "wf_tasks_execution_id_wf_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."wf_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_versions" ADD CONSTRAINT "wf_versions_definition_id_wf_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."wf_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wf_executions_instance" ON "wf_executions" USING btree ("instance_id","status");--> statement-breakpoint
CREATE INDEX "wf_executions_parent" ON "wf_executions" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "wf_history_instance" ON "wf_history" USING btree ("instance_id","at");--> statement-breakpoint
CREATE INDEX "wf_instances_started" ON "wf_instances" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "wf_instances_status_started" ON "wf_instances" USING btree ("status","started_at");--> statement-breakpoint
CREATE INDEX "wf_instances_key_started" ON "wf_instances" USING btree ("definition_key","started_at");--> statement-breakpoint
CREATE INDEX "wf_instances_business_key" ON "wf_instances" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "wf_instances_starter" ON "wf_instances" USING btree ("starter_id");--> statement-breakpoint
CREATE INDEX "wf_instances_parent" ON "wf_instances" USING btree ("parent_instance_id");--> statement-breakpoint
CREATE INDEX "wf_jobs_due" ON "wf_jobs" USING btree ("due_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "wf_jobs_lease" ON "wf_jobs" USING btree ("lease_until") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "wf_jobs_instance" ON "wf_jobs" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "wf_jobs_definition" ON "wf_jobs" USING btree ("definition_id");--> statement-breakpoint
CREATE INDEX "wf_task_candidates_account" ON "wf_task_candidates" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "wf_tasks_assignee_status" ON "wf_tasks" USING btree ("assignee_id","status","created_at");--> statement-breakpoint
CREATE INDEX "wf_tasks_instance" ON "wf_tasks" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "wf_tasks_completed_by" ON "wf_tasks" USING btree ("completed_by","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wf_versions_def_version" ON "wf_versions" USING btree ("definition_id","version");