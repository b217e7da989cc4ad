CREATE TABLE "user_import_failures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"file_type" smallint NOT NULL,
	"rows" jsonb NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_import_failures_expires_idx" ON "user_import_failures" USING btree ("expires_at");