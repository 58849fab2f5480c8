CREATE TABLE "wf_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"instance_id" integer NOT NULL,
	"task_id" integer,
	"element_id" text NOT NULL,
	"account_id" integer,
	"user_id" text NOT NULL,
	"printed_name" text NOT NULL,
	"meaning" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"data_hash" text NOT NULL,
	"image" bytea
);
--> statement-breakpoint
CREATE TABLE "wf_saved_signatures" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"image" bytea NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wf_signatures" ADD CONSTRAINT "wf_signatures_instance_id_wf_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."wf_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wf_saved_signatures" ADD CONSTRAINT "wf_saved_signatures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wf_signatures_instance" ON "wf_signatures" USING btree ("instance_id","id");
