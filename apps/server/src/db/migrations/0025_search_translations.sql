-- Site search in the other languages of the site: a translation's live content (cms_translations.content)
-- is indexed under its language whenever it changes, and leaves the index with the translation. Its
-- empty fields fall back to the article's own (codes and numbers stay searchable in every language).
CREATE FUNCTION "search_translation_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fields jsonb;
BEGIN
  IF TG_OP = 'DELETE' OR NEW.content IS NULL THEN
    DELETE FROM search_documents WHERE article_id = OLD.article_id AND lang = OLD.lang;
    IF TG_OP = 'DELETE' THEN RETURN NULL; END IF;
  END IF;
  IF NEW.content IS NULL THEN RETURN NULL; END IF;
  SELECT a.fields || coalesce((SELECT jsonb_object_agg(k, v) FROM jsonb_each(coalesce(NEW.content -> 'fields', '{}'::jsonb)) AS f(k, v)
                                WHERE v <> '""'::jsonb AND v <> 'null'::jsonb), '{}'::jsonb)
    INTO fields FROM cms_articles a WHERE a.id = NEW.article_id;
  PERFORM search_index_document(NEW.article_id, NEW.lang,
    coalesce(nullif(NEW.content ->> 'title', ''), (SELECT title FROM cms_articles WHERE id = NEW.article_id)),
    NEW.content ->> 'summary', NEW.content ->> 'body', fields);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_cms_translations" AFTER INSERT OR UPDATE OF "content", "lang", "article_id" OR DELETE ON "cms_translations"
  FOR EACH ROW EXECUTE FUNCTION "search_translation_changed"();
--> statement-breakpoint
-- the article's own fields change: its translations' documents take the new codes and numbers
CREATE FUNCTION "search_article_translations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cms_translations SET content = content WHERE article_id = NEW.id AND content IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_cms_article_fields" AFTER UPDATE OF "fields", "kind" ON "cms_articles"
  FOR EACH ROW WHEN (OLD.fields IS DISTINCT FROM NEW.fields OR OLD.kind IS DISTINCT FROM NEW.kind) EXECUTE FUNCTION "search_article_translations_changed"();
--> statement-breakpoint
UPDATE cms_translations SET content = content WHERE content IS NOT NULL;
