CREATE TABLE "currencies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"code" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"symbol" varchar(8) DEFAULT '' NOT NULL,
	"decimals" smallint NOT NULL,
	"currency_type_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "currencies_decimals_range" CHECK ("currencies"."decimals" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"code" varchar(64) NOT NULL,
	"name" varchar(256) NOT NULL,
	"currency_code" varchar(8) NOT NULL,
	"account_type_id" uuid NOT NULL,
	"parent_id" uuid,
	"owner_party_id" uuid,
	"debits_must_not_exceed_credits" boolean DEFAULT false NOT NULL,
	"credits_must_not_exceed_debits" boolean DEFAULT false NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"concurrency_stamp" varchar(40) NOT NULL,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"last_modification_time" timestamp with time zone,
	"last_modifier_id" uuid,
	CONSTRAINT "ledger_accounts_one_flag" CHECK (not ("ledger_accounts"."debits_must_not_exceed_credits" and "ledger_accounts"."credits_must_not_exceed_debits")),
	CONSTRAINT "ledger_accounts_totals_not_negative" CHECK ("ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_posted" >= 0 and "ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."credits_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_chain_heads" (
	"tenant_key" uuid PRIMARY KEY NOT NULL,
	"last_sequence" bigint DEFAULT 0 NOT NULL,
	"last_hash" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_idempotency_keys" (
	"tenant_key" uuid NOT NULL,
	"route" varchar(128) NOT NULL,
	"key" varchar(128) NOT NULL,
	"fingerprint" varchar(64) NOT NULL,
	"status_code" integer,
	"response" text,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_idempotency_keys_tenant_key_route_key_pk" PRIMARY KEY("tenant_key","route","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"sequence" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"idempotency_key" varchar(128),
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" varchar(8) NOT NULL,
	"transaction_type_id" uuid NOT NULL,
	"code" varchar(64),
	"document_kind" varchar(64),
	"document_id" uuid,
	"service_id" uuid,
	"linked_group_id" uuid NOT NULL,
	"pending_id" uuid,
	"timeout_at" timestamp with time zone,
	"reversal_of_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" uuid,
	"previous_hash" varchar(64) NOT NULL,
	"hash" varchar(64) NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id")
);
--> statement-breakpoint
ALTER TABLE "currencies" ADD CONSTRAINT "currencies_currency_type_id_lookup_values_id_fk" FOREIGN KEY ("currency_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_account_type_id_lookup_values_id_fk" FOREIGN KEY ("account_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_transaction_type_id_lookup_values_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."lookup_values"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "currencies_tenant_idx" ON "currencies" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_tenant_code_idx" ON "currencies" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_tenant_idx" ON "ledger_accounts" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_tenant_currency_code_idx" ON "ledger_accounts" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"currency_code","code");--> statement-breakpoint
CREATE INDEX "ledger_accounts_parent_idx" ON "ledger_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "ledger_accounts_owner_idx" ON "ledger_accounts" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "ledger_idempotency_keys_creation_idx" ON "ledger_idempotency_keys" USING btree ("creation_time");--> statement-breakpoint
CREATE INDEX "ledger_transfers_tenant_idx" ON "ledger_transfers" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_tenant_sequence_idx" ON "ledger_transfers" USING btree (coalesce("tenant_id", '00000000-0000-0000-0000-000000000000'::uuid),"sequence");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_group_idx" ON "ledger_transfers" USING btree ("linked_group_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_creation_idx" ON "ledger_transfers" USING btree ("tenant_id","creation_time");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_idx" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_reversal_idx" ON "ledger_transfers" USING btree ("reversal_of_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_timeout_idx" ON "ledger_transfers" USING btree ("timeout_at") WHERE "ledger_transfers"."kind" = 'Pending' and "ledger_transfers"."timeout_at" is not null;