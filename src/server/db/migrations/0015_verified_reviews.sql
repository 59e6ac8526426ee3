-- Verified reviews (docs/product.md#reviews, docs/security.md#verified-reviews): a review carries
-- "Verified booking" only when it is tied to a booking, by the author's own account or through the
-- signed link of the review invitation; a typed guest address reserves nothing and earns nothing.
-- booking_mails marks the scheduled mails a booking has had (docs/mail.md#scheduled-mails).
CREATE TABLE "booking_mails" (
	"booking_id" integer NOT NULL,
	"kind" varchar(40) NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_mails_pkey" PRIMARY KEY("booking_id","kind"),
	CONSTRAINT "booking_mails_kind_check" CHECK ("booking_mails"."kind" in ('review_invitation'))
);
--> statement-breakpoint
DROP INDEX "reviews_one_per_guest_key";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "booking_mails" ADD CONSTRAINT "booking_mails_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_date_idx" ON "bookings" USING btree ("booking_date");--> statement-breakpoint
-- Badges of the old rule (any confirmed booking with the same address, even one still to come) are
-- recomputed: an account's review keeps it when that account made a confirmed booking of the
-- activity whose day is over; a guest's typed address proves nothing, so those lose it.
UPDATE "reviews" SET "booking_id" = (
  SELECT b."id" FROM "bookings" b
  WHERE b."activity_id" = "reviews"."activity_id" AND b."user_id" = "reviews"."user_id"
    AND b."status" = 'confirmed' AND b."booking_date" < (now() AT TIME ZONE 'Europe/Paris')::date
  ORDER BY b."booking_date" DESC, b."id" DESC
  LIMIT 1
) WHERE "reviews"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_booking_key" ON "reviews" USING btree ("booking_id") WHERE "reviews"."booking_id" is not null;