CREATE TABLE "data_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"email" varchar(320) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "data_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erasures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" varchar(20) NOT NULL,
	"erased_by" uuid,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasures_kind_check" CHECK ("erasures"."kind" in ('request', 'account'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "erase_after_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_links_expires_idx" ON "data_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "erasures_erased_at_idx" ON "erasures" USING btree ("erased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_kept_details_idx" ON "bookings" USING btree ("booking_date") WHERE "bookings"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_guest_email_idx" ON "reviews" USING btree (lower("guest_email"));