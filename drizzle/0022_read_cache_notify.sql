-- Issue 11, ADR 027: the hot reads' answers an instance keeps are dropped when a table they read
-- changes. One announcement per statement (not per row) on the channel portal_tables, with the
-- table's name; PostgreSQL sends a transaction's identical announcements once, at commit.
CREATE FUNCTION portal_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_tables', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON messages FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER users_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profiles FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER placements_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON placements FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER organizations_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER departments_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER placement_requirements_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON placement_requirements FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER facility_agreement_settings_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON facility_agreement_settings FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER affiliation_agreements_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON affiliation_agreements FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER students_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON students FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER student_users_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_users FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER applications_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER student_invitations_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON student_invitations FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_read_cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships FOR EACH STATEMENT EXECUTE FUNCTION portal_table_changed();
