// Turns every failure into ABP's error envelope. Schema failures become 400 with validationErrors
// (camelCase member names, localized messages); known HTTP errors keep their status with a generic
// localized text; anything else is logged and answered 500 without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultCulture, localizeWith } from '../localization/index.ts';
import { AppError, internalError, type LocalizableText, type ValidationErrorItem, validationError } from '../errors.ts';

interface SchemaIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const camel = (name: string) => (name ? name[0]!.toLowerCase() + name.slice(1) : name);

function memberOf(issue: SchemaIssue): string {
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
    const parent = (issue.instancePath ?? '').split('/').filter(Boolean).map(camel);
    return [...parent, camel(issue.params.missingProperty)].join('.');
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params?.additionalProperty === 'string') {
    return camel(issue.params.additionalProperty);
  }
  return (issue.instancePath ?? '').split('/').filter(Boolean).map(camel).join('.');
}

function messageOf(issue: SchemaIssue, member: string): LocalizableText {
  const p = issue.params ?? {};
  const key = (k: string, ...params: Array<string | number>): LocalizableText => ({
    key: `AbpValidation::${k}`,
    params: [member, ...params],
  });
  switch (issue.keyword) {
    case 'required':
      return key('The {0} field is required.');
    case 'maxLength':
      return key("The field {0} must be a string with a maximum length of '{1}'.", Number(p.limit));
    case 'minLength':
      return Number(p.limit) <= 1
        ? key('The {0} field is required.')
        : key("The field {0} must be a string with a minimum length of '{1}'.", Number(p.limit));
    case 'maximum':
    case 'exclusiveMaximum':
      return key('The field {0} must be less than or equal to {1}.', Number(p.limit));
    case 'minimum':
    case 'exclusiveMinimum':
      return key('The field {0} must be greater than or equal to {1}.', Number(p.limit));
    case 'format':
      return p.format === 'email' ? key('The {0} field is not a valid e-mail address.') : key('The field {0} is invalid.');
    case 'additionalProperties':
      return key('The field {0} is not allowed.');
    default:
      return key('The field {0} is invalid.');
  }
}

export function schemaValidationError(issues: SchemaIssue[]): AppError {
  const items: ValidationErrorItem[] = issues.map((issue) => {
    const member = memberOf(issue);
    return { message: messageOf(issue, member || 'input'), members: member ? [member] : [] };
  });
  return validationError(items);
}

const genericByStatus: Record<number, string> = {
  400: 'AbpExceptionHandling::400Message',
  401: 'AbpExceptionHandling::401Message',
  403: 'AbpExceptionHandling::403Message',
  404: 'AbpExceptionHandling::404Message',
  405: 'AbpExceptionHandling::405Message',
  413: 'AbpExceptionHandling::413Message',
  414: 'AbpExceptionHandling::414Message',
  415: 'AbpExceptionHandling::415Message',
  429: 'AbpExceptionHandling::429Message',
};

export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (Array.isArray(fastifyError.validation)) return schemaValidationError(fastifyError.validation as SchemaIssue[]);
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    return new AppError({ status, text: { key: genericByStatus[status] ?? 'AbpExceptionHandling::400Message' } });
  }
  return internalError();
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  // Router errors (frameworkErrors) arrive on a bare request without our decorators. The owner's
  // edited texts (language management) apply as to every other text of the request (issue 19).
  const t = (text: LocalizableText | string) => localizeWith(request.textOverrides, request.culture ?? defaultCulture, text);
  const validationErrors = error.validationErrors?.map((item) => ({ message: t(item.message), members: item.members })) ?? null;
  const details = error.validationErrors
    ? [t(error.detailsText ?? 'AbpValidation::ValidationNarrativeTitle'), ...(validationErrors ?? []).map((v) => ` - ${v.message}`)].join(
        '\n',
      )
    : error.detailsText
      ? t(error.detailsText)
      : null;
  if (error.status === 401) reply.header('WWW-Authenticate', request.tokenError ? `Bearer error="${request.tokenError}"` : 'Bearer');
  reply.header('X-Correlation-Id', request.id);
  return reply
    .code(error.status)
    .headers({ ...error.headers, _AbpErrorFormat: 'true', 'cache-control': 'no-store' })
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code: error.code, message: t(error.text), details, data: error.data, validationErrors } }));
}

/** Paths (camelCase, dotted) of numbers that are not finite: Infinity or NaN. */
function nonFiniteMembers(value: unknown, prefix: string, found: string[]): string[] {
  if (typeof value === 'number' && !Number.isFinite(value)) found.push(prefix || 'input');
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) nonFiniteMembers(child, prefix ? `${prefix}.${camel(key)}` : camel(key), found);
  }
  return found;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendAppError(request, reply, appError);
  });
  // Ajv coerces "1e309" to Infinity and accepts it as an integer (even under a maximum), and
  // JSON.parse turns 1e400 into Infinity: no handler should ever see such a number.
  // Synchronous: no promise per request (issue 16).
  app.addHook('preHandler', (request, _reply, done) => {
    const members = nonFiniteMembers(request.body, '', nonFiniteMembers(request.query, '', []));
    if (!members.length) return done();
    done(schemaValidationError(members.map((member) => ({ instancePath: `/${member.replaceAll('.', '/')}`, keyword: 'type' }))));
  });
}

/** Errors raised by the router before any hook runs (bad URL encoding, over-long path parameter). */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendAppError(request, reply, toAppError(error));
}
