// Server-rendered pages of the identity server (login, logout confirmation, messages). Rules:
// - no inline script or style (strict CSP): one stylesheet served at /Account/login.css;
// - every value is HTML-escaped; texts come from the AbpAccount resource in the page's culture;
//   Arabic pages are dir="rtl";
// - accessible without script: labelled fields, an error summary with role="alert", invalid
//   fields marked aria-invalid and described by their message, the first invalid field autofocused.
import { findLanguage, languages, localize } from '../localization/index.ts';

export const stylesheetPath = '/Account/login.css';

const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const t = (culture: string, key: string, ...params: Array<string | number>) =>
  escapeHtml(localize(culture, `AbpAccount::${key}`, ...params));

function shell(culture: string, title: string, body: string, languageLinks = ''): string {
  const language = findLanguage(culture) ?? languages[0]!;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language.cultureName)}" dir="${language.isRightToLeft ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Finance</title>
<link rel="stylesheet" href="${stylesheetPath}">
</head>
<body>
<main class="account">
<div class="brand" aria-hidden="true">Finance</div>
<section class="card">
${body}
</section>
${languageLinks}
</main>
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
}

export function renderMessagePage(culture: string, page: MessagePage): string {
  const actions = (page.actions ?? [])
    .map(
      (a) =>
        `<button type="submit" form="${escapeHtml(a.form)}" class="${a.primary ? 'primary' : 'secondary'}"${a.name ? ` name="${escapeHtml(a.name)}" value="${escapeHtml(a.value ?? '')}"` : ''}>${escapeHtml(a.label)}</button>`,
    )
    .join('\n');
  return shell(
    culture,
    page.title,
    `<h1>${escapeHtml(page.title)}</h1>
<p${page.alert ? ' class="alert" role="alert"' : ''}>${escapeHtml(page.message)}</p>
${page.rawForm ?? ''}
${actions ? `<div class="actions">${actions}</div>` : ''}`,
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
}

function field(culture: string, page: LoginPage, name: LoginField, type: string, value: string, autofocus: boolean, extra = ''): string {
  const error = page.fieldErrors[name];
  const labelKey = name === 'userNameOrEmailAddress' ? 'UserNameOrEmailAddress' : name === 'password' ? 'Password' : 'TenantName';
  return `<div class="field">
<label for="${name}">${t(culture, labelKey)}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${extra}${autofocus ? ' autofocus' : ''}${
    error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
  }>
${error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export function renderLoginPage(culture: string, page: LoginPage): string {
  const title = localize(culture, 'AbpAccount::Login');
  const links = `<nav class="languages" aria-label="${t(culture, 'Languages')}"><ul>${languages
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
<div class="alert warning" role="alert"><strong>${t(culture, 'InvalidLoginRequest')}</strong>
<p>${t(culture, 'ThereAreNoLoginSchemesConfiguredForThisClient')}</p></div>`,
      links,
    );
  }
  const invalid = (['tenant', 'userNameOrEmailAddress', 'password'] as const).find((f) => page.fieldErrors[f]);
  const focus = invalid ?? (page.errors.length ? 'password' : 'userNameOrEmailAddress');
  const summary = page.errors.length
    ? `<div class="alert" role="alert" id="error-summary"><h2>${t(culture, 'ErrorSummaryTitle')}</h2><ul>${page.errors
        .map((e) => `<li>${escapeHtml(e)}</li>`)
        .join('')}</ul></div>`
    : '';
  const tenantNote = page.currentTenant ? t(culture, 'CurrentTenantIs', page.currentTenant) : t(culture, 'CurrentTenantIsHost');
  return shell(
    culture,
    title,
    `<h1>${escapeHtml(title)}</h1>
${summary}
<form method="post" action="/Account/Login?uid=${encodeURIComponent(page.uid)}" novalidate>
<input type="hidden" name="uid" value="${escapeHtml(page.uid)}">
<input type="hidden" name="culture" value="${escapeHtml(culture)}">
<fieldset class="tenant">
<legend>${t(culture, 'Tenant')}</legend>
<p class="hint" id="tenant-hint">${tenantNote}</p>
${field(culture, page, 'tenant', 'text', page.tenantName, focus === 'tenant', ' autocomplete="organization"')}
<p class="hint">${t(culture, 'TenantHint')}</p>
</fieldset>
${field(culture, page, 'userNameOrEmailAddress', 'text', page.userNameOrEmailAddress, focus === 'userNameOrEmailAddress', ' autocomplete="username" required')}
${field(culture, page, 'password', 'password', '', focus === 'password', ' autocomplete="current-password" required')}
<div class="check">
<input id="rememberMe" name="rememberMe" type="checkbox" value="true"${page.rememberMe ? ' checked' : ''}>
<label for="rememberMe">${t(culture, 'RememberMe')}</label>
</div>
<button type="submit" class="primary">${t(culture, 'Login')}</button>
</form>`,
    links,
  );
}
