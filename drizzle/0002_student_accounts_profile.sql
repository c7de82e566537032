CREATE TYPE "public"."student_experience_kind" AS ENUM('clinical', 'work', 'volunteer');--> statement-breakpoint
CREATE TABLE "student_experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" "student_experience_kind" NOT NULL,
	"organization" text NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_experiences_dates_order" CHECK ("student_experiences"."end_date" is null or "student_experiences"."end_date" >= "student_experiences"."start_date")
);
--> statement-breakpoint
CREATE TABLE "student_sign_up_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"student_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"full_name" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_experiences" ADD CONSTRAINT "student_experiences_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sign_up_codes" ADD CONSTRAINT "student_sign_up_codes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_experiences_student_idx" ON "student_experiences" USING btree ("student_id","start_date");--> statement-breakpoint
CREATE INDEX "student_sign_up_codes_email_idx" ON "student_sign_up_codes" USING btree (lower("email"),"created_at");