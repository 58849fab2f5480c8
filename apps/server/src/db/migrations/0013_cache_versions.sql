CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counters the in-process caches check on each request (platform/cacheVersions.ts): every write to
-- a table a cache reads bumps its domain, whichever process or tool made it.
INSERT INTO "cache_versions" ("name", "version") VALUES ('auth', 0), ('site', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "bump_cache_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  -- the embedded database's own process listens (one process: no query per request needed there)
  PERFORM pg_notify('bencao_cache', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- sessions: ending one or rotating its tokens (not the sliding expiry written by requests)
CREATE TRIGGER "sessions_auth_version" AFTER UPDATE OF "ended_at", "token_hash", "account_id" OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "accounts_auth_version" AFTER UPDATE OF "user_id", "user_name", "status", "is_admin", "must_change_password", "locked_until" OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "roles_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "role_grants_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_grants" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "account_roles_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "account_role_groups_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_role_groups" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "role_group_roles_auth_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_group_roles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('auth');
--> statement-breakpoint
CREATE TRIGGER "cms_columns_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_columns" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('site');
--> statement-breakpoint
CREATE TRIGGER "cms_articles_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_articles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('site');
--> statement-breakpoint
CREATE TRIGGER "cms_media_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_media" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('site');
--> statement-breakpoint
CREATE TRIGGER "cms_settings_site_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('site');
