CREATE TABLE "language_texts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"resource_name" varchar(128) NOT NULL,
	"culture_name" varchar(10) NOT NULL,
	"name" varchar(512) NOT NULL,
	"value" text NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"culture_name" varchar(10) NOT NULL,
	"ui_culture_name" varchar(10) NOT NULL,
	"display_name" varchar(32) NOT NULL,
	"flag_icon" varchar(48),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "language_texts_key" ON "language_texts" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"resource_name","culture_name","name");--> statement-breakpoint
CREATE INDEX "language_texts_culture_idx" ON "language_texts" USING btree ("tenant_id","culture_name");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_culture_key" ON "languages" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"culture_name");