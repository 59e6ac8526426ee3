CREATE TABLE "activity_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"content" jsonb NOT NULL,
	"submitted_by" uuid,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"moderated_by" uuid,
	"moderated_at" timestamp with time zone,
	"moderation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_revisions_status_check" CHECK ("activity_revisions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "activity_revisions_approved_check" CHECK ("activity_revisions"."is_approved" = ("activity_revisions"."status" = 'approved'))
);
--> statement-breakpoint
CREATE TABLE "activity_daily_stats" (
	"activity_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"website_clicks" integer DEFAULT 0 NOT NULL,
	"phone_clicks" integer DEFAULT 0 NOT NULL,
	"directions_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_daily_stats_activity_id_day_pk" PRIMARY KEY("activity_id","day")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "sponsored_until" date;--> statement-breakpoint
ALTER TABLE "activity_revisions" ADD CONSTRAINT "activity_revisions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_revisions" ADD CONSTRAINT "activity_revisions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_revisions" ADD CONSTRAINT "activity_revisions_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_daily_stats" ADD CONSTRAINT "activity_daily_stats_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_revisions_one_pending_key" ON "activity_revisions" USING btree ("activity_id") WHERE "activity_revisions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "activity_revisions_activity_idx" ON "activity_revisions" USING btree ("activity_id","id");