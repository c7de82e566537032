CREATE TABLE "preceptor_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"facility_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT 'Preceptor' NOT NULL,
	"department" text,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preceptor_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "role" text DEFAULT 'coordinator' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "department" text;--> statement-breakpoint
ALTER TABLE "preceptor_invitations" ADD CONSTRAINT "preceptor_invitations_facility_id_organizations_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preceptor_invitations" ADD CONSTRAINT "preceptor_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preceptor_invitations" ADD CONSTRAINT "preceptor_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preceptor_invitations_open_uq" ON "preceptor_invitations" USING btree ("facility_id","email") WHERE "preceptor_invitations"."accepted_at" is null and "preceptor_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "preceptor_invitations_facility_idx" ON "preceptor_invitations" USING btree ("facility_id","created_at");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('coordinator', 'preceptor'));