CREATE TYPE "public"."agreement_stage" AS ENUM('draft', 'executed', 'terminated');--> statement-breakpoint
CREATE TABLE "affiliation_agreements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"stage" "agreement_stage" DEFAULT 'draft' NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terminated_on" date,
	"termination_reason" text,
	"document_key" text,
	"document_name" text,
	"document_type" text,
	"document_size" integer,
	"document_sha256" text,
	"document_uploaded_at" timestamp with time zone,
	"created_by_organization_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliation_agreements_dates" CHECK ("affiliation_agreements"."end_date" >= "affiliation_agreements"."start_date"),
	CONSTRAINT "affiliation_agreements_termination" CHECK (("affiliation_agreements"."stage" = 'terminated') = ("affiliation_agreements"."terminated_on" is not null and "affiliation_agreements"."termination_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "facility_agreement_settings" (
	"facility_id" uuid PRIMARY KEY NOT NULL,
	"require_agreement" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_created_by_organization_id_organizations_id_fk" FOREIGN KEY ("created_by_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_agreement_settings" ADD CONSTRAINT "facility_agreement_settings_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_agreement_settings" ADD CONSTRAINT "facility_agreement_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliation_agreements_title_uq" ON "affiliation_agreements" USING btree ("program_id","facility_id",lower("title"));--> statement-breakpoint
CREATE INDEX "affiliation_agreements_facility_idx" ON "affiliation_agreements" USING btree ("facility_id","end_date");--> statement-breakpoint
CREATE INDEX "affiliation_agreements_program_idx" ON "affiliation_agreements" USING btree ("program_id","end_date");