-- A public activity says who answers its bookings: its provider's company, else their name
-- (docs/product.md#who-answers), which the read model holds (docs/read-model.md). The read model
-- is now told of every activity of a provider whose name or company changes too, beside the
-- changes of standing that 0013_provider_standing_notify announces.
CREATE OR REPLACE FUNCTION catalog_notify_provider() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status IS DISTINCT FROM NEW.status OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.company IS DISTINCT FROM NEW.company THEN
    PERFORM pg_notify('catalog', 'a:' || a.id) FROM activities a WHERE a.provider_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
