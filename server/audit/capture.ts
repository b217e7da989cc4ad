// Captures one audit log per API request (ABP's AbpAuditingMiddleware + auditing interceptor). Rules:
// - only paths under /api/ are candidates: static files, the SPA, health probes and the OpenID
//   endpoints (/connect/*, whose sign-ins go to the security log) are not audited;
// - a request is written when auditing is on for the host (AUDIT_LOGGING_ENABLED) and for the
//   tenant (feature AuditLogging.Enable), and it reached a declared route (it has an action, as
//   ABP saves only logs with actions or entity changes), and either it is not a GET (ABP's
//   IsEnabledForGetRequests defaults to false; AUDIT_GET_REQUESTS turns GETs on), or it failed
//   (AlwaysLogOnException), or it changed entities; a route may opt out with config.audit.disabled;
// - the audit-logging GET endpoints follow the same rule as every GET (ABP audits them like any
//   other request when GETs are audited);
// - the action names the route's service and method: config.audit.serviceName/methodName, else
//   derived from the path as ABP's conventional controllers name them (IdentityUserAppService /
//   UpdateAsync); parameters are the route parameters and the input (body, or query string) as
//   JSON, with every member named like a password, secret or token masked, cut to 2000 chars;
// - the correlation id is the X-Correlation-Id header or a generated one (app.ts: request.id),
//   echoed on the answer; exceptions are the ABP error infos of the errors the request raised;
// - a request that changes entities gets its log written in the transaction of its first change,
//   as one audit_outbox row (journal.ts, ADRs 0009 and 0010), and changes it made outside a
//   transaction are written before its answer leaves; after the answer the log is only completed
//   (status code, durations, exceptions) through the batched writer, which also expands the outbox.
//   Any other log (reads when GETs are audited, failed requests that changed nothing) is built and
//   queued after the answer: the request pays only the scope and hooks;
// - when the app is ready, before it listens, the writer expands what a killed process left in the
//   outbox (onReady).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { toAppError } from '../plugins/error-handler.ts';
import { writeUnwrittenChanges } from './journal.ts';
import { type AuditJournal, type AuditScope, newAuditScope, runInAuditScope, unwrittenChanges } from './scope.ts';
import { type AuditActionRecord, type AuditLogRecord, auditOutboxRow } from './writer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Auditing of this route: opt out, or name its action explicitly. */
    audit?: { disabled?: boolean; serviceName?: string; methodName?: string };
  }
  interface FastifyRequest {
    audit: AuditRequestState | null;
  }
}

interface AuditRequestState {
  scope: AuditScope;
  startedAt: Date;
  startedAtMs: number;
  actionStartedAt: Date | null;
  actionStartedAtMs: number;
  errors: Error[];
}

// Member names whose values never enter an audit log: passwords, secrets, tokens, keys, connection
// strings, one-time and recovery codes (a bare `code` too: OAuth codes, two-factor codes).
export const secretKey =
  /pass(word)?|secret|token|authorization|cookie|apikey|api_key|privatekey|securitystamp|otp|captcha|connectionstring|(^|verification|security|confirmation|twofactor|authenticator|recovery|reset)codes?$/i;
const maxParametersLength = 2000;

/** A JSON copy of `value` with secret-looking members masked (depth-limited). */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
    result[key] = secretKey.test(key) && member !== null && member !== '' ? '***' : maskSecrets(member, depth + 1);
  }
  return result;
}

