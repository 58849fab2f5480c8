CREATE TABLE "gw_alarm_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"resource" text NOT NULL,
	"state" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" text NOT NULL,
	"owner" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"notified" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notify_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gw_alarm_rules" ADD COLUMN "window_sec" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "gw_alarm_rules" ADD COLUMN "for_sec" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gw_alarm_events" ADD CONSTRAINT "gw_alarm_events_rule_id_gw_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."gw_alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gw_alarm_events_open" ON "gw_alarm_events" USING btree ("rule_id","resource") WHERE "gw_alarm_events"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "gw_alarm_events_starts" ON "gw_alarm_events" USING btree ("starts_at");