CREATE TABLE "match_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"created_by" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"params" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "match_runs_status" CHECK ("match_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "match_runs_percent" CHECK ("match_runs"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "match_runs" ADD CONSTRAINT "match_runs_program_id_organizations_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_runs" ADD CONSTRAINT "match_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "match_runs_program_created_idx" ON "match_runs" USING btree ("program_id","created_at");