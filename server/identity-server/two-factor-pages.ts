// The second step of the server login (code flow) for users who need a second factor. Rules:
// - the login page sets a pending cookie (HMAC over interaction uid, user id, remember-me, expiry
//   and the user's security stamp); without a live interaction and a matching pending cookie these
//   pages answer "Invalid login request";
// - /Account/SendSecurityCode lists the user's providers; choosing Email mails a code (outbox);
// - /Account/VerifySecurityCode checks the code of the chosen provider; a wrong code counts towards
//   lockout and the sign-in rate limit (checked before each try); "remember this browser" (when
//   Abp.Account.TwoFactor.IsRememberBrowserEnabled) sets a signed cookie that skips the second
//   factor for that user on this browser;
// - /Account/LoginWithRecoveryCode redeems one recovery code instead;
// - success completes the login like a password-only one (grant, identity session, redirect);
// - every outcome writes a security log row.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema/index.ts';
import {
  isRememberBrowserEnabled,
  redeemRecoveryCode,
  rememberBrowserCookie,
  rememberBrowserLifetimeMs,
  rememberBrowserValue,
  sendEmailSecurityCode,
  signInProviders,
  TwoFactorProvider,
  type TwoFactorProviderName,
  verifyTwoFactorCode,
} from '../modules/account/two-factor.ts';
import { textOverrides } from '../modules/language-management/overrides.ts';
import { allowFormActionTo, cultureFor, finishLogin, invalidLoginRequest, sendHtml } from './interactions.ts';
import { type PageTexts, pageText, renderMessagePage, renderTwoFactorPage, type TwoFactorPage } from './login-page.ts';
import { checkRateLimit, rateLimitKeys, recordFailure } from './rate-limit.ts';
import {
  completeSignIn,
  isLockedOut,
  registerAccessFailure,
  SecurityLogActions,
  signInLogContext,
  type UserRow,
  writeSignInLog,
} from './sign-in.ts';

export const pendingCookie = 'Identity.TwoFactorUserId';
const pendingLifetimeMs = 15 * 60_000;
const routeConfig = { auth: { anonymous: true as const } };
const htmlResponse = { '2xx': { type: 'string' }, '3xx': { type: 'null' }, '4xx': { type: 'string' } };
const querystring = {
  type: 'object',
  properties: {
    uid: { type: 'string', maxLength: 200 },
    provider: { type: 'string', maxLength: 32 },
    'ui-culture': { type: 'string' },
    culture: { type: 'string' },
  },
};
const formBody = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(['uid', 'culture', ...names].map((k) => [k, { type: 'string', maxLength: 256 }])),
});

type Body = Record<string, string | undefined>;

const pendingMac = (ctx: AppContext, text: string) =>
  createHmac('sha256', ctx.secrets.derive('two-factor:pending-login')).update(text).digest('base64url');

/** Remembers, for this interaction only, that the user passed the password step. */
export function setPendingTwoFactor(ctx: AppContext, reply: FastifyReply, uid: string, user: UserRow, rememberMe: boolean): void {
  const expires = (Date.now() + pendingLifetimeMs).toString(36);
  const remember = rememberMe ? '1' : '0';
  const mac = pendingMac(ctx, `${uid}|${user.id}|${remember}|${expires}|${user.securityStamp}`);
  reply.setCookie(pendingCookie, `${user.id}.${remember}.${expires}.${mac}`, {
    path: '/Account',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.issuer.startsWith('https:'),
    maxAge: pendingLifetimeMs / 1000,
  });
}

interface Pending {
  interaction: Awaited<ReturnType<Provider['interactionDetails']>>;
  user: UserRow;
  rememberMe: boolean;
  providers: TwoFactorProviderName[];
}

