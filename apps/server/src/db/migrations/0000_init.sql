CREATE TABLE "account_role_groups" (
	"account_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "account_role_groups_account_id_group_id_pk" PRIMARY KEY("account_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "account_roles" (
	"account_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "account_roles_account_id_role_id_pk" PRIMARY KEY("account_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"staff_id" integer,
	"is_admin" boolean DEFAULT false NOT NULL,
	"manage_range" text,
	"max_sessions" integer DEFAULT -1 NOT NULL,
	"ip_policy_enabled" boolean DEFAULT false NOT NULL,
	"ip_policy" text,
	"email" text,
	"mobile" text,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "auth_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"context" text,
	"seq" integer DEFAULT 0 NOT NULL,
	"server_host" text,
	"transport" text,
	"port" integer,
	CONSTRAINT "auth_apps_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "auth_functions" (
	"id" serial PRIMARY KEY NOT NULL,
	"module_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_functions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "auth_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_modules_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "auth_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"function_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'button' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_operations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "auth_urls" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"access_mode" text DEFAULT 'GET' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"url" text NOT NULL,
	"user_agent" text,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"private_key_pem" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"outcome" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"user_id" text,
	"module" text NOT NULL,
	"operation" text NOT NULL,
	"target" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"params" jsonb,
	"result" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"min_length" integer DEFAULT 8 NOT NULL,
	"max_length" integer DEFAULT 32 NOT NULL,
	"require_uppercase" boolean DEFAULT true NOT NULL,
	"require_lowercase" boolean DEFAULT true NOT NULL,
	"require_digit" boolean DEFAULT true NOT NULL,
	"require_special" boolean DEFAULT false NOT NULL,
	"max_failed_logins" integer DEFAULT 5 NOT NULL,
	"lock_minutes" integer DEFAULT 30 NOT NULL,
	"lifetime_days" integer DEFAULT -1 NOT NULL,
	"grace_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_grants" (
	"role_id" integer NOT NULL,
	"authority" text NOT NULL,
	CONSTRAINT "role_grants_role_id_authority_pk" PRIMARY KEY("role_id","authority")
);
--> statement-breakpoint
CREATE TABLE "role_group_roles" (
	"group_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "role_group_roles_group_id_role_id_pk" PRIMARY KEY("group_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"note" text,
	CONSTRAINT "role_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"role_type" text DEFAULT 'common' NOT NULL,
	"position_type" text,
	"scope" text DEFAULT 'global' NOT NULL,
	"organ_id" integer,
	"is_super" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"refresh_hash" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "menu_action_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"path" text NOT NULL,
	"authority_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"action_name" text NOT NULL,
	"action_code" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menu_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_preset" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_type_id" text NOT NULL,
	"parent_id" integer,
	"menu_code" text NOT NULL,
	"menu_name" text NOT NULL,
	"names" jsonb NOT NULL,
	"path" text,
	"scheme" text,
	"icon" text,
	"level" integer DEFAULT 1 NOT NULL,
	"authority" text,
	"target" text,
	"seq" integer DEFAULT 0 NOT NULL,
	"is_leaf" boolean DEFAULT true NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"app_code" text,
	CONSTRAINT "menus_menu_code_unique" UNIQUE("menu_code")
);
--> statement-breakpoint
ALTER TABLE "account_role_groups" ADD CONSTRAINT "account_role_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_role_groups" ADD CONSTRAINT "account_role_groups_group_id_role_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_roles" ADD CONSTRAINT "account_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_functions" ADD CONSTRAINT "auth_functions_module_id_auth_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."auth_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_modules" ADD CONSTRAINT "auth_modules_app_id_auth_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."auth_apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_operations" ADD CONSTRAINT "auth_operations_function_id_auth_functions_id_fk" FOREIGN KEY ("function_id") REFERENCES "public"."auth_functions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_urls" ADD CONSTRAINT "auth_urls_operation_id_auth_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."auth_operations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_grants" ADD CONSTRAINT "role_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_roles" ADD CONSTRAINT "role_group_roles_group_id_role_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_roles" ADD CONSTRAINT "role_group_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_action_resources" ADD CONSTRAINT "menu_action_resources_action_id_menu_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."menu_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_actions" ADD CONSTRAINT "menu_actions_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_menu_type_id_menu_types_id_fk" FOREIGN KEY ("menu_type_id") REFERENCES "public"."menu_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_logs_created" ON "login_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_created" ON "operation_logs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_hash" ON "sessions" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "sessions_account" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "menus_parent" ON "menus" USING btree ("parent_id");