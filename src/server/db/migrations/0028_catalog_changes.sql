-- The read model is kept in a file under DATA_DIR and restored at start (docs/read-model.md#the-kept-snapshot):
-- it then reads again only the activities changed since the file's snapshot. Every trigger that
-- notifies the channel "catalog" (0008_catalog_notify, 0010_catalog_tags_notify,
-- 0013_provider_standing_notify, 0019_provider_name_notify) now also records the change here, with the
-- transaction that made it: one row per activity ever changed (its last change), 0 for a change of
-- everything (what sends "all"). A change is "since the file" when its transaction is not visible in
-- the file's snapshot (pg_visible_in_snapshot).
CREATE TABLE catalog_changes (
  activity_id integer PRIMARY KEY,
  xid xid8 NOT NULL
);
--> statement-breakpoint
-- Which database a kept file was made from: a file of another database is never used. The cluster's
-- own identifier is added to it when read (a copy restored elsewhere has other transaction ids).
CREATE TABLE catalog_identity (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  id uuid NOT NULL DEFAULT gen_random_uuid()
);
--> statement-breakpoint
INSERT INTO catalog_identity DEFAULT VALUES;
--> statement-breakpoint
-- One change: recorded, and announced after commit ("a:<id>", or "all" for 0). In PL/pgSQL, whose
-- plans are kept: as an SQL function it was planned at every call, and a statement changing 40,000
-- translations took 4.4 to 4.9 s instead of 1.3 to 1.6 s (0.6 to 0.9 s with the notification alone;
-- docs/benchmarks.md#the-guide-at-50000). A row already written by this transaction is left as it is.
CREATE OR REPLACE FUNCTION catalog_changed(target integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_changes (activity_id, xid) VALUES (target, pg_current_xact_id())
    ON CONFLICT (activity_id) DO UPDATE SET xid = EXCLUDED.xid WHERE catalog_changes.xid <> EXCLUDED.xid;
  PERFORM pg_notify('catalog', CASE WHEN target = 0 THEN 'all' ELSE 'a:' || target END);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
BEGIN
  IF TG_TABLE_NAME = 'activities' THEN
    target := COALESCE(NEW.id, OLD.id);
  ELSE
    target := COALESCE(NEW.activity_id, OLD.activity_id);
  END IF;
  PERFORM catalog_changed(target);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_changed(0);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_tag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.status = 'approved') OR (TG_OP <> 'DELETE' AND NEW.status = 'approved') THEN
    PERFORM catalog_changed(0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_provider() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.company IS DISTINCT FROM NEW.company THEN
    PERFORM catalog_changed(a.id) FROM activities a WHERE a.provider_id = NEW.id ORDER BY a.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_changed(a.id)
    FROM activities a JOIN providers p ON p.id = a.provider_id
    WHERE p.user_id = NEW.id
    ORDER BY a.id;
  RETURN NULL;
END;
$$;
