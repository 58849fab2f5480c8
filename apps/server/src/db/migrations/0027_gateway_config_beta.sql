CREATE TABLE "gw_config_betas" (
	"id" serial PRIMARY KEY NOT NULL,
	"config_id" integer NOT NULL,
	"content" text NOT NULL,
	"md5" text NOT NULL,
	"ips" jsonb NOT NULL,
	"operator" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gw_config_betas_config_id_unique" UNIQUE("config_id")
);
--> statement-breakpoint
ALTER TABLE "gw_config_betas" ADD CONSTRAINT "gw_config_betas_config_id_gw_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."gw_configs"("id") ON DELETE cascade ON UPDATE no action;