-- Indoors, outdoors or both (docs/when.md#indoors-and-outdoors); null when unknown.
ALTER TABLE "activities" ADD COLUMN "setting" varchar(10);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_setting_check" CHECK ("activities"."setting" is null or "activities"."setting" in ('indoor', 'outdoor', 'both'));