// Text templates (#19; spec 2.2, 6, ABP contract 7.7) against the real server, keyboard only: an
// administrator opens the password-reset template, sees its live preview (server-rendered, in a
// sandboxed frame), meets a template that does not parse (the preview and the save name its line and
// column), saves an edited one, and the next reset e-mail (read from the outbox) carries the change;
// a French content on its own tab reaches French recipients only; Restore to default brings the
// default mail back; a language added in language management gets its own tab. Axe is clean in light
// and dark (list and editor); Arabic is right to left.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, outboxMails, readableMail } from '../kit/auth.ts';
import { dataRows, identitySpec, rowAction, screenshots, searchFor, tabTo } from './identity-helpers.ts';
import { expectAxeCleanInLightAndDark } from './shell-helpers.ts';

const spec = identitySpec();
const { api } = spec;

const table = (page: Page) => page.getByRole('table', { name: 'Text templates' });
/** Puts the password-reset template back to its defaults (every culture), through the API. */
async function restoreDefaults() {
  for (const cultureName of [null, 'en', 'ar', 'fr', 'hy']) {
    const answer = await api('PUT', '/api/text-template-management/template-contents/restore-to-default', {
      templateName: 'Abp.Account.PasswordResetLink',
      cultureName,
    });
    expect(answer.status).toBe(204);
  }
}

const openScreen = () =>
  spec.openScreen('/text-template-management/text-templates', 'Text templates', (page) => dataRows(table(page)).first());

