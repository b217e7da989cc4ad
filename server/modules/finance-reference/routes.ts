// /api/app/exchange-rate and /api/app/account-rule (contract/finance-reference.ts). Rules:
// - permissions: Finance.ExchangeRate reads rates, the rate in force and conversions, .Create adds a
//   rate (history has no update or delete route); Finance.AccountRule reads rules, .Create makes,
//   .Update edits a pending rule and approves or rejects one, .Delete deletes;
// - GET .../export answers the list's rows (same filters, all pages) as CSV or XLSX, or a job;
// - every row is the caller's tenant's (the host's own when it has none); another tenant's id is 404.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import { exportQuery } from '../../../contract/exports.ts';
import {
  AccountRuleDecisionDto,
  AccountRuleDto,
  AccountRulePagedResult,
  ConversionDto,
  ConvertAmountInput,
  CreateAccountRuleDto,
  CreateExchangeRateDto,
  ExchangeRateDto,
  ExchangeRatePagedResult,
  GetAccountRulesInput,
  GetExchangeRatesInput,
  GetRateInForceInput,
  UpdateAccountRuleDto,
} from '../../../contract/finance-reference.ts';
import type { AppContext } from '../../context.ts';
import { exportRoute } from '../export/routes.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import {
  createAccountRule,
  decideAccountRule,
  deleteAccountRule,
  getAccountRule,
  listAccountRules,
  updateAccountRule,
} from './account-rules.ts';
import { convertAmount, createExchangeRate, listExchangeRates, rateInForce } from './exchange-rates.ts';
import { accountRuleListExport, exchangeRateListExport } from './list-exports.ts';

const permission = (name: string) => ({ auth: { permission: name } });
const callerOf = (request: FastifyRequest) => ({ tenantId: tenantIdOf(request), userId: request.currentUser?.id ?? null });
const instant = (text: string | undefined) => (text ? new Date(text) : new Date());

export async function financeReferenceRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const rate = '/api/app/exchange-rate';
  const rateTags = ['ExchangeRate'];
  app.get(
    rate,
    {
      schema: { tags: rateTags, querystring: GetExchangeRatesInput, response: { 200: ExchangeRatePagedResult } },
      config: permission('Finance.ExchangeRate'),
    },
    (request) => listExchangeRates(ctx, tenantIdOf(request), request.query),
  );
  app.get(
    `${rate}/in-force`,
    {
      schema: { tags: rateTags, querystring: GetRateInForceInput, response: { 200: ExchangeRateDto } },
      config: permission('Finance.ExchangeRate'),
    },
    (request) =>
      rateInForce(ctx.db, tenantIdOf(request), request.query.baseCurrencyCode, request.query.quoteCurrencyCode, instant(request.query.at)),
  );
  app.get(
    `${rate}/convert`,
    {
      schema: { tags: rateTags, querystring: ConvertAmountInput, response: { 200: ConversionDto } },
      config: permission('Finance.ExchangeRate'),
    },
    async (request) => {
      const { minor: _minor, ...conversion } = await convertAmount(ctx.db, tenantIdOf(request), {
        ...request.query,
        at: instant(request.query.at),
      });
      return conversion;
    },
  );
  app.post(
    rate,
    {
      schema: { tags: rateTags, body: CreateExchangeRateDto, response: { 200: ExchangeRateDto } },
      config: permission('Finance.ExchangeRate.Create'),
    },
    (request) => createExchangeRate(ctx, callerOf(request), request.body),
  );

  exportRoute(app, ctx, {
    url: `${rate}/export`,
    tags: rateTags,
    querystring: exportQuery(GetExchangeRatesInput),
    definition: exchangeRateListExport,
  });

  const rule = '/api/app/account-rule';
  const ruleTags = ['AccountRule'];
  app.get(
    rule,
    {
      schema: { tags: ruleTags, querystring: GetAccountRulesInput, response: { 200: AccountRulePagedResult } },
      config: permission('Finance.AccountRule'),
    },
    (request) => listAccountRules(ctx, tenantIdOf(request), request.query),
  );
  app.get(
    `${rule}/:id`,
    { schema: { tags: ruleTags, params: IdParams, response: { 200: AccountRuleDto } }, config: permission('Finance.AccountRule') },
    (request) => getAccountRule(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    rule,
    {
      schema: { tags: ruleTags, body: CreateAccountRuleDto, response: { 200: AccountRuleDto } },
      config: permission('Finance.AccountRule.Create'),
    },
    (request) => createAccountRule(ctx, callerOf(request), request.body),
  );
  app.put(
    `${rule}/:id`,
    {
      schema: { tags: ruleTags, params: IdParams, body: UpdateAccountRuleDto, response: { 200: AccountRuleDto } },
      config: permission('Finance.AccountRule.Update'),
    },
    (request) => updateAccountRule(ctx, callerOf(request), request.params.id, request.body),
  );
  exportRoute(app, ctx, {
    url: `${rule}/export`,
    tags: ruleTags,
    querystring: exportQuery(GetAccountRulesInput),
    definition: accountRuleListExport,
  });
  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `${rule}/:id/${decision}`,
      {
        schema: { tags: ruleTags, params: IdParams, body: AccountRuleDecisionDto, response: { 200: AccountRuleDto } },
        config: permission('Finance.AccountRule.Update'),
      },
      (request) => decideAccountRule(ctx, callerOf(request), request.params.id, decision, request.body.concurrencyStamp),
    );
  }
  app.delete(
    `${rule}/:id`,
    { schema: { tags: ruleTags, params: IdParams, response: { 204: Type.Null() } }, config: permission('Finance.AccountRule.Delete') },
    async (request, reply) => {
      await deleteAccountRule(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
