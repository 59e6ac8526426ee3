-- Structured opening hours (docs/product.md#weekly-hours): a list of rows of weekdays, times and an
-- optional yearly season, the same in every language; an empty list when the provider gave none.
ALTER TABLE "activities" ADD COLUMN "weekly_hours" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_weekly_hours_check" CHECK (jsonb_typeof("activities"."weekly_hours") = 'array');