CREATE TABLE "sponsorship_payments" (
	"stripe_invoice_id" varchar(255) PRIMARY KEY NOT NULL,
	"sponsorship_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sponsorships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"activity_id" integer,
	"user_id" uuid,
	"plan" varchar(20) NOT NULL,
	"stripe_subscription_id" varchar(255) NOT NULL,
	"stripe_customer_id" varchar(255) NOT NULL,
	"status" varchar(30) NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"paid_through" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorships_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id"),
	CONSTRAINT "sponsorships_plan_check" CHECK ("sponsorships"."plan" in ('premium', 'top'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sponsorship_payments" ADD CONSTRAINT "sponsorship_payments_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsorship_payments_paid_at_idx" ON "sponsorship_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "sponsorships_activity_idx" ON "sponsorships" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "sponsorships_live_idx" ON "sponsorships" USING btree ("current_period_end") WHERE "sponsorships"."live";