ALTER TABLE "cms_articles" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "cms_media" ADD COLUMN "access_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;