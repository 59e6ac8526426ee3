-- The first and last day of a festival's or other event's next edition (docs/product.md#event-dates):
-- a last day only with a first, and never before it.
ALTER TABLE "activities" ADD COLUMN "event_start" date;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "event_end" date;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_event_dates_check" CHECK ("activities"."event_end" is null or ("activities"."event_start" is not null and "activities"."event_end" >= "activities"."event_start"));