-- The site's settings (docs/site-settings.md) live in admin_settings; every app instance keeps a
-- copy in memory. A NOTIFY on the channel "site_settings" after every committed change of the table
-- (a row written or removed, by the console, a command or by hand) tells each instance to read the
-- settings again.
CREATE OR REPLACE FUNCTION site_settings_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_settings', 'changed');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admin_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_settings
  FOR EACH STATEMENT EXECUTE FUNCTION site_settings_notify();
