CREATE TABLE "organ_nodes" (
	"view_id" integer NOT NULL,
	"organ_id" integer NOT NULL,
	"parent_id" integer,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organ_nodes_view_id_organ_id_pk" PRIMARY KEY("view_id","organ_id")
);
--> statement-breakpoint
CREATE TABLE "organ_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_type_code" text,
	"child_type_code" text NOT NULL,
	"note" text,
	CONSTRAINT "organ_rules_pair" UNIQUE NULLS NOT DISTINCT("parent_type_code","child_type_code")
);
--> statement-breakpoint
CREATE TABLE "organ_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_code" text,
	"holds_staff" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "organ_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"note" text,
	CONSTRAINT "organ_views_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "organs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type_code" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"principal" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organs_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"position_id" integer,
	"mobile" text,
	"email" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "calendar_days" (
	"day" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dicts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text,
	"type" text NOT NULL,
	"parent_code" text
);
--> statement-breakpoint
CREATE TABLE "serial_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_global" boolean DEFAULT true NOT NULL,
	"organ_id" integer,
	"length" integer NOT NULL,
	"current_value" integer DEFAULT 0 NOT NULL,
	"prefix" text NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serial_rules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "organ_nodes" ADD CONSTRAINT "organ_nodes_view_id_organ_views_id_fk" FOREIGN KEY ("view_id") REFERENCES "public"."organ_views"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organ_nodes" ADD CONSTRAINT "organ_nodes_organ_id_organs_id_fk" FOREIGN KEY ("organ_id") REFERENCES "public"."organs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organ_rules" ADD CONSTRAINT "organ_rules_parent_type_code_organ_types_code_fk" FOREIGN KEY ("parent_type_code") REFERENCES "public"."organ_types"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "organ_rules" ADD CONSTRAINT "organ_rules_child_type_code_organ_types_code_fk" FOREIGN KEY ("child_type_code") REFERENCES "public"."organ_types"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "organs" ADD CONSTRAINT "organs_type_code_organ_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."organ_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_position_id_organs_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."organs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dict_items" ADD CONSTRAINT "dict_items_dict_id_dicts_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."dicts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organ_nodes_parent" ON "organ_nodes" USING btree ("view_id","parent_id");--> statement-breakpoint
CREATE INDEX "organs_type" ON "organs" USING btree ("type_code");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_position" ON "staff" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_code" ON "dict_items" USING btree ("dict_id","code");--> statement-breakpoint
CREATE INDEX "regions_parent" ON "regions" USING btree ("parent_code","code");