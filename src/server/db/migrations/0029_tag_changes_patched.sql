-- A tag approved, rejected, renamed or deleted was a change of everything: every app read the whole
-- catalogue again, at 50,000 activities seconds of work and hundreds of MB held for them
-- (docs/read-model.md#keeping-it-current). It now names what it changes: the activities that carry the
-- tag (their approved links), and the list of approved tags itself, recorded as activity -1 and
-- announced as "tags". The apps patch those activities in, or read everything when they are too many,
-- as for any other batch. A change an app cannot see (only the moderation note, say) names nothing.
CREATE OR REPLACE FUNCTION catalog_changed(target integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (activity_id, xid) VALUES (target, pg_current_xact_id())
    ON CONFLICT (activity_id) DO UPDATE SET xid = EXCLUDED.xid WHERE catalog_changes.xid <> EXCLUDED.xid;
  PERFORM pg_notify('catalog', CASE target WHEN 0 THEN 'all' WHEN -1 THEN 'tags' ELSE 'a:' || target END);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_tag() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  seen_before boolean := TG_OP <> 'INSERT' AND OLD.status = 'approved';
  seen_after boolean := TG_OP <> 'DELETE' AND NEW.status = 'approved';
BEGIN
  IF NOT (seen_before OR seen_after) THEN
    RETURN NULL;
  END IF;
  IF seen_before AND seen_after AND OLD.name IS NOT DISTINCT FROM NEW.name
    AND OLD.description IS NOT DISTINCT FROM NEW.description AND OLD.is_approved IS NOT DISTINCT FROM NEW.is_approved THEN
    RETURN NULL;
  END IF;
  PERFORM catalog_changed(-1);
  PERFORM catalog_changed(l.activity_id)
    FROM activity_tags l
    WHERE l.tag_id = COALESCE(NEW.id, OLD.id) AND l.status = 'approved'
    ORDER BY l.activity_id;
  RETURN NULL;
END;
$$;
