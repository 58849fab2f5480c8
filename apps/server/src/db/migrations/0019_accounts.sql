CREATE TABLE "log_retention" (
	"kind" text PRIMARY KEY NOT NULL,
	"days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope_organ_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;