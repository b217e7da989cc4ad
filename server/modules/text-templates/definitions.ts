// The text templates of the mail the product sends, with ABP's names where our mail is ABP's
// (Abp.StandardEmailTemplates.Layout, Abp.Account.EmailConfirmationLink, PasswordResetLink,
// EmailSecurityCode) and our own names for our own mail. Rules:
// - every template is inline-localized (as ABP's are): one default content whose texts are
//   {{ "Key" | L }} in the template's resource, rendered in the recipient's culture; an
//   administrator may save one content for every culture or one per culture;
// - every mail template is placed in the layout (its {{ content | raw }}); the subject is a text of
//   the template's resource with the model's values;
// - `sample` is the model the preview renders with; the real mail passes the same fields;
// - Finance.Gdpr.PersonalDataReady is defined ahead of the personal-data feature (not built yet):
//   nothing sends it today; its model is what that feature will pass.
export interface TemplateDefinition {
  name: string;
  /** TextTemplateManagement::TextTemplate:<name>. */
  displayNameKey: string;
  isLayout: boolean;
  layout: string | null;
  isInlineLocalized: true;
  defaultCultureName: string | null;
  /** The resource of {{ "Key" | L }}. */
  resource: string;
  /** The subject: a key of `resource` and the model fields that fill its {0}, {1}. */
  subject: { key: string; params: string[] } | null;
  sample: Record<string, string | number>;
  defaultContent: string;
}

export const layoutTemplateName = 'Abp.StandardEmailTemplates.Layout';

// No inline styles: the mail reads well unstyled in every client, and the preview (a frame under
// the SPA's CSP, which refuses inline styles) shows exactly what is sent.
const paragraph = (inner: string) => `<p>${inner}</p>`;
// "Mail:Greeting" exists in both AbpAccount and TextTemplateManagement.
const greeting = paragraph('{{ "Mail:Greeting" | L: model.userName }}');
const button = (action: string) => paragraph(`<a href="{{ model.link }}">{{ "${action}" | L }}</a>`);
const linkLine = paragraph('{{ model.link }}');

const lines = (...parts: string[]) => `${parts.join('\n')}\n`;

const sampleLink = (path: string) => `https://finance.example.test${path}?userId=3a1c0000-0000-0000-0000-000000000001&token=sample`;

const definitions: TemplateDefinition[] = [
  {
    name: layoutTemplateName,
    displayNameKey: `TextTemplate:${layoutTemplateName}`,
    isLayout: true,
    layout: null,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'TextTemplateManagement',
    subject: null,
    sample: {},
    defaultContent: lines(
      '<!doctype html>',
      '<html lang="{{ culture }}" dir="{{ dir }}">',
      '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
      '<body>',
      '{{ content | raw }}',
      '</body>',
      '</html>',
    ),
  },
  {
    name: 'Abp.Account.EmailConfirmationLink',
    displayNameKey: 'TextTemplate:Abp.Account.EmailConfirmationLink',
    isLayout: false,
    layout: layoutTemplateName,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'AbpAccount',
    subject: { key: 'EmailConfirmation:Subject', params: [] },
    sample: { userName: 'jane.doe', link: sampleLink('/account/email-confirmation') },
    defaultContent: lines(
      greeting,
      paragraph('{{ "EmailConfirmation:Body" | L }}'),
      button('EmailConfirmation:Action'),
      linkLine,
      paragraph('{{ "EmailConfirmation:Footer" | L }}'),
    ),
  },
  {
    name: 'Abp.Account.PasswordResetLink',
    displayNameKey: 'TextTemplate:Abp.Account.PasswordResetLink',
    isLayout: false,
    layout: layoutTemplateName,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'AbpAccount',
    subject: { key: 'PasswordReset:Subject', params: [] },
    sample: { userName: 'jane.doe', link: sampleLink('/account/reset-password') },
    defaultContent: lines(
      greeting,
      paragraph('{{ "PasswordReset:Body" | L }}'),
      button('PasswordReset:Action'),
      linkLine,
      paragraph('{{ "PasswordReset:Footer" | L }}'),
    ),
  },
  {
    name: 'Abp.Account.EmailSecurityCode',
    displayNameKey: 'TextTemplate:Abp.Account.EmailSecurityCode',
    isLayout: false,
    layout: layoutTemplateName,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'AbpAccount',
    subject: { key: 'SecurityCodeEmailSubject', params: [] },
    sample: { userName: 'jane.doe', code: '123456', minutes: 5 },
    defaultContent: lines(
      greeting,
      paragraph('{{ "SecurityCodeEmailBody" | L: model.code, model.minutes }}'),
      paragraph('<strong>{{ model.code }}</strong>'),
    ),
  },
  {
    name: 'Finance.AuditLogging.ExportReady',
    displayNameKey: 'TextTemplate:Finance.AuditLogging.ExportReady',
    isLayout: false,
    layout: layoutTemplateName,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'TextTemplateManagement',
    subject: { key: 'AuditExportReady:Subject', params: [] },
    sample: {
      userName: 'jane.doe',
      fileName: 'AuditLogs_20260101.xlsx',
      expiresAt: '2026-01-02 10:00 UTC',
      link: 'https://finance.example.test/audit-logs',
    },
    defaultContent: lines(
      greeting,
      paragraph('{{ "AuditExportReady:Body" | L: model.fileName, model.expiresAt }}'),
      button('AuditExportReady:Action'),
    ),
  },
  {
    name: 'Finance.AuditLogging.ExportFailed',
    displayNameKey: 'TextTemplate:Finance.AuditLogging.ExportFailed',
    isLayout: false,
    layout: layoutTemplateName,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'TextTemplateManagement',
    subject: { key: 'AuditExportFailed:Subject', params: [] },
    sample: { userName: 'jane.doe', fileName: 'AuditLogs_20260101.xlsx', link: 'https://finance.example.test/audit-logs' },
    defaultContent: lines(greeting, paragraph('{{ "AuditExportFailed:Body" | L: model.fileName }}'), button('AuditExportReady:Action')),
  },
  {
    name: 'Finance.Gdpr.PersonalDataReady',
    displayNameKey: 'TextTemplate:Finance.Gdpr.PersonalDataReady',
    isLayout: false,
    layout: layoutTemplateName,
    isInlineLocalized: true,
    defaultCultureName: null,
    resource: 'TextTemplateManagement',
    subject: { key: 'PersonalDataReady:Subject', params: [] },
    sample: { userName: 'jane.doe', expiresAt: '2026-01-02 10:00 UTC', link: 'https://finance.example.test/account/personal-data' },
    defaultContent: lines(greeting, paragraph('{{ "PersonalDataReady:Body" | L: model.expiresAt }}'), button('PersonalDataReady:Action')),
  },
];

export const templateDefinitions: readonly TemplateDefinition[] = definitions;

const byName = new Map(definitions.map((d) => [d.name, d]));

export const findDefinition = (name: string): TemplateDefinition | undefined => byName.get(name);

export type MailTemplateName =
  | 'Abp.Account.EmailConfirmationLink'
  | 'Abp.Account.PasswordResetLink'
  | 'Abp.Account.EmailSecurityCode'
  | 'Finance.AuditLogging.ExportReady'
  | 'Finance.AuditLogging.ExportFailed'
  | 'Finance.Gdpr.PersonalDataReady';
