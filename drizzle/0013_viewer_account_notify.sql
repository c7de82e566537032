-- Issue 11, ADR 016: GET /api/accounts/me answers from the kept viewer alone, so the viewer row now
-- also carries the profile's names and the admin access request; their changes are announced on
-- portal_viewer like every other part of the viewer.
CREATE TRIGGER profiles_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON profiles FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER admin_access_requests_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON admin_access_requests FOR EACH ROW EXECUTE FUNCTION portal_viewer_changed('user_id');
