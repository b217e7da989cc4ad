// Server-side reCAPTCHA verification (Abp.Account.Captcha.*), the one implementation for every form
// that asks for a captcha (registration, forgot password, login). Rules:
// - the answer is POSTed with the tenant's site secret to {VerifyBaseUrl}recaptcha/api/siteverify
//   (VerifyBaseUrl is a host setting, so a tenant cannot point verification at its own server);
// - version 2 passes on success; version 3 also needs score >= the Score setting;
// - an empty answer, a failed check, an unreachable or malformed verifier all refuse (fail closed),
//   with a localized 403 business error; nothing of the verifier's answer reaches the client.
import type { AppContext } from '../../context.ts';
import { businessError } from '../../errors.ts';

export const captchaErrorCode = 'Volo.Account:InvalidCaptcha';

const setting = (ctx: AppContext, name: string, tenantId: string | null) =>
  ctx.settings.getValue(`Abp.Account.Captcha.${name}`, { tenantId }).catch(() => null);

/** Whether the captcha is required on a form ('Login', 'Registration' or 'ForgotPassword'). */
export async function captchaRequired(ctx: AppContext, tenantId: string | null, form: 'Login' | 'Registration' | 'ForgotPassword') {
  return (await setting(ctx, `UseCaptchaOn${form}`, tenantId))?.toLowerCase() === 'true';
}

/** Throws unless the reCAPTCHA answer is accepted by the verifier under the tenant's settings. */
export async function verifyCaptcha(ctx: AppContext, tenantId: string | null, answer: string | null | undefined, remoteIp?: string) {
  if (!answer?.trim()) throw businessError(captchaErrorCode, 'AbpAccount::CaptchaCanNotBeEmpty');
  const [baseUrl, secret, version, score] = await Promise.all([
    setting(ctx, 'VerifyBaseUrl', null),
    setting(ctx, 'SiteSecret', tenantId),
    setting(ctx, 'Version', tenantId),
    setting(ctx, 'Score', tenantId),
  ]);
  const result = await askVerifier(ctx, baseUrl, secret, answer, remoteIp);
  const parsedMinimum = Number.parseFloat(score ?? '');
  const minimum = Number.isFinite(parsedMinimum) ? parsedMinimum : 0.5;
  const passed = result?.success === true && (version !== '3' || (typeof result.score === 'number' && result.score >= minimum));
  if (!passed) throw businessError(captchaErrorCode, 'AbpAccount::IncorrectCaptchaAnswer');
}

async function askVerifier(
  ctx: AppContext,
  baseUrl: string | null,
  secret: string | null,
  answer: string,
  remoteIp: string | undefined,
): Promise<{ success?: unknown; score?: unknown } | null> {
  try {
    const url = new URL('recaptcha/api/siteverify', baseUrl?.endsWith('/') ? baseUrl : `${baseUrl ?? ''}/`);
    const form = new URLSearchParams({ secret: secret ?? '', response: answer });
    if (remoteIp) form.set('remoteip', remoteIp);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as unknown;
    return body && typeof body === 'object' ? (body as { success?: unknown; score?: unknown }) : null;
  } catch (error) {
    ctx.log.warn({ err: error }, 'captcha verification failed');
    return null;
  }
}
