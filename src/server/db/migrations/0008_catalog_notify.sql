-- The public read model (docs/read-model.md) is told of every committed change to what the public
-- sees: a NOTIFY on the channel "catalog" after commit, with the activity concerned ("a:<id>"), or
-- "all" for a change that may touch many (tags). Every app instance on the database LISTENs.
CREATE OR REPLACE FUNCTION catalog_notify_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
BEGIN
  IF TG_TABLE_NAME = 'activities' THEN
    target := COALESCE(NEW.id, OLD.id);
  ELSE
    target := COALESCE(NEW.activity_id, OLD.activity_id);
  END IF;
  PERFORM pg_notify('catalog', 'a:' || target);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog', 'all');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activities_catalog_notify AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION catalog_notify_activity();
--> statement-breakpoint
CREATE TRIGGER activity_translations_catalog_notify AFTER INSERT OR UPDATE OR DELETE ON activity_translations
  FOR EACH ROW EXECUTE FUNCTION catalog_notify_activity();
--> statement-breakpoint
CREATE TRIGGER activity_tags_catalog_notify AFTER INSERT OR UPDATE OR DELETE ON activity_tags
  FOR EACH ROW EXECUTE FUNCTION catalog_notify_activity();
--> statement-breakpoint
CREATE TRIGGER tags_catalog_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_all();
--> statement-breakpoint
CREATE TRIGGER activities_catalog_truncate AFTER TRUNCATE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_notify_all();
