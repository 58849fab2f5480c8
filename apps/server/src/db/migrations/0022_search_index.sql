-- Site search (modules/search): the index is kept by the database, so no write path can forget it.
-- Tokens: lower-cased Latin words and digit runs (NFKC: full-width ＢＣ２０２６ too), and every CJK
-- character and pair of characters. The query is tokenised by the same function, so matching is the
-- same on PGlite and PostgreSQL (no dictionary, no extension).
CREATE FUNCTION "search_tokens"(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT tok), '{}'::text[]) FROM (
    SELECT w[1] AS tok FROM regexp_matches(lower(normalize(coalesce(t, ''), NFKC)), '([a-z0-9\u00c0-\u024f]+)', 'g') AS w
    UNION ALL
    SELECT substr(r[1], i, n) FROM regexp_matches(normalize(coalesce(t, ''), NFKC), '([\u3400-\u9fff\uf900-\ufaff]+)', 'g') AS r,
      generate_series(1, char_length(r[1])) AS i, (VALUES (1), (2)) AS len(n)
     WHERE i + n - 1 <= char_length(r[1])
  ) x $$;
--> statement-breakpoint
-- rich-text HTML → plain text (the body is sanitized on save: tags and a few entities only)
CREATE FUNCTION "search_plain"(html text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g')) $$;
--> statement-breakpoint
-- the text values of an article's own fields (label fields, project name and number, …), not media
CREATE FUNCTION "search_field_text"(f jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(v #>> '{}', ' '), '')
    FROM jsonb_path_query(coalesce(f, '{}'::jsonb) - 'attachments' - 'images' - 'rxOtc', 'strict $.** ? (@.type() == "string")') AS v $$;
--> statement-breakpoint
-- (re)indexes one article in one language; other modules call it for translations
CREATE FUNCTION "search_index_document"(p_article integer, p_lang text, p_title text, p_summary text, p_body text, p_fields jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  a record;
  plain text;
BEGIN
  SELECT kind, publish_at, published_at, created_at INTO a FROM cms_articles WHERE id = p_article;
  IF NOT FOUND OR a.kind NOT IN ('news', 'product', 'medicine', 'job', 'bid') THEN
    DELETE FROM search_documents WHERE article_id = p_article AND lang = p_lang;
    RETURN;
  END IF;
  plain := concat_ws(' ', nullif(btrim(coalesce(p_summary, '')), ''), nullif(search_plain(p_body), ''), nullif(search_field_text(p_fields), ''));
  INSERT INTO search_documents (article_id, lang, kind, title, text, url, published_at, tokens)
  VALUES (
    p_article, p_lang, CASE a.kind WHEN 'medicine' THEN 'tcm' ELSE a.kind END, coalesce(p_title, ''), coalesce(plain, ''),
    '/' || CASE a.kind WHEN 'product' THEN 'products' WHEN 'job' THEN 'jobs' WHEN 'bid' THEN 'bids' ELSE a.kind END || '/' || p_article,
    coalesce(a.publish_at, a.published_at, a.created_at), search_tokens(coalesce(p_title, '') || ' ' || coalesce(plain, ''))
  )
  ON CONFLICT (article_id, lang) DO UPDATE SET kind = excluded.kind, title = excluded.title, text = excluded.text,
    url = excluded.url, published_at = excluded.published_at, tokens = excluded.tokens;
END $$;
--> statement-breakpoint
CREATE FUNCTION "search_cms_article_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_document(NEW.id, 'zh', NEW.title, NEW.summary, NEW.body, NEW.fields);
  -- the other languages show the same date
  UPDATE search_documents SET published_at = coalesce(NEW.publish_at, NEW.published_at, NEW.created_at)
   WHERE article_id = NEW.id AND lang <> 'zh' AND published_at IS DISTINCT FROM coalesce(NEW.publish_at, NEW.published_at, NEW.created_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "search_cms_articles" AFTER INSERT OR UPDATE OF "title", "summary", "body", "fields", "kind", "publish_at", "published_at" ON "cms_articles"
  FOR EACH ROW EXECUTE FUNCTION "search_cms_article_changed"();
--> statement-breakpoint
-- the site's cached answers (search included) follow index changes made for other languages too
CREATE TRIGGER "search_documents_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "search_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('site');
--> statement-breakpoint
SELECT search_index_document(id, 'zh', title, summary, body, fields) FROM cms_articles;
