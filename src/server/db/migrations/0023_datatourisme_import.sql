CREATE TABLE "activity_sources" (
	"activity_id" integer PRIMARY KEY NOT NULL,
	"source" varchar(20) NOT NULL,
	"source_id" text NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"imported_values" jsonb NOT NULL,
	"creator" text,
	"publisher" text,
	"last_update" varchar(40),
	"machine_translated" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo" jsonb,
	"unpublished_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_sources_source_id_unique" UNIQUE("source_id")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"source" varchar(20) NOT NULL,
	"location" text NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" varchar(10) NOT NULL,
	"report" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity_sources" ADD CONSTRAINT "activity_sources_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_sources_source_idx" ON "activity_sources" USING btree ("source");