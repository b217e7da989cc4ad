CREATE TABLE "user_authenticators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"sealed_key" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"last_time_step" bigint,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_delegations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"source_user_id" uuid NOT NULL,
	"target_user_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid
);
--> statement-breakpoint
CREATE TABLE "user_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source_user_id" uuid NOT NULL,
	"source_tenant_id" uuid,
	"target_user_id" uuid NOT NULL,
	"target_tenant_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid
);
--> statement-breakpoint
ALTER TABLE "user_authenticators" ADD CONSTRAINT "user_authenticators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_delegations" ADD CONSTRAINT "user_delegations_source_user_id_users_id_fk" FOREIGN KEY ("source_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_delegations" ADD CONSTRAINT "user_delegations_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_delegations_target_idx" ON "user_delegations" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "user_delegations_source_idx" ON "user_delegations" USING btree ("source_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_links_pair_key" ON "user_links" USING btree (coalesce("source_tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"source_user_id",coalesce("target_tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"target_user_id");--> statement-breakpoint
CREATE INDEX "user_links_target_idx" ON "user_links" USING btree ("target_user_id");