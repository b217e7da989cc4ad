// Server-rendered pages of the identity server (login, logout confirmation, messages). Rules:
// - no inline script or style (strict CSP): one stylesheet served at /Account/login.css;
// - every value is HTML-escaped; texts come from the AbpAccount resource in the page's culture, with
//   the host's or tenant's edits from language management laid over them (as application-localization);
//   Arabic pages are dir="rtl";
// - accessible without script: labelled fields, an error summary with role="alert", invalid
//   fields marked aria-invalid and described by their message, the first invalid field autofocused.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLanguage, languages, localizeWith, type TextOverrides } from '../localization/index.ts';
import { canonicalCulture, isRightToLeftCulture } from '../modules/language-management/cultures.ts';

export const stylesheetPath = '/Account/login.css';
/** The product's name, as the SPA's title and top bar show it. */
const productName = 'Finance Admin';
/** Submits the sign-out form of a first-party app's sign-out (provider-config.ts logoutSource). */
export const logoutScriptPath = '/Account/logout.js';

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a page's texts are read in: its culture, and the host's or tenant's edits of that culture (resource -> key -> value). */
export type PageTexts = { culture: string; overrides?: TextOverrides };

/** "AbpAccount::key" in the page's culture: an edit from language management first, else the shipped text (ABP's {0} placeholders). */
export function pageText(texts: PageTexts, key: string, ...params: Array<string | number>): string {
  return localizeWith(texts.overrides, texts.culture, `AbpAccount::${key}`, ...params);
}

const t = (texts: PageTexts, key: string, ...params: Array<string | number>) => escapeHtml(pageText(texts, key, ...params));

/**
 * `<link rel="prefetch">` for the SPA files a signed-in first screen needs beyond the entry, as the
 * build lists them (scripts/sign-in-prefetch.ts, issue 18): fetched at idle priority while the user
 * fills the form, so the page the sign-in returns to finds them in the HTTP cache. Read again only
 * when the build rewrites the list; none when the SPA is not built or not served (SERVE_SPA=false),
 * and only hashed `/assets/` files.
 */
let prefetch: { modified: number; links: string } | undefined;
export function spaPrefetchLinks(): string {
  if (process.env.SERVE_SPA === 'false') return '';
  const distDir = process.env.SPA_DIST_DIR
    ? path.resolve(process.env.SPA_DIST_DIR)
    : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');
  const list = path.join(distDir, 'sign-in-prefetch.json');
  try {
    const modified = fs.statSync(list).mtimeMs;
    if (prefetch?.modified !== modified) {
      const { files } = JSON.parse(fs.readFileSync(list, 'utf8')) as { files?: unknown };
      const links = (Array.isArray(files) ? files : [])
        .filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+\.(js|css)$/.test(file))
        .map((file) => `\n<link rel="prefetch" href="${escapeHtml(file)}">`)
        .join('');
      prefetch = { modified, links };
    }
    return prefetch.links;
  } catch {
    // No build (server tests) or an unreadable list: nothing to prefetch.
    return '';
  }
}

