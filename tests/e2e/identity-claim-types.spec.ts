// Claim types on the resource kit (issue 9; spec 2.2, 6, 7.13) against the real server, keyboard
// only: create a claim type, edit it, a concurrent edit makes the save answer 409 and the form
// offers Reload (which shows the other edit), delete it with 'Are you sure?'; a static claim type
// offers neither edit nor delete; the menu shows Identity management > Claim types; axe is clean in
// light and dark; Arabic is right to left.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dataRows, identitySpec, rowAction, searchFor, tabTo } from './identity-helpers.ts';
import { expectAxeCleanInLightAndDark } from './shell-helpers.ts';

const spec = identitySpec();
const { api } = spec;

const table = (page: Page) => page.getByRole('table', { name: 'Claim types' });
const openScreen = () => spec.openScreen('/identity/claim-types', 'Claim types', (page) => dataRows(table(page)).first());

describe('claim types screen', () => {
  it('creates, edits, meets a 409 with reload, and deletes a claim type from the keyboard', async () => {
    const { page, problems } = await openScreen();
    // Create: New, type the fields, Save with Enter.
    await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New claim type' });
    await dialog.waitFor();
    // Client validation from the contract schema: an empty name is refused before any request.
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.getByText('The Name field is required.').waitFor();
    await tabTo(page, dialog.getByRole('textbox', { name: 'Name', exact: true }));
    await page.keyboard.type('e2e-level');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Description', exact: true }));
    await page.keyboard.type('Created from the keyboard');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Saved successfully').first().waitFor();
    await searchFor(page, table(page), 'e2e-level');
    const row = dataRows(table(page)).filter({ hasText: 'e2e-level' });
    await expect.poll(() => row.textContent()).toContain('Created from the keyboard');

    // Edit it.
    await rowAction(page, table(page), 'e2e-level', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit claim type' });
    const description = edit.getByRole('textbox', { name: 'Description', exact: true });
    await expect.poll(() => description.inputValue()).toBe('Created from the keyboard');
    await tabTo(page, description);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Edited once');
    await tabTo(page, edit.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('Edited once');

    // A concurrent edit: the form loaded the stamp, someone else saves, ours answers 409.
    await rowAction(page, table(page), 'e2e-level', 'Edit');
    const stale = page.getByRole('dialog', { name: 'Edit claim type' });
    const staleDescription = stale.getByRole('textbox', { name: 'Description', exact: true });
    await expect.poll(() => staleDescription.inputValue()).toBe('Edited once');
    const list = (await api('GET', '/api/identity/claim-types?filter=e2e-level')).json as {
      items: Array<{ id: string; name: string; concurrencyStamp: string }>;
    };
    const record = list.items.find((item) => item.name === 'e2e-level')!;
    const other = await api('PUT', `/api/identity/claim-types/${record.id}`, {
      name: 'e2e-level',
      description: 'Changed by someone else',
      concurrencyStamp: record.concurrencyStamp,
    });
    expect(other.status).toBe(200);
    await tabTo(page, staleDescription);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Mine');
    await tabTo(page, stale.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await stale.getByText('Someone else changed this record').waitFor();
    await tabTo(page, stale.getByRole('button', { name: 'Reload' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => stale.getByRole('textbox', { name: 'Description', exact: true }).inputValue()).toBe('Changed by someone else');
    // Unchanged after the reload: Cancel closes without asking.
    await tabTo(page, stale.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await stale.waitFor({ state: 'detached' });

    // Delete: 'Are you sure?', Yes, the toast, the row is gone and the focus is not lost.
    await rowAction(page, table(page), 'e2e-level', 'Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText('Claim type e2e-level will be deleted.', { exact: false }).waitFor();
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await page.getByText('Successfully deleted').first().waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect((await api('GET', `/api/identity/claim-types/${record.id}`)).status).toBe(404);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('offers neither edit nor delete on a static claim type; menu entry and axe in light and dark', async () => {
    const { page, problems } = await openScreen();
    const all = (await api('GET', '/api/identity/claim-types?maxResultCount=100')).json as {
      items: Array<{ name: string; isStatic: boolean }>;
    };
    const fixed = all.items.find((item) => item.isStatic);
    if (fixed) {
      await searchFor(page, table(page), fixed.name);
      const actions = table(page).getByRole('button', { name: `Actions for ${fixed.name}` });
      if (await actions.count()) {
        await actions.click();
        expect(await page.getByRole('menuitem', { name: 'Edit' }).count()).toBe(0);
        expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
        await page.keyboard.press('Escape');
      }
    }
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Claim types' }).count()).toBeGreaterThan(0);
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    // The create form too.
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await page.getByRole('dialog', { name: 'New claim type' }).waitFor();
    await expectAxeCleanInLightAndDark(page);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft('/identity/claim-types', 'أنواع المطالبات', async (page) => {
      await dataRows(page.getByRole('table', { name: 'أنواع المطالبات' }))
        .first()
        .waitFor();
      await page.getByRole('button', { name: 'جديد', exact: true }).waitFor();
    });
  });
});
