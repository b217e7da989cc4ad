// The login interaction at /Account/Login (GET renders, POST signs in) and its stylesheet. Rules:
// - a page without a live interaction (cookie + uid) shows "Invalid login request", never a form;
//   a GET without any uid is the SPA's /account/login (with its returnUrl): the SPA page answers;
// - the posted uid must equal the interaction's (a cross-site page cannot post a login into it);
// - tenant: the form's tenant name (blank = host), prefilled from the __tenant cookie or the
//   authorize request; the chosen tenant is remembered in the __tenant cookie;
// - Abp.Account.EnableLocalLogin = 'false' for the tenant shows a warning instead of the form;
// - consent follows the client's consent type (consent.ts): implicit (the SPA) grants the requested
//   scopes with the login, and a consent-only interaction (signed in, grant gone) without a page;
//   explicit and systematic show the consent page at this same URL (its Allow/Deny posts here with
//   a decision), external goes on only with an existing authorization, else access_denied;
// - each sign-in creates its grant and identity session (session_id = grant id) before redirecting;
// - Abp.Account.Captcha.UseCaptchaOnLogin: the form carries a reCAPTCHA answer, verified on the
//   server before the password is checked;
// - a user who needs a second factor (two-factor.ts) continues at /Account/SendSecurityCode
//   (two-factor-pages.ts) unless this browser carries a valid remember-browser cookie for them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Provider } from 'oidc-provider';
import type { AppContext, TenantInfo } from '../context.ts';
import { findApplication } from '../modules/openiddict/application-store.ts';
import { findLanguage, localizeWith } from '../localization/index.ts';
import { loadAccount } from './account.ts';
import { consentGiven, rememberConsent, renderConsentPage, requestedScopes } from './consent.ts';
import { enabledLanguages, textOverrides } from '../modules/language-management/overrides.ts';
import {
  type LoginPage,
  logoutScriptPath,
  type PageTexts,
  pageText,
  renderLoginPage,
  renderMessagePage,
  stylesheetPath,
} from './login-page.ts';
import { apiResource, loginPath, oidcScopes, resourceServerInfo } from './provider-config.ts';
import { createIdentitySession } from './sessions.ts';
import { captchaRequired, verifyCaptcha } from '../modules/account/captcha.ts';
import { isBrowserRemembered, rememberBrowserCookie, signInProviders } from '../modules/account/two-factor.ts';
import { AppError } from '../errors.ts';
import {
  completeSignIn,
  failureText,
  isLocalLoginEnabled,
  SecurityLogActions,
  signIn,
  signInLogContext,
  type UserRow,
  writeSignInLog,
} from './sign-in.ts';
import { setPendingTwoFactor, twoFactorPageRoutes } from './two-factor-pages.ts';

const captchaScript = `document.getElementById('login-form')?.addEventListener('submit', function (event) {
  var form = event.currentTarget, field = document.getElementById('captchaResponse');
  if (!field || field.value || !window.grecaptcha) return;
  event.preventDefault();
  window.grecaptcha.ready(function () {
    window.grecaptcha.execute(field.dataset.sitekey, { action: 'login' }).then(function (token) { field.value = token; form.submit(); });
  });
});
`;

// The sign-out pages' script: submits a first-party app's sign-out form (provider-config.ts
// logoutSource), and on the front-channel logout page loads each client's logout URI in a hidden
// iframe, then continues once every frame has loaded or after the page's timeout
// (front-channel-logout.ts). Frames are created here so that no load event is missed.
const logoutScript = `document.getElementById('op.logoutForm')?.submit();
(() => {
  const list = document.getElementById('front-channel-logout');
  if (!list) return;
  const sources = [...list.querySelectorAll('[data-src]')];
  let left = sources.length;
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    location.replace(list.dataset.continue);
  };
  for (const source of sources) {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = source.dataset.title;
    frame.addEventListener('load', () => {
      left -= 1;
      if (left === 0) go();
    });
    frame.src = source.dataset.src;
    list.append(frame);
  }
  setTimeout(go, Number(list.dataset.timeout) || 5000);
})();
`;

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;
type Body = Record<string, string | undefined>;

