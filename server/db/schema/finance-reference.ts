// Exchange rates and account rules (finance-domain.md "Reference data", "Account management";
// server/modules/exchange-rates, server/modules/account-rules). Rules:
// - every row is tenant-owned (host rows: null tenant);
// - exchange_rates is history: rows are only inserted, never updated or deleted; a rate is exact
//   (numeric with 12 decimals, never a float), > 0, between two different currency codes; one rate
//   per pair and effective instant; the index (tenant, base, quote, effective_from) answers "the
//   rate in force at t" (the latest effective at or before t) with one index probe;
// - account_rules: limits are integer minor units of the rule's currency (bigint), null where the
//   rule sets none; the approval status is one of rule-approval.machine.ts's, changed only through
//   that machine; the account type is an AccountType lookup value (ON UPDATE CASCADE).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, numeric, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import type { RuleApprovalStatus } from '../../../machines/domain/rule-approval.machine.ts';
import { audited, concurrencyStamp, creationAudited, id, tenantId, tenantKey } from './columns.ts';
import { lookupValues } from './lookups.ts';

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    tenantId: tenantId(),
    baseCurrencyCode: varchar('base_currency_code', { length: 8 }).notNull(),
    quoteCurrencyCode: varchar('quote_currency_code', { length: 8 }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true, mode: 'date' }).notNull(),
    ...creationAudited(),
  },
  (t) => [
    index('exchange_rates_tenant_idx').on(t.tenantId),
    uniqueIndex('exchange_rates_pair_effective_idx').on(tenantKey(t.tenantId), t.baseCurrencyCode, t.quoteCurrencyCode, t.effectiveFrom),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_two_currencies', sql`${t.baseCurrencyCode} <> ${t.quoteCurrencyCode}`),
  ],
);

const limit = (name: string) => bigint(name, { mode: 'bigint' });

export const accountRules = pgTable(
  'account_rules',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    accountTypeId: uuid('account_type_id')
      .notNull()
      .references(() => lookupValues.id, { onUpdate: 'cascade', onDelete: 'restrict' }),
    currencyCode: varchar('currency_code', { length: 8 }).notNull(),
    minBalance: limit('min_balance'),
    maxBalance: limit('max_balance'),
    maxSingleAmount: limit('max_single_amount'),
    dailyDebitLimit: limit('daily_debit_limit'),
    dailyCreditLimit: limit('daily_credit_limit'),
    monthlyDebitLimit: limit('monthly_debit_limit'),
    monthlyCreditLimit: limit('monthly_credit_limit'),
    overdraftAllowed: boolean('overdraft_allowed').notNull().default(true),
    status: varchar('status', { length: 16 }).$type<RuleApprovalStatus>().notNull().default('Pending'),
    approverId: uuid('approver_id'),
    approvalTime: timestamp('approval_time', { withTimezone: true, mode: 'date' }),
    concurrencyStamp: concurrencyStamp(),
    ...audited(),
  },
  (t) => [
    index('account_rules_tenant_idx').on(t.tenantId),
    index('account_rules_match_idx').on(tenantKey(t.tenantId), t.accountTypeId, t.currencyCode),
    check('account_rules_status', sql`${t.status} in ('Pending', 'Approved', 'Rejected')`),
    check(
      'account_rules_limits_not_negative',
      sql`coalesce(${t.maxSingleAmount}, 0) >= 0 and coalesce(${t.dailyDebitLimit}, 0) >= 0 and coalesce(${t.dailyCreditLimit}, 0) >= 0 and coalesce(${t.monthlyDebitLimit}, 0) >= 0 and coalesce(${t.monthlyCreditLimit}, 0) >= 0`,
    ),
  ],
);
