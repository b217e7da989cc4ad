CREATE TABLE "claim_types" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(256) NOT NULL,
	"normalized_name" varchar(256) NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_static" boolean DEFAULT false NOT NULL,
	"regex" varchar(512),
	"regex_description" varchar(128),
	"description" varchar(256),
	"value_type" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_unit_roles" (
	"organization_unit_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "organization_unit_roles_organization_unit_id_role_id_pk" PRIMARY KEY("organization_unit_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "organization_units" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"parent_id" uuid,
	"code" varchar(95) NOT NULL,
	"display_name" varchar(128) NOT NULL,
	"entity_version" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleter_id" uuid,
	"deletion_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"role_id" uuid NOT NULL,
	"claim_type" varchar(256) NOT NULL,
	"claim_value" text
);
--> statement-breakpoint
CREATE TABLE "user_organization_units" (
	"user_id" uuid NOT NULL,
	"organization_unit_id" uuid NOT NULL,
	"tenant_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "user_organization_units_user_id_organization_unit_id_pk" PRIMARY KEY("user_id","organization_unit_id")
);
--> statement-breakpoint
ALTER TABLE "organization_unit_roles" ADD CONSTRAINT "organization_unit_roles_organization_unit_id_organization_units_id_fk" FOREIGN KEY ("organization_unit_id") REFERENCES "public"."organization_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_unit_roles" ADD CONSTRAINT "organization_unit_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_units" ADD CONSTRAINT "organization_units_parent_id_organization_units_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organization_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_claims" ADD CONSTRAINT "role_claims_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organization_units" ADD CONSTRAINT "user_organization_units_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_organization_units" ADD CONSTRAINT "user_organization_units_organization_unit_id_organization_units_id_fk" FOREIGN KEY ("organization_unit_id") REFERENCES "public"."organization_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_types_normalized_name_key" ON "claim_types" USING btree ("normalized_name");--> statement-breakpoint
CREATE INDEX "organization_unit_roles_role_idx" ON "organization_unit_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "organization_units_tenant_idx" ON "organization_units" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "organization_units_parent_idx" ON "organization_units" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_units_tenant_code_key" ON "organization_units" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"code") WHERE "organization_units"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "role_claims_role_idx" ON "role_claims" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_organization_units_unit_idx" ON "user_organization_units" USING btree ("organization_unit_id");