// OpenID applications and scopes on the resource kit (issue 19; spec 2.2 OpenID, 6 OpenIddictPro.*,
// contract 7.8) against the real server in Chromium: an administrator registers a confidential
// client with a secret through the screen, sees the secret once in its dialog, and the client gets a
// token by client credentials with it (the secret is never answered again); a public client
// registered through the screen signs in through the code flow with PKCE driven in the page; the
// product's own client offers no Delete; a scope is created and deleted; axe is clean in light and
// dark; Arabic is right to left.
import { createHash, randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tokenRequest } from '../kit/auth.ts';
import { dataRows, identitySpec, rowAction, screenshots, searchFor, tabTo } from './identity-helpers.ts';
import { expectAxeCleanInLightAndDark } from './shell-helpers.ts';

const spec = identitySpec();
const { api } = spec;

const table = (page: Page) => page.getByRole('table', { name: 'Applications' });
const openApplications = () => spec.openScreen('/openiddict/Applications', 'Applications', (page) => dataRows(table(page)).first());

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function setChecked(page: Page, box: Locator, checked: boolean) {
  if ((await box.isChecked()) === checked) return;
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect.poll(() => box.isChecked()).toBe(checked);
}

async function openTab(page: Page, dialog: Locator, name: string) {
  const tab = dialog.getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  void page;
}

async function pickScope(page: Page, dialog: Locator, name: string, checked: boolean) {
  await openTab(page, dialog, 'Scopes');
  await setChecked(page, dialog.getByRole('group', { name: 'Scopes' }).getByRole('checkbox', { name: new RegExp(`^${name}\\b`) }), checked);
}

