// Organization units (issue 9; spec 2.2, 6, 7.13) against the real server, keyboard only for the
// tree: create a root and a child, rename the child, move it to another root with the Move dialog,
// drag and drop another root under it, refuse a move under a descendant (said in the live region),
// delete a subtree with 'Are you sure?' naming how many units go; add a member and a role to a unit
// from the paged lookups; then inheritance: a permission of the unit's role makes its member see the
// matching menu entry in a second browser, which a member of no unit does not. Axe clean in light and
// dark (screen and Move dialog); Arabic right to left.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../kit/browser.ts';
import { identitySpec, pickOption, rowAction, tabTo } from './identity-helpers.ts';
import { acceptCookies, allMenuEntries, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

const spec = identitySpec();
const { api } = spec;
const member = { userName: 'ou-member', password: '1q2w3E*ou' };
const outsider = { userName: 'ou-outsider', password: '1q2w3E*ou' };
const roleName = 'ou-claims-reader';

beforeAll(async () => {
  for (const user of [member, outsider]) {
    const created = await api('POST', '/api/identity/users', { ...user, email: `${user.userName}@example.test` });
    expect(created.status).toBe(200);
  }
  const role = await api('POST', '/api/identity/roles', { name: roleName });
  expect(role.status).toBe(200);
});

const tree = (page: Page) => page.getByRole('treegrid', { name: 'Organization tree' });
const unit = (page: Page, name: string) =>
  tree(page)
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) });

const openScreen = () => spec.openScreen('/identity/organization-units', 'Organization units', tree);
const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false);

