CREATE TABLE "gw_alarm_receivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"account" text,
	"email" text,
	"telephone" text,
	"work_start" text NOT NULL,
	"work_end" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expression" text NOT NULL,
	"summary" text NOT NULL,
	"description" text,
	"level" text DEFAULT 'general' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gw_alarm_rules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "gw_api_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"match_mode" text DEFAULT 'precise' NOT NULL,
	"match_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gw_api_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "gw_config_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" text NOT NULL,
	"data_id" text NOT NULL,
	"group_name" text NOT NULL,
	"app_name" text,
	"tags" text,
	"description" text,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"md5" text NOT NULL,
	"op_type" text NOT NULL,
	"operator" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"namespace_id" text NOT NULL,
	"data_id" text NOT NULL,
	"group_name" text NOT NULL,
	"app_name" text,
	"tags" text,
	"description" text,
	"type" text DEFAULT 'text' NOT NULL,
	"content" text NOT NULL,
	"md5" text NOT NULL,
	"created_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_degrade_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"resource_mode" text DEFAULT 'route' NOT NULL,
	"resource" text NOT NULL,
	"strategy" text DEFAULT 'ratio' NOT NULL,
	"threshold" double precision NOT NULL,
	"window_ms" integer DEFAULT 1000 NOT NULL,
	"degrade_sec" integer DEFAULT 10 NOT NULL,
	"min_requests" integer DEFAULT 5 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_flow_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"resource_mode" text DEFAULT 'route' NOT NULL,
	"resource" text NOT NULL,
	"threshold_mode" text DEFAULT 'qps' NOT NULL,
	"count" double precision NOT NULL,
	"burst" integer DEFAULT 0 NOT NULL,
	"control_behavior" text DEFAULT 'fastFail' NOT NULL,
	"timeout_ms" integer DEFAULT 500 NOT NULL,
	"source_app" text,
	"interval_sec" integer DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gw_flow_rules_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "gw_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"ip" text NOT NULL,
	"port" integer NOT NULL,
	"weight" double precision DEFAULT 1 NOT NULL,
	"cluster" text DEFAULT 'DEFAULT' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ephemeral" boolean DEFAULT true NOT NULL,
	"healthy" boolean DEFAULT true NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_beat" timestamp with time zone DEFAULT now() NOT NULL,
	"last_check" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_namespaces" (
	"id" text PRIMARY KEY NOT NULL,
	"show_name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"route_id" text NOT NULL,
	"route_name" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"uri" text NOT NULL,
	"predicates" text DEFAULT '' NOT NULL,
	"filters" text DEFAULT '' NOT NULL,
	"description" text,
	"released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gw_routes_route_id_unique" UNIQUE("route_id")
);
--> statement-breakpoint
CREATE TABLE "gw_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_name" text DEFAULT 'DEFAULT_GROUP' NOT NULL,
	"protect_threshold" double precision DEFAULT 0 NOT NULL,
	"health_check" text DEFAULT 'none' NOT NULL,
	"health_path" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gw_versions" (
	"kind" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gw_configs" ADD CONSTRAINT "gw_configs_namespace_id_gw_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."gw_namespaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gw_instances" ADD CONSTRAINT "gw_instances_service_id_gw_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."gw_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gw_config_history_key" ON "gw_config_history" USING btree ("namespace_id","data_id","group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "gw_configs_key" ON "gw_configs" USING btree ("namespace_id","data_id","group_name");--> statement-breakpoint
CREATE UNIQUE INDEX "gw_instances_addr" ON "gw_instances" USING btree ("service_id","ip","port");--> statement-breakpoint
CREATE UNIQUE INDEX "gw_services_name" ON "gw_services" USING btree ("name","group_name");