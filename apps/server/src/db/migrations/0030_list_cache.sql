-- Counters for the console's list answer cache (platform/listCache.ts), bumped like 'auth' and 'site'
-- (migration 0013's bump_cache_version): 'table:<name>' on every write to a table whose list is cached,
-- 'scope' on every write that can move an account in or out of a role's data scope (its staff member,
-- the staff member's position, the organ tree of the administrative view).
INSERT INTO "cache_versions" ("name", "version") VALUES ('scope', 0), ('table:client_errors', 0), ('table:login_logs', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "client_errors_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_errors" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('table:client_errors');
--> statement-breakpoint
CREATE TRIGGER "login_logs_list_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "login_logs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('table:login_logs');
--> statement-breakpoint
CREATE TRIGGER "accounts_scope_version" AFTER INSERT OR UPDATE OF "staff_id", "user_id" OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('scope');
--> statement-breakpoint
CREATE TRIGGER "staff_scope_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('scope');
--> statement-breakpoint
CREATE TRIGGER "organs_scope_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organs" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('scope');
--> statement-breakpoint
CREATE TRIGGER "organ_types_scope_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organ_types" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('scope');
--> statement-breakpoint
CREATE TRIGGER "organ_nodes_scope_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organ_nodes" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('scope');
--> statement-breakpoint
CREATE TRIGGER "organ_views_scope_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organ_views" FOR EACH STATEMENT EXECUTE FUNCTION "bump_cache_version"('scope');