/** Tabs into the tree, then walks it with the arrow keys (Home first) until `name` has the focus (and the selection). */
async function focusUnit(page: Page, name: string): Promise<void> {
  const row = unit(page, name);
  await row.waitFor();
  for (let step = 0; step < 60 && !(await isFocused(tree(page))); step++) await page.keyboard.press('Tab');
  await page.keyboard.press('Home');
  for (let step = 0; step < 40; step++) {
    if (await row.evaluate((element) => element === document.activeElement)) {
      // Selection follows the focus; after a drag react-aria leaves it behind, so Space selects.
      if ((await row.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('Space');
      await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`${name} never got the focus`);
}

async function press(page: Page, name: string, scope?: Locator): Promise<void> {
  await tabTo(page, (scope ?? page).getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

async function saveUnitForm(page: Page, title: string, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  const field = dialog.getByRole('textbox', { name: 'Display name' });
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(name);
  await press(page, 'Save', dialog);
  await dialog.waitFor({ state: 'detached' });
  await unit(page, name).waitFor();
}

describe('organization units screen', () => {
  it('creates, renames, moves by keyboard and by drag and drop, refuses a move under a descendant, deletes a subtree', async () => {
    const { page, problems } = await openScreen();
    await press(page, 'Add root unit');
    await saveUnitForm(page, 'New organization unit', 'E2E North');
    await press(page, 'Add root unit');
    await saveUnitForm(page, 'New organization unit', 'E2E South');
    await press(page, 'Add root unit');
    await saveUnitForm(page, 'New organization unit', 'E2E West');

    await focusUnit(page, 'E2E North');
    await press(page, 'Add sub-unit');
    await saveUnitForm(page, 'New organization unit under E2E North', 'E2E North child');
    expect(await unit(page, 'E2E North').getAttribute('aria-expanded')).toBe('true');

    // Rename the child (the kit's entity form, loaded with its concurrency stamp).
    await focusUnit(page, 'E2E North child');
    await press(page, 'Edit');
    await saveUnitForm(page, 'Edit organization unit', 'E2E North team');

    // Move it under E2E South by keyboard: Move, pick the new parent in the select, confirm.
    await focusUnit(page, 'E2E North team');
    await press(page, 'Move');
    const dialog = page.getByRole('dialog', { name: 'Move E2E North team' });
    await dialog.waitFor();
    const select = dialog.getByRole('button', { name: /New parent/ });
    await tabTo(page, select);
    await page.keyboard.press('Enter');
    await pickOption(page, page.getByRole('option', { name: 'E2E South' }));
    await expect.poll(() => select.textContent()).toContain('E2E South');
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Move', dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'E2E North team moved under E2E South.' }).waitFor();
    await unit(page, 'E2E North team').waitFor();
    expect(await unit(page, 'E2E North team').getAttribute('aria-level')).toBe('2');

    // Drag and drop: E2E West onto E2E South.
    await unit(page, 'E2E West').dragTo(unit(page, 'E2E South'));
    await page.getByRole('status').filter({ hasText: 'E2E West moved under E2E South.' }).waitFor();
    await expect.poll(() => unit(page, 'E2E West').getAttribute('aria-level')).toBe('2');

    // A unit never goes under its own descendant: the tree offers no such drop, the Move dialog no
    // such parent; when the tree changed meanwhile the server refuses, and its localized message is said.
    await unit(page, 'E2E South').dragTo(unit(page, 'E2E West'));
    await page.mouse.move(0, 0);
    expect(await unit(page, 'E2E South').getAttribute('aria-level')).toBe('1');
    await focusUnit(page, 'E2E South');
    await press(page, 'Move');
    const moveSouth = page.getByRole('dialog', { name: 'Move E2E South' });
    await moveSouth.waitFor();
    expect(await page.getByRole('option', { name: 'E2E West' }).count()).toBe(0);
    const pick = moveSouth.getByRole('button', { name: /New parent/ });
    await tabTo(page, pick);
    await page.keyboard.press('Enter');
    await pickOption(page, page.getByRole('option', { name: 'E2E North' }));
    // Someone else moves E2E North under E2E West (inside E2E South) before this move is confirmed.
    const moved = await api('PUT', `/api/identity/organization-units/${await unitId('E2E North')}/move`, {
      newParentId: await unitId('E2E West'),
    });
    expect(moved.status).toBe(204);
    await press(page, 'Move', moveSouth);
    await page
      .getByRole('status')
      .filter({ hasText: 'An organization unit cannot be moved under itself or under one of its own sub-units.' })
      .waitFor();
    // The tree reloaded after the refusal: E2E West now holds E2E North (collapsed).
    await expect.poll(() => unit(page, 'E2E West').getAttribute('aria-expanded')).toBe('false');

    // Delete E2E South with the three units now under it.
    await focusUnit(page, 'E2E South');
    await press(page, 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm
      .getByText('Organization unit E2E South will be deleted with the 3 units under it (4 in all). Do you confirm that?')
      .waitFor();
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Yes', confirm);
    await unit(page, 'E2E South').waitFor({ state: 'detached' });
    for (const gone of ['E2E West', 'E2E North team', 'E2E North']) expect(await unit(page, gone).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("adds a member and a role; the role's permission reaches the member, not a user outside the unit", async () => {
    const { page, problems } = await openScreen();
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Add root unit');
    await saveUnitForm(page, 'New organization unit', 'E2E Finance');
    await focusUnit(page, 'E2E Finance');

    // Members: add from the paged lookup of users not in the unit.
    await press(page, 'Add member');
    let lookup = page.getByRole('dialog', { name: 'Add members to E2E Finance' });
    await lookup.waitFor();
    await tabTo(page, lookup.getByRole('searchbox', { name: 'Search' }));
    await page.keyboard.type(member.userName);
    await page.keyboard.press('Enter');
    const available = lookup.getByRole('table', { name: 'Users not in E2E Finance' });
    await available.getByRole('rowheader', { name: member.userName }).waitFor();
    // react-aria's announcement of the last pending Save (a role="img" in its live log) lasts 7 s.
    await page.waitForFunction(() => !document.querySelector('[role="log"] > [role="img"]'), undefined, { timeout: 10_000 });
    await expectAxeCleanInLightAndDark(page);
    await rowAction(page, available, member.userName, 'Add');
    await available.getByRole('rowheader', { name: member.userName }).waitFor({ state: 'detached' });
    await tabTo(page, lookup.getByRole('button', { name: 'Close', exact: true }).last());
    await page.keyboard.press('Enter');
    await lookup.waitFor({ state: 'detached' });
    const members = page.getByRole('table', { name: 'Members of E2E Finance' });
    await members.getByRole('rowheader', { name: member.userName }).waitFor();

    // Roles tab: add the role.
    await tabTo(page, page.getByRole('tab', { name: 'Members' }));
    await page.keyboard.press('ArrowRight');
    await press(page, 'Add role');
    lookup = page.getByRole('dialog', { name: 'Add roles to E2E Finance' });
    await lookup.waitFor();
    const roles = lookup.getByRole('table', { name: 'Roles not in E2E Finance' });
    await roles.getByRole('rowheader', { name: roleName }).waitFor();
    await rowAction(page, roles, roleName, 'Add');
    await roles.getByRole('rowheader', { name: roleName }).waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await lookup.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Roles of E2E Finance' }).getByRole('rowheader', { name: roleName }).waitFor();
    expect(problems).toEqual([]);
    await page.close();

    // The role (not the user) gets a permission: the unit's member has it, the outsider has not.
    const grant = await api('PUT', `/api/permission-management/permissions?providerName=R&providerKey=${roleName}`, {
      permissions: [{ name: 'AbpIdentity.ClaimTypes', isGranted: true }],
    });
    expect(grant.status).toBe(204);
    for (const [user, sees] of [
      [member, true],
      [outsider, false],
    ] as const) {
      const other = await launchBrowser();
      try {
        await acceptCookies(other.context, spec.server.url);
        const second = await other.context.newPage();
        await signIn(second, spec.server.url, user.userName, user.password);
        const entries = await allMenuEntries(second);
        expect(entries.includes('Claim types'), `${user.userName} sees Claim types`).toBe(sees);
      } finally {
        await other.close();
      }
    }
  });

  it('moves all users of a unit to another unit', async () => {
    const created = await api('POST', '/api/identity/organization-units', { displayName: 'E2E Treasury' });
    expect(created.status).toBe(200);
    const { page, problems } = await openScreen();
    await focusUnit(page, 'E2E Finance');
    await page.getByRole('table', { name: 'Members of E2E Finance' }).getByRole('rowheader', { name: member.userName }).waitFor();
    await press(page, 'Move all users');
    const dialog = page.getByRole('dialog', { name: 'Move all users of E2E Finance' });
    await dialog.waitFor();
    const target = dialog.getByRole('button', { name: /Target organization unit/ });
    await tabTo(page, target);
    await page.keyboard.press('Enter');
    await pickOption(page, page.getByRole('option', { name: 'E2E Treasury' }));
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Members of E2E Finance' })
      .getByRole('rowheader', { name: member.userName })
      .waitFor({ state: 'detached' });
    await focusUnit(page, 'E2E Treasury');
    await page.getByRole('table', { name: 'Members of E2E Treasury' }).getByRole('rowheader', { name: member.userName }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic, axe clean', async () => {
    await spec.expectRightToLeft('/identity/organization-units', 'الوحدات التنظيمية', (page) =>
      page.getByRole('treegrid', { name: 'الشجرة التنظيمية' }).getByRole('row').first().waitFor(),
    );
  });
});

async function unitId(name: string): Promise<string> {
  const all = await api('GET', '/api/identity/organization-units/all');
  const found = (all.json as { items: Array<{ id: string; displayName: string }> }).items.find((item) => item.displayName === name);
  if (!found) throw new Error(`no unit ${name}`);
  return found.id;
}
