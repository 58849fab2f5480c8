CREATE TABLE "wf_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"uploader_id" integer,
	"uploader_name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_cc" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"account_id" integer NOT NULL,
	"from_id" integer,
	"from_name" text,
	"element_id" text,
	"element_name" text,
	"comment" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wf_drafts" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"comment" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_favourites" (
	"account_id" integer NOT NULL,
	"definition_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wf_favourites_account_id_definition_id_pk" PRIMARY KEY("account_id","definition_id")
);
--> statement-breakpoint
CREATE TABLE "wf_sign_links" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"waiting_task_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_task_delegations" (
	"task_id" integer PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"owner_name" text,
	"delegate_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wf_task_user_state" (
	"task_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"activity" integer DEFAULT 1 NOT NULL,
	"importance" integer DEFAULT 2 NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "wf_task_user_state_task_id_account_id_pk" PRIMARY KEY("task_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "wf_urges" (
	"instance_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_languages" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"link" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "wf_attachments_instance" ON "wf_attachments" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "wf_cc_account" ON "wf_cc" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wf_cc_instance" ON "wf_cc" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "wf_sign_links_waiting" ON "wf_sign_links" USING btree ("waiting_task_id");--> statement-breakpoint
CREATE INDEX "wf_task_user_state_account" ON "wf_task_user_state" USING btree ("account_id","activity");--> statement-breakpoint
CREATE INDEX "notifications_account" ON "notifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread" ON "notifications" USING btree ("account_id") WHERE read_at is null;