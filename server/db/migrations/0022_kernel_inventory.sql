CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"parent_id" uuid,
	"name" varchar(128) NOT NULL,
	"description" varchar(512) DEFAULT '' NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"product_id" uuid NOT NULL,
	"price_level_id" uuid NOT NULL,
	"currency_code" varchar(8) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "product_prices_amount_not_negative" CHECK ("product_prices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"sku" varchar(64) NOT NULL,
	"name" varchar(256) NOT NULL,
	"description" varchar(1024) DEFAULT '' NOT NULL,
	"category_id" uuid NOT NULL,
	"product_type_id" uuid NOT NULL,
	"tax_target_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"parent_id" uuid,
	"code" varchar(64) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(512) DEFAULT '' NOT NULL,
	"node_type_id" uuid NOT NULL,
	"product_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid
);
--> statement-breakpoint
CREATE TABLE "service_permissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"service_id" uuid NOT NULL,
	"grantee_type" varchar(16) NOT NULL,
	"grantee_id" uuid NOT NULL,
	"currency_code" varchar(8),
	"max_amount" bigint,
	"daily_limit" bigint,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "service_permissions_grantee_type" CHECK ("service_permissions"."grantee_type" in ('Role', 'User', 'PartyType')),
	CONSTRAINT "service_permissions_limits" CHECK (("service_permissions"."max_amount" is null and "service_permissions"."daily_limit" is null) or "service_permissions"."currency_code" is not null),
	CONSTRAINT "service_permissions_limits_positive" CHECK (coalesce("service_permissions"."max_amount", 1) > 0 and coalesce("service_permissions"."daily_limit", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_price_level_id_lookup_values_id_fk" FOREIGN KEY ("price_level_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_lookup_values_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_target_id_lookup_values_id_fk" FOREIGN KEY ("tax_target_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "service_nodes" ADD CONSTRAINT "service_nodes_parent_id_service_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."service_nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_nodes" ADD CONSTRAINT "service_nodes_node_type_id_lookup_values_id_fk" FOREIGN KEY ("node_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "service_nodes" ADD CONSTRAINT "service_nodes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_permissions" ADD CONSTRAINT "service_permissions_service_id_service_nodes_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_tenant_idx" ON "categories" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_prices_tenant_idx" ON "product_prices" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_prices_product_level_currency_idx" ON "product_prices" USING btree ("product_id","price_level_id","currency_code");--> statement-breakpoint
CREATE INDEX "products_tenant_idx" ON "products" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_tenant_sku_idx" ON "products" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"sku");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "service_nodes_tenant_idx" ON "service_nodes" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_nodes_tenant_code_idx" ON "service_nodes" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "service_nodes_parent_idx" ON "service_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "service_nodes_product_idx" ON "service_nodes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "service_permissions_tenant_idx" ON "service_permissions" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_permissions_grantee_idx" ON "service_permissions" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"service_id","grantee_type","grantee_id");