const pascal = (text: string) =>
  text
    .split(/[-_.\s]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

const singular = (word: string) =>
  word.endsWith('ies')
    ? `${word.slice(0, -3)}y`
    : word.endsWith('sses')
      ? word.slice(0, -2)
      : word.endsWith('s') && !word.endsWith('ss')
        ? word.slice(0, -1)
        : word;

/**
 * Service and method names for a route, in the style of ABP's conventional controllers:
 * /api/identity/users/:id PUT -> IdentityUserAppService.UpdateAsync;
 * /api/identity/users/:id/roles GET -> IdentityUserAppService.GetRolesAsync;
 * /api/audit-logging/audit-logs GET -> AuditLogAppService.GetListAsync.
 */
export function actionNameOf(method: string, routeUrl: string): { serviceName: string; methodName: string } {
  const segments = routeUrl.split('?')[0]!.split('/').filter(Boolean);
  const rest = segments[0] === 'api' ? segments.slice(1) : segments;
  const area = rest[0] ?? '';
  const resourceIndex = rest.findIndex((s, i) => i > 0 && !s.startsWith(':'));
  const resource = resourceIndex > 0 ? rest[resourceIndex]! : area;
  const areaName = pascal(area);
  const resourceName = pascal(singular(resource));
  // AuditLogging + AuditLog -> AuditLog; Identity + User -> IdentityUser.
  const firstWord = /^[A-Z][a-z]*/.exec(areaName)?.[0] ?? '';
  const serviceBase = resourceIndex < 0 || resourceName.startsWith(firstWord) ? resourceName || areaName : `${areaName}${resourceName}`;
  const after = resourceIndex > 0 ? rest.slice(resourceIndex + 1) : rest.slice(1);
  const words = after.filter((s) => !s.startsWith(':')).map(pascal);
  const endsWithParam = after.length > 0 && after[after.length - 1]!.startsWith(':');
  const verb = method.toUpperCase();
  let methodName: string;
  if (words.length) {
    const prefix = verb === 'GET' ? 'Get' : verb === 'DELETE' ? 'Delete' : verb === 'PUT' ? 'Update' : '';
    methodName = `${prefix}${words.join('')}`;
  } else if (verb === 'GET') methodName = endsWithParam ? 'Get' : 'GetList';
  else if (verb === 'POST') methodName = 'Create';
  else if (verb === 'PUT' || verb === 'PATCH') methodName = 'Update';
  else if (verb === 'DELETE') methodName = 'Delete';
  else methodName = pascal(verb.toLowerCase());
  return { serviceName: `${serviceBase}AppService`, methodName: `${methodName}Async` };
}

// Action names per route and method, worked out once: a route's names never change, and the
// splitting and casing ran on every audited request (issue 16).
const actionNames = new Map<string, { serviceName: string; methodName: string }>();
function routeActionName(method: string, routeUrl: string): { serviceName: string; methodName: string } {
  const key = `${method} ${routeUrl}`;
  let names = actionNames.get(key);
  if (!names) {
    names = actionNameOf(method, routeUrl);
    // Bounded: an unmatched request is named from its own URL (any text), not a route's.
    if (actionNames.size < 5000) actionNames.set(key, names);
  }
  return names;
}

function parametersOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const input = request.body ?? (request.query && Object.keys(request.query as object).length ? request.query : undefined);
  const value: Record<string, unknown> = { ...params };
  if (input !== undefined && input !== null) value.input = input;
  if (!Object.keys(value).length) return '{}';
  let text: string;
  try {
    text = JSON.stringify(maskSecrets(value));
  } catch {
    return null;
  }
  return text.length > maxParametersLength ? text.slice(0, maxParametersLength) : text;
}

/** Path and query as received, with secret-looking query values masked. */
function urlOf(request: FastifyRequest): string {
  const [path, query] = request.url.split('?', 2) as [string, string | undefined];
  if (!query) return path;
  const search = new URLSearchParams(query);
  for (const key of [...search.keys()]) if (secretKey.test(key)) search.set(key, '***');
  return `${path}?${search.toString()}`;
}

function exceptionsOf(request: FastifyRequest, errors: Error[]): string | null {
  if (!errors.length) return null;
  const infos = errors.map((error) => {
    const appError = toAppError(error as FastifyError);
    // Written as the caller read it: the request's culture with the owner's edits (request.t), so
    // the log says what the user was told, whatever language the reader of the log uses later.
    const t = (text: Parameters<FastifyRequest['t']>[0]) => request.t(text);
    return {
      code: appError.code,
      message: t(appError.text),
      details: appError.detailsText ? t(appError.detailsText) : null,
      data: appError.data,
      validationErrors: appError.validationErrors?.map((v) => ({ message: t(v.message), members: v.members })) ?? null,
      // The kind of failure helps an administrator; internals (stack, SQL) stay in the server log.
      type: appError === error ? 'AppError' : error.name || 'Error',
    };
  });
  return JSON.stringify(infos);
}

export function registerAuditCapture(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('audit', null);

  // Callback style so that everything after this hook (other hooks, the handler, the repositories)
  // runs inside the request's AsyncLocalStorage scope.
  app.addHook('onRequest', (request, _reply, done) => {
    // The router ignores case (/API/... reaches the same route), so the prefix check does too.
    if (!ctx.audit.options.isEnabled || request.url.slice(0, 5).toLowerCase() !== '/api/') return done();
    const scope = newAuditScope();
    request.audit = {
      scope,
      startedAt: new Date(),
      startedAtMs: performance.now(),
      actionStartedAt: null,
      actionStartedAtMs: 0,
      errors: [],
    };
    scope.journal = journalOf(ctx, request, request.audit);
    runInAuditScope(scope, done);
  });

  app.addHook('preHandler', async (request) => {
    if (!request.audit) return;
    request.audit.actionStartedAt = new Date();
    request.audit.actionStartedAtMs = performance.now();
  });

  app.addHook('onError', async (request, _reply, error) => {
    request.audit?.errors.push(error);
  });

  // A successful answer leaves only once the changes the request made outside a transaction are
  // written with its log (the ones made in a transaction were written with it).
  app.addHook('onSend', (request, reply, payload, done) => {
    const state = request.audit;
    if (!state || state.scope.entityChanges.length <= state.scope.written.size || reply.statusCode >= 400 || state.errors.length)
      return done(null, payload);
    writeUnwrittenChanges(ctx.db, state.scope).then(
      () => done(null, payload),
      (error: unknown) => {
        // They stay in the scope: the batched record after the answer carries them.
        request.log.error({ err: error }, 'could not write the entity changes before the answer');
        done(null, payload);
      },
    );
  });

  // Before the app answers anything: what a killed process left in the outbox goes into the audit
  // tables (the other instances' timers would expand it too, within their sweep).
  app.addHook('onReady', async () => {
    await ctx.audit.writer.flush();
  });

  app.addHook('onResponse', (request, reply, done) => {
    if (request.audit) ctx.audit.writer.track(finish(ctx, request, reply));
    done();
  });
}

