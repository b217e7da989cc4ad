// Setting definitions: name, default value, whether clients see it in application-configuration,
// whether it is stored sealed (AES-256-GCM via ctx.secrets) and which providers may hold a value
// (G global, T tenant, U user). Rules:
// - every value is a string; booleans are lowercase 'true'/'false', enums their .NET names;
// - secrets (passwords, site secrets, client secrets) are encrypted and never visible to clients;
// - host-only settings (e.g. the captcha verify URL, the periodic audit-log deleter) allow G alone.

export type SettingProviderName = 'G' | 'T' | 'U';

export interface SettingDefinition {
  name: string;
  defaultValue: string | null;
  isVisibleToClients: boolean;
  isEncrypted: boolean;
  providers: SettingProviderName[];
}

interface Options {
  visible?: boolean;
  encrypted?: boolean;
  providers?: SettingProviderName[];
}

const define = (name: string, defaultValue: string | null, options: Options = {}): SettingDefinition => ({
  name,
  defaultValue,
  isVisibleToClients: options.encrypted ? false : (options.visible ?? true),
  isEncrypted: options.encrypted ?? false,
  providers: options.providers ?? ['G', 'T'],
});

const hidden: Options = { visible: false };
const secret: Options = { encrypted: true };
const hostOnly: Options = { providers: ['G'] };

export const settingDefinitions: SettingDefinition[] = [
  // Localization and timing: a user may pick their own.
  define('Abp.Localization.DefaultLanguage', 'en', { providers: ['G', 'T', 'U'] }),
  define('Abp.Timing.TimeZone', 'UTC', { providers: ['G', 'T', 'U'] }),

  // Account (general, idle session, two-factor, captcha, external login, LDAP).
  define('Abp.Account.IsSelfRegistrationEnabled', 'true'),
  define('Abp.Account.EnableLocalLogin', 'true'),
  define('Abp.Account.PreventEmailEnumeration', 'false'),
  define('Abp.Account.Idle.Enabled', 'false'),
  define('Abp.Account.Idle.IdleTimeoutMinutes', '60'),
  define('Abp.Account.TwoFactor.IsRememberBrowserEnabled', 'true'),
  define('Abp.Account.Captcha.UseCaptchaOnLogin', 'false'),
  define('Abp.Account.Captcha.UseCaptchaOnRegistration', 'false'),
  define('Abp.Account.Captcha.UseCaptchaOnForgotPassword', 'false'),
  define('Abp.Account.Captcha.VerifyBaseUrl', 'https://www.google.com/', hostOnly),
  define('Abp.Account.Captcha.SiteKey', ''),
  define('Abp.Account.Captcha.SiteSecret', '', secret),
  define('Abp.Account.Captcha.Version', '3'),
  define('Abp.Account.Captcha.Score', '0.5'),
  define('Abp.Account.ExternalLogin.VerifyPasswordDuringExternalLogin', 'false'),
  /** JSON array of provider settings; secret properties inside are sealed by the account module. */
  define('Abp.Account.ExternalProviders', '[]', hidden),
  define('Abp.Account.EnableLdapLogin', 'false', hidden),
  define('Abp.Ldap.Ldaps', 'false', hidden),
  define('Abp.Ldap.ServerHost', '', hidden),
  define('Abp.Ldap.ServerPort', '389', hidden),
  define('Abp.Ldap.BaseDc', '', hidden),
  define('Abp.Ldap.Domain', '', hidden),
  define('Abp.Ldap.UserName', '', hidden),
  define('Abp.Ldap.Password', '', secret),

  // Identity (password policy, lockout, sign-in, user profile, two-factor, sessions, OAuth login).
  define('Abp.Identity.Password.RequiredLength', '6'),
  define('Abp.Identity.Password.RequiredUniqueChars', '1'),
  define('Abp.Identity.Password.RequireNonAlphanumeric', 'true'),
  define('Abp.Identity.Password.RequireLowercase', 'true'),
  define('Abp.Identity.Password.RequireUppercase', 'true'),
  define('Abp.Identity.Password.RequireDigit', 'true'),
  define('Abp.Identity.Password.ForceUsersToPeriodicallyChangePassword', 'false'),
  define('Abp.Identity.Password.PasswordChangePeriodDays', '0'),
  define('Abp.Identity.Password.EnablePreventPasswordReuse', 'false'),
  define('Abp.Identity.Password.PreventPasswordReuseCount', '6'),
  define('Abp.Identity.Lockout.AllowedForNewUsers', 'true'),
  define('Abp.Identity.Lockout.LockoutDuration', '300'),
  define('Abp.Identity.Lockout.MaxFailedAccessAttempts', '5'),
  define('Abp.Identity.SignIn.RequireConfirmedEmail', 'false'),
  define('Abp.Identity.SignIn.RequireEmailVerificationToRegister', 'false'),
  define('Abp.Identity.SignIn.EnablePhoneNumberConfirmation', 'true'),
  define('Abp.Identity.SignIn.RequireConfirmedPhoneNumber', 'false'),
  define('Abp.Identity.User.IsUserNameUpdateEnabled', 'true'),
  define('Abp.Identity.User.IsEmailUpdateEnabled', 'true'),
  define('Abp.Identity.TwoFactor.Behaviour', 'Optional'),
  define('Abp.Identity.TwoFactor.UsersCanChange', 'true'),
  define('Abp.Identity.Session.PreventConcurrentLogin', 'Disabled'),
  define('Abp.Identity.EnableOAuthLogin', 'false', hidden),
  define('Abp.Identity.OAuthLogin.ClientId', '', hidden),
  define('Abp.Identity.OAuthLogin.ClientSecret', '', secret),
  define('Abp.Identity.OAuthLogin.Authority', '', hidden),
  define('Abp.Identity.OAuthLogin.Scope', 'openid profile email', hidden),
  define('Abp.Identity.OAuthLogin.RequireHttpsMetadata', 'true', hidden),
  define('Abp.Identity.OAuthLogin.ValidateIssuerName', 'true', hidden),
  define('Abp.Identity.OAuthLogin.ValidateEndpoints', 'true', hidden),

  // Mailing (the emailing settings screen; the SMTP password is sealed).
  define('Abp.Mailing.DefaultFromAddress', 'noreply@finance.local', hidden),
  define('Abp.Mailing.DefaultFromDisplayName', 'Finance Admin', hidden),
  define('Abp.Mailing.Smtp.Host', '127.0.0.1', hidden),
  define('Abp.Mailing.Smtp.Port', '25', hidden),
  define('Abp.Mailing.Smtp.UserName', '', hidden),
  define('Abp.Mailing.Smtp.Password', '', secret),
  define('Abp.Mailing.Smtp.Domain', '', hidden),
  define('Abp.Mailing.Smtp.EnableSsl', 'false', hidden),
  define('Abp.Mailing.Smtp.UseDefaultCredentials', 'true', hidden),

  // SaaS and audit logging.
  define('Volo.Saas.EnableTenantBasedConnectionStringManagement', 'true', { visible: false, providers: ['G'] }),
  define('Volo.AuditLogging.IsExpiredDeleterEnabled', 'false', hidden),
  define('Volo.AuditLogging.ExpiredDeleterPeriod', '0', hidden),
  define('Volo.AuditLogging.IsPeriodicDeleterEnabled', 'false', { visible: false, providers: ['G'] }),
];

const byName = new Map(settingDefinitions.map((d) => [d.name, d]));

export const findSetting = (name: string): SettingDefinition | undefined => byName.get(name);
