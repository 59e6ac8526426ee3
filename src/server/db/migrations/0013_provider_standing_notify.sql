-- Whether an activity is public depends on its provider too (docs/permissions.md#public-activities):
-- their application approved and their account still a provider's. The read model
-- (docs/read-model.md) is told of every activity of a provider whose standing changes: when the
-- application's status or its account changes, and when an account's role changes. (A deleted
-- provider or account sets the activities' provider_id or the provider's user_id to null, which
-- the triggers on activities and on providers announce.)
CREATE OR REPLACE FUNCTION catalog_notify_provider() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM pg_notify('catalog', 'a:' || a.id) FROM activities a WHERE a.provider_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER providers_catalog_notify AFTER UPDATE ON providers
  FOR EACH ROW EXECUTE FUNCTION catalog_notify_provider();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_notify_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog', 'a:' || a.id)
    FROM activities a JOIN providers p ON p.id = a.provider_id
    WHERE p.user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_catalog_notify AFTER UPDATE OF role ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role) EXECUTE FUNCTION catalog_notify_account();