/** The latest mail to `to`, as a reader sees it. */
async function lastMail(to: string): Promise<string> {
  const mail = (await outboxMails(spec.server, to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return readableMail(mail.raw);
}

const forgotPassword = (email: string, culture = 'en') =>
  fetch(`${spec.server.url}/api/account/send-password-reset-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': culture },
    body: JSON.stringify({ email, appName: 'Finance' }),
  });

async function openEditor(page: Page) {
  await searchFor(page, table(page), 'password');
  await rowAction(page, table(page), 'Password reset link', 'Edit');
  const dialog = page.getByRole('dialog', { name: 'Edit contents' });
  await dialog.waitFor();
  return dialog;
}

describe('text templates screen', () => {
  it('edits the password-reset template with a live preview, and the next reset e-mail carries the change', async () => {
    await createUser(spec.server, { userName: 'e2e.reset', password: '1q2w3E*' });
    const { page, problems } = await openScreen();
    const dialog = await openEditor(page);
    const content = dialog.getByRole('textbox', { name: 'Content: All languages' });
    await expect.poll(() => content.inputValue()).toContain('{{ "PasswordReset:Body" | L }}');

    // The preview: the server's rendering with sample data, in a frame that may run nothing.
    const frame = dialog.locator('iframe[title="Preview: All languages"]');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    await expect
      .poll(() => frame.contentFrame().getByText('We received a request to reset your password.', { exact: false }).count())
      .toBe(1);
    await frame.contentFrame().getByText('Hello jane.doe,').waitFor();

    // A template that does not parse: the preview says where, and so does the save.
    await tabTo(page, content);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('<p>Hello</p>\n{% if model.link %}');
    await dialog.getByRole('alert').filter({ hasText: 'line 2, column 1' }).waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.getByText('The template cannot be used: line 2, column 1: tag {% if model.link %} not closed').first().waitFor();

    // A good one: the preview follows, the save is accepted.
    await tabTo(page, content);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(
      '<p>E2E-MARK {{ model.userName }}</p>\n<p><a href="{{ model.link }}">{{ "PasswordReset:Action" | L }}</a></p>',
    );
    await frame.contentFrame().getByText('E2E-MARK jane.doe').waitFor();
    await frame.contentFrame().getByRole('link', { name: 'Choose a new password' }).waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved successfully').first().waitFor();

    // The next reset e-mail is the edited template, in the layout, with the real link.
    expect((await forgotPassword('e2e.reset@example.test')).status).toBe(204);
    const mail = await lastMail('e2e.reset@example.test');
    expect(mail).toContain('E2E-MARK e2e.reset');
    expect(mail).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/account\/reset-password\?userId=[^"]+">Choose a new password<\/a>/);
    expect(mail).toContain('<html lang="en" dir="ltr">');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a French content reaches French recipients only; Restore to default brings the default back', async () => {
    await restoreDefaults();
    await createUser(spec.server, { userName: 'e2e.fr', password: '1q2w3E*' });
    const { page, problems } = await openScreen();
    const dialog = await openEditor(page);
    // The tab list is one stop: arrows move between the languages.
    await tabTo(page, dialog.getByRole('tab', { name: 'All languages' }));
    const frenchTab = dialog.getByRole('tab', { name: 'Français' });
    for (let step = 0; step < 6 && (await frenchTab.getAttribute('aria-selected')) !== 'true'; step++)
      await page.keyboard.press('ArrowRight');
    const french = dialog.getByRole('textbox', { name: 'Content: Français' });
    await tabTo(page, french);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('<p>{{ "Mail:Greeting" | L: model.userName }} MARQUE-FR</p>');
    await dialog.locator('iframe[title="Preview: Français"]').contentFrame().getByText('Bonjour jane.doe, MARQUE-FR').waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved successfully').first().waitFor();
    const frenchContent = (
      await api('GET', '/api/text-template-management/template-contents?templateName=Abp.Account.PasswordResetLink&cultureName=fr')
    ).json as { content: string };
    expect(frenchContent.content).toContain('MARQUE-FR');

    await forgotPassword('e2e.fr@example.test', 'fr');
    expect(await lastMail('e2e.fr@example.test')).toContain('Bonjour e2e.fr, MARQUE-FR');
    await forgotPassword('e2e.fr@example.test', 'en');
    expect(await lastMail('e2e.fr@example.test')).not.toContain('MARQUE-FR');

    await rowAction(page, table(page), 'Password reset link', 'Restore to default');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText('The contents of Password reset link go back to the defaults', { exact: false }).waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await page.getByText('Restored to default').first().waitFor();
    await forgotPassword('e2e.fr@example.test', 'fr');
    const restored = await lastMail('e2e.fr@example.test');
    expect(restored).not.toMatch(/MARQUE-FR|E2E-MARK/);
    expect(restored).toContain('Nous avons reçu une demande de réinitialisation');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a language added in language management gets its own tab, after All languages, and saves there', async () => {
    const created = await api('POST', '/api/language-management/languages', {
      cultureName: 'de-DE',
      uiCultureName: 'de-DE',
      displayName: 'Deutsch',
      isEnabled: true,
    });
    expect(created.status).toBe(200);
    const languageId = (created.json as { id: string }).id;
    try {
      const { page, problems } = await openScreen();
      const dialog = await openEditor(page);
      const tabs = dialog.getByRole('tab');
      await dialog.getByRole('tab', { name: 'Deutsch' }).waitFor();
      expect(await tabs.allTextContents()).toEqual(['All languages', 'English', 'العربية', 'Français', 'Հայերեն', 'Deutsch']);
      await tabTo(page, dialog.getByRole('tab', { name: 'All languages' }));
      const germanTab = dialog.getByRole('tab', { name: 'Deutsch' });
      for (let step = 0; step < 7 && (await germanTab.getAttribute('aria-selected')) !== 'true'; step++)
        await page.keyboard.press('ArrowRight');
      const german = dialog.getByRole('textbox', { name: 'Content: Deutsch' });
      await tabTo(page, german);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('<p>MARKE-DE {{ model.userName }}</p>');
      await dialog.locator('iframe[title="Preview: Deutsch"]').contentFrame().getByText('MARKE-DE jane.doe').waitFor();
      await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Saved successfully').first().waitFor();
      const germanContent = (
        await api('GET', '/api/text-template-management/template-contents?templateName=Abp.Account.PasswordResetLink&cultureName=de-DE')
      ).json as { content: string };
      expect(germanContent.content).toContain('MARKE-DE');
      const english = (
        await api('GET', '/api/text-template-management/template-contents?templateName=Abp.Account.PasswordResetLink&cultureName=en')
      ).json as { content: string };
      expect(english.content).not.toContain('MARKE-DE');
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await api('PUT', '/api/text-template-management/template-contents/restore-to-default', {
        templateName: 'Abp.Account.PasswordResetLink',
        cultureName: 'de-DE',
      });
      expect((await api('DELETE', `/api/language-management/languages/${languageId}`)).status).toBe(204);
    }
  });

  it('menu entry; axe in light and dark on the list and the editor', async () => {
    await restoreDefaults();
    const { page, problems } = await openScreen();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Text templates' }).count()).toBeGreaterThan(0);
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    const dialog = await openEditor(page);
    await dialog.locator('iframe[title="Preview: All languages"]').contentFrame().getByText('Hello jane.doe,').waitFor();
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'text-templates-editor');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft('/text-template-management/text-templates', 'القوالب النصية', async (page) => {
      await dataRows(page.getByRole('table', { name: 'القوالب النصية' }))
        .first()
        .waitFor();
    });
  });
});
