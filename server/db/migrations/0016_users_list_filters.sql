CREATE INDEX "users_tenant_email_order_idx" ON "users" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "users_tenant_modification_idx" ON "users" USING btree ("tenant_id","last_modification_time");--> statement-breakpoint
CREATE INDEX "users_tenant_inactive_idx" ON "users" USING btree ("tenant_id") WHERE "users"."is_active" = false;--> statement-breakpoint
CREATE INDEX "users_tenant_external_idx" ON "users" USING btree ("tenant_id") WHERE "users"."is_external" = true;--> statement-breakpoint
CREATE INDEX "users_tenant_lockout_idx" ON "users" USING btree ("tenant_id","lockout_end") WHERE "users"."lockout_end" is not null;