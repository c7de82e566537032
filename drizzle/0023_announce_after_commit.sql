-- Issue 11, ADR 030: PostgreSQL commits the transactions that called NOTIFY one at a time, each
-- holding a database-wide lock through its disk flush (ADR 029). The announcements that only drop
-- what instances keep (the cached reads' tables, a student's recommendations, a new audit entry)
-- need not ride inside the writing transaction. On the portal's own connections (started with
-- portal.announce_after_commit=on, src/server/db/client.ts) they are handed to the connection as
-- notices, and the portal announces them itself once the transaction has committed (never for a
-- rollback), in a statement that writes nothing. Any other connection (psql, a script) still
-- announces inside its transaction, as before. The viewer's announcements (ADR 016: a suspension,
-- a removed role) and the live events (ADR 008: ordered ids) stay inside the transaction.
CREATE FUNCTION portal_announce(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.announce_after_commit', true) = 'on' THEN
    RAISE NOTICE USING MESSAGE = payload, DETAIL = channel, ERRCODE = 'PA001';
  ELSE
    PERFORM pg_notify(channel, payload);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_table_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_announce('portal_tables', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_matching_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  student text;
BEGIN
  IF TG_NARGS = 0 THEN
    PERFORM portal_announce('portal_matching', '*');
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
  PERFORM portal_announce('portal_matching', student);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION portal_audit_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM portal_announce('portal_broadcast', json_build_object('topic', 'audit', 'id', NEW.id)::text);
  RETURN NULL;
END $$;
