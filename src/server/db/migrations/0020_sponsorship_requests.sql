CREATE TABLE "sponsorship_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sponsorship_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer NOT NULL,
	"user_id" uuid,
	"plan" varchar(20) NOT NULL,
	"message" text,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"until" date,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorship_requests_plan_check" CHECK ("sponsorship_requests"."plan" in ('premium', 'top')),
	CONSTRAINT "sponsorship_requests_status_check" CHECK ("sponsorship_requests"."status" in ('open', 'granted', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "sponsorship_requests" ADD CONSTRAINT "sponsorship_requests_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_requests" ADD CONSTRAINT "sponsorship_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_requests" ADD CONSTRAINT "sponsorship_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_requests_one_open_idx" ON "sponsorship_requests" USING btree ("activity_id") WHERE "sponsorship_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "sponsorship_requests_status_idx" ON "sponsorship_requests" USING btree ("status","created_at");