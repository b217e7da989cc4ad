// The e-mails of the account area: confirmation link, password-reset link, phone confirmation code.
// Rules:
// - texts come from the AbpAccount resource in the user's culture: their own
//   Abp.Localization.DefaultLanguage (user level) when they chose one, else the request's culture;
// - links point into the SPA (its origin is the server's public URL, which serves it):
//   /account/email-confirmation and /account/reset-password, with userId, the token and __tenant
//   (tenant id, only for tenant users); a returnUrl is carried along only when it is a local path;
// - every value put into the HTML part is escaped.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { settings } from '../../db/schema/index.ts';
import { findLanguage, localize } from '../../localization/index.ts';

export interface MailUser {
  id: string;
  tenantId: string | null;
  userName: string;
  email: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The user's chosen language, else the request's culture. */
export async function cultureOfUser(ctx: AppContext, userId: string, requestCulture: string): Promise<string> {
  const [row] = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.name, 'Abp.Localization.DefaultLanguage'), eq(settings.providerName, 'U'), eq(settings.providerKey, userId)))
    .limit(1);
  return findLanguage(row?.value)?.cultureName ?? requestCulture;
}

/** A returnUrl the SPA may follow after the page: local paths only (no open redirect). */
export const safeReturnUrl = (value: string | null | undefined): string | null =>
  value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;

export function spaLink(ctx: AppContext, path: string, query: Record<string, string | null | undefined>): string {
  const url = new URL(path, ctx.config.issuer);
  for (const [name, value] of Object.entries(query)) if (value) url.searchParams.set(name, value);
  return url.href;
}

async function send(ctx: AppContext, user: MailUser, culture: string, kind: string, linkOrCode: string) {
  const t = (key: string, ...params: string[]) => localize(culture, `AbpAccount::${key}`, ...params);
  const subject = t(`${kind}:Subject`);
  const greeting = t('Mail:Greeting', user.userName);
  const body = t(`${kind}:Body`);
  const footer = t(`${kind}:Footer`);
  const dir = findLanguage(culture)?.isRightToLeft ? 'rtl' : 'ltr';
  await ctx.mailer.send({
    to: user.email,
    subject,
    text: `${greeting}\n\n${body}\n\n${linkOrCode}\n\n${footer}\n`,
    html:
      `<!doctype html><html lang="${escapeHtml(culture)}" dir="${dir}"><body>` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      (linkOrCode.startsWith('http')
        ? `<p><a href="${escapeHtml(linkOrCode)}">${escapeHtml(t(`${kind}:Action`))}</a></p><p>${escapeHtml(linkOrCode)}</p>`
        : `<p><strong>${escapeHtml(linkOrCode)}</strong></p>`) +
      `<p>${escapeHtml(footer)}</p></body></html>`,
  });
}

/**
 * A mail with a link to a SPA page that carries the user, a one-time token (as `tokenName`), the
 * tenant and where to go afterwards (only a safe returnUrl, and its hash only with it).
 */
function tokenMail(path: string, tokenName: string, kind: string) {
  return async (
    ctx: AppContext,
    user: MailUser,
    culture: string,
    token: string,
    returnUrl?: string | null,
    returnUrlHash?: string | null,
  ): Promise<void> => {
    const safe = safeReturnUrl(returnUrl);
    const link = spaLink(ctx, path, {
      userId: user.id,
      [tokenName]: token,
      __tenant: user.tenantId,
      returnUrl: safe,
      returnUrlHash: safe ? returnUrlHash : null,
    });
    await send(ctx, user, culture, kind, link);
  };
}

export const sendEmailConfirmationLink = tokenMail('/account/email-confirmation', 'confirmationToken', 'EmailConfirmation');

export const sendPasswordResetLink = tokenMail('/account/reset-password', 'resetToken', 'PasswordReset');

/**
 * No SMS sender exists in this product: the phone confirmation code goes to the outbox as a message
 * to the user's e-mail address whose subject marks it as the SMS channel and names the number.
 * Replacing this function with a real SMS gateway changes nothing else.
 */
export async function sendPhoneConfirmationCode(ctx: AppContext, user: MailUser, culture: string, phoneNumber: string, code: string) {
  const t = (key: string, ...params: string[]) => localize(culture, `AbpAccount::${key}`, ...params);
  await ctx.mailer.send({
    to: user.email,
    subject: `[SMS ${phoneNumber}] ${t('PhoneNumberConfirmation:Subject')}`,
    text: `${t('PhoneNumberConfirmation:Body', code)}\n`,
  });
}
