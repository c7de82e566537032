CREATE TYPE "public"."compliance_document_status" AS ENUM('submitted', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."date_ask" AS ENUM('no', 'optional', 'required');--> statement-breakpoint
CREATE TYPE "public"."requirement_category" AS ENUM('immunization', 'certification', 'screening', 'training', 'insurance', 'orientation');--> statement-breakpoint
CREATE TYPE "public"."requirement_validity" AS ENUM('none', 'months', 'season', 'document');--> statement-breakpoint
CREATE TABLE "compliance_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"requirement_type_id" text NOT NULL,
	"status" "compliance_document_status" DEFAULT 'submitted' NOT NULL,
	"is_current" boolean DEFAULT true NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	CONSTRAINT "compliance_documents_dates" CHECK ("compliance_documents"."expires_on" is null or "compliance_documents"."issued_on" is null or "compliance_documents"."expires_on" >= "compliance_documents"."issued_on"),
	CONSTRAINT "compliance_documents_size" CHECK ("compliance_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "facility_requirements" (
	"facility_id" uuid NOT NULL,
	"requirement_type_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "facility_requirements_facility_id_requirement_type_id_pk" PRIMARY KEY("facility_id","requirement_type_id")
);
--> statement-breakpoint
CREATE TABLE "placement_requirements" (
	"placement_id" uuid NOT NULL,
	"requirement_type_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_requirements_placement_id_requirement_type_id_pk" PRIMARY KEY("placement_id","requirement_type_id")
);
--> statement-breakpoint
CREATE TABLE "program_requirements" (
	"program_id" uuid NOT NULL,
	"requirement_type_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_requirements_program_id_requirement_type_id_pk" PRIMARY KEY("program_id","requirement_type_id")
);
--> statement-breakpoint
CREATE TABLE "requirement_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" "requirement_category" NOT NULL,
	"proof" text NOT NULL,
	"asks_issued_on" date_ask DEFAULT 'required' NOT NULL,
	"asks_expires_on" date_ask DEFAULT 'no' NOT NULL,
	"validity" "requirement_validity" DEFAULT 'none' NOT NULL,
	"validity_months" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requirement_types_months" CHECK (("requirement_types"."validity" = 'months') = ("requirement_types"."validity_months" is not null and "requirement_types"."validity_months" > 0))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"completed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "readiness_override_by" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "readiness_override_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "readiness_missing" text[];--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_requirement_type_id_requirement_types_id_fk" FOREIGN KEY ("requirement_type_id") REFERENCES "public"."requirement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_documents" ADD CONSTRAINT "compliance_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_requirements" ADD CONSTRAINT "facility_requirements_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facility_requirements" ADD CONSTRAINT "facility_requirements_requirement_type_id_requirement_types_id_fk" FOREIGN KEY ("requirement_type_id") REFERENCES "public"."requirement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_requirements" ADD CONSTRAINT "placement_requirements_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_requirements" ADD CONSTRAINT "placement_requirements_requirement_type_id_requirement_types_id_fk" FOREIGN KEY ("requirement_type_id") REFERENCES "public"."requirement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_requirements" ADD CONSTRAINT "program_requirements_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_requirements" ADD CONSTRAINT "program_requirements_requirement_type_id_requirement_types_id_fk" FOREIGN KEY ("requirement_type_id") REFERENCES "public"."requirement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_documents_current_uq" ON "compliance_documents" USING btree ("student_id","requirement_type_id") WHERE is_current;--> statement-breakpoint
CREATE INDEX "compliance_documents_student_idx" ON "compliance_documents" USING btree ("student_id","requirement_type_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "compliance_documents_review_idx" ON "compliance_documents" USING btree ("status","uploaded_at") WHERE is_current;--> statement-breakpoint
CREATE INDEX "compliance_documents_expiry_idx" ON "compliance_documents" USING btree ("expires_on") WHERE is_current and status = 'approved';--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE completed_at is null and failed_at is null;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_readiness_override_by_users_id_fk" FOREIGN KEY ("readiness_override_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
INSERT INTO "requirement_types" ("id", "name", "category", "proof", "asks_issued_on", "asks_expires_on", "validity", "validity_months", "sort_order") VALUES
('mmr', 'MMR (measles, mumps, rubella)', 'immunization', 'Two doses of MMR vaccine, or a lab report showing a positive titer.', 'required', 'no', 'none', NULL, 10),
('varicella', 'Varicella (chickenpox)', 'immunization', 'Two doses of varicella vaccine, or a lab report showing a positive titer.', 'required', 'no', 'none', NULL, 20),
('hepatitis_b', 'Hepatitis B', 'immunization', 'The completed vaccine series, a positive surface antibody titer, or a signed declination.', 'required', 'no', 'none', NULL, 30),
('tdap', 'Tdap', 'immunization', 'A Tdap dose given within the last 10 years.', 'required', 'no', 'months', 120, 40),
('influenza', 'Influenza (current season)', 'immunization', 'This season''s flu vaccine record, or an approved exemption. Valid through June 30.', 'required', 'no', 'season', NULL, 50),
('tb_screening', 'Tuberculosis screening', 'screening', 'A negative TB skin test, a negative IGRA blood test (QuantiFERON or T-SPOT), or a clear chest X-ray with a symptom review.', 'required', 'no', 'months', 12, 60),
('covid19', 'COVID-19 vaccination', 'immunization', 'Your vaccination record (CDC card or state registry printout), or an approved exemption.', 'required', 'no', 'none', NULL, 70),
('bls', 'BLS/CPR (American Heart Association)', 'certification', 'Both sides of your AHA BLS Provider card or eCard.', 'required', 'optional', 'months', 24, 80),
('acls', 'ACLS', 'certification', 'Your AHA ACLS Provider card or eCard.', 'required', 'optional', 'months', 24, 90),
('pals', 'PALS', 'certification', 'Your AHA PALS Provider card or eCard.', 'required', 'optional', 'months', 24, 100),
('background_check', 'Criminal background check', 'screening', 'The background check report, or the clearance letter from your program''s vendor.', 'required', 'no', 'months', 12, 110),
('drug_screen', 'Drug screen', 'screening', 'A negative 10-panel drug screen result.', 'required', 'no', 'months', 12, 120),
('hipaa', 'HIPAA training', 'training', 'Certificate of completion of HIPAA privacy training.', 'required', 'no', 'months', 12, 130),
('osha', 'OSHA bloodborne pathogens training', 'training', 'Certificate of completion of OSHA bloodborne pathogens training.', 'required', 'no', 'months', 12, 140),
('liability_insurance', 'Professional liability insurance', 'insurance', 'The certificate of insurance showing the coverage period.', 'required', 'required', 'document', NULL, 150),
('orientation', 'Facility orientation', 'orientation', 'The orientation attendance certificate or a signed attestation.', 'required', 'no', 'months', 12, 160);
