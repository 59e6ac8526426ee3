-- Every uploaded photo kept on disk (docs/provider-workspace.md#photos): whose it is, for which activity
-- and how large, so that who may see it, when it is deleted and the per-account quota are queries.
CREATE TABLE "photos" (
	"key" uuid PRIMARY KEY NOT NULL,
	"provider_id" integer,
	"activity_id" integer,
	"bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_provider_idx" ON "photos" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "photos_activity_idx" ON "photos" USING btree ("activity_id");--> statement-breakpoint
-- Photos uploaded before this table: every one an activity or a pending revision still names, with the
-- activity's provider; their size is measured by the first sweep (bytes null until then).
INSERT INTO "photos" ("key", "provider_id", "activity_id")
SELECT DISTINCT ON ("key") "key", "provider_id", "activity_id" FROM (
  SELECT substring(a."image_url" FROM '^/uploads/([0-9a-f-]{36})\.webp$')::uuid AS "key", a."provider_id", a."id" AS "activity_id"
    FROM "activities" a
    WHERE a."image_url" ~ '^/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$'
  UNION ALL
  SELECT substring(r."content"->>'imageUrl' FROM '^/uploads/([0-9a-f-]{36})\.webp$')::uuid, a."provider_id", a."id"
    FROM "activity_revisions" r JOIN "activities" a ON a."id" = r."activity_id"
    WHERE r."status" = 'pending'
      AND r."content"->>'imageUrl' ~ '^/uploads/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$'
) "found"
ORDER BY "key", "activity_id"
ON CONFLICT ("key") DO NOTHING;
