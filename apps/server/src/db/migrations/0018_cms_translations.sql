CREATE TABLE "cms_translations" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"lang" text NOT NULL,
	"content" jsonb,
	"draft" jsonb,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_columns" ADD COLUMN "labels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_translations" ADD CONSTRAINT "cms_translations_article_id_cms_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."cms_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_translations_article_lang" ON "cms_translations" USING btree ("article_id","lang");--> statement-breakpoint
-- the public site's cache (platform/cacheVersions.ts) forgets its answers when a translation changes
CREATE TRIGGER "cms_translations_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('site');