export function twoFactorPageRoutes(provider: Provider, ctx: AppContext) {
  /** The interaction and the user who passed the password step, or null. */
  async function pendingOf(request: FastifyRequest, reply: FastifyReply, body?: Body): Promise<Pending | null> {
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    const uid = (request.query as Body).uid;
    if (interaction?.prompt.name !== 'login' || interaction.uid !== uid) return null;
    if (body && body.uid !== interaction.uid) return null;
    const [userId = '', remember = '', expires = '', mac = ''] = (request.cookies?.[pendingCookie] ?? '').split('.');
    const expiry = Number.parseInt(expires, 36);
    if (!/^[0-9a-f-]{36}$/.test(userId) || !Number.isFinite(expiry) || expiry < Date.now()) return null;
    const [user] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.isDeleted, false)))
      .limit(1);
    if (!user?.isActive) return null;
    const expected = pendingMac(ctx, `${interaction.uid}|${user.id}|${remember}|${expires}|${user.securityStamp}`);
    if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return null;
    const providers = (await signInProviders(ctx, user)) ?? [];
    // Every page of the step posts a form whose answer may end in the redirect to the client (as the login page).
    allowFormActionTo(reply, interaction);
    return { interaction, user, rememberMe: remember === '1', providers };
  }

  const logContextOf = async (request: FastifyRequest, pending: Pending) =>
    signInLogContext(
      request,
      pending.user.tenantId ? await ctx.tenants.findById(pending.user.tenantId) : null,
      String(pending.interaction.params.client_id),
    );

  async function succeed(request: FastifyRequest, reply: FastifyReply, pending: Pending, extra: Record<string, unknown>) {
    await completeSignIn(ctx, await logContextOf(request, pending), pending.user, extra);
    reply.clearCookie(pendingCookie, { path: '/Account' });
    return finishLogin(provider, ctx, request, reply, pending.interaction, pending.user, pending.rememberMe);
  }

  const limitKeys = (request: FastifyRequest, pending: Pending) =>
    rateLimitKeys(request.ip, '/Account/VerifySecurityCode', pending.user.tenantId, pending.user.userName);

  /** A two-factor page in the texts the user's host or tenant edited in language management (as the login page). */
  const textsOf = async (pending: Pending, culture: string): Promise<PageTexts> => ({
    culture,
    overrides: await textOverrides(ctx, pending.user.tenantId, culture),
  });
  const twoFactorHtml = async (pending: Pending, culture: string, page: TwoFactorPage) =>
    renderTwoFactorPage(culture, { ...page, overrides: (await textsOf(pending, culture)).overrides });

  /** The sign-in rate limit also bounds code guessing (users without lockout included). */
  async function tooManyAttempts(request: FastifyRequest, reply: FastifyReply, pending: Pending, culture: string, page: TwoFactorPage) {
    const retryAfter = await checkRateLimit(ctx, limitKeys(request, pending));
    if (retryAfter === null) return null;
    page.errors.push(pageText(await textsOf(pending, culture), 'TooManyLoginAttempts'));
    reply.header('retry-after', String(retryAfter));
    return sendHtml(reply, 429, await twoFactorHtml(pending, culture, page));
  }

  /** A wrong code: counts towards lockout and the rate limit; a lockout ends the attempt. */
  async function wrongCode(
    request: FastifyRequest,
    reply: FastifyReply,
    pending: Pending,
    culture: string,
    action: string,
    page: TwoFactorPage,
  ) {
    await recordFailure(ctx, limitKeys(request, pending));
    const at = await logContextOf(request, pending);
    const locked = await registerAccessFailure(ctx, pending.user, (locked) =>
      writeSignInLog(ctx, at, locked ? SecurityLogActions.LoginLockedout : action, pending.user, {
        twoFactorProvider: page.provider ?? 'RecoveryCode',
      }),
    );
    if (locked) {
      reply.clearCookie(pendingCookie, { path: '/Account' });
      return sendHtml(
        reply,
        401,
        renderMessagePage(culture, {
          title: pageText(await textsOf(pending, culture), 'Login'),
          message: pageText(await textsOf(pending, culture), 'UserLockedOutMessage'),
          alert: true,
        }),
      );
    }
    page.errors.push(pageText(await textsOf(pending, culture), page.step === 'recovery' ? 'InvalidRecoveryCode' : 'InvalidTwoFactorCode'));
    return sendHtml(reply, 401, await twoFactorHtml(pending, culture, page));
  }

  return async (app: FastifyInstance) => {
    const schema = { hide: true, response: htmlResponse, querystring };

    /** The page of a step that needs nothing but the pending sign-in. */
    const showStep = (step: 'choose' | 'recovery') => async (request: FastifyRequest, reply: FastifyReply) => {
      const pending = await pendingOf(request, reply);
      const culture = cultureFor(request, pending?.interaction ?? null);
      if (!pending) return invalidLoginRequest(ctx, reply, culture);
      return sendHtml(
        reply,
        200,
        await twoFactorHtml(pending, culture, { uid: pending.interaction.uid, step, providers: pending.providers, errors: [] }),
      );
    };

    app.get('/Account/SendSecurityCode', { config: routeConfig, schema }, showStep('choose'));

    app.post(
      '/Account/SendSecurityCode',
      { config: routeConfig, schema: { ...schema, body: formBody('provider') } },
      async (request, reply) => {
        const body = (request.body ?? {}) as Body;
        const pending = await pendingOf(request, reply, body);
        const culture = cultureFor(request, pending?.interaction ?? null, body);
        if (!pending || isLockedOut(pending.user)) return invalidLoginRequest(ctx, reply, culture);
        const chosen = pending.providers.find((p) => p === body.provider);
        if (!chosen) {
          const page: TwoFactorPage = { uid: pending.interaction.uid, step: 'choose', providers: pending.providers, errors: [] };
          page.errors.push(pageText(await textsOf(pending, culture), 'SelectTwoFactorProvider'));
          return sendHtml(reply, 400, await twoFactorHtml(pending, culture, page));
        }
        if (chosen === TwoFactorProvider.Email) await sendEmailSecurityCode(ctx, pending.user, { culture });
        const query = new URLSearchParams({ uid: pending.interaction.uid, provider: chosen });
        return reply.redirect(`/Account/VerifySecurityCode?${query}`, 303);
      },
    );

    const verifyPage = async (pending: Pending, provider: string | undefined): Promise<TwoFactorPage | null> => {
      const chosen = pending.providers.find((p) => p === provider);
      if (!chosen) return null;
      return {
        uid: pending.interaction.uid,
        step: 'verify',
        providers: pending.providers,
        provider: chosen,
        rememberBrowserEnabled: await isRememberBrowserEnabled(ctx, pending.user.tenantId),
        errors: [],
      };
    };

    app.get('/Account/VerifySecurityCode', { config: routeConfig, schema }, async (request, reply) => {
      const pending = await pendingOf(request, reply);
      const culture = cultureFor(request, pending?.interaction ?? null);
      const page = pending && (await verifyPage(pending, (request.query as Body).provider));
      if (!pending || !page) return invalidLoginRequest(ctx, reply, culture);
      page.notice = pageText(
        await textsOf(pending, culture),
        page.provider === 'Email' ? 'SecurityCodeSentToEmail' : 'EnterAuthenticatorCode',
      );
      return sendHtml(reply, 200, await twoFactorHtml(pending, culture, page));
    });

    app.post(
      '/Account/VerifySecurityCode',
      { config: routeConfig, schema: { ...schema, body: formBody('provider', 'code', 'rememberBrowser') } },
      async (request, reply) => {
        const body = (request.body ?? {}) as Body;
        const pending = await pendingOf(request, reply, body);
        const culture = cultureFor(request, pending?.interaction ?? null, body);
        const page = pending && (await verifyPage(pending, body.provider));
        if (!pending || !page || isLockedOut(pending.user)) return invalidLoginRequest(ctx, reply, culture);
        page.rememberBrowser = body.rememberBrowser === 'true';
        const limited = await tooManyAttempts(request, reply, pending, culture, page);
        if (limited) return limited;
        if (!(await verifyTwoFactorCode(ctx, pending.user, page.provider!, body.code ?? ''))) {
          return wrongCode(request, reply, pending, culture, SecurityLogActions.LoginTwoFactorFailed, page);
        }
        if (page.rememberBrowser && page.rememberBrowserEnabled) {
          reply.setCookie(rememberBrowserCookie, rememberBrowserValue(ctx, pending.user), {
            path: '/',
            httpOnly: true,
            sameSite: 'lax',
            secure: ctx.config.issuer.startsWith('https:'),
            maxAge: rememberBrowserLifetimeMs / 1000,
          });
        }
        return succeed(request, reply, pending, { twoFactorProvider: page.provider });
      },
    );

    app.get('/Account/LoginWithRecoveryCode', { config: routeConfig, schema }, showStep('recovery'));

    app.post(
      '/Account/LoginWithRecoveryCode',
      { config: routeConfig, schema: { ...schema, body: formBody('recoveryCode') } },
      async (request, reply) => {
        const body = (request.body ?? {}) as Body;
        const pending = await pendingOf(request, reply, body);
        const culture = cultureFor(request, pending?.interaction ?? null, body);
        if (!pending || isLockedOut(pending.user)) return invalidLoginRequest(ctx, reply, culture);
        const page: TwoFactorPage = { uid: pending.interaction.uid, step: 'recovery', providers: pending.providers, errors: [] };
        const limited = await tooManyAttempts(request, reply, pending, culture, page);
        if (limited) return limited;
        if (!(await redeemRecoveryCode(ctx, pending.user.id, body.recoveryCode ?? ''))) {
          return wrongCode(request, reply, pending, culture, SecurityLogActions.LoginRecoveryCodeFailed, page);
        }
        await writeSignInLog(ctx, await logContextOf(request, pending), SecurityLogActions.LoginWithRecoveryCode, pending.user);
        return succeed(request, reply, pending, { twoFactorProvider: 'RecoveryCode' });
      },
    );
  };
}
