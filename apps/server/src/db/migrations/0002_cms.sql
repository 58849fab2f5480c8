CREATE TABLE "cms_article_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"column_id" integer,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover_id" integer,
	"slug" text,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"unpublish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"fields" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"preview_token_hash" text,
	"preview_expires_at" timestamp with time zone,
	"seed_key" text,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_articles_seed_key_unique" UNIQUE("seed_key")
);
--> statement-breakpoint
CREATE TABLE "cms_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"label" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"parent" integer,
	"seq" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_columns_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "cms_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"alt" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cms_article_versions" ADD CONSTRAINT "cms_article_versions_article_id_cms_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."cms_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_column_id_cms_columns_id_fk" FOREIGN KEY ("column_id") REFERENCES "public"."cms_columns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_cover_id_cms_media_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."cms_media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_article_versions_article" ON "cms_article_versions" USING btree ("article_id","version");--> statement-breakpoint
CREATE INDEX "cms_articles_kind_status" ON "cms_articles" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "cms_articles_column" ON "cms_articles" USING btree ("column_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cms_articles_slug" ON "cms_articles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "cms_columns_parent" ON "cms_columns" USING btree ("parent","seq");--> statement-breakpoint
CREATE INDEX "cms_media_key" ON "cms_media" USING btree ("storage_key");