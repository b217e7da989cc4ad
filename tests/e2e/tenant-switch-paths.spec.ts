// The tenant switch's model paths through the real screen (issue 21; spec 2.4, 3, 4.4, 8): each
// path of the machine's model played on the account pages' tenant box in Chromium against the real
// server, with what the user sees (the 'Switch Tenant' modal, its Name and Save, the toasts, the
// tenant shown in the box) and the lookups the browser sends checked against the spec-written
// reference (tests/machines/reference/tenant-switch.reference.ts). Outcomes are produced, not
// played: before the user presses Save, the real tenant 'acme' is made active, passive (inactive)
// or deleted (not found) in the database, with the cache drop a tenant change publishes; a failed
// lookup is the network failing for its attempts; a failed apply is a cookie jar that refuses the
// `__tenant` cookie (as in a sandboxed frame).
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { ModelPath } from '../../machines/testing/model-paths.ts';
import { acme, tenantSwitchModel } from '../../machines/account/tenant-switch.model.ts';
import { tenants } from '../../server/db/schema/index.ts';
import { ensureBuilt } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import type { Call } from '../machines/reference-driver.ts';
import { type TenantSwitchExpectedView, tenantSwitchReference } from '../machines/reference/tenant-switch.reference.ts';
import { choosePasswordFlow } from './account-helpers.ts';
import { acceptCookies } from './shell-helpers.ts';
import { describeUiPaths, withEventsAsRules } from './ui-paths.ts';

let server: TestServer;
let acmeId: string;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
});

afterAll(async () => {
  await server?.stop();
});

type Lookup = { success: boolean; isActive: boolean };
type AcmeState = 'active' | 'inactive' | 'absent';

/** Puts the real tenant 'acme' in the state a lookup is to find, as a tenant change would (with its cache drop). */
async function arrangeAcme(state: AcmeState): Promise<void> {
  await server.ctx.db
    .update(tenants)
    .set({ activationState: state === 'inactive' ? 2 : 0, isDeleted: state === 'absent' })
    .where(eq(tenants.id, acmeId));
  await server.ctx.cache.publish('tenants');
}

const lookupPath = '/api/abp/multi-tenancy/tenants/by-name/';
interface LookupRequest {
  name: string;
  failed: boolean;
  retried: boolean;
}
/** The lookups the browser made since the last check, per page. */
const lookedUp = new WeakMap<Page, LookupRequest[]>();

const isResult = (event: EventObject, kind: 'done' | 'error', actor: string) => event.type === `xstate.${kind}.actor.${actor}`;
const isUserEvent = (event: EventObject) => event.type.startsWith('tenant.');

/** The current tenant's name the path opens the modal with (null: the host). */
const openedAs = (path: ModelPath) =>
  (path.path.steps.find((step) => step.event.type === 'tenant.open')?.event as { currentName?: string | null } | undefined)?.currentName ??
  null;

