// /api/app/currency, /api/app/ledger-account, /api/app/ledger-transfer and /api/app/ledger/verify
// (contract/ledger.ts). Rules:
// - permissions: Finance.Currency (+ .Create/.Update/.Delete) for currencies (GET .../export answers
//   the list's rows, same filters, all pages, as CSV or XLSX, or a job); Finance.Ledger reads
//   accounts and transfers and verifies, .Create makes accounts and transfers (and posts or voids a
//   pending one), .Update changes an account, .Reverse reverses a transfer;
// - every row is the caller's tenant's (the host's own when it has none); another tenant's id is 404;
// - the money-moving POSTs are queued to the writer's group commit with the request's Idempotency-Key, per route;
// - cross-currency: two legs through the FX liquidity accounts at the rate in force when the request
//   arrives, read inside the writing transaction, posted as one group (contract/finance-reference.ts);
// - the host's verify covers its own ledger and every tenant's; a tenant's only its own.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import { exportQuery } from '../../../contract/exports.ts';
import { CreateCrossCurrencyTransferDto, CrossCurrencyTransferDto } from '../../../contract/finance-reference.ts';
import {
  CreateCurrencyDto,
  CreateLedgerAccountDto,
  CreateLedgerTransferGroupDto,
  CurrencyDto,
  CurrencyPagedResult,
  EmptyBody,
  GetCurrenciesInput,
  GetLedgerAccountsInput,
  GetLedgerTransfersInput,
  IdempotencyHeaders,
  LedgerAccountDto,
  LedgerAccountPagedResult,
  LedgerTransferDto,
  LedgerTransferGroupDto,
  LedgerTransferPagedResult,
  LedgerVerificationDto,
  PostPendingTransferDto,
  UpdateCurrencyDto,
  UpdateLedgerAccountDto,
} from '../../../contract/ledger.ts';
import type { AppContext } from '../../context.ts';
import { exportRoute } from '../export/routes.ts';
import { crossCurrencyLegs } from '../finance-reference/exchange-rates.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { createAccount, getAccount, listAccounts, updateAccount } from './account-service.ts';
import { createCurrency, deleteCurrency, getCurrency, listCurrencies, updateCurrency } from './currency-service.ts';
import { startLedgerJobs } from './jobs.ts';
import { currencyListExport } from './list-exports.ts';
import { getTransfer, listTransfers } from './transfer-queries.ts';
import { postingGuardsFor } from './guards.ts';
import { type LedgerCaller, type LedgerOperation, LedgerWriter, LedgerCatalogue } from './transfer-service.ts';
import { verifyLedger } from './verify.ts';

const tags = ['Ledger'];
const permission = (name: string) => ({ auth: { permission: name } });
const callerOf = (request: FastifyRequest): LedgerCaller => ({ tenantId: tenantIdOf(request), userId: request.currentUser?.id ?? null });

