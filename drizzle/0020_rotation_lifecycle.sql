CREATE TYPE "public"."evaluation_kind" AS ENUM('student', 'site');--> statement-breakpoint
CREATE TYPE "public"."evaluation_phase" AS ENUM('midpoint', 'final');--> statement-breakpoint
CREATE TYPE "public"."evaluation_status" AS ENUM('pending', 'submitted');--> statement-breakpoint
CREATE TYPE "public"."hour_log_status" AS ENUM('submitted', 'approved', 'returned');--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'preceptor' BEFORE 'student';--> statement-breakpoint
CREATE TABLE "evaluation_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"kind" "evaluation_kind" NOT NULL,
	"name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"kind" "evaluation_kind" NOT NULL,
	"phase" "evaluation_phase" NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb,
	"status" "evaluation_status" DEFAULT 'pending' NOT NULL,
	"due_date" date NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"last_reminder" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evaluations_submitted" CHECK (("evaluations"."status" = 'submitted') = ("evaluations"."submitted_at" is not null and "evaluations"."answers" is not null))
);
--> statement-breakpoint
CREATE TABLE "hour_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"minutes" integer NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"reflection" text,
	"status" "hour_log_status" DEFAULT 'submitted' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"review_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_logs_start_minute" CHECK ("hour_logs"."start_minute" >= 0 and "hour_logs"."start_minute" < 1440),
	CONSTRAINT "hour_logs_minutes" CHECK ("hour_logs"."minutes" > 0 and "hour_logs"."minutes" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "program_evaluation_settings" (
	"program_id" uuid PRIMARY KEY NOT NULL,
	"midpoint" boolean DEFAULT false NOT NULL,
	"due_days" integer DEFAULT 7 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_hour_requirements" (
	"program_id" uuid NOT NULL,
	"specialty" text DEFAULT '' NOT NULL,
	"hours" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_hour_requirements_program_id_specialty_pk" PRIMARY KEY("program_id","specialty"),
	CONSTRAINT "program_hour_requirements_hours" CHECK ("program_hour_requirements"."hours" >= 0 and "program_hour_requirements"."hours" <= 2000)
);
--> statement-breakpoint
CREATE TABLE "rotation_preceptors" (
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"facility_id" uuid NOT NULL,
	"assigned_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rotation_preceptors_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "evaluation_templates" ADD CONSTRAINT "evaluation_templates_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_templates" ADD CONSTRAINT "evaluation_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_template_id_evaluation_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."evaluation_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_logs" ADD CONSTRAINT "hour_logs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_logs" ADD CONSTRAINT "hour_logs_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_logs" ADD CONSTRAINT "hour_logs_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_logs" ADD CONSTRAINT "hour_logs_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hour_logs" ADD CONSTRAINT "hour_logs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_evaluation_settings" ADD CONSTRAINT "program_evaluation_settings_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_evaluation_settings" ADD CONSTRAINT "program_evaluation_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_hour_requirements" ADD CONSTRAINT "program_hour_requirements_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_hour_requirements" ADD CONSTRAINT "program_hour_requirements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_preceptors" ADD CONSTRAINT "rotation_preceptors_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_preceptors" ADD CONSTRAINT "rotation_preceptors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_preceptors" ADD CONSTRAINT "rotation_preceptors_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotation_preceptors" ADD CONSTRAINT "rotation_preceptors_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_templates_active_uq" ON "evaluation_templates" USING btree ("program_id","kind") WHERE active;--> statement-breakpoint
CREATE INDEX "evaluation_templates_program_idx" ON "evaluation_templates" USING btree ("program_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_rotation_uq" ON "evaluations" USING btree ("application_id","kind","phase");--> statement-breakpoint
CREATE INDEX "evaluations_program_idx" ON "evaluations" USING btree ("program_id","status","due_date");--> statement-breakpoint
CREATE INDEX "evaluations_facility_idx" ON "evaluations" USING btree ("facility_id","kind","status");--> statement-breakpoint
CREATE INDEX "evaluations_student_idx" ON "evaluations" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "evaluations_due_idx" ON "evaluations" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "hour_logs_application_idx" ON "hour_logs" USING btree ("application_id","work_date");--> statement-breakpoint
CREATE INDEX "hour_logs_student_idx" ON "hour_logs" USING btree ("student_id","work_date");--> statement-breakpoint
CREATE INDEX "hour_logs_program_idx" ON "hour_logs" USING btree ("program_id","student_id");--> statement-breakpoint
CREATE INDEX "hour_logs_facility_status_idx" ON "hour_logs" USING btree ("facility_id","status");--> statement-breakpoint
CREATE INDEX "rotation_preceptors_user_idx" ON "rotation_preceptors" USING btree ("user_id","application_id");--> statement-breakpoint
CREATE INDEX "rotation_preceptors_facility_idx" ON "rotation_preceptors" USING btree ("facility_id");