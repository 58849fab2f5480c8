CREATE TABLE "outbound_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"allow_hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbound_policy_one_row" CHECK ("outbound_policy"."id" = 1)
);--> statement-breakpoint
INSERT INTO "outbound_policy" ("id") VALUES (1) ON CONFLICT DO NOTHING;