describe('OpenID applications screen', () => {
  it('registers a confidential client with a secret shown once, and the client credentials grant works with it', async () => {
    const { page, problems } = await openApplications();
    await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Client ID' }).isVisible()).toBe(true);
    await typeInto(page, dialog.getByRole('textbox', { name: 'Client ID' }), 'E2e_Reports');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Display name' }), 'E2e reports');
    await typeInto(page, dialog.getByLabel('Client secret', { exact: true }), 'E2e-typed-secret-42');
    await openTab(page, dialog, 'Flows');
    await setChecked(page, dialog.getByRole('checkbox', { name: 'Allow authorization code flow' }), false);
    await setChecked(page, dialog.getByRole('checkbox', { name: 'Allow refresh token flow' }), false);
    await setChecked(page, dialog.getByRole('checkbox', { name: 'Allow client credentials flow' }), true);
    await pickScope(page, dialog, 'Finance', true);
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // The secret, once: its dialog, Copy and Close.
    const secretDialog = page.getByRole('alertdialog', { name: 'Client secret of E2e_Reports' });
    await secretDialog.waitFor();
    await secretDialog.getByText('it is not shown again').waitFor();
    const secret = (await secretDialog.getByTestId('client-secret').textContent())?.trim() ?? '';
    expect(secret).toBe('E2e-typed-secret-42');
    await expect.poll(() => secretDialog.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await expectAxeCleanInLightAndDark(page, { dark: false });
    await tabTo(page, secretDialog.getByRole('button', { name: 'Close' }));
    await page.keyboard.press('Enter');
    await secretDialog.waitFor({ state: 'detached' });

    // The client gets a token with it, straight away.
    const basic = { authorization: `Basic ${Buffer.from(`E2e_Reports:${secret}`).toString('base64')}` };
    const granted = await tokenRequest(spec.server, { grant_type: 'client_credentials', scope: 'Finance' }, basic);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect(typeof granted.body.access_token).toBe('string');

    // Never answered again: the list, the record, the edit form.
    await searchFor(page, table(page), 'E2e_Reports');
    const row = dataRows(table(page)).filter({ hasText: 'E2e_Reports' });
    await expect.poll(() => row.textContent()).toContain('client_credentials');
    const list = (await api('GET', '/api/openiddict/applications?filter=E2e_Reports')).json as {
      items: Array<{ id: string; clientSecret: string | null }>;
    };
    expect(list.items[0]!.clientSecret).toBeNull();
    expect(JSON.stringify(list)).not.toContain(secret);
    await rowAction(page, table(page), 'E2e_Reports', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit application' });
    await expect.poll(() => edit.getByRole('textbox', { name: 'Client ID' }).inputValue()).toBe('E2e_Reports');
    expect(await edit.getByLabel('Client secret', { exact: true }).inputValue()).toBe('');
    await edit.getByText('Leave empty to keep the current secret.').waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // Its permission modal (provider C, the client id) opens and closes.
    await rowAction(page, table(page), 'E2e_Reports', 'Permissions');
    const permissions = page.getByRole('dialog', { name: 'Permissions - E2e_Reports' });
    await permissions.getByRole('navigation', { name: 'Permission groups' }).waitFor();
    await page.keyboard.press('Escape');
    await permissions.waitFor({ state: 'detached' });

    // Delete it: its next token request is refused.
    await rowAction(page, table(page), 'E2e_Reports', 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });
    expect((await tokenRequest(spec.server, { grant_type: 'client_credentials', scope: 'Finance' }, basic)).status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('registers a public client that logs in through the code flow with PKCE in the page', async () => {
    const { page, problems } = await openApplications();
    const redirect = `${spec.server.url}/e2e-callback`;
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await typeInto(page, dialog.getByRole('textbox', { name: 'Client ID' }), 'E2e_Spa');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Display name' }), 'E2e SPA');
    await dialog.getByRole('button', { name: /Client type/ }).click();
    await page.getByRole('option', { name: 'Public' }).click();
    await dialog.getByLabel('Client secret', { exact: true }).waitFor({ state: 'detached' });
    await openTab(page, dialog, 'URIs');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Redirect URIs', exact: true }), redirect);
    await pickScope(page, dialog, 'Finance', true);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A public client has no secret: no secret dialog.
    await page.getByText('Saved successfully').first().waitFor();
    expect(await page.getByRole('alertdialog', { name: /Client secret of/ }).count()).toBe(0);

    // The code flow as a browser app runs it: PKCE S256, the browser's session at the identity server.
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const authorize = new URL(`${spec.server.url}/connect/authorize`);
    authorize.search = new URLSearchParams({
      client_id: 'E2e_Spa',
      response_type: 'code',
      redirect_uri: redirect,
      scope: 'openid profile Finance',
      state: 'e2e-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).toString();
    await page.goto(authorize.href);
    await page.waitForURL((url) => url.href.startsWith(redirect));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('e2e-state');
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    const redeemed = await tokenRequest(spec.server, {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: redirect,
      code_verifier: verifier,
      client_id: 'E2e_Spa',
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    const profile = await fetch(`${spec.server.url}/api/account/my-profile`, {
      headers: { authorization: `Bearer ${String(redeemed.body.access_token)}` },
    });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { userName: string }).userName).toBe('admin');
    expect(problems.filter((p) => !p.includes('e2e-callback'))).toEqual([]);
    await page.close();
  });

  it("offers no Delete on the product's own client; the menu; axe on the list and the form in light and dark", async () => {
    const { page, problems } = await openApplications();
    await searchFor(page, table(page), 'Finance_App');
    await table(page).getByRole('button', { name: 'Actions for Finance_App' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Applications' }).count()).toBeGreaterThan(0);
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await dialog.waitFor();
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'openid-application-form-general');
    await openTab(page, dialog, 'Flows');
    await expectAxeCleanInLightAndDark(page, { dark: false });
    await screenshots(page, 'openid-application-form-flows');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft('/openiddict/Applications', 'التطبيقات', async (page) => {
      await dataRows(page.getByRole('table', { name: 'التطبيقات' }))
        .first()
        .waitFor();
    });
  });
});

describe('OpenID scopes screen', () => {
  it('creates and deletes a scope; built-in ones offer neither; axe; Arabic right to left', async () => {
    const scopes = (page: Page) => page.getByRole('table', { name: 'Scopes' });
    const { page, problems } = await spec.openScreen('/openiddict/Scopes', 'Scopes', (p) => dataRows(scopes(p)).first());
    await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New scope' });
    await typeInto(page, dialog.getByRole('textbox', { name: 'Name', exact: true }), 'e2e_reports');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Display name' }), 'E2e reports');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Resources' }), 'Finance');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await searchFor(page, scopes(page), 'e2e_reports');
    const row = dataRows(scopes(page)).filter({ hasText: 'e2e_reports' });
    await expect.poll(() => row.textContent()).toContain('Finance');
    await rowAction(page, scopes(page), 'e2e_reports', 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await row.waitFor({ state: 'detached' });

    await searchFor(page, scopes(page), 'openid');
    const actions = scopes(page).getByRole('button', { name: 'Actions for openid' });
    if (await actions.count()) {
      await actions.click();
      expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
      await page.keyboard.press('Escape');
    }
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    expect(problems).toEqual([]);
    await page.close();
    await spec.expectRightToLeft('/openiddict/Scopes', 'النطاقات', async (p) => {
      await dataRows(p.getByRole('table', { name: 'النطاقات' }))
        .first()
        .waitFor();
    });
  });
});