const stylesheet = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'login.css'), 'utf8');
const routeConfig = { auth: { anonymous: true as const } };
/** HTML pages: the body is a document (or empty on a redirect), never serialized JSON. */
const htmlResponse = { '2xx': { type: 'string' }, '3xx': { type: 'null' }, '4xx': { type: 'string' } };
const pageSchema = {
  hide: true,
  response: htmlResponse,
  querystring: {
    type: 'object',
    properties: { uid: { type: 'string', maxLength: 200 }, 'ui-culture': { type: 'string' }, culture: { type: 'string' } },
  },
};

export function cultureFor(request: FastifyRequest, details: Details | null, body?: Body): string {
  const query = request.query as Record<string, string | undefined>;
  if (query['ui-culture'] || query.culture) return request.culture;
  const fromBody = findLanguage(body?.culture);
  if (fromBody) return fromBody.cultureName;
  const params = details?.params as Record<string, string | undefined> | undefined;
  return findLanguage(params?.['ui-culture'] ?? params?.culture)?.cultureName ?? request.culture;
}

/** The client's consent type (implicit when the row is gone: the token request refuses it anyway). */
async function consentTypeOf(ctx: AppContext, clientId: string): Promise<string> {
  return (await findApplication(ctx, clientId))?.consentType ?? 'implicit';
}

/** A grant holding every scope the authorization request asked for (implicit consent). */
async function grantRequested(provider: Provider, details: Details, accountId: string, reuse: boolean): Promise<string> {
  const requested = String(details.params.scope ?? '')
    .split(' ')
    .filter(Boolean);
  // A new sign-in starts a new grant (a new session_id); a consent-only round extends the current one.
  const existingId = reuse ? details.grantId : undefined;
  const grant =
    (existingId && (await provider.Grant.find(existingId))) ||
    new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  // The API scope is also a registered (static) scope, so the grant carries it on both sides.
  const oidc = requested.filter((s) => oidcScopes.includes(s) || s === apiResource.scope);
  if (oidc.length) grant.addOIDCScope(oidc.join(' '));
  const resourceScopes = requested.filter((s) => resourceServerInfo.scope.split(' ').includes(s));
  if (resourceScopes.length) grant.addResourceScope(apiResource.indicator, resourceScopes.join(' '));
  return grant.save();
}

/** Captcha settings of the login page for a tenant, or null when the page asks for none. */
async function captchaOf(ctx: AppContext, tenantId: string | null): Promise<LoginPage['captcha']> {
  if (!(await captchaRequired(ctx, tenantId, 'Login'))) return null;
  const get = (name: string) => ctx.settings.getValue(`Abp.Account.Captcha.${name}`, { tenantId }).catch(() => null);
  return { siteKey: (await get('SiteKey')) ?? '', version: (await get('Version')) ?? '3' };
}

/** Google's script and frame origins, allowed on a login page that shows the reCAPTCHA widget. */
export function allowCaptcha(reply: FastifyReply): void {
  const google = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
  // The form may post where the page's policy already allowed (this server, the client's origin).
  const current = reply.getHeader('content-security-policy');
  const formAction = (typeof current === 'string' && /form-action ([^;]*)/.exec(current)?.[1]) || "'self'";
  reply.header(
    'content-security-policy',
    `default-src 'self';script-src 'self' ${google};frame-src ${google};style-src 'self';img-src 'self' data:;connect-src 'self' ${google};object-src 'none';frame-ancestors 'none';base-uri 'self';form-action ${formAction}`,
  );
}

/**
 * Ends a login interaction for a signed-in user (password, and second factor when needed): the
 * grant and identity session are created, the tenant cookie follows the user, the browser returns
 * to the authorization endpoint.
 */
