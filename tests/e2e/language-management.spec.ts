// Language management on the resource kit (issue 19; spec 2.2 Language management, 6
// LanguageManagement.*, contract 7.6) against the real server in Chromium, keyboard only:
// - an administrator creates a language (culture and UI culture from the server's culture list),
//   disabled: it is not in the language menu; enabled, it is there after a reload;
// - the default language offers neither Delete nor Set as default; another one becomes the default;
// - on the texts screen the administrator filters by resource, target culture and free text, is
//   refused a malformed message with its position, changes the French text of a menu entry, and a
//   French user sees it in the main menu after a reload; restore brings the shipped text back;
// - axe is clean in light and dark; Arabic is right to left.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalogueResourceNames, shippedTexts } from '../../server/localization/catalogue.ts';
import { dataRows, identitySpec, pickOption, rowAction, screenshots, searchFor, tabTo } from './identity-helpers.ts';
import { expectAxeCleanInLightAndDark } from './shell-helpers.ts';

const spec = identitySpec();

const languagesTable = (page: Page) => page.getByRole('table', { name: 'Languages' });
const textsTable = (page: Page) => page.getByRole('table', { name: 'Language texts' });
const settingsPanel = (page: Page) => page.getByRole('region', { name: 'Settings' });

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function choose(page: Page, select: Locator, option: string) {
  await tabTo(page, select);
  await page.keyboard.press('Enter');
  await pickOption(page, page.getByRole('option', { name: option, exact: true }), 120);
  await expect.poll(() => select.textContent()).toContain(option);
}

async function setChecked(page: Page, box: Locator, checked: boolean) {
  if ((await box.isChecked()) === checked) return;
  await tabTo(page, box);
  await page.keyboard.press('Space');
  await expect.poll(() => box.isChecked()).toBe(checked);
}

