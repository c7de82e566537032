-- Issue 11, ADR 031: live events stored and announced after the change they tell of has committed.
-- ADR 008's order lock (ids handed out and committed one transaction at a time) and the NOTIFY made
-- every write that published queue through one disk flush after another (ADR 029). The writing
-- transaction now hands its events to its connection as a notice (portal_publish); once it has
-- committed, the portal stores a batch of them, from many writes, in one short transaction of its own
-- (portal_store_events: the order lock, the rows, the NOTIFY), so the order lock and the NOTIFY are
-- paid once per batch. A connection without portal.announce_after_commit=on (psql, a script, PGlite)
-- stores them inside its transaction, as before.
CREATE FUNCTION portal_store_events(events jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  announced int;
BEGIN
  -- ADR 008: ids drawn and committed in order; taken before any id is drawn.
  PERFORM pg_advisory_xact_lock(1886352500, 1);
  WITH e AS (
    INSERT INTO portal_events (user_id, type, data)
    SELECT v.e ->> 'userId', v.e ->> 'type', coalesce(v.e -> 'data', '{}'::jsonb)
    FROM jsonb_array_elements(events) WITH ORDINALITY AS v(e, n)
    ORDER BY v.n
    RETURNING id, user_id, type, data
  ), p AS (
    SELECT e.id, json_build_object('id', e.id, 'userId', e.user_id, 'type', e.type, 'data', e.data)::text AS full,
           json_build_object('id', e.id, 'userId', e.user_id, 'type', e.type, 'large', true)::text AS brief
    FROM e
  )
  -- A payload above 7000 bytes (NOTIFY's limit is 8000) is announced by id: streams read it from the table.
  SELECT count(pg_notify('portal_events', CASE WHEN octet_length(p.full) <= 7000 THEN p.full ELSE p.brief END))
  INTO announced FROM (SELECT * FROM p ORDER BY p.id) p;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_publish(events jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.announce_after_commit', true) = 'on' THEN
    RAISE NOTICE USING MESSAGE = events::text, DETAIL = 'portal_events', ERRCODE = 'PA001';
  ELSE
    PERFORM portal_store_events(events);
  END IF;
END $$;
