CREATE TABLE "booking_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"from_status" varchar(20),
	"to_status" varchar(20) NOT NULL,
	"actor" varchar(20) NOT NULL,
	"actor_user_id" uuid,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_events_actor_check" CHECK ("booking_events"."actor" in ('guest', 'user', 'provider', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_price_check";
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_total_check";
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "price_cents" integer;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_amount_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "language" varchar(2) DEFAULT 'nl' NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" varchar(200);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_hash" varchar(64);
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "moderated_by" uuid;
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "moderated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "moderation_reason" text;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "language" varchar(2);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" varchar(20) DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD COLUMN "status" varchar(20) DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD COLUMN "moderated_by" uuid;
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD COLUMN "moderated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD COLUMN "moderation_reason" text;
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "status" varchar(20) DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "moderated_by" uuid;
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "moderated_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "moderation_reason" text;
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "booking_events" ADD CONSTRAINT "booking_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "booking_events_booking_idx" ON "booking_events" USING btree ("booking_id","created_at");
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD CONSTRAINT "activity_tags_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "bookings" USING btree (lower("customer_email"));
--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");
--> statement-breakpoint
CREATE INDEX "tags_pending_idx" ON "tags" USING btree ("created_at") WHERE "tags"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_idempotency_key_unique" UNIQUE("idempotency_key");
--> statement-breakpoint
-- Money in integer cents (docs/product.md#dates-times-and-money).
UPDATE "activities" SET "price_cents" = round("price" * 100)::integer WHERE "price" IS NOT NULL;
--> statement-breakpoint
UPDATE "bookings" SET "total_amount_cents" = round("total_amount" * 100)::integer;
--> statement-breakpoint
-- One moderation model (docs/moderation.md): the status that the 0/1 flag and the approver implied.
UPDATE "tags" SET
  "moderated_by" = "approved_by",
  "moderated_at" = CASE WHEN "is_approved" OR "approved_by" IS NOT NULL THEN "updated_at" END,
  "status" = CASE WHEN "is_approved" THEN 'approved' WHEN "approved_by" IS NOT NULL THEN 'rejected' ELSE 'pending' END;
--> statement-breakpoint
UPDATE "activity_tags" SET
  "moderated_by" = "approved_by",
  "moderated_at" = CASE WHEN "is_approved" OR "approved_by" IS NOT NULL THEN "created_at" END,
  "status" = CASE WHEN "is_approved" THEN 'approved' WHEN "approved_by" IS NOT NULL THEN 'rejected' ELSE 'pending' END;
--> statement-breakpoint
UPDATE "reviews" SET
  "moderated_at" = CASE WHEN "is_approved" OR "moderated_by" IS NOT NULL THEN "updated_at" END,
  "status" = CASE WHEN "is_approved" THEN 'approved' WHEN "moderated_by" IS NOT NULL OR "moderation_reason" IS NOT NULL THEN 'rejected' ELSE 'pending' END;
--> statement-breakpoint
UPDATE "providers" SET "moderated_by" = "reviewed_by", "moderated_at" = "reviewed_at";
--> statement-breakpoint
-- One review per person per activity: a later second review of one account becomes anonymous and
-- unlinked, a later one of the same guest address keeps no address.
UPDATE "reviews" SET "user_id" = NULL, "is_anonymous" = true WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "activity_id", "user_id" ORDER BY "created_at", "id") AS "n"
    FROM "reviews" WHERE "user_id" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);
--> statement-breakpoint
UPDATE "reviews" SET "guest_email" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "activity_id", lower("guest_email") ORDER BY "created_at", "id") AS "n"
    FROM "reviews" WHERE "user_id" IS NULL AND "guest_email" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_user_key" ON "reviews" USING btree ("activity_id","user_id") WHERE "reviews"."user_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_guest_key" ON "reviews" USING btree ("activity_id",lower("guest_email")) WHERE "reviews"."user_id" is null and "reviews"."guest_email" is not null;
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_price_check" CHECK ("activities"."price_cents" is null or "activities"."price_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_language_check" CHECK ("bookings"."language" in ('nl', 'en', 'fr', 'de', 'es'));
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_total_check" CHECK ("bookings"."total_amount_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_approved_check" CHECK ("reviews"."is_approved" = ("reviews"."status" = 'approved'));
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD CONSTRAINT "activity_tags_status_check" CHECK ("activity_tags"."status" in ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "activity_tags" ADD CONSTRAINT "activity_tags_approved_check" CHECK ("activity_tags"."is_approved" = ("activity_tags"."status" = 'approved'));
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_status_check" CHECK ("tags"."status" in ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_approved_check" CHECK ("tags"."is_approved" = ("tags"."status" = 'approved'));
