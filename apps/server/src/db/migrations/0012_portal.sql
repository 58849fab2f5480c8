CREATE TABLE "portal_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"scope_type" text NOT NULL,
	"scope_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT true NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_frame_hosts" (
	"host" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"seq" integer DEFAULT 0 NOT NULL,
	"maintainers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"draft" jsonb,
	"published" jsonb,
	"published_version" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"draft_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_overlays" (
	"account_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"overlay" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_overlays_account_id_page_id_pk" PRIMARY KEY("account_id","page_id")
);
--> statement-breakpoint
ALTER TABLE "portal_assignments" ADD CONSTRAINT "portal_assignments_page_id_portal_nodes_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."portal_nodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_overlays" ADD CONSTRAINT "portal_overlays_page_id_portal_nodes_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."portal_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_assignments_page" ON "portal_assignments" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "portal_nodes_parent" ON "portal_nodes" USING btree ("parent_id");