// Kernel services and inventory (issue 11; finance-domain.md "Kernel", "Inventory") against the real
// server, keyboard only: in the services tree create a category node and a service under it, and
// grant the service to a role from the service's panel; create a category in the categories tree
// and a product in it with two prices (Retail in USD, Individual in LL) as decimal strings; a user
// without Finance.Inventory sees no Inventory menu and gets 403 from the API. Axe clean in light and
// dark; Arabic right to left.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordToken } from '../kit/auth.ts';
import { launchBrowser } from '../kit/browser.ts';
import { identitySpec, pickOption, tabTo } from './identity-helpers.ts';
import { acceptCookies, allMenuEntries, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

const spec = identitySpec();
const { api } = spec;
const roleName = 'e2e-cashier';
const clerk = { userName: 'e2e-clerk', password: '1q2w3E*clerk' };

beforeAll(async () => {
  expect((await api('POST', '/api/identity/roles', { name: roleName })).status).toBe(200);
  expect((await api('POST', '/api/identity/users', { ...clerk, email: `${clerk.userName}@example.test` })).status).toBe(200);
});

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false);

function treeOf(page: Page, name: string) {
  const tree = page.getByRole('treegrid', { name });
  const node = (text: string) => tree.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
  /** Tabs into the tree, then walks it with the arrow keys until `text` is focused and selected. */
  const focus = async (text: string) => {
    const row = node(text);
    await row.waitFor();
    for (let step = 0; step < 60 && !(await isFocused(tree)); step++) await page.keyboard.press('Tab');
    await page.keyboard.press('Home');
    for (let step = 0; step < 40; step++) {
      if (await row.evaluate((element) => element === document.activeElement)) {
        if ((await row.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('Space');
        await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
        return;
      }
      await page.keyboard.press('ArrowDown');
    }
    throw new Error(`${text} never got the focus`);
  };
  return { tree, node, focus };
}

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

describe('kernel services', () => {
  it('creates a service under a category node and grants it to a role', async () => {
    const { page, problems } = await spec.openScreen('/kernel/services', 'Services', (p) =>
      p.getByRole('treegrid', { name: 'Service tree' }).getByRole('row').first(),
    );
    const services = treeOf(page, 'Service tree');
    await services.node('Wallet operations (WALLET_OPERATIONS)').waitFor();
    await expectAxeCleanInLightAndDark(page);

    await press(page, 'Add root node');
    let dialog = page.getByRole('dialog', { name: 'New service node' });
    await dialog.waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /Code/ }), 'E2E_PAY');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'E2E Payments');
    await choose(page, dialog, /Node type/, 'Category node');
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });

    await services.focus('E2E Payments (E2E_PAY)');
    await press(page, 'Add node under it');
    dialog = page.getByRole('dialog', { name: 'New service node under E2E Payments (E2E_PAY)' });
    await dialog.waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /Code/ }), 'E2E_BILLS');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'E2E Bills');
    await choose(page, dialog, /Node type/, 'Service node');
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    await services.node('E2E Bills (E2E_BILLS)').waitFor();
    expect(await services.node('E2E Bills (E2E_BILLS)').getAttribute('aria-level')).toBe('2');

    // The service's panel: who may use it; grant it to the role.
    await services.focus('E2E Bills (E2E_BILLS)');
    const grants = page.getByRole('table', { name: 'Who may use E2E Bills' });
    await grants.waitFor();
    await press(page, 'New', page.getByRole('region', { name: 'Selected service: E2E Bills' }));
    dialog = page.getByRole('dialog', { name: 'New service permission' });
    await dialog.waitFor();
    await choose(page, dialog, /Role, user or party type/, roleName);
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    await grants.getByRole('row').filter({ hasText: roleName }).waitFor();
    await expect.poll(() => services.node('E2E Bills (E2E_BILLS)').textContent()).toContain('1 permissions');

    const all = (await api('GET', '/api/app/service-permission?maxResultCount=100')).json as {
      items: Array<{ serviceCode: string; granteeName: string; granteeType: string }>;
    };
    expect(all.items.filter((g) => g.serviceCode === 'E2E_BILLS')).toEqual([
      expect.objectContaining({ granteeType: 'Role', granteeName: roleName }),
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('inventory', () => {
  it('creates a category and a product in it with two prices', async () => {
    const { page, problems } = await spec.openScreen('/inventory/categories', 'Categories', (p) =>
      p.getByRole('treegrid', { name: 'Category tree' }),
    );
    await press(page, 'Add root category');
    let dialog = page.getByRole('dialog', { name: 'New category' });
    await dialog.waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'E2E Drinks');
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    const categories = treeOf(page, 'Category tree');
    await categories.node('E2E Drinks').waitFor();
    await expectAxeCleanInLightAndDark(page);

    await page.goto(`${spec.server.url}/inventory/products`);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    const products = page.getByRole('table', { name: 'Products' });
    await products.waitFor();
    await press(page, 'New');
    dialog = page.getByRole('dialog', { name: 'New product' });
    await dialog.waitFor();
    await typeInto(page, dialog.getByRole('textbox', { name: /SKU/ }), 'E2E-COLA');
    await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), 'E2E Cola');
    await choose(page, dialog, /Category/, 'E2E Drinks');
    await choose(page, dialog, /Product type/, 'Inventory item');
    await typeInto(page, dialog.getByRole('textbox', { name: /Retail price \(USD\)/ }), '1.5');
    await typeInto(page, dialog.getByRole('textbox', { name: /Individual price \(LL\)/ }), '135000');
    await expectAxeCleanInLightAndDark(page);
    await press(page, 'Save', dialog);
    await dialog.waitFor({ state: 'detached' });
    const row = products.getByRole('row').filter({ hasText: 'E2E-COLA' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Retail 1.50 USD');
    expect(await row.textContent()).toContain('Individual 135000 LL');

    const listed = (await api('GET', '/api/app/product?filter=E2E-COLA')).json as {
      items: Array<{ categoryName: string; prices: unknown[] }>;
    };
    expect(listed.items[0]).toMatchObject({ categoryName: 'E2E Drinks' });
    expect(listed.items[0]!.prices).toHaveLength(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hides Inventory from a user without Finance.Inventory, whom the API refuses', async () => {
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, spec.server.url);
      const page = await other.context.newPage();
      await signIn(page, spec.server.url, clerk.userName, clerk.password);
      const entries = await allMenuEntries(page);
      expect(entries).not.toContain('Inventory');
      expect(entries).not.toContain('Products');
    } finally {
      await other.close();
    }
    const token = (await passwordToken(spec.server, clerk)).access_token;
    for (const path of ['/api/app/product', '/api/app/category/all']) {
      const response = await fetch(`${spec.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, path).toBe(403);
    }
  });

  it('is right to left in Arabic, axe clean', async () => {
    await spec.expectRightToLeft('/inventory/products', 'المنتجات', (page) => page.getByRole('table', { name: 'المنتجات' }).waitFor());
    await spec.expectRightToLeft('/kernel/services', 'الخدمات', (page) =>
      page.getByRole('treegrid', { name: 'شجرة الخدمات' }).getByRole('row').first().waitFor(),
    );
  });
});
