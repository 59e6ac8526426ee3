ALTER TABLE "providers" ADD COLUMN "status" varchar(20) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
-- Providers approved before this migration keep their approval.
UPDATE "providers" SET "status" = 'approved' WHERE "is_approved";--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" varchar(255);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_identity_key" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_status_check" CHECK ("providers"."status" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_approved_check" CHECK ("providers"."is_approved" = ("providers"."status" = 'approved'));