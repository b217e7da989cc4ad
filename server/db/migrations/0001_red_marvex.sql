CREATE TABLE "audit_log_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"audit_log_id" uuid NOT NULL,
	"tenant_id" uuid,
	"service_name" varchar(256),
	"method_name" varchar(128),
	"parameters" varchar(2000),
	"execution_time" timestamp with time zone NOT NULL,
	"execution_duration" integer NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log_deleter_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"deleted_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"application_name" varchar(96),
	"user_id" uuid,
	"user_name" varchar(256),
	"tenant_name" varchar(64),
	"impersonator_user_id" uuid,
	"impersonator_user_name" varchar(256),
	"impersonator_tenant_id" uuid,
	"impersonator_tenant_name" varchar(64),
	"execution_time" timestamp with time zone NOT NULL,
	"execution_duration" integer NOT NULL,
	"client_ip_address" varchar(64),
	"client_name" varchar(128),
	"client_id" varchar(64),
	"correlation_id" varchar(64),
	"browser_info" varchar(512),
	"http_method" varchar(16),
	"url" varchar(256),
	"exceptions" text,
	"comments" varchar(256),
	"http_status_code" integer,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"audit_log_id" uuid NOT NULL,
	"tenant_id" uuid,
	"change_time" timestamp with time zone NOT NULL,
	"change_type" smallint NOT NULL,
	"entity_tenant_id" uuid,
	"entity_id" varchar(128),
	"entity_type_full_name" varchar(128) NOT NULL,
	"extra_properties" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_property_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entity_change_id" uuid NOT NULL,
	"tenant_id" uuid,
	"property_name" varchar(128) NOT NULL,
	"property_type_full_name" varchar(64) NOT NULL,
	"original_value" varchar(512),
	"new_value" varchar(512)
);
--> statement-breakpoint
ALTER TABLE "audit_log_actions" ADD CONSTRAINT "audit_log_actions_audit_log_id_audit_logs_id_fk" FOREIGN KEY ("audit_log_id") REFERENCES "public"."audit_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_changes" ADD CONSTRAINT "entity_changes_audit_log_id_audit_logs_id_fk" FOREIGN KEY ("audit_log_id") REFERENCES "public"."audit_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_property_changes" ADD CONSTRAINT "entity_property_changes_entity_change_id_entity_changes_id_fk" FOREIGN KEY ("entity_change_id") REFERENCES "public"."entity_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actions_audit_log_idx" ON "audit_log_actions" USING btree ("audit_log_id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_time_idx" ON "audit_logs" USING btree ("tenant_id","execution_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entity_changes_audit_log_idx" ON "entity_changes" USING btree ("audit_log_id");--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_time_idx" ON "entity_changes" USING btree ("tenant_id","change_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "entity_property_changes_entity_change_idx" ON "entity_property_changes" USING btree ("entity_change_id");