export async function finishLogin(
  provider: Provider,
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Details,
  user: UserRow,
  rememberMe: boolean,
) {
  const clientId = String(interaction.params.client_id);
  const consentType = await consentTypeOf(ctx, clientId);
  if (!(await consentGiven(ctx, consentType, clientId, user.id, requestedScopes(interaction)))) {
    // Signed in; consent stays with the consent prompt (the page, or a refusal for external).
    const url = await provider.interactionResult(request.raw, reply.raw, { login: { accountId: user.id, remember: rememberMe } });
    return reply.redirect(url, 303);
  }
  const grantId = await grantRequested(provider, interaction, user.id, false);
  await createIdentitySession(ctx, {
    sessionId: grantId,
    userId: user.id,
    tenantId: user.tenantId,
    clientId,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    rememberMe,
  });
  if (user.tenantId) reply.setCookie('__tenant', user.tenantId, { path: '/', sameSite: 'lax', httpOnly: false });
  else if (request.cookies?.__tenant) reply.clearCookie('__tenant', { path: '/' });
  const url = await provider.interactionResult(request.raw, reply.raw, {
    login: { accountId: user.id, remember: rememberMe },
    consent: { grantId },
  });
  return reply.redirect(url, 303);
}

/**
 * The interaction's pages post forms whose answer ends in a redirect to the client's redirect URI
 * (already checked by oidc-provider against the registered ones); Chromium applies the CSP's
 * form-action to that redirect too, so the page allows the client's origin as well as this server.
 */
export function allowFormActionTo(reply: FastifyReply, interaction: Details): void {
  const origin = URL.parse(String(interaction.params.redirect_uri ?? ''))?.origin;
  const csp = reply.getHeader('content-security-policy');
  if (!origin || origin === 'null' || typeof csp !== 'string') return;
  reply.header(
    'content-security-policy',
    csp.replace(/form-action ([^;]*)/, (_all, list: string) => `form-action ${list} ${origin}`),
  );
}

/** An HTML page of the login screens (never cached: each carries an interaction). */
export const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** No live interaction (or not this one): the login request has expired; in the texts the request's host or tenant edited. */
export async function invalidLoginRequest(ctx: AppContext, reply: FastifyReply, culture: string) {
  const texts: PageTexts = { culture, overrides: await textOverrides(ctx, reply.request.tenant?.id ?? null, culture) };
  return sendHtml(
    reply,
    400,
    renderMessagePage(culture, {
      title: pageText(texts, 'InvalidLoginRequest'),
      message: pageText(texts, 'LoginRequestExpired'),
      alert: true,
    }),
  );
}

