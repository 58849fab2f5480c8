CREATE TABLE "login_failures" (
	"user_id" text PRIMARY KEY NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"bucket" text NOT NULL,
	"window" integer NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counters_bucket_window_pk" PRIMARY KEY("bucket","window")
);
--> statement-breakpoint
CREATE TABLE "used_refresh_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "used_refresh_tokens" ADD CONSTRAINT "used_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_updated" ON "login_failures" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "rate_counters_window" ON "rate_counters" USING btree ("window");--> statement-breakpoint
CREATE INDEX "used_refresh_tokens_used" ON "used_refresh_tokens" USING btree ("used_at");