-- Issue 11, ADR 016: every change to what a signed-in viewer is made of (their session, account,
-- roles, memberships, student record, or an organization's name or verification) is announced on
-- the channel portal_viewer with the user's id ('*' for an organization: all its members), so
-- each server instance drops the viewers it keeps in memory at once.
CREATE FUNCTION portal_viewer_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM pg_notify('portal_viewer', '*');
  ELSE
    PERFORM pg_notify('portal_viewer', coalesce(to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0], '*'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_viewer_changed AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER users_viewer_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('id');
--> statement-breakpoint
CREATE TRIGGER user_roles_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON user_roles FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER memberships_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER student_users_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON student_users FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER organizations_viewer_changed AFTER UPDATE OR DELETE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION portal_viewer_changed();
