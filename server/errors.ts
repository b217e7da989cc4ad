// Every error leaves in ABP's envelope { error: { code, message, details, data, validationErrors } }
// with the header `_AbpErrorFormat: true`. Status codes follow ABP's finder: validation 400,
// unauthenticated 401, unauthorized or business rule 403, not found 404, stale concurrency stamp 409.
// Messages are resource keys, localized when the response is written; nothing internal is ever sent.

export type LocalizableText = { key: string; params?: ReadonlyArray<string | number> };

export interface ValidationErrorItem {
  message: LocalizableText | string;
  members: string[];
}

export class AppError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly text: LocalizableText;
  readonly detailsText: LocalizableText | null;
  readonly data: Record<string, unknown> | null;
  readonly validationErrors: ValidationErrorItem[] | null;
  readonly headers: Record<string, string>;

  constructor(init: {
    status: number;
    text: LocalizableText;
    code?: string | null;
    details?: LocalizableText | null;
    data?: Record<string, unknown> | null;
    validationErrors?: ValidationErrorItem[] | null;
    headers?: Record<string, string>;
  }) {
    super(init.text.key);
    this.status = init.status;
    this.code = init.code ?? null;
    this.text = init.text;
    this.detailsText = init.details ?? null;
    this.data = init.data ?? null;
    this.validationErrors = init.validationErrors ?? null;
    this.headers = init.headers ?? {};
  }
}

const text = (key: string, ...params: Array<string | number>): LocalizableText => ({ key, params });

/** A business rule was broken: 403 with a code the client may react to. */
export const businessError = (code: string, key: string, ...params: Array<string | number>) =>
  new AppError({ status: 403, code, text: text(key, ...params) });

export const validationError = (errors: ValidationErrorItem[]) =>
  new AppError({
    status: 400,
    text: text('AbpValidation::YourRequestIsNotValid'),
    details: text('AbpValidation::ValidationNarrativeTitle'),
    validationErrors: errors,
  });

/** One invalid field: the usual case of a rule checked in a service. */
export const invalidField = (member: string, key: string, ...params: Array<string | number>) =>
  validationError([{ message: text(key, ...params), members: [member] }]);

export const notFound = (entity: string, id: string) =>
  new AppError({ status: 404, text: text('AbpExceptionHandling::EntityNotFoundErrorMessage', entity, id) });

export const staleConcurrencyStamp = () => new AppError({ status: 409, text: text('AbpExceptionHandling::DbConcurrencyErrorMessage') });

export const unauthenticated = () =>
  new AppError({ status: 401, text: text('AbpExceptionHandling::401Message'), details: text('AbpExceptionHandling::401MessageDetail') });

export const forbidden = () =>
  new AppError({ status: 403, text: text('AbpExceptionHandling::403Message'), details: text('AbpExceptionHandling::403MessageDetail') });

export const tenantResolveError = (code: 'NotFound' | 'NotActive', tenant: string) =>
  new AppError({
    status: 404,
    code: code === 'NotFound' ? 'Volo.AbpIo.MultiTenancy:010001' : 'Volo.AbpIo.MultiTenancy:010002',
    text: text(code === 'NotFound' ? 'AbpMultiTenancy::TenantNotFoundMessage' : 'AbpMultiTenancy::TenantNotActiveMessage'),
    details: text(code === 'NotFound' ? 'AbpMultiTenancy::TenantNotFoundDetails' : 'AbpMultiTenancy::TenantNotActiveDetails', tenant),
  });

export const internalError = () => new AppError({ status: 500, text: text('AbpExceptionHandling::InternalServerErrorMessage') });
