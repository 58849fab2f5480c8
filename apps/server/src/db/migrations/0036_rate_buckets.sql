CREATE TABLE "rate_buckets" (
	"bucket" text PRIMARY KEY NOT NULL,
	"tat_ms" bigint NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_buckets_tat" ON "rate_buckets" USING btree ("tat_ms");