/** The languages the settings panel's language select offers. */
async function menuLanguages(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsPanel(page)
    .getByRole('button', { name: /Language/ })
    .click();
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  const names = (await options.allTextContents()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return names;
}

describe('languages screen', () => {
  it('creates a language disabled, enables it, and it appears in the language menu', async () => {
    const { page, problems } = await spec.openScreen('/language-management/languages', 'Languages', (p) =>
      dataRows(languagesTable(p)).filter({ hasText: 'English' }).first(),
    );
    const table = languagesTable(page);
    // The default language: neither Delete nor Set as default.
    await tabTo(page, table.getByRole('button', { name: 'Actions for English' }));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Set as default' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectAxeCleanInLightAndDark(page);

    await tabTo(page, page.getByRole('button', { name: 'New', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New language' });
    await dialog.waitFor();
    await choose(page, dialog.getByRole('button', { name: /\bCulture\b/ }), 'Afrikaans (af)');
    await choose(page, dialog.getByRole('button', { name: /\bUI culture\b/ }), 'Afrikaans (af)');
    await typeInto(page, dialog.getByRole('textbox', { name: 'Display name' }), 'Afrikaans');
    await setChecked(page, dialog.getByRole('checkbox', { name: 'Enabled' }), false);
    await expectAxeCleanInLightAndDark(page, { dark: false });
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const row = dataRows(table).filter({ hasText: 'Afrikaans' });
    await row.waitFor();
    expect(await row.textContent()).toContain('No');

    await page.reload();
    await row.waitFor();
    expect(await menuLanguages(page)).not.toContain('Afrikaans');

    await rowAction(page, table, 'Afrikaans', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit language' });
    await edit.waitFor();
    await setChecked(page, edit.getByRole('checkbox', { name: 'Enabled' }), true);
    await tabTo(page, edit.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await edit.waitFor({ state: 'detached' });
    await page.reload();
    await row.waitFor();
    expect(await menuLanguages(page)).toEqual(['English', 'العربية', 'Français', 'Հայերեն', 'Afrikaans']);

    // Its missing-translations report: every resource, with the keys it lacks.
    await rowAction(page, table, 'Afrikaans', 'Missing translations');
    const report = page.getByRole('dialog', { name: 'Missing translations: Afrikaans' });
    await report.waitFor();
    const account = dataRows(report.getByRole('table', { name: 'Missing translations' })).filter({
      has: page.getByRole('rowheader', { name: 'AbpAccount', exact: true }),
    });
    await account.waitFor();
    const accountKeys = Object.keys(shippedTexts('AbpAccount', 'en'));
    expect(await account.textContent()).toContain(`${accountKeys.length}${accountKeys.length}`);
    await page.keyboard.press('Escape');
    await report.waitFor({ state: 'detached' });

    // French becomes the default: it loses Delete, English gets it back.
    await rowAction(page, table, 'Français', 'Set as default');
    await page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({ hasText: 'The default language has been changed.' })
      .first()
      .waitFor();
    await dataRows(table).filter({ hasText: 'Français' }).getByText('Default', { exact: true }).waitFor();
    await tabTo(page, table.getByRole('button', { name: 'Actions for English' }));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).waitFor();
    await page.keyboard.press('Escape');
    const english = (
      (await spec.api('GET', '/api/language-management/languages/all')).json as { items: Array<{ id: string; cultureName: string }> }
    ).items.find((l) => l.cultureName === 'en')!;
    expect((await spec.api('PUT', `/api/language-management/languages/${english.id}/set-as-default`)).status).toBe(204);
    await screenshots(page, 'language-management-languages');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic, the texts screen too', async () => {
    await spec.expectRightToLeft('/language-management/languages', 'اللغات', (page) =>
      dataRows(page.getByRole('table', { name: 'اللغات' }))
        .first()
        .waitFor(),
    );
    await spec.expectRightToLeft(
      '/language-management/texts',
      'نصوص اللغة',
      (page) =>
        dataRows(page.getByRole('table', { name: 'نصوص اللغة' }))
          .first()
          .waitFor(),
      { screenshot: 'language-texts-ar' },
    );
  });
});

// The menu entry's text: the shell's resource when the server holds the SPA's texts (issue 19's
// pipeline), its 'menu.languages' key.
const shellResource = catalogueResourceNames().find((name) => name === 'Finance.Shell');

describe('language texts screen', () => {
  it('changes the French text of a menu entry, refuses a malformed one, and a French user sees it after a reload', async () => {
    expect(shellResource, 'the server holds the shell texts (Finance.Shell)').toBeDefined();
    const resource = shellResource!;
    const shipped = shippedTexts(resource, 'fr')['menu.languages']!;
    expect(shipped).toBeTruthy();
    const { page, problems } = await spec.openScreen('/language-management/texts', 'Language texts', (p) =>
      dataRows(textsTable(p)).first(),
    );
    const table = textsTable(page);
    await choose(page, page.getByRole('button', { name: /.+ Resource$/ }), resource);
    await choose(page, page.getByRole('button', { name: /.+ Target culture$/ }), 'Français (fr)');
    await searchFor(page, table, 'menu.languages');
    const row = dataRows(table).filter({ hasText: shipped });
    await row.waitFor();
    await expectAxeCleanInLightAndDark(page);

    await rowAction(page, table, 'menu.languages', 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit text' });
    await dialog.waitFor();
    const value = dialog.getByRole('textbox', { name: 'Value', exact: true });
    await expect.poll(() => value.inputValue()).toBe(shipped);
    // A malformed message: refused by the server with its position, nothing saved.
    await typeInto(page, value, 'Langues {count');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.getByText(/The text is not a valid message at character 9/).waitFor();
    await typeInto(page, value, 'Idiomes');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await dataRows(table).filter({ hasText: 'Idiomes' }).getByText('Edited').waitFor();

    // A French user sees it in the main menu after a reload.
    const french = await spec.openPage();
    await french.page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'fr'));
    await french.page.goto(`${spec.server.url}/language-management/texts`);
    await french.page.getByRole('navigation', { name: 'Menu principal' }).getByText('Idiomes', { exact: true }).first().waitFor();

    await rowAction(page, table, 'menu.languages', 'Restore to default');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await dataRows(table).filter({ hasText: shipped }).first().waitFor();
    await french.page.reload();
    await french.page.getByRole('navigation', { name: 'Menu principal' }).getByText(shipped, { exact: true }).first().waitFor();
    await french.page.evaluate(() => localStorage.removeItem('Abp.SelectedLanguage'));
    await french.page.close();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('exports the filtered texts as JSON and imports a translated file, with a report', async () => {
    const { page, problems } = await spec.openScreen('/language-management/texts', 'Language texts', (p) =>
      dataRows(textsTable(p)).first(),
    );
    const table = textsTable(page);
    await choose(page, page.getByRole('button', { name: /.+ Resource$/ }), 'AbpUi');
    await choose(page, page.getByRole('button', { name: /.+ Target culture$/ }), 'Français (fr)');
    await searchFor(page, table, 'Save');
    await dataRows(table).filter({ hasText: 'Enregistrer' }).first().waitFor();
    const downloading = page.waitForEvent('download');
    await tabTo(page, page.getByRole('button', { name: 'Export' }));
    await page.keyboard.press('Enter');
    await pickOption(page, page.getByRole('menuitem', { name: 'JSON' }), 4);
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('texts-fr.json');
    const file = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      culture: string;
      texts: Record<string, Record<string, string>>;
    };
    expect(Object.keys(file.texts)).toEqual(['AbpUi']);
    expect(file.texts.AbpUi?.Save).toBe('Enregistrer');

    file.texts.AbpUi!.Save = 'Conserver';
    const path = '/tmp/e2e-language-texts-fr.json';
    fs.writeFileSync(path, JSON.stringify(file));
    await tabTo(page, page.getByRole('button', { name: 'Import' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import texts' });
    await dialog.waitFor();
    await expectAxeCleanInLightAndDark(page, { dark: false });
    await dialog.getByLabel('File').setInputFiles(path);
    await dialog
      .getByRole('status')
      .getByText(`${Object.keys(file.texts.AbpUi!).length} texts in the file: 1 changed; 0 keys unknown here were ignored.`)
      .waitFor();
    // A file that is not JSON: the server's message, nothing changed.
    fs.writeFileSync(path, 'not json');
    await dialog.getByLabel('File').setInputFiles(path);
    await dialog
      .getByRole('alert')
      .getByText(/The file is not a valid JSON file of language texts/)
      .waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }).last());
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await dataRows(table).filter({ hasText: 'Conserver' }).getByText('Edited').waitFor();
    await spec.api('PUT', '/api/language-management/language-texts/AbpUi/fr/Save/restore');
    expect(problems).toEqual([]);
    await page.close();
  });
});
