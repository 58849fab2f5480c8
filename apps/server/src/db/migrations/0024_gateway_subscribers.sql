CREATE TABLE "gw_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"resource" text NOT NULL,
	"credential_id" integer NOT NULL,
	"app_name" text NOT NULL,
	"access_key" text NOT NULL,
	"address" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "gw_subscribers_key" ON "gw_subscribers" USING btree ("kind","resource","credential_id","address");