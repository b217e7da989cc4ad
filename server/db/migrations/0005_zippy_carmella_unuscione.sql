DROP INDEX "audit_logs_tenant_time_idx";--> statement-breakpoint
DROP INDEX "entity_changes_tenant_time_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_user_time_idx" ON "audit_logs" USING btree ("tenant_id","user_name","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_status_time_idx" ON "audit_logs" USING btree ("tenant_id","http_status_code","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_method_time_idx" ON "audit_logs" USING btree ("tenant_id","http_method","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_application_time_idx" ON "audit_logs" USING btree ("tenant_id","application_name","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_client_ip_time_idx" ON "audit_logs" USING btree ("tenant_id","client_ip_address","execution_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_correlation_idx" ON "audit_logs" USING btree ("tenant_id","correlation_id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_duration_idx" ON "audit_logs" USING btree ("tenant_id","execution_duration");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_exception_time_idx" ON "audit_logs" USING btree ("tenant_id","execution_time" DESC NULLS FIRST,"id") WHERE "audit_logs"."exceptions" <> '';--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_entity_idx" ON "entity_changes" USING btree ("tenant_id","entity_id","entity_type_full_name","change_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_type_time_idx" ON "entity_changes" USING btree ("tenant_id","entity_type_full_name","change_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_time_idx" ON "audit_logs" USING btree ("tenant_id","execution_time" DESC NULLS FIRST,"id","execution_duration");--> statement-breakpoint
CREATE INDEX "entity_changes_tenant_time_idx" ON "entity_changes" USING btree ("tenant_id","change_time" DESC NULLS FIRST,"id");