export async function ledgerRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const writer = new LedgerWriter(new LedgerCatalogue(ctx), postingGuardsFor(ctx));
  const jobs = startLedgerJobs(ctx, writer);
  app.addHook('onClose', () => jobs.stop());

  /** A money-moving request: at most one effect per tenant, route and Idempotency-Key (group commit, ADR 0015). */
  const moving = (request: FastifyRequest, operation: LedgerOperation) => {
    const key = (request.headers as { 'idempotency-key': string })['idempotency-key'];
    return writer.submit(
      ctx,
      callerOf(request),
      {
        tenantId: tenantIdOf(request),
        route: `${request.method} ${request.routeOptions.url}`,
        key,
        request: [request.params, request.body],
      },
      operation,
    );
  };

  // Currencies
  const currency = '/api/app/currency';
  app.get(
    currency,
    { schema: { tags, querystring: GetCurrenciesInput, response: { 200: CurrencyPagedResult } }, config: permission('Finance.Currency') },
    (request) => listCurrencies(ctx, tenantIdOf(request), request.query),
  );
  app.get(
    `${currency}/:id`,
    { schema: { tags, params: IdParams, response: { 200: CurrencyDto } }, config: permission('Finance.Currency') },
    (request) => getCurrency(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    currency,
    { schema: { tags, body: CreateCurrencyDto, response: { 200: CurrencyDto } }, config: permission('Finance.Currency.Create') },
    (request) => createCurrency(ctx, callerOf(request), request.body),
  );
  app.put(
    `${currency}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateCurrencyDto, response: { 200: CurrencyDto } },
      config: permission('Finance.Currency.Update'),
    },
    (request) => updateCurrency(ctx, callerOf(request), request.params.id, request.body),
  );
  exportRoute(app, ctx, { url: `${currency}/export`, tags, querystring: exportQuery(GetCurrenciesInput), definition: currencyListExport });
  app.delete(
    `${currency}/:id`,
    { schema: { tags, params: IdParams, response: { 204: Type.Null() } }, config: permission('Finance.Currency.Delete') },
    async (request, reply) => {
      await deleteCurrency(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // Ledger accounts
  const account = '/api/app/ledger-account';
  app.get(
    account,
    {
      schema: { tags, querystring: GetLedgerAccountsInput, response: { 200: LedgerAccountPagedResult } },
      config: permission('Finance.Ledger'),
    },
    (request) => listAccounts(ctx, tenantIdOf(request), request.query),
  );
  app.get(
    `${account}/:id`,
    { schema: { tags, params: IdParams, response: { 200: LedgerAccountDto } }, config: permission('Finance.Ledger') },
    (request) => getAccount(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    account,
    { schema: { tags, body: CreateLedgerAccountDto, response: { 200: LedgerAccountDto } }, config: permission('Finance.Ledger.Create') },
    (request) => createAccount(ctx, callerOf(request), request.body),
  );
  app.put(
    `${account}/:id`,
    {
      schema: { tags, params: IdParams, body: UpdateLedgerAccountDto, response: { 200: LedgerAccountDto } },
      config: permission('Finance.Ledger.Update'),
    },
    (request) => updateAccount(ctx, callerOf(request), request.params.id, request.body),
  );

  // Transfers
  const transfer = '/api/app/ledger-transfer';
  app.get(
    transfer,
    {
      schema: { tags, querystring: GetLedgerTransfersInput, response: { 200: LedgerTransferPagedResult } },
      config: permission('Finance.Ledger'),
    },
    (request) => listTransfers(ctx, tenantIdOf(request), request.query),
  );
  app.get(
    `${transfer}/:id`,
    { schema: { tags, params: IdParams, response: { 200: LedgerTransferDto } }, config: permission('Finance.Ledger') },
    (request) => getTransfer(ctx, tenantIdOf(request), request.params.id),
  );
  app.post(
    transfer,
    {
      schema: { tags, headers: IdempotencyHeaders, body: CreateLedgerTransferGroupDto, response: { 200: LedgerTransferGroupDto } },
      config: permission('Finance.Ledger.Create'),
    },
    (request) => moving(request, { kind: 'group', input: request.body }) as Promise<LedgerTransferGroupDto>,
  );
  app.post(
    `${transfer}/cross-currency`,
    {
      schema: {
        tags,
        headers: IdempotencyHeaders,
        body: CreateCrossCurrencyTransferDto,
        response: { 200: CrossCurrencyTransferDto },
      },
      config: permission('Finance.Ledger.Create'),
    },
    (request) => {
      const at = new Date();
      const tenantId = tenantIdOf(request);
      return moving(request, {
        kind: 'computed',
        legs: 2,
        // Read in the writing transaction: the accounts' currencies, the rate in force, the FX accounts.
        compute: async (tx) => {
          const { legs, conversion } = await crossCurrencyLegs(tx, tenantId, { ...request.body, at });
          return { input: { transfers: legs }, about: { conversion } };
        },
      }) as Promise<CrossCurrencyTransferDto>;
    },
  );
  app.post(
    `${transfer}/:id/post`,
    {
      schema: { tags, headers: IdempotencyHeaders, params: IdParams, body: PostPendingTransferDto, response: { 200: LedgerTransferDto } },
      config: permission('Finance.Ledger.Create'),
    },
    (request) =>
      moving(request, { kind: 'post', transferId: request.params.id, amount: request.body.amount ?? null }) as Promise<LedgerTransferDto>,
  );
  app.post(
    `${transfer}/:id/void`,
    {
      schema: { tags, headers: IdempotencyHeaders, params: IdParams, body: EmptyBody, response: { 200: LedgerTransferDto } },
      config: permission('Finance.Ledger.Create'),
    },
    (request) => moving(request, { kind: 'void', transferId: request.params.id }) as Promise<LedgerTransferDto>,
  );
  app.post(
    `${transfer}/:id/reverse`,
    {
      schema: { tags, headers: IdempotencyHeaders, params: IdParams, body: EmptyBody, response: { 200: LedgerTransferDto } },
      config: permission('Finance.Ledger.Reverse'),
    },
    (request) => moving(request, { kind: 'reverse', transferId: request.params.id }) as Promise<LedgerTransferDto>,
  );

  app.get(
    '/api/app/ledger/verify',
    { schema: { tags, response: { 200: LedgerVerificationDto } }, config: permission('Finance.Ledger') },
    (request) => {
      const tenantId = tenantIdOf(request);
      return verifyLedger(ctx, { tenantId, allTenants: tenantId === null });
    },
  );
}
