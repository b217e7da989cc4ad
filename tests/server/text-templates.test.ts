// Text templates (#19) through the real server, database and outbox: ABP's definitions and contents
// calls, a template refused on save with its line and column (nothing stored), per-culture and
// inline edits, restore to default, host/tenant isolation, the sandbox (no file access, no
// prototype access, bounded work), the preview, and the mail the product sends carrying the edited
// template in the recipient's language — falling back to the default (logged) when a stored
// template cannot be rendered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateDefinitionDto, TemplatePreviewDto, TextTemplateContentDto } from '../../contract/text-templates.ts';
import { exportJobs, textTemplateContents } from '../../server/db/schema/index.ts';
import { mailExportOutcome } from '../../server/jobs/audit-export.ts';
import { sendEmailSecurityCode } from '../../server/modules/account/two-factor.ts';
import { templateDefinitions } from '../../server/modules/text-templates/definitions.ts';
import { createUser, latestSecurityCode, outboxMails, readableMail } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, type ErrorBody, request, signIn, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let admin: Caller;
let acmeAdmin: Caller;
let acmeId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acmeAdmin = await signIn(server, 'admin', 'acme');
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

const base = '/api/text-template-management';
const reset = 'Abp.Account.PasswordResetLink';

async function lastMail(to: string) {
  const mail = (await outboxMails(server, to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return { ...mail, raw: readableMail(mail.raw) };
}

const save = (caller: Caller, templateName: string, content: string, cultureName: string | null = null, headers?: Record<string, string>) =>
  caller.call<TextTemplateContentDto & ErrorBody>('PUT', `${base}/template-contents`, { templateName, cultureName, content }, headers);
const contentOf = async (caller: Caller, templateName: string, cultureName = '') =>
  (await caller.call<TextTemplateContentDto>('GET', `${base}/template-contents?templateName=${templateName}&cultureName=${cultureName}`))
    .body;
const restore = (caller: Caller, templateName: string, cultureName: string | null = null) =>
  caller.call('PUT', `${base}/template-contents/restore-to-default`, { templateName, cultureName });
const forgot = (email: string, culture = 'en', tenant?: string) =>
  request(
    server,
    null,
    'POST',
    '/api/account/send-password-reset-code',
    { email, appName: 'Finance' },
    {
      'accept-language': culture,
      ...(tenant ? { __tenant: tenant } : {}),
    },
  );

describe('template definitions', () => {
  it("lists the product's templates with ABP's names, filters, sorts, pages and localizes", async () => {
    const all = await admin.call<{ totalCount: number; items: TemplateDefinitionDto[] }>(
      'GET',
      `${base}/template-definitions?maxResultCount=100`,
    );
    expect(all.status).toBe(200);
    expect(all.body.items.map((d) => d.name)).toEqual([
      'Abp.StandardEmailTemplates.Layout',
      'Abp.Account.EmailConfirmationLink',
      'Abp.Account.PasswordResetLink',
      'Abp.Account.EmailSecurityCode',
      'Finance.AuditLogging.ExportReady',
      'Finance.AuditLogging.ExportFailed',
      'Finance.Gdpr.PersonalDataReady',
    ]);
    const layout = all.body.items[0]!;
    expect(layout).toEqual({
      name: 'Abp.StandardEmailTemplates.Layout',
      displayName: 'E-mail layout',
      isLayout: true,
      layout: null,
      isInlineLocalized: true,
      defaultCultureName: null,
      renderEngine: 'Liquid',
      isNotSandboxedEngine: false,
    });
    expect(all.body.items.filter((d) => !d.isLayout).every((d) => d.layout === 'Abp.StandardEmailTemplates.Layout')).toBe(true);

    const filtered = await admin.call<{ totalCount: number; items: TemplateDefinitionDto[] }>(
      'GET',
      `${base}/template-definitions?filterText=password`,
    );
    expect(filtered.body.items.map((d) => d.name)).toEqual([reset]);
    const french = await admin.call<{ items: TemplateDefinitionDto[] }>(
      'GET',
      `${base}/template-definitions?filterText=r%C3%A9initialisation`,
      undefined,
      {
        'accept-language': 'fr',
      },
    );
    expect(french.body.items.map((d) => [d.name, d.displayName])).toEqual([[reset, 'Lien de réinitialisation du mot de passe']]);

    const paged = await admin.call<{ totalCount: number; items: TemplateDefinitionDto[] }>(
      'GET',
      `${base}/template-definitions?sorting=name%20desc&skipCount=1&maxResultCount=2`,
    );
    expect(paged.body.totalCount).toBe(7);
    expect(paged.body.items.map((d) => d.name)).toEqual(['Finance.AuditLogging.ExportReady', 'Finance.AuditLogging.ExportFailed']);
    expect((await admin.call('GET', `${base}/template-definitions?sorting=content`)).status).toBe(400);

    expect((await admin.call<TemplateDefinitionDto>('GET', `${base}/template-definitions/${reset}`)).body.displayName).toBe(
      'Password reset link',
    );
    const missing = await admin.call<ErrorBody>('GET', `${base}/template-definitions/Nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("There is no text template named 'Nope'.");
  });

  it('every default template parses and renders with its sample in the four languages', async () => {
    for (const definition of templateDefinitions) {
      for (const cultureName of ['en', 'ar', 'fr', 'hy']) {
        const preview = await admin.call<TemplatePreviewDto>('POST', `${base}/template-contents/preview`, {
          templateName: definition.name,
          cultureName,
          content: definition.defaultContent,
        });
        expect(preview.status, `${definition.name} ${cultureName}`).toBe(200);
        expect(preview.body.html).toContain(`lang="${cultureName}" dir="${cultureName === 'ar' ? 'rtl' : 'ltr'}"`);
        // No key is left untranslated: every {{ "Key" | L }} found its text.
        expect(preview.body.html).not.toMatch(/Mail:|:Body|:Action|:Footer|SecurityCodeEmail/);
      }
    }
  });
});

describe('template contents', () => {
  it('answers the default, refuses a template that does not parse with its position, and stores nothing', async () => {
    const initial = await contentOf(admin, reset);
    expect(initial.name).toBe(reset);
    expect(initial.cultureName).toBeNull();
    expect(initial.content).toContain('{{ "PasswordReset:Body" | L }}');

    const broken = await save(admin, reset, '<p>Hello</p>\n<p>{% if model.link %}open</p>');
    expect(broken.status).toBe(400);
    expect(broken.body.error.validationErrors).toEqual([
      {
        message: expect.stringMatching(/^The template cannot be used: line 2, column 4: tag \{% if model\.link %\} not closed/),
        members: ['content'],
      },
    ]);
    const unknownFilter = await save(admin, reset, '{{ model.link | shout }}', null, { 'accept-language': 'fr' });
    expect(unknownFilter.body.error.validationErrors![0]!.message).toMatch(
      /^Le modèle est inutilisable : ligne 1, colonne 1 : undefined filter: shout/,
    );
    expect((await contentOf(admin, reset)).content).toBe(initial.content);
    expect(await server.ctx.db.select().from(textTemplateContents)).toEqual([]);

    const unknownCulture = await save(admin, reset, '<p>x</p>', 'de');
    expect(unknownCulture.status).toBe(400);
    expect(unknownCulture.body.error.validationErrors![0]!.members).toEqual(['cultureName']);
    expect((await save(admin, 'Nope', '<p>x</p>')).status).toBe(404);
  });

  it('takes a content for a language the owner added in language management, right to left where it is', async () => {
    const created = await admin.call('POST', '/api/language-management/languages', {
      displayName: 'فارسی',
      cultureName: 'fa',
      uiCultureName: 'fa',
      flagIcon: null,
      isEnabled: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const preview = await admin.call<TemplatePreviewDto>('POST', `${base}/template-contents/preview`, {
      templateName: reset,
      cultureName: 'fa',
      content: '<p>سلام</p>',
    });
    expect(preview.body.html).toContain('<html lang="fa" dir="rtl">');
    expect((await save(admin, reset, '<p>سلام {{ model.userName }}</p>', 'fa')).status).toBe(200);
    expect((await contentOf(admin, reset, 'fa')).content).toBe('<p>سلام {{ model.userName }}</p>');
    // acme has no such language.
    expect((await save(acmeAdmin, reset, '<p>x</p>', 'fa')).status).toBe(400);
    expect((await restore(admin, reset, 'fa')).status).toBe(204);
  });

  it('is sandboxed: no file access, no prototype access, bounded work, every output escaped', async () => {
    for (const tag of ['{% include "server/config.ts" %}', '{% render "x" %}', '{% layout "x" %}']) {
      const refused = await save(admin, reset, tag);
      expect(refused.status, tag).toBe(400);
      expect(refused.body.error.validationErrors![0]!.message).toMatch(/line 1, column 1: tag "(include|render|layout)" not found/);
    }
    const bomb = await save(admin, reset, '{% for i in (1..100000000) %}{{ i }}{% endfor %}');
    expect(bomb.status).toBe(400);
    expect(bomb.body.error.validationErrors![0]!.message).toMatch(/line 1, column 1: memory alloc limit exceeded/);

    const preview = await admin.call<TemplatePreviewDto>('POST', `${base}/template-contents/preview`, {
      templateName: reset,
      content: '<p id="a">[{{ model.constructor }}][{{ model.__proto__ }}][{{ "<script>alert(1)</script>" }}][{{ "<b>ok</b>" | raw }}]</p>',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('<p id="a">[][][&lt;script&gt;alert(1)&lt;/script&gt;][<b>ok</b>]</p>');
    expect(preview.body.subject).toBe('Reset your password');
  });

  it('an edited template changes the next mail in the recipient language; restore brings the default back', async () => {
    await createUser(server, { userName: 'tpl.en', password: strongPassword });
    await createUser(server, { userName: 'tpl.fr', password: strongPassword });

    // A French content only: French recipients get it, English ones keep the default.
    const fr = await save(
      admin,
      reset,
      '<p>{{ "Mail:Greeting" | L: model.userName }} MARQUE-FR</p><p><a href="{{ model.link }}">ici</a></p>',
      'fr',
    );
    expect(fr.status).toBe(200);
    expect(fr.body).toMatchObject({ name: reset, cultureName: 'fr' });
    expect((await contentOf(admin, reset, 'fr')).content).toContain('MARQUE-FR');
    expect((await contentOf(admin, reset, 'en')).content).not.toContain('MARQUE-FR');

    expect((await forgot('tpl.fr@example.test', 'fr')).status).toBe(204);
    const frMail = await lastMail('tpl.fr@example.test');
    // The French subject (MIME-encoded in the header).
    expect(frMail.subject).toContain('initialisez_votre_mot_de_passe');
    expect(frMail.raw).toContain('Bonjour tpl.fr, MARQUE-FR');
    expect(frMail.raw).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/account\/reset-password\?userId=[^"]+&amp;resetToken=/);
    expect(frMail.raw).toMatch(/ici: http:\/\/127\.0\.0\.1:\d+\/account\/reset-password\?userId=\S+&resetToken=/);
    expect((await forgot('tpl.en@example.test', 'en')).status).toBe(204);
    const enMail = await lastMail('tpl.en@example.test');
    expect(enMail.raw).not.toContain('MARQUE-FR');
    expect(enMail.raw).toContain('We received a request to reset your password.');

    // The inline content serves every culture without its own content.
    expect((await save(admin, reset, '<p>INLINE-MARK {{ model.userName }}</p>')).status).toBe(200);
    await forgot('tpl.en@example.test', 'en');
    expect((await lastMail('tpl.en@example.test')).raw).toContain('INLINE-MARK tpl.en');
    await forgot('tpl.fr@example.test', 'fr');
    expect((await lastMail('tpl.fr@example.test')).raw).toContain('MARQUE-FR');

    // The layout is the same owner's.
    const layout = (await contentOf(admin, 'Abp.StandardEmailTemplates.Layout')).content;
    expect(
      (await save(admin, 'Abp.StandardEmailTemplates.Layout', layout.replace('{{ content | raw }}', 'LAYOUT-MARK {{ content | raw }}')))
        .status,
    ).toBe(200);
    await forgot('tpl.en@example.test', 'en');
    expect((await lastMail('tpl.en@example.test')).raw).toMatch(/LAYOUT-MARK <p>INLINE-MARK tpl\.en<\/p>/);

    expect((await restore(admin, reset, 'fr')).status).toBe(204);
    expect((await contentOf(admin, reset, 'fr')).content).toContain('INLINE-MARK');
    expect((await restore(admin, reset)).status).toBe(204);
    expect((await restore(admin, 'Abp.StandardEmailTemplates.Layout')).status).toBe(204);
    expect((await contentOf(admin, reset, 'fr')).content).toBe(templateDefinitions.find((d) => d.name === reset)!.defaultContent);
    await forgot('tpl.fr@example.test', 'fr');
    const restored = await lastMail('tpl.fr@example.test');
    expect(restored.raw).not.toMatch(/MARQUE-FR|INLINE-MARK|LAYOUT-MARK/);
    expect(restored.raw).toContain('Nous avons reçu une demande de réinitialisation');
  });

  it("a tenant's edit changes that tenant's mail only, and the host's edit the host's only", async () => {
    await createUser(server, { userName: 'tpl.host', password: strongPassword });
    await createUser(server, { userName: 'tpl.acme', password: strongPassword, tenantId: acmeId });

    expect((await save(acmeAdmin, reset, '<p>ACME-MARK {{ model.userName }}</p>')).status).toBe(200);
    expect((await contentOf(acmeAdmin, reset)).content).toContain('ACME-MARK');
    expect((await contentOf(admin, reset)).content).not.toContain('ACME-MARK');

    await forgot('tpl.acme@example.test', 'en', 'acme');
    expect((await lastMail('tpl.acme@example.test')).raw).toContain('ACME-MARK tpl.acme');
    await forgot('tpl.host@example.test', 'en');
    expect((await lastMail('tpl.host@example.test')).raw).not.toContain('ACME-MARK');

    expect((await save(admin, reset, '<p>HOST-MARK</p>')).status).toBe(200);
    await forgot('tpl.acme@example.test', 'en', 'acme');
    expect((await lastMail('tpl.acme@example.test')).raw).not.toContain('HOST-MARK');

    // The host restoring its own content leaves the tenant's edit in place.
    expect((await restore(admin, reset)).status).toBe(204);
    expect((await contentOf(acmeAdmin, reset)).content).toContain('ACME-MARK');
    expect((await restore(acmeAdmin, reset)).status).toBe(204);
    expect((await contentOf(acmeAdmin, reset)).content).not.toContain('ACME-MARK');
  });

  it('a text edited in language management is in the mail, for that side and culture only', async () => {
    await createUser(server, { userName: 'tpl.text', password: strongPassword });
    const path = '/api/language-management/language-texts/AbpAccount/en/PasswordReset:Subject';
    expect((await admin.call('PUT', `${path}?value=${encodeURIComponent('Edited subject')}`)).status).toBe(204);
    const body = '/api/language-management/language-texts/AbpAccount/en/PasswordReset:Footer';
    expect((await admin.call('PUT', `${body}?value=${encodeURIComponent('EDITED-FOOTER <b>')}`)).status).toBe(204);
    try {
      await forgot('tpl.text@example.test', 'en');
      const mail = await lastMail('tpl.text@example.test');
      expect(mail.subject).toBe('Edited subject');
      expect(mail.raw).toContain('<p>EDITED-FOOTER &lt;b&gt;</p>');
      await forgot('tpl.text@example.test', 'fr');
      expect((await lastMail('tpl.text@example.test')).raw).not.toContain('EDITED-FOOTER');
    } finally {
      await admin.call('PUT', `${path}/restore`);
      await admin.call('PUT', `${body}/restore`);
    }
    await forgot('tpl.text@example.test', 'en');
    expect((await lastMail('tpl.text@example.test')).subject).toBe('Reset your password');
  });

  it('a stored template that fails at send time falls back to the default and is logged; the mail is sent', async () => {
    await createUser(server, { userName: 'tpl.fallback', password: strongPassword });
    // Written around the save check (as an older version or a hand edit might have): it does not parse.
    await server.ctx.db.insert(textTemplateContents).values({ tenantId: null, name: reset, cultureName: '', content: '{% if %}' });
    const logged: unknown[] = [];
    const original = server.ctx.log.error;
    server.ctx.log.error = ((...args: unknown[]) => {
      logged.push(args);
    }) as typeof original;
    try {
      expect((await forgot('tpl.fallback@example.test', 'en')).status).toBe(204);
    } finally {
      server.ctx.log.error = original;
    }
    const mail = await lastMail('tpl.fallback@example.test');
    expect(mail.raw).toContain('We received a request to reset your password.');
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged[0])).toContain(reset);
    await restore(admin, reset);
  });

  it('the security-code mail is its template too', async () => {
    const id = await createUser(server, { userName: 'tpl.code', password: strongPassword });
    expect((await save(admin, 'Abp.Account.EmailSecurityCode', '<p>CODE-MARK {{ model.code }} ({{ model.minutes }})</p>')).status).toBe(
      200,
    );
    await sendEmailSecurityCode(
      server.ctx,
      {
        id,
        tenantId: null,
        userName: 'tpl.code',
        email: 'tpl.code@example.test',
        emailConfirmed: true,
        twoFactorEnabled: true,
        securityStamp: 'x',
      },
      { culture: 'en' },
    );
    const mail = await lastMail('tpl.code@example.test');
    expect(mail.subject).toBe('Your security code');
    const code = await latestSecurityCode(server, 'tpl.code@example.test');
    expect(mail.raw).toContain(`CODE-MARK ${code} (5)`);
    await restore(admin, 'Abp.Account.EmailSecurityCode');
  });

  it("mails an audit export's failure from its template, in the language it was started in, with the tenant's edit", async () => {
    const userId = await createUser(server, { userName: 'tpl.export', password: strongPassword, tenantId: acmeId });
    expect(
      (await save(acmeAdmin, 'Finance.AuditLogging.ExportFailed', '<p>ACME-EXPORT {{ "AuditExportFailed:Body" | L: model.fileName }}</p>'))
        .status,
    ).toBe(200);
    const [job] = await server.ctx.db
      .insert(exportJobs)
      .values({
        tenantId: acmeId,
        userId,
        kind: 'AuditLogs',
        status: 'Failed',
        fileName: `AuditLogs_tpl_${userId.slice(0, 8)}.xlsx`,
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    await mailExportOutcome(server.ctx, { tenantId: acmeId, userId }, 'fr', job!.id);
    const mail = await lastMail('tpl.export@example.test');
    expect(mail.raw).toContain(`ACME-EXPORT L'export ${job!.fileName} n'a pas pu être terminé.`);
    expect(mail.subject).toContain('chou');
    await restore(acmeAdmin, 'Finance.AuditLogging.ExportFailed');
  });

  it('is refused while the tenant has TextTemplateManagement.Enable off', async () => {
    const path = `${base}/template-definitions`;
    expect((await acmeAdmin.call('GET', path)).status).toBe(200);
    const off = await admin.call('PUT', `/api/feature-management/features?providerName=T&providerKey=${acmeId}`, {
      features: [{ name: 'TextTemplateManagement.Enable', value: 'false' }],
    });
    expect(off.status).toBe(204);
    try {
      expect((await acmeAdmin.call('GET', path)).status).toBe(403);
      expect((await save(acmeAdmin, reset, '<p>x</p>')).status).toBe(403);
      expect((await admin.call('GET', path)).status).toBe(200);
    } finally {
      await admin.call('DELETE', `/api/feature-management/features?providerName=T&providerKey=${acmeId}`);
    }
    expect((await acmeAdmin.call('GET', path)).status).toBe(200);
  });

  it('previews a layout around a sample mail, and needs EditContents', async () => {
    const preview = await admin.call<TemplatePreviewDto>('POST', `${base}/template-contents/preview`, {
      templateName: 'Abp.StandardEmailTemplates.Layout',
      cultureName: 'ar',
      content: '<main dir="{{ dir }}">{{ content | raw }}</main>',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toMatch(/^<main dir="rtl"><p>مرحباً jane\.doe،<\/p>/);
    const refused = await admin.call<ErrorBody>('POST', `${base}/template-contents/preview`, {
      templateName: reset,
      content: '{{ x | nope }}',
    });
    expect(refused.status).toBe(400);

    const reader = await createUser(server, { userName: 'tpl.reader', password: strongPassword });
    expect(reader).toBeTruthy();
    const anonymous = await request(server, null, 'GET', `${base}/template-definitions`);
    expect(anonymous.status).toBe(401);
    const plain = await signIn(server, 'tpl.reader', undefined, strongPassword);
    expect((await plain.call('GET', `${base}/template-definitions`)).status).toBe(403);
    expect((await plain.call('PUT', `${base}/template-contents`, { templateName: reset, content: 'x' })).status).toBe(403);
  });
});
