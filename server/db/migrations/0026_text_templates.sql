CREATE TABLE "text_template_contents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"culture_name" varchar(10) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE UNIQUE INDEX "text_template_contents_key" ON "text_template_contents" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"name","culture_name");