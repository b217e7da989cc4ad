CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"kind" varchar(64) NOT NULL,
	"format" varchar(8) DEFAULT 'xlsx' NOT NULL,
	"culture" varchar(16) DEFAULT 'en' NOT NULL,
	"status" varchar(16) NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"error" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_time" timestamp with time zone DEFAULT now() NOT NULL,
	"completion_time" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "export_jobs_file_name_key" ON "export_jobs" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "export_jobs_expires_idx" ON "export_jobs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "export_jobs_user_idx" ON "export_jobs" USING btree ("user_id");