const tenantBox = (page: Page) => page.getByRole('region', { name: 'Tenant' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Switch Tenant' });

describeUiPaths<TenantSwitchExpectedView>('tenant switch', {
  model: tenantSwitchModel,
  scenarios: ['account page'],
  // Every transition, every rule of the reference and every distinct event (each name typed, each
  // lookup outcome) at least once: the fewest paths that do (51 played all, 2 minutes).
  reference: () => withEventsAsRules(tenantSwitchReference()),
  sample: 'covering',
  automaticActors: ['findTenant', 'applyTenant'],
  unproducible(event, path) {
    if (!isResult(event, 'done', 'findTenant')) return undefined;
    const found = (event as unknown as { output: { success: boolean; tenantId: string | null; name: string | null; isActive: boolean } })
      .output;
    if (found.success && (found.tenantId === null || found.name === null))
      return 'the server answers a found tenant with its id and name (server/modules/saas/tenant-lookup-routes.ts)';
    if (openedAs(path) === 'acme' && !(found.success && found.isActive))
      return "acme, the page's current tenant, cannot be found inactive or missing: every request carrying its cookie is refused first (contract 2.3), so the lookup fails instead";
    return undefined;
  },
  async open(page, path) {
    await arrangeAcme('active');
    // The SPA's own account pages (the password flow) carry the tenant box; the banner stays out of the way.
    await choosePasswordFlow(page.context());
    await acceptCookies(page.context(), server.url);
    const current = openedAs(path);
    if (current === 'acme') await page.context().addCookies([{ name: '__tenant', value: acmeId, url: server.url }]);
    // The page's cookie jar refuses the __tenant cookie while the test says so (a failed apply).
    await page.addInitScript(() => {
      const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get() {
          return native.get!.call(this);
        },
        set(value: string) {
          if ((window as unknown as { refuseTenantCookie?: boolean }).refuseTenantCookie && value.startsWith('__tenant='))
            throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
          native.set!.call(this, value);
        },
      });
    });
    // One entry per lookup the app makes: the client's retry of a failed GET is the same lookup.
    const lookups: LookupRequest[] = [];
    lookedUp.set(page, lookups);
    const entries = new WeakMap<object, LookupRequest>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith(lookupPath)) return;
      const name = decodeURIComponent(url.pathname.slice(lookupPath.length));
      const last = lookups.at(-1);
      if (last?.failed && !last.retried && last.name === name) {
        last.retried = true;
        entries.set(request, last);
      } else {
        const entry = { name, failed: false, retried: false };
        lookups.push(entry);
        entries.set(request, entry);
      }
    });
    page.on('requestfailed', (request) => {
      const entry = entries.get(request);
      if (entry) entry.failed = true;
    });
    await page.goto(`${server.url}/account/login`);
    await tenantBox(page)
      .getByText(current ?? 'Not selected', { exact: true })
      .waitFor();
  },
  async act(page, event, upcoming) {
    if (event.type === 'tenant.open') {
      await tenantBox(page).getByRole('button', { name: 'Switch' }).click();
      await dialog(page).getByLabel('Name').waitFor();
    } else if (event.type === 'tenant.nameChanged') {
      await dialog(page)
        .getByLabel('Name')
        .fill((event as unknown as { name: string }).name);
    } else if (event.type === 'tenant.cancel') {
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    } else if (event.type === 'tenant.save') {
      // The outcomes this Save leads to, up to the user's next event.
      const stop = upcoming.findIndex(isUserEvent);
      const next = stop === -1 ? upcoming : upcoming.slice(0, stop);
      const lookup = next.find((later) => isResult(later, 'done', 'findTenant')) as unknown as { output: Lookup } | undefined;
      if (lookup) await arrangeAcme(!lookup.output.success ? 'absent' : lookup.output.isActive ? 'active' : 'inactive');
      await page.unroute(`**${lookupPath}**`);
      // Every attempt fails (the client retries a GET once: a single failure is not seen).
      if (next.some((later) => isResult(later, 'error', 'findTenant')))
        await page.route(`**${lookupPath}**`, (route) => route.abort('internetdisconnected'));
      const refuse = next.some((later) => isResult(later, 'error', 'applyTenant'));
      await page.evaluate((refuse) => {
        (window as unknown as { refuseTenantCookie?: boolean }).refuseTenantCookie = refuse;
      }, refuse);
      // Enter in the Name field, as a user submits the form: with Save disabled it submits nothing,
      // which is what the machine does with a Save it ignores.
      await dialog(page).getByLabel('Name').press('Enter');
    } else throw new Error(`no user action plays ${event.type}`);
  },
  async read(page) {
    const modal = dialog(page);
    if ((await modal.count()) === 0) return { isOpen: false };
    return {
      isOpen: true,
      name: await modal.getByLabel('Name').inputValue(),
      canSave: await modal.getByRole('button', { name: 'Save' }).isEnabled(),
    };
  },
  seen: (view) => (view.isOpen ? { isOpen: true, name: view.name, canSave: view.canSave } : { isOpen: false }),
  async checkCalls(page, calls: Call[]) {
    const expected = calls.filter((call) => call.name === 'findTenant').map((call) => (call.input as { name: string }).name);
    const lookups = lookedUp.get(page)!;
    await expect.poll(() => lookups.map((lookup) => lookup.name)).toEqual(expected);
    lookups.length = 0;
  },
  async checkEmitted(page, emitted) {
    for (const event of emitted) {
      const { name, tenant } = event as unknown as { name?: string; tenant?: { id: string; name: string } | null };
      if (event.type === 'tenant.unavailable') await page.getByText(`Given tenant is not available: ${name}`).last().waitFor();
      else if (event.type === 'tenant.lookupFailed')
        await page.getByText(`The tenant "${name}" could not be looked up. Please try again.`).last().waitFor();
      else if (event.type === 'tenant.changed') {
        // The configuration is reloaded for the new tenant: the box shows the server's name, the cookie holds its id.
        await tenantBox(page)
          .getByText(tenant ? tenant.name : 'Not selected', { exact: true })
          .waitFor();
        const cookies = (await page.context().cookies(server.url)).filter((cookie) => cookie.name === '__tenant');
        // The model's acme stands for the real one, whose id the server chose.
        expect(cookies.map((cookie) => cookie.value)).toEqual(tenant ? [tenant.id === acme.tenantId ? acmeId : tenant.id] : []);
      } else throw new Error(`no check for the emitted ${event.type}`);
    }
  },
});
