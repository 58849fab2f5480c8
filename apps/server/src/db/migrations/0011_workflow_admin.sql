CREATE TABLE "wf_listener_invocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"listener_id" integer NOT NULL,
	"event" text NOT NULL,
	"definition_key" text,
	"instance_id" integer,
	"task_id" integer,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_listeners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"scope" text NOT NULL,
	"definition_key" text,
	"element_id" text,
	"events" jsonb NOT NULL,
	"kind" text NOT NULL,
	"http" jsonb,
	"mail" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"rule" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wf_participants_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "wf_permissions" (
	"definition_key" text PRIMARY KEY NOT NULL,
	"start" jsonb NOT NULL,
	"monitor" jsonb NOT NULL,
	"administer" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_plugin_buttons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"label" jsonb NOT NULL,
	"plugin_type_code" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"definition_key" text,
	"node_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirm" boolean DEFAULT false NOT NULL,
	"confirm_text" jsonb,
	"seq" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wf_plugin_buttons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "wf_plugin_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wf_plugin_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "wf_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_listener_invocations" ADD CONSTRAINT "wf_listener_invocations_listener_id_wf_listeners_id_fk" FOREIGN KEY ("listener_id") REFERENCES "public"."wf_listeners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wf_listener_invocations_listener" ON "wf_listener_invocations" USING btree ("listener_id","id");--> statement-breakpoint
CREATE INDEX "wf_listeners_key" ON "wf_listeners" USING btree ("definition_key");--> statement-breakpoint
CREATE INDEX "wf_plugin_buttons_key" ON "wf_plugin_buttons" USING btree ("definition_key");