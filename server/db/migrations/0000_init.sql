CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" varchar(128) NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"device" varchar(64) NOT NULL,
	"device_info" varchar(512),
	"client_id" varchar(128),
	"ip_addresses" varchar(2048),
	"signed_in" timestamp with time zone DEFAULT now() NOT NULL,
	"last_accessed" timestamp with time zone,
	"remember_me" boolean DEFAULT false NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" varchar(256) NOT NULL,
	"normalized_name" varchar(256) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_static" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"entity_version" integer DEFAULT 0 NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"concurrency_stamp" varchar(40) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"application_name" varchar(96),
	"identity" varchar(96),
	"action" varchar(96),
	"user_id" uuid,
	"user_name" varchar(256),
	"tenant_name" varchar(64),
	"client_id" varchar(64),
	"correlation_id" varchar(64),
	"client_ip_address" varchar(64),
	"browser_info" varchar(512),
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"claim_type" varchar(256) NOT NULL,
	"claim_value" text
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"tenant_id" uuid,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid NOT NULL,
	"purpose" varchar(64) NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"data" jsonb,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"user_name" varchar(256) NOT NULL,
	"normalized_user_name" varchar(256) NOT NULL,
	"name" varchar(64),
	"surname" varchar(64),
	"email" varchar(256) NOT NULL,
	"normalized_email" varchar(256) NOT NULL,
	"email_confirmed" boolean DEFAULT false NOT NULL,
	"password_hash" varchar(256),
	"security_stamp" varchar(256) NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	"phone_number" varchar(16),
	"phone_number_confirmed" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"lockout_end" timestamp with time zone,
	"lockout_enabled" boolean DEFAULT true NOT NULL,
	"access_failed_count" integer DEFAULT 0 NOT NULL,
	"should_change_password_on_next_login" boolean DEFAULT false NOT NULL,
	"last_password_change_time" timestamp with time zone,
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
CREATE TABLE "feature_values" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"value" varchar(128) NOT NULL,
	"provider_name" varchar(64) NOT NULL,
	"provider_key" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_grants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"provider_name" varchar(64) NOT NULL,
	"provider_key" varchar(256) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"value" text NOT NULL,
	"provider_name" varchar(64) NOT NULL,
	"provider_key" varchar(64) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" varchar(100) NOT NULL,
	"client_secret" text,
	"display_name" varchar(256),
	"application_type" varchar(50) DEFAULT 'web' NOT NULL,
	"client_type" varchar(50) NOT NULL,
	"consent_type" varchar(50) DEFAULT 'implicit' NOT NULL,
	"is_first_party" boolean DEFAULT false NOT NULL,
	"grant_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"post_logout_redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"front_channel_logout_uri" text,
	"client_uri" text,
	"logo_uri" text,
	"force_pkce" boolean DEFAULT true NOT NULL,
	"access_token_lifetime" integer,
	"refresh_token_lifetime" integer,
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
CREATE TABLE "oidc_payloads" (
	"model" varchar(64) NOT NULL,
	"id" varchar(256) NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" varchar(256),
	"user_code" varchar(256),
	"uid" varchar(256),
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" varchar(300) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "scopes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"display_name" varchar(256),
	"description" text,
	"resources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"build_in" boolean DEFAULT false NOT NULL,
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
CREATE TABLE "signing_keys" (
	"kid" varchar(128) PRIMARY KEY NOT NULL,
	"private_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"display_name" varchar(256) NOT NULL,
	"plan_id" uuid,
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
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" varchar(64) NOT NULL,
	"normalized_name" varchar(64) NOT NULL,
	"edition_id" uuid,
	"edition_end_date_utc" timestamp with time zone,
	"activation_state" smallint DEFAULT 0 NOT NULL,
	"activation_end_date" timestamp with time zone,
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
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_claims" ADD CONSTRAINT "user_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_sessions_session_id_key" ON "identity_sessions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "identity_sessions_tenant_user_idx" ON "identity_sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_name_key" ON "roles" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"normalized_name");--> statement-breakpoint
CREATE INDEX "security_logs_tenant_time_idx" ON "security_logs" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE INDEX "security_logs_tenant_user_time_idx" ON "security_logs" USING btree ("tenant_id","user_id","creation_time");--> statement-breakpoint
CREATE INDEX "user_claims_user_idx" ON "user_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_roles_role_id_idx" ON "user_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "user_tokens_user_purpose_idx" ON "user_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_user_name_key" ON "users" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"normalized_user_name") WHERE "users"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "users_tenant_email_idx" ON "users" USING btree ("tenant_id","normalized_email");--> statement-breakpoint
CREATE INDEX "users_tenant_creation_idx" ON "users" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "feature_values_key" ON "feature_values" USING btree ("name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_grants_key" ON "permission_grants" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"name","provider_name","provider_key");--> statement-breakpoint
CREATE INDEX "permission_grants_provider_idx" ON "permission_grants" USING btree ("tenant_id","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "settings_key" ON "settings" USING btree ("name","provider_name","provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_client_id_key" ON "applications" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_id_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_at_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scopes_name_key" ON "scopes" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_display_name_key" ON "editions" USING btree ("display_name") WHERE "editions"."is_deleted" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_normalized_name_key" ON "tenants" USING btree ("normalized_name") WHERE "tenants"."is_deleted" = false;--> statement-breakpoint
CREATE INDEX "tenants_edition_id_idx" ON "tenants" USING btree ("edition_id");