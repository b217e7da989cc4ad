// Currencies, exchange rates and account rules (issue 11; finance-domain.md "Reference data",
// "Account management") against the real server, keyboard only: create a currency and an exchange
// rate and see it in force for its pair; create an account rule with a daily debit limit, which its
// author cannot approve, approve it as a second user, and see a transfer past it (made through the
// API) refused with the rule's message; a user without Finance.Currency sees no menu entry and gets
// 403 from the API. Axe clean in light and dark; Arabic right to left.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordToken } from '../kit/auth.ts';
import { launchBrowser } from '../kit/browser.ts';
import { dataRows, identitySpec, pickOption, rowAction, tabTo } from './identity-helpers.ts';
import { acceptCookies, allMenuEntries, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

const spec = identitySpec();
const { api } = spec;
const approver = { userName: 'e2e-approver', password: '1q2w3E*' };
const outsider = { userName: 'e2e-outsider', password: '1q2w3E*' };

beforeAll(async () => {
  for (const [user, roleNames] of [
    [approver, ['admin']],
    [outsider, []],
  ] as const) {
    const created = await api('POST', '/api/identity/users', { ...user, email: `${user.userName}@example.test`, roleNames });
    expect(created.status).toBe(200);
  }
});

async function press(page: Page, name: string, scope?: Locator): Promise<void> {
  await tabTo(page, (scope ?? page).getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function choose(page: Page, dialog: Locator, label: RegExp, option: string): Promise<void> {
  const select = dialog.getByRole('button', { name: label });
  await tabTo(page, select);
  await page.keyboard.press('Enter');
  await pickOption(page, page.getByRole('option', { name: option, exact: true }), 40);
  await expect.poll(() => select.textContent()).toContain(option);
}

describe('currencies and exchange rates', () => {
  it('creates a currency and an exchange rate, and shows the rate in force', async () => {
    const { page, problems } = await spec.openScreen('/financial/currency', 'Currencies', (p) =>
      dataRows(p.getByRole('table', { name: 'Currencies' })).first(),
    );
    const currencies = page.getByRole('table', { name: 'Currencies' });
    await press(page, 'New');
    let dialog = page.getByRole('dialog', { name: 'New currency' });
    await dialog.waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /^Code/ }), 'eur');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'Euro');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Symbol/ }), '€');
    await choose(page, dialog, /Currency type/, 'Fiat');
    await expectAxeCleanInLightAndDark(page);
    // The code is capitals: refused before any request.
    await press(page, 'Save', dialog);
    await dialog.getByText('The code is 2 to 8 capital letters (e.g. USD).').waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /^Code/ }), 'EUR');
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    const euro = dataRows(currencies).filter({ hasText: 'Euro' });
    await euro.waitFor();
    // The type shows its localized name (the lookup's displayName), not its code.
    expect(await euro.textContent()).toContain('Fiat');
    // The list exports as the other lists do: the kit's Export menu, a CSV file holding EUR.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Currencies.*\.csv$/);
    expect(fs.readFileSync((await download.path())!, 'utf8')).toContain('EUR,Euro,€,2,FIAT,true');

    await page.goto(`${spec.server.url}/financial/exchange-rate`);
    await page.getByRole('heading', { level: 1, name: 'Exchange rates' }).waitFor();
    const rates = page.getByRole('table', { name: 'Exchange rates' });
    await press(page, 'New');
    dialog = page.getByRole('dialog', { name: 'New exchange rate' });
    await dialog.waitFor();
    await choose(page, dialog, /Base currency/, 'EUR – Euro');
    await choose(page, dialog, /Quote currency/, 'USD – US dollar');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Rate/ }), '1.085');
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = dataRows(rates).filter({ hasText: 'EUR/USD' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('1.085');
    expect(await row.textContent()).toContain('In force');
    // A later rate is scheduled; the one in force stays.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (
        await api('POST', '/api/app/exchange-rate', {
          baseCurrencyCode: 'EUR',
          quoteCurrencyCode: 'USD',
          rate: '1.1',
          effectiveFrom: tomorrow,
        })
      ).status,
    ).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Exchange rates' }).waitFor();
    const current = dataRows(rates).filter({ hasText: '1.085' });
    const scheduled = dataRows(rates).filter({ hasText: 'EUR/USD' }).filter({ hasNotText: '1.085' });
    await expect.poll(() => scheduled.textContent()).toContain('Scheduled');
    expect(await current.textContent()).toContain('In force');
    const inForce = (await api('GET', '/api/app/exchange-rate/in-force?baseCurrencyCode=EUR&quoteCurrencyCode=USD')).json as {
      rate: string;
    };
    expect(inForce.rate).toBe('1.085');
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hides Currencies from a user without Finance.Currency, whom the API refuses', async () => {
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, spec.server.url);
      const page = await other.context.newPage();
      await signIn(page, spec.server.url, outsider.userName, outsider.password);
      const entries = await allMenuEntries(page);
      expect(entries).not.toContain('Currencies');
      expect(entries).not.toContain('Financial management');
    } finally {
      await other.close();
    }
    const token = (await passwordToken(spec.server, outsider)).access_token;
    for (const path of ['/api/app/currency', '/api/app/exchange-rate', '/api/app/account-rule']) {
      const response = await fetch(`${spec.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(403);
    }
  });
});

describe('account rules', () => {
  it('creates a rule with a daily limit, approved by a second user, and a transfer past it is refused with its message', async () => {
    const { page, problems } = await spec.openScreen('/account-management/rule', 'Account rules', (p) =>
      p.getByRole('button', { name: 'New', exact: true }),
    );
    const table = page.getByRole('table', { name: 'Account rules' });
    await press(page, 'New');
    const dialog = page.getByRole('dialog', { name: 'New account rule' });
    await dialog.waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'E2E wallet cap');
    await choose(page, dialog, /Account type/, 'Financial accounts');
    await choose(page, dialog, /Currency/, 'USD – US dollar');
    await typeInto(page, dialog.getByRole('textbox', { name: /Daily debit limit/ }), '50');
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = dataRows(table).filter({ hasText: 'E2E wallet cap' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Pending');
    expect(await row.textContent()).toContain('Daily debit limit: 50.00');
    // Its author is offered Edit and Delete, not Approve.
    await tabTo(page, table.getByRole('button', { name: 'Actions for E2E wallet cap' }));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Approve', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();

    // The second user approves it.
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, spec.server.url);
      const second = await other.context.newPage();
      await second.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(second, spec.server.url, approver.userName, approver.password);
      await second.goto(`${spec.server.url}/account-management/rule`);
      await second.getByRole('heading', { level: 1, name: 'Account rules' }).waitFor();
      const rules = second.getByRole('table', { name: 'Account rules' });
      await dataRows(rules).filter({ hasText: 'E2E wallet cap' }).waitFor();
      await rowAction(second, rules, 'E2E wallet cap', 'Approve');
      const confirm = second.getByRole('alertdialog', { name: 'Are you sure?' });
      await confirm.getByText('Account rule E2E wallet cap will be enforced', { exact: false }).waitFor();
      await tabTo(second, confirm.getByRole('button', { name: 'Yes' }));
      await second.keyboard.press('Enter');
      await second.getByText('Account rule approved').first().waitFor();
      await expect.poll(() => dataRows(rules).filter({ hasText: 'E2E wallet cap' }).textContent()).toContain('Approved');
      await second.mouse.move(0, 0);
      await expectAxeCleanInLightAndDark(second);
    } finally {
      await other.close();
    }

    // A transfer past the limit, through the API: refused with the rule's message; under it, accepted.
    const accounts = (await api('GET', '/api/app/ledger-account?currencyCode=USD&maxResultCount=100')).json as {
      items: Array<{ id: string; code: string }>;
    };
    const cash = accounts.items.find((a) => a.code === 'CASH')!;
    const sales = accounts.items.find((a) => a.code === 'SALES_INCOME')!;
    const types = (await api('GET', '/api/app/lookup/AccountType')).json as { items: Array<{ id: string; code: string }> };
    const wallet = (
      await api('POST', '/api/app/ledger-account', {
        code: 'E2E-W',
        name: 'E2E wallet',
        currencyCode: 'USD',
        accountTypeId: types.items.find((type) => type.code === 'FinancialAccounts')!.id,
      })
    ).json as { id: string };
    const move = async (debit: string, credit: string, amount: string) => {
      const response = await fetch(`${spec.server.url}/api/app/ledger-transfer`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${spec.adminToken}`,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
          'accept-language': 'en',
        },
        body: JSON.stringify({ transfers: [{ debitAccountId: debit, creditAccountId: credit, amount, currencyCode: 'USD' }] }),
      });
      return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
    };
    expect((await move(cash.id, wallet.id, '100.00')).status).toBe(200);
    expect((await move(wallet.id, sales.id, '30.00')).status).toBe(200);
    const refused = await move(wallet.id, sales.id, '20.01');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual(
      expect.objectContaining({
        code: 'Finance.AccountRule:DailyDebitLimit',
        message:
          'Account rule E2E wallet cap: the daily debit limit of account E2E-W is 50.00 USD; with this transfer its debits today would be 50.01 USD.',
      }),
    );
    expect((await move(wallet.id, sales.id, '20.00')).status).toBe(200);
  });

  it('is right to left in Arabic, axe clean', async () => {
    await spec.expectRightToLeft('/account-management/rule', 'قواعد الحسابات', (page) =>
      page.getByRole('table', { name: 'قواعد الحسابات' }).waitFor(),
    );
    await spec.expectRightToLeft('/financial/exchange-rate', 'أسعار الصرف', (page) =>
      page.getByRole('table', { name: 'أسعار الصرف' }).waitFor(),
    );
    // The seeded currencies' type (FIAT) in Arabic: the lookup's name in the UI culture.
    await spec.expectRightToLeft('/financial/currency', 'العملات', (page) =>
      page.getByRole('table', { name: 'العملات' }).getByRole('cell', { name: 'نقد إلزامي' }).first().waitFor(),
    );
  });
});
