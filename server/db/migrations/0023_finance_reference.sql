CREATE TABLE "account_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"name" varchar(128) NOT NULL,
	"account_type_id" uuid NOT NULL,
	"currency_code" varchar(8) NOT NULL,
	"min_balance" bigint,
	"max_balance" bigint,
	"max_single_amount" bigint,
	"daily_debit_limit" bigint,
	"daily_credit_limit" bigint,
	"monthly_debit_limit" bigint,
	"monthly_credit_limit" bigint,
	"overdraft_allowed" boolean DEFAULT true NOT NULL,
	"status" varchar(16) DEFAULT 'Pending' NOT NULL,
	"approver_id" uuid,
	"approval_time" timestamp with time zone,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "account_rules_status" CHECK ("account_rules"."status" in ('Pending', 'Approved', 'Rejected')),
	CONSTRAINT "account_rules_limits_not_negative" CHECK (coalesce("account_rules"."max_single_amount", 0) >= 0 and coalesce("account_rules"."daily_debit_limit", 0) >= 0 and coalesce("account_rules"."daily_credit_limit", 0) >= 0 and coalesce("account_rules"."monthly_debit_limit", 0) >= 0 and coalesce("account_rules"."monthly_credit_limit", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"base_currency_code" varchar(8) NOT NULL,
	"quote_currency_code" varchar(8) NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	CONSTRAINT "exchange_rates_rate_positive" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_two_currencies" CHECK ("exchange_rates"."base_currency_code" <> "exchange_rates"."quote_currency_code")
);
--> statement-breakpoint
DROP INDEX "ledger_transfers_debit_idx";--> statement-breakpoint
DROP INDEX "ledger_transfers_credit_idx";--> statement-breakpoint
ALTER TABLE "account_rules" ADD CONSTRAINT "account_rules_account_type_id_lookup_values_id_fk" FOREIGN KEY ("account_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "account_rules_tenant_idx" ON "account_rules" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "account_rules_match_idx" ON "account_rules" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"account_type_id","currency_code");--> statement-breakpoint
CREATE INDEX "exchange_rates_tenant_idx" ON "exchange_rates" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_effective_idx" ON "exchange_rates" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"base_currency_code","quote_currency_code","effective_from");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","creation_time");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","creation_time");