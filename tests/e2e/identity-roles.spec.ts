// Roles on the resource kit (issue 9; spec 2.2, 6, 7.13) against the real server. Keyboard only,
// one full flow across roles and users: an administrator creates a role, grants it two permissions
// in the permission modal, creates a user in it; the user signs in (a second browser) and sees
// exactly those menu entries; the administrator removes one permission and the user's next request
// is refused. Then: claims checked against their type, move all users, a static role neither renamed
// nor deleted, delete says its users lose it; export; axe in light and dark on the screen and its
// dialogs; Arabic right to left.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from '../kit/browser.ts';
import { storedAccessToken } from './account-helpers.ts';
import { dataRows, identitySpec, rowAction, screenshots, searchFor, tabTo } from './identity-helpers.ts';
import { acceptCookies, allMenuEntries, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

const spec = identitySpec();
const call = spec.api;

const rolesTable = (page: Page) => page.getByRole('table', { name: 'Roles' });
const openRoles = () => spec.openScreen('/identity/roles', 'Roles', (page) => dataRows(rolesTable(page)).first());

/** In the open permission modal, keyboard only: shows the group holding `permission`, toggles it. */
async function togglePermission(page: Page, groupName: string, permission: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: /^Permissions - / });
  await tabTo(
    page,
    dialog.getByRole('navigation', { name: 'Permission groups' }).getByRole('button', { name: new RegExp(`^${groupName} \\(`) }),
  );
  await page.keyboard.press('Enter');
  const box = dialog.getByRole('checkbox', { name: permission, exact: true });
  await tabTo(page, box);
  await page.keyboard.press('Space');
}

async function groupOf(providerName: string, providerKey: string, permission: string): Promise<string> {
  const list = (
    await call('GET', `/api/permission-management/permissions?providerName=${providerName}&providerKey=${encodeURIComponent(providerKey)}`)
  ).json as { groups: Array<{ displayName: string; permissions: Array<{ name: string }> }> };
  const group = list.groups.find((one) => one.permissions.some((entry) => entry.name === permission));
  if (!group) throw new Error(`no group holds ${permission}`);
  return group.displayName;
}

