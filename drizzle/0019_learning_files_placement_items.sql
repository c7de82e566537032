CREATE TABLE "placement_checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_checklist_ticks" (
	"student_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_checklist_ticks_student_id_item_id_pk" PRIMARY KEY("student_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "learning_resources" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "learning_resources" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "learning_resources" ADD COLUMN "file_type" text;--> statement-breakpoint
ALTER TABLE "learning_resources" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "learning_resources" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "placement_checklist_items" ADD CONSTRAINT "placement_checklist_items_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_checklist_items" ADD CONSTRAINT "placement_checklist_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_checklist_ticks" ADD CONSTRAINT "placement_checklist_ticks_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_checklist_ticks" ADD CONSTRAINT "placement_checklist_ticks_item_id_placement_checklist_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."placement_checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_checklist_items_placement_idx" ON "placement_checklist_items" USING btree ("placement_id","created_at");--> statement-breakpoint
CREATE INDEX "placement_checklist_ticks_item_idx" ON "placement_checklist_ticks" USING btree ("item_id");