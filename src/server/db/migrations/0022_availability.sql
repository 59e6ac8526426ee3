ALTER TABLE "booking_mails" DROP CONSTRAINT "booking_mails_kind_check";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "availability" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "slot" varchar(5);--> statement-breakpoint
ALTER TABLE "booking_mails" ADD CONSTRAINT "booking_mails_kind_check" CHECK ("booking_mails"."kind" in ('review_invitation', 'reminder'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_slot_check" CHECK ("bookings"."slot" is null or "bookings"."slot" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
-- Every app instance keeps the availability answers it gave in memory (docs/availability.md#the-answer)
-- and drops an activity's answers when its bookings or its availability change, on any instance.
CREATE OR REPLACE FUNCTION availability_notify_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('availability', OLD.activity_id::text);
  ELSE
    PERFORM pg_notify('availability', NEW.activity_id::text);
    IF TG_OP = 'UPDATE' AND OLD.activity_id <> NEW.activity_id THEN
      PERFORM pg_notify('availability', OLD.activity_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_availability_notify AFTER INSERT OR UPDATE OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION availability_notify_booking();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION availability_notify_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.availability IS DISTINCT FROM NEW.availability OR OLD.weekly_hours IS DISTINCT FROM NEW.weekly_hours
    OR OLD.event_start IS DISTINCT FROM NEW.event_start OR OLD.event_end IS DISTINCT FROM NEW.event_end
    OR OLD.booking_required IS DISTINCT FROM NEW.booking_required OR OLD.is_active IS DISTINCT FROM NEW.is_active
    OR OLD.is_approved IS DISTINCT FROM NEW.is_approved THEN
    PERFORM pg_notify('availability', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activities_availability_notify AFTER UPDATE ON activities
  FOR EACH ROW EXECUTE FUNCTION availability_notify_activity();
