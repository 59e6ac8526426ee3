-- The read model (docs/read-model.md) holds approved tags only: a proposal, or a statement that
-- changes no row, need not rebuild it. Row by row, and only when an approved tag is involved
-- (before or after the change); PostgreSQL sends one "all" per transaction however many rows.
DROP TRIGGER IF EXISTS tags_catalog_notify ON tags;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_tag() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP <> 'INSERT' AND OLD.status = 'approved') OR (TG_OP <> 'DELETE' AND NEW.status = 'approved') THEN
    PERFORM pg_notify('catalog', 'all');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tags_catalog_notify AFTER INSERT OR UPDATE OR DELETE ON tags
  FOR EACH ROW EXECUTE FUNCTION catalog_notify_tag();
--> statement-breakpoint
CREATE TRIGGER tags_catalog_truncate AFTER TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_all();
