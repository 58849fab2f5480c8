CREATE TABLE "adr_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"batch_no" text NOT NULL,
	"patient_age" integer NOT NULL,
	"patient_sex" text NOT NULL,
	"reaction" text NOT NULL,
	"onset_date" text NOT NULL,
	"outcome" text NOT NULL,
	"reporter_name" text NOT NULL,
	"contact" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"review_comment" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "adr_reports_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "adr_sequences" (
	"day" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer,
	"job_title" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"cover_note" text DEFAULT '' NOT NULL,
	"cv_key" text NOT NULL,
	"cv_name" text NOT NULL,
	"cv_type" text NOT NULL,
	"cv_size" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"review_note" text DEFAULT '' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"client_ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recruit_applications" ADD CONSTRAINT "recruit_applications_job_id_cms_articles_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."cms_articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adr_reports_ip_time" ON "adr_reports" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "adr_reports_status" ON "adr_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "adr_reports_created" ON "adr_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recruit_applications_ip_time" ON "recruit_applications" USING btree ("client_ip","created_at");--> statement-breakpoint
CREATE INDEX "recruit_applications_job" ON "recruit_applications" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "recruit_applications_status" ON "recruit_applications" USING btree ("status");