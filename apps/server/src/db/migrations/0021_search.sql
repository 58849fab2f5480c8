CREATE TABLE "search_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"lang" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"url" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"tokens" text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_documents" ADD CONSTRAINT "search_documents_article_id_cms_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."cms_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_article_lang" ON "search_documents" USING btree ("article_id","lang");--> statement-breakpoint
CREATE INDEX "search_documents_tokens" ON "search_documents" USING gin ("tokens");