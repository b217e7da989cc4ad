CREATE TABLE "user_profile_pictures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"type" smallint NOT NULL,
	"content" "bytea",
	"content_type" varchar(32),
	"last_modification_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_profile_pictures" ADD CONSTRAINT "user_profile_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_email_key" ON "users" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"normalized_email") WHERE "users"."is_deleted" = false;