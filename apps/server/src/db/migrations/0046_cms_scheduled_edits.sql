-- A scheduled edit of a live article (issue 29, item 7): the live version stays on the site while the edit
-- waits in "draft" until "scheduled_at", when it replaces it. "content_changed_at" is when the live content
-- last changed (the sitemap's lastmod): a save that only touches pending edits leaves it.
ALTER TABLE "cms_articles" ADD COLUMN IF NOT EXISTS "scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD COLUMN IF NOT EXISTS "content_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "cms_articles" SET "content_changed_at" = "updated_at";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cms_articles_scheduled" ON "cms_articles" USING btree ("scheduled_at") WHERE "scheduled_at" IS NOT NULL;
--> statement-breakpoint
-- A job application keeps the consent the applicant ticked, in the words shown, and the privacy policy then in
-- force (issue 29, item 12; PIPL): the policy page's version and the time its live text last changed.
ALTER TABLE "recruit_applications" ADD COLUMN IF NOT EXISTS "consent_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "recruit_applications" ADD COLUMN IF NOT EXISTS "privacy_version" integer;--> statement-breakpoint
ALTER TABLE "recruit_applications" ADD COLUMN IF NOT EXISTS "privacy_changed_at" timestamp with time zone;
