// The e-mails of the account area: confirmation link, password-reset link, phone confirmation code.
// Rules:
// - the mails are the text templates Abp.Account.EmailConfirmationLink and PasswordResetLink
//   (server/modules/text-templates: the user's side's edit, else the default, in the layout),
//   rendered in the user's culture: their own Abp.Localization.DefaultLanguage (user level) when
//   they chose one, else the request's culture;
// - links point into the SPA (its origin is the server's public URL, which serves it):
//   /account/email-confirmation and /account/reset-password, with userId, the token and __tenant
//   (tenant id, only for tenant users); a returnUrl is carried along only when it is a local path;
// - every value put into the HTML part is escaped (the template engine escapes every output).
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { settings } from '../../db/schema/index.ts';
import { findLanguage, localizeWith } from '../../localization/index.ts';
import { textOverrides } from '../language-management/overrides.ts';
import type { MailTemplateName } from '../text-templates/definitions.ts';
import { renderMail } from '../text-templates/render.ts';

export interface MailUser {
  id: string;
  tenantId: string | null;
  userName: string;
  email: string;
}

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

/** Renders the template in the user's culture (their side's edit, else the default) and sends it. */
export async function sendTemplatedMail(
  ctx: AppContext,
  user: MailUser,
  culture: string,
  template: MailTemplateName,
  model: Record<string, string | number>,
) {
  const mail = await renderMail(ctx, { tenantId: user.tenantId, culture, template, model: { userName: user.userName, ...model } });
  await ctx.mailer.send({ to: user.email, subject: mail.subject, text: mail.text, html: mail.html });
}

/**
 * A mail with a link to a SPA page that carries the user, a one-time token (as `tokenName`), the
 * tenant and where to go afterwards (only a safe returnUrl, and its hash only with it).
 */
function tokenMail(path: string, tokenName: string, template: MailTemplateName) {
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
    await sendTemplatedMail(ctx, user, culture, template, { link });
  };
}

export const sendEmailConfirmationLink = tokenMail('/account/email-confirmation', 'confirmationToken', 'Abp.Account.EmailConfirmationLink');

export const sendPasswordResetLink = tokenMail('/account/reset-password', 'resetToken', 'Abp.Account.PasswordResetLink');

/**
 * No SMS sender exists in this product: the phone confirmation code goes to the outbox as a message
 * to the user's e-mail address whose subject marks it as the SMS channel and names the number.
 * Replacing this function with a real SMS gateway changes nothing else.
 */
export async function sendPhoneConfirmationCode(ctx: AppContext, user: MailUser, culture: string, phoneNumber: string, code: string) {
  // In the user's language with their host's or tenant's edits from language management (as the mails).
  const overrides = await textOverrides(ctx, user.tenantId, culture);
  const t = (key: string, ...params: string[]) => localizeWith(overrides, culture, `AbpAccount::${key}`, ...params);
  await ctx.mailer.send({
    to: user.email,
    subject: `[SMS ${phoneNumber}] ${t('PhoneNumberConfirmation:Subject')}`,
    text: `${t('PhoneNumberConfirmation:Body', code)}\n`,
  });
}