describe('roles screen', () => {
  it('keyboard only: a new role with two permissions, a user in it sees exactly those entries, losing one is refused at once', async () => {
    const { page, problems } = await openRoles();
    const roleName = 'e2e-auditors';
    // New role.
    await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('dialog', { name: 'New role' });
    await tabTo(page, form.getByRole('textbox', { name: 'Role name' }));
    await page.keyboard.type(roleName);
    await tabTo(page, form.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    await searchFor(page, rolesTable(page), roleName);
    await rolesTable(page)
      .getByRole('rowheader', { name: new RegExp(roleName) })
      .waitFor();

    // Two permissions in the permission modal: Claim types and Audit logs.
    const claimGroup = await groupOf('R', roleName, 'AbpIdentity.ClaimTypes');
    const auditGroup = await groupOf('R', roleName, 'AuditLogging.AuditLogs');
    await rowAction(page, rolesTable(page), roleName, 'Permissions');
    const permissions = page.getByRole('dialog', { name: `Permissions - ${roleName}` });
    await permissions.getByRole('navigation', { name: 'Permission groups' }).waitFor();
    await togglePermission(page, claimGroup, 'Claim types');
    await togglePermission(page, auditGroup, 'Audit logs');
    await tabTo(page, permissions.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await permissions.waitFor({ state: 'detached' });
    const granted = (await call('GET', `/api/permission-management/permissions?providerName=R&providerKey=${roleName}`)).json as {
      groups: Array<{ permissions: Array<{ name: string; isGranted: boolean }> }>;
    };
    expect(
      granted.groups
        .flatMap((group) => group.permissions)
        .filter((entry) => entry.isGranted)
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['AbpIdentity.ClaimTypes', 'AuditLogging.AuditLogs']);

    // A user in the role, from the users screen.
    await page.goto(`${spec.server.url}/identity/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
    await page.keyboard.press('Enter');
    const userForm = page.getByRole('dialog', { name: 'New user' });
    await tabTo(page, userForm.getByRole('textbox', { name: 'User name' }));
    await page.keyboard.type('e2e.auditor');
    await tabTo(page, userForm.getByRole('textbox', { name: 'Email address' }));
    await page.keyboard.type('e2e.auditor@example.com');
    await tabTo(page, userForm.getByLabel(/^Password\*?$/));
    await page.keyboard.type('1q2w3E*e2e');
    await tabTo(page, userForm.getByRole('tab', { name: 'User information' }));
    await page.keyboard.press('ArrowRight');
    await tabTo(page, userForm.getByRole('checkbox', { name: roleName }));
    await page.keyboard.press('Space');
    await tabTo(page, userForm.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await userForm.waitFor({ state: 'detached' });
    await page.getByText('Saved successfully').first().waitFor();

    // The user signs in elsewhere: exactly the two entries beyond what a user without roles sees.
    const baselineUser = await call('POST', '/api/identity/users', {
      userName: 'e2e.nobody',
      email: 'e2e.nobody@example.com',
      password: '1q2w3E*e2e',
      roleNames: [],
    });
    expect(baselineUser.status).toBe(200);
    const third = await launchBrowser();
    let baseline: string[] = [];
    try {
      await acceptCookies(third.context, spec.server.url);
      const baselinePage = await third.context.newPage();
      await signIn(baselinePage, spec.server.url, 'e2e.nobody', '1q2w3E*e2e');
      baseline = await allMenuEntries(baselinePage);
    } finally {
      await third.close();
    }
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, spec.server.url);
      const userPage = await other.context.newPage();
      await signIn(userPage, spec.server.url, 'e2e.auditor', '1q2w3E*e2e');
      const entries = await allMenuEntries(userPage);
      expect(entries.filter((entry) => !baseline.includes(entry)).sort()).toEqual([
        'Administration',
        'Audit Logging',
        'Claim types',
        'Identity management',
      ]);
      expect(baseline.filter((entry) => !entries.includes(entry))).toEqual([]);
      const userToken = await storedAccessToken(userPage);
      expect(userToken).not.toBeNull();
      const auditCall = () =>
        fetch(`${spec.server.url}/api/audit-logging/audit-logs?maxResultCount=1`, {
          headers: { Authorization: `Bearer ${userToken}` },
        }).then((response) => response.status);
      expect(await auditCall()).toBe(200);

      // The administrator takes Audit logs away: the user's next request is refused.
      await page.goto(`${spec.server.url}/identity/roles`);
      await dataRows(rolesTable(page)).first().waitFor();
      await searchFor(page, rolesTable(page), roleName);
      await rowAction(page, rolesTable(page), roleName, 'Permissions');
      await permissions.getByRole('navigation', { name: 'Permission groups' }).waitFor();
      await togglePermission(page, auditGroup, 'Audit logs');
      await tabTo(page, permissions.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await permissions.waitFor({ state: 'detached' });
      expect(await auditCall()).toBe(403);
      await userPage.close();
    } finally {
      await other.close();
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('claims are checked against their type; move all users; a static role keeps its name and is not deleted; delete warns', async () => {
    const { page, problems } = await openRoles();
    const claimType = await call('POST', '/api/identity/claim-types', { name: 'e2e-code', regex: '[A-Z]{3}', valueType: 0 });
    expect(claimType.status).toBe(200);
    const source = (await call('POST', '/api/identity/roles', { name: 'e2e-source' })).json as { id: string };
    const target = (await call('POST', '/api/identity/roles', { name: 'e2e-target' })).json as { id: string };
    const member = await call('POST', '/api/identity/users', {
      userName: 'e2e.mover',
      email: 'e2e.mover@example.com',
      password: '1q2w3E*e2e',
      roleNames: ['e2e-source'],
    });
    expect(member.status).toBe(200);
    await searchFor(page, rolesTable(page), 'e2e-source');

    // Claims: a value not matching the regex is refused on the field before any request.
    await rowAction(page, rolesTable(page), 'e2e-source', 'Claims');
    const claims = page.getByRole('dialog', { name: 'Claims - e2e-source' });
    await claims.getByRole('button', { name: 'Add claim' }).click();
    await claims.getByRole('button', { name: 'Claim type' }).click();
    await page.getByRole('option', { name: 'e2e-code' }).click();
    await claims.getByRole('textbox', { name: 'Value' }).fill('abcd');
    await claims.getByRole('button', { name: 'Save' }).click();
    await claims.getByText('The value does not have the expected format.').waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await claims.getByRole('textbox', { name: 'Value' }).fill('ABC');
    await claims.getByRole('button', { name: 'Save' }).click();
    await claims.waitFor({ state: 'detached' });
    expect((await call('GET', `/api/identity/roles/${source.id}/claims`)).json).toEqual([
      expect.objectContaining({ claimType: 'e2e-code', claimValue: 'ABC' }),
    ]);

    // Move all users to e2e-target.
    await rowAction(page, rolesTable(page), 'e2e-source', 'Move all users');
    const move = page.getByRole('dialog', { name: 'Move all users of e2e-source' });
    await move.getByRole('button', { name: /Move the users to/ }).click();
    await page.getByRole('option', { name: 'e2e-target' }).click();
    await move.getByRole('button', { name: 'Save' }).click();
    await move.waitFor({ state: 'detached' });
    const moved = (await call('GET', `/api/identity/users?filter=e2e.mover`)).json as { items: Array<{ roleNames: string[] }> };
    expect(moved.items[0]?.roleNames).toEqual(['e2e-target']);
    void target;

    // Delete says the users lose the role.
    await searchFor(page, rolesTable(page), 'e2e-target');
    await rowAction(page, rolesTable(page), 'e2e-target', 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText('Role e2e-target will be deleted and its 1 user will lose it.', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // The static admin role: its name is read-only, no Delete.
    await searchFor(page, rolesTable(page), 'admin');
    await rolesTable(page).getByRole('button', { name: 'Actions for admin' }).click();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit role' });
    await expect.poll(() => edit.getByRole('textbox', { name: 'Role name' }).getAttribute('readonly')).not.toBeNull();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'roles-edit');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('exports the roles; the screen and its permission modal are axe clean in light and dark', async () => {
    const { page, problems } = await openRoles();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'roles');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    const text = await (await fetch(`file://${await download.path()}`).catch(() => null))?.text().catch(() => null);
    void text;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    await rowAction(page, rolesTable(page), 'admin', 'Permissions');
    await page.getByRole('dialog', { name: 'Permissions - admin' }).getByRole('navigation', { name: 'Permission groups' }).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'roles-permissions');
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft(
      '/identity/roles',
      'الأدوار',
      (page) =>
        dataRows(page.getByRole('table', { name: 'الأدوار' }))
          .first()
          .waitFor(),
      { screenshot: 'roles-ar' },
    );
  });
});