export function shell(culture: string, title: string, body: string, languageLinks = ''): string {
  // A culture language management added (af, fa, ...) is named as it is, its direction from ICU.
  const lang = canonicalCulture(culture) ?? (findLanguage(culture) ?? languages[0]!).cultureName;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}" dir="${isRightToLeftCulture(lang) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - ${productName}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<main class="account">
<div class="brand" aria-hidden="true">${productName}</div>
<section class="card">
${body}
</section>
${languageLinks}
</main>${spaPrefetchLinks()}
</body>
</html>`;
}

export interface MessagePage {
  title: string;
  message: string;
  alert?: boolean;
  /** A form rendered by oidc-provider (hidden fields only), trusted markup. */
  rawForm?: string;
  actions?: Array<{ label: string; name?: string; value?: string; form: string; primary?: boolean }>;
  /** Plain links shown with the actions (a Cancel that leaves without submitting anything). */
  links?: Array<{ label: string; href: string }>;
  /** A script of this server's (the CSP allows no inline script), loaded after the page. */
  scriptSrc?: string;
}

export function renderMessagePage(culture: string, page: MessagePage): string {
  const actions = (page.actions ?? [])
    .map(
      (a) =>
        `<button type="submit" form="${escapeHtml(a.form)}" class="${a.primary ? 'primary' : 'secondary'}"${a.name ? ` name="${escapeHtml(a.name)}" value="${escapeHtml(a.value ?? '')}"` : ''}>${escapeHtml(a.label)}</button>`,
    )
    .join('\n');
  const links = (page.links ?? [])
    .map((link) => `<a class="button secondary" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`)
    .join('\n');
  const buttons = [actions, links].filter(Boolean).join('\n');
  return shell(
    culture,
    page.title,
    `<h1>${escapeHtml(page.title)}</h1>
<p${page.alert ? ' class="alert" role="alert"' : ''}>${escapeHtml(page.message)}</p>
${page.rawForm ?? ''}
${buttons ? `<div class="actions">${buttons}</div>` : ''}
${page.scriptSrc ? `<script src="${escapeHtml(page.scriptSrc)}"></script>` : ''}`,
  );
}

export type LoginField = 'userNameOrEmailAddress' | 'password' | 'tenant';

export interface LoginPage {
  uid: string;
  userNameOrEmailAddress: string;
  rememberMe: boolean;
  tenantName: string;
  /** The tenant the page currently signs into (null = host). */
  currentTenant: string | null;
  errors: string[];
  fieldErrors: Partial<Record<LoginField, string>>;
  /** Abp.Account.EnableLocalLogin is false: warn instead of showing the form. */
  localLoginDisabled?: boolean;
  /** Abp.Account.Captcha.UseCaptchaOnLogin: the reCAPTCHA widget (version '2' or '3') with its site key. */
  captcha?: { siteKey: string; version: string } | null;
  /** The language links: the enabled languages of the host or tenant (language management); the shipped four when absent. */
  languages?: ReadonlyArray<{ cultureName: string; displayName: string }>;
  /** The host's or tenant's edited texts in the page's culture (language management's textOverrides). */
  overrides?: PageTexts['overrides'];
}

/** The reCAPTCHA widget: v2 renders the checkbox; v3 fills a hidden field on submit (/Account/captcha.js). */
function captchaMarkup(page: LoginPage): string {
  if (!page.captcha) return '';
  const key = escapeHtml(page.captcha.siteKey);
  return page.captcha.version === '2'
    ? `<div class="g-recaptcha" data-sitekey="${key}"></div>
<script src="https://www.google.com/recaptcha/api.js" async defer></script>`
    : `<input type="hidden" name="captchaResponse" id="captchaResponse" data-sitekey="${key}">
<script src="https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(page.captcha.siteKey)}"></script>
<script src="/Account/captcha.js"></script>`;
}

function field(texts: PageTexts, page: LoginPage, name: LoginField, type: string, value: string, autofocus: boolean, extra = ''): string {
  const error = page.fieldErrors[name];
  const labelKey = name === 'userNameOrEmailAddress' ? 'UserNameOrEmailAddress' : name === 'password' ? 'Password' : 'TenantName';
  return `<div class="field">
<label for="${name}">${t(texts, labelKey)}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${extra}${autofocus ? ' autofocus' : ''}${
    error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
  }>
${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export function renderLoginPage(culture: string, page: LoginPage): string {
  const texts: PageTexts = { culture, overrides: page.overrides };
  const title = pageText(texts, 'Login');
  const links = `<nav class="languages" aria-label="${t(texts, 'Languages')}"><ul>${(page.languages ?? languages)
    .map(
      (l) =>
        `<li><a href="?uid=${encodeURIComponent(page.uid)}&amp;ui-culture=${l.cultureName}" lang="${l.cultureName}" hreflang="${l.cultureName}"${
          l.cultureName === culture ? ' aria-current="true"' : ''
        }>${escapeHtml(l.displayName)}</a></li>`,
    )
    .join('')}</ul></nav>`;
  if (page.localLoginDisabled) {
    return shell(
      culture,
      title,
      `<h1>${escapeHtml(title)}</h1>
<div class="alert warning" role="alert"><strong>${t(texts, 'InvalidLoginRequest')}</strong>
<p>${t(texts, 'ThereAreNoLoginSchemesConfiguredForThisClient')}</p></div>`,
      links,
    );
  }
  const invalid = (['tenant', 'userNameOrEmailAddress', 'password'] as const).find((f) => page.fieldErrors[f]);
  const focus = invalid ?? (page.errors.length ? 'password' : 'userNameOrEmailAddress');
  const summary = page.errors.length
    ? `<div class="alert" role="alert" id="error-summary"><h2>${t(texts, 'ErrorSummaryTitle')}</h2><ul>${page.errors
        .map((e) => `<li>${escapeHtml(e)}</li>`)
        .join('')}</ul></div>`
    : '';
  const tenantNote = page.currentTenant ? t(texts, 'CurrentTenantIs', page.currentTenant) : t(texts, 'CurrentTenantIsHost');
  return shell(
    culture,
    title,
    `<h1>${escapeHtml(title)}</h1>
${summary}
<form method="post" action="/Account/Login?uid=${encodeURIComponent(page.uid)}" id="login-form" novalidate>
<input type="hidden" name="uid" value="${escapeHtml(page.uid)}">
<input type="hidden" name="culture" value="${escapeHtml(culture)}">
<fieldset class="tenant">
<legend>${t(texts, 'Tenant')}</legend>
<p class="hint" id="tenant-hint">${tenantNote}</p>
${field(texts, page, 'tenant', 'text', page.tenantName, focus === 'tenant', ' autocomplete="organization"')}
<p class="hint">${t(texts, 'TenantHint')}</p>
</fieldset>
${field(texts, page, 'userNameOrEmailAddress', 'text', page.userNameOrEmailAddress, focus === 'userNameOrEmailAddress', ' autocomplete="username" required')}
${field(texts, page, 'password', 'password', '', focus === 'password', ' autocomplete="current-password" required')}
<div class="check">
<input id="rememberMe" name="rememberMe" type="checkbox" value="true"${page.rememberMe ? ' checked' : ''}>
<label for="rememberMe">${t(texts, 'RememberMe')}</label>
</div>
${captchaMarkup(page)}
<button type="submit" class="primary">${t(texts, 'Login')}</button>
</form>`,
    links,
  );
}

export interface TwoFactorPage {
  uid: string;
  step: 'choose' | 'verify' | 'recovery';
  providers: string[];
  provider?: string;
  rememberBrowserEnabled?: boolean;
  rememberBrowser?: boolean;
  errors: string[];
  notice?: string;
  /** The host's or tenant's edited texts in the page's culture (language management's textOverrides). */
  overrides?: PageTexts['overrides'];
}

const providerLabel = (texts: PageTexts, provider: string) =>
  provider === 'Authenticator' ? t(texts, 'AuthenticatorApp') : provider === 'Email' ? t(texts, 'Email') : escapeHtml(provider);

/** The second step of a login that needs a second factor: choose a provider, enter a code, or use a recovery code. */
export function renderTwoFactorPage(culture: string, page: TwoFactorPage): string {
  const texts: PageTexts = { culture, overrides: page.overrides };
  const title = pageText(texts, page.step === 'recovery' ? 'LoginWithRecoveryCode' : 'TwoFactorVerification');
  const uid = encodeURIComponent(page.uid);
  const summary = page.errors.length
    ? `<div class="alert" role="alert" id="error-summary"><ul>${page.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul></div>`
    : '';
  const notice = page.notice ? `<p class="hint" role="status">${escapeHtml(page.notice)}</p>` : '';
  const recoveryLink = `<p><a href="/Account/LoginWithRecoveryCode?uid=${uid}">${t(texts, 'LoginWithRecoveryCode')}</a></p>`;
  const hidden = `<input type="hidden" name="uid" value="${escapeHtml(page.uid)}">
<input type="hidden" name="culture" value="${escapeHtml(culture)}">`;
  const invalid = page.errors.length ? ' aria-invalid="true" aria-describedby="error-summary"' : '';
  let body: string;
  if (page.step === 'choose') {
    body = `<form method="post" action="/Account/SendSecurityCode?uid=${uid}" novalidate>
${hidden}
<fieldset class="providers">
<legend>${t(texts, 'SelectTwoFactorProvider')}</legend>
${page.providers
  .map(
    (p, i) => `<div class="check">
<input type="radio" id="provider-${escapeHtml(p)}" name="provider" value="${escapeHtml(p)}"${i === 0 ? ' checked autofocus' : ''}>
<label for="provider-${escapeHtml(p)}">${providerLabel(texts, p)}</label>
</div>`,
  )
  .join('\n')}
</fieldset>
<button type="submit" class="primary">${t(texts, 'SendSecurityCode')}</button>
</form>
${recoveryLink}`;
  } else if (page.step === 'verify') {
    body = `${notice}
<form method="post" action="/Account/VerifySecurityCode?uid=${uid}" novalidate>
${hidden}
<input type="hidden" name="provider" value="${escapeHtml(page.provider ?? '')}">
<div class="field">
<label for="code">${t(texts, 'SecurityCode')}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="10" required autofocus${invalid}>
</div>
${
  page.rememberBrowserEnabled
    ? `<div class="check">
<input id="rememberBrowser" name="rememberBrowser" type="checkbox" value="true"${page.rememberBrowser ? ' checked' : ''}>
<label for="rememberBrowser">${t(texts, 'RememberBrowser')}</label>
</div>`
    : ''
}
<button type="submit" class="primary">${t(texts, 'Verify')}</button>
</form>
<p><a href="/Account/SendSecurityCode?uid=${uid}">${t(texts, 'ChooseAnotherProvider')}</a></p>
${recoveryLink}`;
  } else {
    body = `<p class="hint">${t(texts, 'RecoveryCodeHint')}</p>
<form method="post" action="/Account/LoginWithRecoveryCode?uid=${uid}" novalidate>
${hidden}
<div class="field">
<label for="recoveryCode">${t(texts, 'RecoveryCode')}</label>
<input id="recoveryCode" name="recoveryCode" type="text" autocomplete="off" maxlength="20" required autofocus${invalid}>
</div>
<button type="submit" class="primary">${t(texts, 'Login')}</button>
</form>
<p><a href="/Account/SendSecurityCode?uid=${uid}">${t(texts, 'TwoFactorVerification')}</a></p>`;
  }
  return shell(culture, title, `<h1>${escapeHtml(title)}</h1>\n${summary}\n${body}`);
}
