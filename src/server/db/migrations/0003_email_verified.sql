ALTER TABLE "providers" DROP CONSTRAINT "providers_email_unique";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts made by the admin command or the demo seed carry an address an operator vouched for;
-- accounts from an identity provider get their flag again at their next login (docs/security.md).
UPDATE "users" SET "email_verified" = true WHERE "email" IS NOT NULL AND "oidc_subject" IS NULL;--> statement-breakpoint
-- Addresses that differ only in case: the oldest account keeps it, the others lose it.
UPDATE "users" SET "email" = NULL, "email_verified" = false WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY lower("email") ORDER BY "created_at", "id") AS "n"
    FROM "users" WHERE "email" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "providers_email_lower_key" ON "providers" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));
