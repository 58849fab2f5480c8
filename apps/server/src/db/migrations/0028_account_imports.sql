CREATE TABLE "account_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"prepared" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_imports_one_running" ON "account_imports" USING btree ("operator_id") WHERE status in ('checking', 'preparing');--> statement-breakpoint
CREATE INDEX "account_imports_operator" ON "account_imports" USING btree ("operator_id","id");