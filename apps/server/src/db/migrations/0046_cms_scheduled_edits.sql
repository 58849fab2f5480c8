-- A scheduled edit of a live article (issue 29, item 7): the live version stays on the site while the edit
-- waits in "draft" until "scheduled_at", when it replaces it. "content_changed_at" is when the live content
-- last changed (the sitemap's lastmod): a save that only touches pending edits leaves it.
ALTER TABLE "cms_articles" ADD COLUMN "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD COLUMN "content_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "cms_articles" SET "content_changed_at" = "updated_at";--> statement-breakpoint
CREATE INDEX "cms_articles_scheduled" ON "cms_articles" USING btree ("scheduled_at") WHERE "scheduled_at" IS NOT NULL;