export function interactionRoutes(provider: Provider, ctx: AppContext) {
  const details = (request: FastifyRequest, reply: FastifyReply) => provider.interactionDetails(request.raw, reply.raw).catch(() => null);

  /** The consent prompt: granted at once when the consent type allows it, else the page (or a refusal for external). */
  async function finishConsent(request: FastifyRequest, reply: FastifyReply, interaction: Details, decision?: string) {
    const accountId = interaction.session?.accountId;
    const account = accountId ? await loadAccount(ctx, accountId) : undefined;
    if (!account) return reply.redirect(await provider.interactionResult(request.raw, reply.raw, { error: 'login_required' }), 303);
    const clientId = String(interaction.params.client_id);
    const consentType = await consentTypeOf(ctx, clientId);
    const requested = requestedScopes(interaction);
    const asks = consentType === 'explicit' || consentType === 'systematic';
    if (decision === 'deny' && asks) {
      const denied = { error: 'access_denied', error_description: 'the user denied the consent' };
      return reply.redirect(await provider.interactionResult(request.raw, reply.raw, denied), 303);
    }
    if (decision === 'allow' && asks) {
      if (consentType === 'explicit') await rememberConsent(ctx, clientId, account.user.id, requested);
    } else if (!(await consentGiven(ctx, consentType, clientId, account.user.id, requested))) {
      if (!asks) {
        const error = {
          error: 'access_denied',
          error_description: 'consent_required: this application must be authorized by an administrator',
        };
        return reply.redirect(await provider.interactionResult(request.raw, reply.raw, error), 303);
      }
      const culture = cultureFor(request, interaction);
      const texts: PageTexts = { culture, overrides: await textOverrides(ctx, account.user.tenantId, culture) };
      const application = await findApplication(ctx, clientId);
      allowFormActionTo(reply, interaction);
      const html = await renderConsentPage(ctx, texts, {
        uid: interaction.uid,
        clientName: application?.displayName || clientId,
        scopes: requested,
        remembered: consentType === 'explicit',
      });
      return sendHtml(reply, 200, html);
    }
    const grantId = await grantRequested(provider, interaction, account.accountId, true);
    await createIdentitySession(ctx, {
      sessionId: grantId,
      userId: account.user.id,
      tenantId: account.user.tenantId,
      clientId: String(interaction.params.client_id),
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      rememberMe: false,
    });
    const url = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply.redirect(url, 303);
  }

  return async (app: FastifyInstance) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.get(
      stylesheetPath,
      { config: routeConfig, schema: { hide: true, response: { 200: { type: 'string' } } } },
      async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/css; charset=utf-8').send(stylesheet),
    );

    app.get(
      logoutScriptPath,
      { config: routeConfig, schema: { hide: true, response: { 200: { type: 'string' } } } },
      async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(logoutScript),
    );

    // reCAPTCHA v3 on the login form: a token is fetched on submit and put in the hidden field.
    app.get(
      '/Account/captcha.js',
      { config: routeConfig, schema: { hide: true, response: { 200: { type: 'string' } } } },
      async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(captchaScript),
    );

    app.get(loginPath, { config: routeConfig, schema: pageSchema }, async (request, reply) => {
      // Without a uid this is not an authorization's login step but the SPA's own /account/login
      // (routes match case-insensitively), reached directly or with ?returnUrl: the SPA answers it.
      if (!(request.query as Record<string, string | undefined>).uid) return reply.callNotFound();
      const interaction = await details(request, reply);
      const culture = cultureFor(request, interaction);
      if (!interaction) return invalidLoginRequest(ctx, reply, culture);
      if (interaction.prompt.name === 'consent') return finishConsent(request, reply, interaction);
      allowFormActionTo(reply, interaction);
      const tenant = request.tenant;
      const page: LoginPage = {
        uid: interaction.uid,
        userNameOrEmailAddress: String(interaction.params.login_hint ?? ''),
        rememberMe: false,
        tenantName: tenant?.name ?? '',
        currentTenant: tenant?.name ?? null,
        errors: [],
        fieldErrors: {},
        localLoginDisabled: !(await isLocalLoginEnabled(ctx, tenant?.id ?? null)),
        captcha: await captchaOf(ctx, tenant?.id ?? null),
        languages: await enabledLanguages(ctx, tenant?.id ?? null),
        // The texts the host or tenant edited in language management, as application-localization serves them.
        overrides: await textOverrides(ctx, tenant?.id ?? null, culture),
      };
      if (page.captcha) allowCaptcha(reply);
      return sendHtml(reply, 200, renderLoginPage(culture, page));
    });

    app.post(
      loginPath,
      {
        config: routeConfig,
        schema: {
          ...pageSchema,
          body: {
            type: 'object',
            properties: Object.fromEntries(
              [
                'uid',
                'culture',
                'tenant',
                'userNameOrEmailAddress',
                'password',
                'rememberMe',
                'captchaResponse',
                'g-recaptcha-response',
                'decision',
              ].map((k) => [k, { type: 'string', maxLength: 1024 }]),
            ),
          },
        },
      },
      async (request, reply) => {
        const body = (request.body ?? {}) as Body;
        const interaction = await details(request, reply);
        const culture = cultureFor(request, interaction, body);
        // The consent page's Allow or Deny (consent.ts), for this very interaction only.
        if (interaction && body.uid === interaction.uid && interaction.prompt.name === 'consent' && body.decision)
          return finishConsent(request, reply, interaction, body.decision);
        if (!interaction || body.uid !== interaction.uid || interaction.prompt.name !== 'login')
          return invalidLoginRequest(ctx, reply, culture);
        allowFormActionTo(reply, interaction);

        const tenantName = body.tenant?.trim() ?? '';
        const userName = body.userNameOrEmailAddress?.trim() ?? '';
        const texts: PageTexts = { culture, overrides: await textOverrides(ctx, request.tenant?.id ?? null, culture) };
        const page: LoginPage = {
          uid: interaction.uid,
          userNameOrEmailAddress: userName,
          rememberMe: body.rememberMe === 'true',
          tenantName,
          currentTenant: request.tenant?.name ?? null,
          errors: [],
          fieldErrors: {},
          languages: await enabledLanguages(ctx, request.tenant?.id ?? null),
          overrides: texts.overrides,
        };
        let tenant: TenantInfo | null = null;
        if (tenantName) {
          tenant = await ctx.tenants.findByName(tenantName);
          if (!tenant?.isActive) {
            page.fieldErrors.tenant = pageText(texts, 'GivenTenantIsNotAvailable', tenantName);
            page.errors.push(page.fieldErrors.tenant);
            return sendHtml(reply, 400, renderLoginPage(culture, page));
          }
        }
        page.currentTenant = tenant?.name ?? null;
        if (!(await isLocalLoginEnabled(ctx, tenant?.id ?? null))) {
          return sendHtml(reply, 400, renderLoginPage(culture, { ...page, localLoginDisabled: true }));
        }
        for (const [name, label] of [
          ['userNameOrEmailAddress', 'UserNameOrEmailAddress'],
          ['password', 'Password'],
        ] as const) {
          if (!(name === 'password' ? body.password : userName)) {
            page.fieldErrors[name] = pageText(texts, 'ThisFieldIsRequired', pageText(texts, label));
            page.errors.push(page.fieldErrors[name]);
          }
        }
        page.captcha = await captchaOf(ctx, tenant?.id ?? null);
        if (page.captcha) allowCaptcha(reply);
        if (page.errors.length) return sendHtml(reply, 400, renderLoginPage(culture, page));

        const clientId = String(interaction.params.client_id);
        const at = signInLogContext(request, tenant, clientId);
        if (page.captcha) {
          try {
            await verifyCaptcha(ctx, tenant?.id ?? null, body.captchaResponse || body['g-recaptcha-response'], request.ip);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            await writeSignInLog(ctx, at, SecurityLogActions.LoginCaptchaFailed, { id: null, userName: userName.slice(0, 256) });
            page.errors.push(localizeWith(texts.overrides, culture, error.text));
            return sendHtml(reply, 400, renderLoginPage(culture, page));
          }
        }
        const result = await signIn(ctx, { ...at, userNameOrEmail: userName, password: body.password!, path: loginPath });
        if (!result.ok) {
          page.errors.push(pageText(texts, failureText[result.reason].replace(/^AbpAccount::/, '')));
          if (result.reason === 'TooManyRequests') reply.header('retry-after', String(result.retryAfter ?? 60));
          return sendHtml(reply, result.reason === 'TooManyRequests' ? 429 : 401, renderLoginPage(culture, page));
        }
        const providers = await signInProviders(ctx, result.user);
        if (providers && !isBrowserRemembered(ctx, result.user, request.cookies?.[rememberBrowserCookie])) {
          await writeSignInLog(ctx, at, SecurityLogActions.LoginRequiresTwoFactor, result.user, { providers });
          setPendingTwoFactor(ctx, reply, interaction.uid, result.user, page.rememberMe);
          return reply.redirect(`/Account/SendSecurityCode?uid=${encodeURIComponent(interaction.uid)}`, 303);
        }
        await completeSignIn(ctx, at, result.user, providers ? { twoFactorProvider: 'RememberedBrowser' } : undefined);
        return finishLogin(provider, ctx, request, reply, interaction, result.user, page.rememberMe);
      },
    );

    await twoFactorPageRoutes(provider, ctx)(app);
  };
}
