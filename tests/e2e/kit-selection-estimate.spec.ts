// The kit's selection banner on a list whose total is an estimate (ADR 0006), in Chromium against
// the real server: the users list counts exactly up to the most a bulk action may take (10,000), so
// with more host users than that the server flags its total as an estimate, and selecting the page
// must not offer "select all N matching" (the bulk action would be refused, and N is not a count):
// the banner says the page is selected and that the filter must be narrowed to act on all rows. A
// filter that narrows to fewer rows gets the offer back with its exact count. Arabic reads it right
// to left, axe clean (light and dark in English, light in Arabic).
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { maxBulkUsers } from '../../server/modules/identity/bulk-limits.ts';
import { kitTextSets } from '../../src/views/kit/kit-texts.ts';
import { identitySpec, tabTo } from './identity-helpers.ts';

const spec = identitySpec();
const seeded = maxBulkUsers + 50;

beforeAll(async () => {
  // Plain SQL on purpose: a fixture, not the product's write path (no hashing, no audit).
  await spec.server.ctx.db.execute(sql`
    insert into users (id, tenant_id, user_name, normalized_user_name, email, normalized_email, security_stamp, concurrency_stamp)
    select gen_random_uuid(), null, 'many.user' || g, upper('many.user' || g), 'many.user' || g || '@example.test',
      upper('many.user' || g || '@example.test'), gen_random_uuid()::text, replace(gen_random_uuid()::text, '-', '')
    from generate_series(1, ${seeded}) as g`);
  await spec.server.ctx.db.execute(sql`analyze users`);
});

const banner = (page: Page) => page.getByRole('region', { name: 'Selection' });

async function selectPage(page: Page, path: string) {
  await page.goto(`${spec.server.url}${path}`);
  const table = page.getByRole('table', { name: 'Users' });
  await table.getByRole('row').nth(10).waitFor();
  // By keyboard, as a user of the list would (the checkbox's input is under its drawn box).
  await tabTo(page, table.getByRole('checkbox', { name: 'Select all on this page' }));
  await page.keyboard.press('Space');
  await banner(page).waitFor();
}

describe('selection banner with an estimated total', () => {
  it('offers no "select all N matching" over an estimate, and says why', async () => {
    const answer = (await spec.api('GET', '/api/identity/users?maxResultCount=10')).json as {
      totalCount: number;
      extraProperties: unknown;
    };
    expect(answer.extraProperties).toEqual({ totalCountIsEstimate: true });

    const { page, problems } = await spec.openPage();
    await selectPage(page, '/identity/users');
    await expect.poll(() => banner(page).textContent()).toContain('All 10 rows on this page are selected.');
    expect(await banner(page).textContent()).toContain(kitTextSets.en.tooManyToSelectAll);
    expect(
      await banner(page)
        .getByRole('button', { name: /^Select all .* matching$/ })
        .count(),
    ).toBe(0);

    // Narrowed below the limit, the exact count is offered again.
    await selectPage(page, '/identity/users?filter=many.user1000');
    const offer = banner(page).getByRole('button', { name: /^Select all \d+ matching$/ });
    await offer.waitFor();
    expect(await offer.textContent()).toBe('Select all 11 matching');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so in Arabic, right to left, axe clean', async () => {
    // expectRightToLeft checks the direction and runs axe once the banner is up.
    await spec.expectRightToLeft('/identity/users', 'المستخدمون', async (page) => {
      const table = page.getByRole('table', { name: 'المستخدمون' });
      await table.getByRole('row').nth(10).waitFor();
      await tabTo(page, table.getByRole('checkbox', { name: kitTextSets.ar.selectPage }));
      await page.keyboard.press('Space');
      const region = page.getByRole('region', { name: kitTextSets.ar.selection });
      await expect.poll(() => region.textContent()).toContain(kitTextSets.ar.tooManyToSelectAll);
    });
  });
});
