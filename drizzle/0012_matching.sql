ALTER TABLE "organizations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "min_gpa" numeric(3, 2);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_coordinates" CHECK (("organizations"."latitude" is null) = ("organizations"."longitude" is null) and ("organizations"."latitude" is null or ("organizations"."latitude" between -90 and 90 and "organizations"."longitude" between -180 and 180)));--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_min_gpa_range" CHECK ("placements"."min_gpa" is null or ("placements"."min_gpa" >= 0 and "placements"."min_gpa" <= 4));--> statement-breakpoint
-- Issue 13: each server instance keeps a student's recommendations for a few minutes. Every change
-- to what they are computed from is announced on the channel portal_matching: the student's id
-- (their roster record, preferences, account link, documents, applications), or '*' when it
-- concerns everyone (placements, requirements, organizations, the requirement catalogue), so every
-- instance drops what it keeps at once.
CREATE FUNCTION portal_matching_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  student text;
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM pg_notify('portal_matching', '*');
    RETURN NULL;
  END IF;
  changed := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  IF TG_ARGV[0] = 'user_id' THEN
    SELECT su.student_id::text INTO student FROM student_users su WHERE su.user_id = changed ->> 'user_id';
    IF student IS NULL THEN
      RETURN NULL;
    END IF;
  ELSE
    student := coalesce(changed ->> TG_ARGV[0], '*');
  END IF;
  PERFORM pg_notify('portal_matching', student);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER students_matching_changed AFTER UPDATE OF gpa, specialty_interest, program_id, enrollment_status OR DELETE ON students FOR EACH ROW EXECUTE FUNCTION portal_matching_changed('id');
--> statement-breakpoint
CREATE TRIGGER student_preferences_matching_changed AFTER INSERT OR UPDATE OR DELETE ON student_preferences FOR EACH ROW EXECUTE FUNCTION portal_matching_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER student_users_matching_changed AFTER INSERT OR DELETE ON student_users FOR EACH ROW EXECUTE FUNCTION portal_matching_changed('student_id');
--> statement-breakpoint
CREATE TRIGGER compliance_documents_matching_changed AFTER INSERT OR UPDATE OR DELETE ON compliance_documents FOR EACH ROW EXECUTE FUNCTION portal_matching_changed('student_id');
--> statement-breakpoint
CREATE TRIGGER applications_matching_changed AFTER INSERT OR UPDATE OR DELETE ON applications FOR EACH ROW EXECUTE FUNCTION portal_matching_changed('student_id');
--> statement-breakpoint
CREATE TRIGGER placements_matching_changed AFTER INSERT OR UPDATE OR DELETE ON placements FOR EACH STATEMENT EXECUTE FUNCTION portal_matching_changed();
--> statement-breakpoint
CREATE TRIGGER placement_requirements_matching_changed AFTER INSERT OR UPDATE OR DELETE ON placement_requirements FOR EACH STATEMENT EXECUTE FUNCTION portal_matching_changed();
--> statement-breakpoint
CREATE TRIGGER facility_requirements_matching_changed AFTER INSERT OR UPDATE OR DELETE ON facility_requirements FOR EACH STATEMENT EXECUTE FUNCTION portal_matching_changed();
--> statement-breakpoint
CREATE TRIGGER program_requirements_matching_changed AFTER INSERT OR UPDATE OR DELETE ON program_requirements FOR EACH STATEMENT EXECUTE FUNCTION portal_matching_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_matching_changed AFTER UPDATE OR DELETE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION portal_matching_changed();
--> statement-breakpoint
CREATE TRIGGER requirement_types_matching_changed AFTER INSERT OR UPDATE OR DELETE ON requirement_types FOR EACH STATEMENT EXECUTE FUNCTION portal_matching_changed();
