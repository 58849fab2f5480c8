CREATE TABLE "gw_app_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"access_key" text NOT NULL,
	"signing_key" text NOT NULL,
	"all_namespaces" boolean DEFAULT false NOT NULL,
	"namespaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "gw_app_credentials_access_key_unique" UNIQUE("access_key")
);
--> statement-breakpoint
CREATE TABLE "gw_app_nonces" (
	"credential_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gw_app_nonces_credential_id_nonce_pk" PRIMARY KEY("credential_id","nonce")
);
--> statement-breakpoint
ALTER TABLE "gw_app_nonces" ADD CONSTRAINT "gw_app_nonces_credential_id_gw_app_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."gw_app_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gw_app_nonces_expires" ON "gw_app_nonces" USING btree ("expires_at");