/** Whether the request keeps an audit log once it changed something (route, tenant feature). */
async function keepsChanges(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const config = request.routeOptions.config;
  if (!config?.auth || config.audit?.disabled) return false;
  return ctx.features.isEnabled(request.tenant?.id ?? null, 'AuditLogging.Enable');
}

function journalOf(ctx: AppContext, request: FastifyRequest, state: AuditRequestState): AuditJournal {
  let kept: Promise<boolean> | undefined;
  return {
    isLogged() {
      // Before the route's handler (the pipeline's own hooks) caller and tenant may not be known.
      if (!state.actionStartedAt) return Promise.resolve(false);
      kept ??= keepsChanges(ctx, request);
      return kept;
    },
    // The log travels with every row: a later transaction's row may find the first one expanded.
    outboxRow: (changes) => auditOutboxRow(state.scope.logId, request.tenant?.id ?? null, recordOf(ctx, request, state, null), changes),
    written: () => ctx.audit.writer.noteOutbox(),
  };
}

async function finish(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const state = request.audit!;
  // Work the request leaves running records nothing into its log from now on.
  state.scope.closed = true;
  try {
    const record = await buildRecord(ctx, request, reply, state);
    if (record) ctx.audit.writer.enqueue(record);
  } catch (error) {
    request.log.error({ err: error }, 'could not capture the audit log');
  }
}

async function buildRecord(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, state: AuditRequestState) {
  const { options } = ctx.audit;
  const { scope } = state;
  const status = reply.statusCode;
  const failed = state.errors.length > 0 || status >= 400;
  // Changes a transaction rolled back were never recorded here; committed ones are already written.
  const entityChanges = failed ? [] : unwrittenChanges(scope);
  if (scope.logStored) {
    // The log was written with the request's changes: complete it.
    return { ...recordOf(ctx, request, state, reply), id: scope.logId, stored: true, entityChanges };
  }
  const config = request.routeOptions.config;
  // A declared route (every app route has config.auth); unknown paths and CORS preflights have none.
  if (!config?.auth || config.audit?.disabled) return null;
  const method = request.method.toUpperCase();
  const isRead = method === 'GET' || method === 'HEAD';
  if (isRead && !options.isEnabledForGetRequests && !(failed && options.alwaysLogOnException) && !entityChanges.length) return null;
  if (!(await ctx.features.isEnabled(request.tenant?.id ?? null, 'AuditLogging.Enable'))) return null;
  return { ...recordOf(ctx, request, state, reply), id: scope.logId, entityChanges };
}

/**
 * The request's log as known now: with `reply` once answered (status, exceptions, full durations),
 * without it while a transaction writes the log (status and exceptions unknown, durations so far).
 */
function recordOf(ctx: AppContext, request: FastifyRequest, state: AuditRequestState, reply: FastifyReply | null): AuditLogRecord {
  const config = request.routeOptions.config;
  const endMs = performance.now();
  const method = request.method.toUpperCase();
  const names = routeActionName(method, request.routeOptions.url ?? request.url);
  const action: AuditActionRecord = {
    serviceName: config?.audit?.serviceName ?? names.serviceName,
    methodName: config?.audit?.methodName ?? names.methodName,
    parameters: parametersOf(request),
    executionTime: state.actionStartedAt ?? state.startedAt,
    executionDuration: endMs - (state.actionStartedAt ? state.actionStartedAtMs : state.startedAtMs),
  };
  const user = request.currentUser;
  return {
    tenantId: request.tenant?.id ?? null,
    applicationName: ctx.audit.options.applicationName,
    userId: user?.id ?? null,
    userName: user?.userName ?? null,
    tenantName: request.tenant?.name ?? null,
    impersonatorUserId: user?.impersonatorUserId ?? null,
    impersonatorUserName: user?.impersonatorUserName ?? null,
    impersonatorTenantId: user?.impersonatorTenantId ?? null,
    impersonatorTenantName: user?.impersonatorTenantName ?? null,
    executionTime: state.startedAt,
    executionDuration: endMs - state.startedAtMs,
    clientIpAddress: request.ip ?? null,
    clientName: null,
    clientId: user?.clientId ?? null,
    correlationId: request.id,
    browserInfo: request.headers['user-agent'] ?? null,
    httpMethod: method,
    url: urlOf(request),
    exceptions: reply ? exceptionsOf(request, state.errors) : null,
    comments: state.scope.comments.length ? state.scope.comments.join('\n') : null,
    httpStatusCode: reply ? reply.statusCode : null,
    extraProperties: state.scope.extraProperties,
    actions: [action],
    entityChanges: [],
  };
}
