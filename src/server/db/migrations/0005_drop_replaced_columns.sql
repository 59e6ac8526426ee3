ALTER TABLE "providers" DROP CONSTRAINT "providers_reviewed_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_tags" DROP CONSTRAINT "activity_tags_approved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_approved_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "total_amount";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "reviewed_by";--> statement-breakpoint
ALTER TABLE "providers" DROP COLUMN "reviewed_at";--> statement-breakpoint
ALTER TABLE "activity_tags" DROP COLUMN "approved_by";--> statement-breakpoint
ALTER TABLE "tags" DROP COLUMN "approved_by";