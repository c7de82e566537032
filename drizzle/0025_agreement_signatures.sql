-- Affiliation agreements take effect only when both sides have signed: each side's signature is
-- stored (who, when), and a signed agreement's terms or document change only through an amendment
-- the other side accepts (agreement_amendments, one pending at a time).
CREATE TYPE "public"."agreement_side" AS ENUM('program', 'facility');--> statement-breakpoint
CREATE TYPE "public"."agreement_amendment_status" AS ENUM('pending', 'accepted', 'declined', 'withdrawn', 'cancelled');--> statement-breakpoint
CREATE TABLE "agreement_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agreement_id" uuid NOT NULL,
	"proposed_by_side" "agreement_side" NOT NULL,
	"proposed_by" text,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text,
	"start_date" date,
	"end_date" date,
	"auto_renew" boolean,
	"note" text DEFAULT '' NOT NULL,
	"document_key" text,
	"document_name" text,
	"document_type" text,
	"document_size" integer,
	"document_sha256" text,
	"status" "agreement_amendment_status" DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD COLUMN "program_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD COLUMN "program_signed_by" text;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD COLUMN "facility_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD COLUMN "facility_signed_by" text;--> statement-breakpoint
ALTER TABLE "agreement_amendments" ADD CONSTRAINT "agreement_amendments_agreement_id_affiliation_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."affiliation_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_amendments" ADD CONSTRAINT "agreement_amendments_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_amendments" ADD CONSTRAINT "agreement_amendments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_amendments_pending_uq" ON "agreement_amendments" USING btree ("agreement_id") WHERE "agreement_amendments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "agreement_amendments_agreement_idx" ON "agreement_amendments" USING btree ("agreement_id","proposed_at");--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_program_signed_by_users_id_fk" FOREIGN KEY ("program_signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_facility_signed_by_users_id_fk" FOREIGN KEY ("facility_signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Agreements signed before signatures were stored count as signed by both sides (signer unknown),
-- so nothing in force stops being in force: at the last change for a signed one, at its creation
-- for a terminated one (its last change is the termination).
UPDATE "affiliation_agreements" SET
  "program_signed_at" = CASE WHEN "stage" = 'executed' THEN "updated_at" ELSE "created_at" END,
  "facility_signed_at" = CASE WHEN "stage" = 'executed' THEN "updated_at" ELSE "created_at" END
  WHERE "stage" <> 'draft';--> statement-breakpoint
ALTER TABLE "affiliation_agreements" ADD CONSTRAINT "affiliation_agreements_signed" CHECK ("affiliation_agreements"."stage" = 'draft' or ("affiliation_agreements"."program_signed_at" is not null and "affiliation_agreements"."facility_signed_at" is not null));