CREATE TABLE "form_data" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"process_instance_id" integer,
	"data" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_data_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"data_id" integer NOT NULL,
	"node" text,
	"diff" jsonb NOT NULL,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"schema" jsonb NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"category" text,
	"action" text DEFAULT 'store' NOT NULL,
	"action_target" text,
	"url" text,
	"model_name" text,
	"schema" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_data" ADD CONSTRAINT "form_data_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_data_history" ADD CONSTRAINT "form_data_history_data_id_form_data_id_fk" FOREIGN KEY ("data_id") REFERENCES "public"."form_data"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_data_form" ON "form_data" USING btree ("form_id","id");--> statement-breakpoint
CREATE INDEX "form_data_instance" ON "form_data" USING btree ("process_instance_id");--> statement-breakpoint
CREATE INDEX "form_data_history_data" ON "form_data_history" USING btree ("data_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
CREATE INDEX "forms_category" ON "forms" USING btree ("category");