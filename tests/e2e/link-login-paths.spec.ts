// Link login's model paths through the real screen (issue 21; spec 2.4, 4.7, 8): every playable path
// of the link-login machine's model, played in Chromium against the real server by opening the
// page with handler=linkLogin (as a link from another tenant's domain or the linked-accounts
// screen does), with what the user sees (the toast of a failed link login, with the server's
// error_description or the generic text) and what the browser does (the LinkLogin grant it posts,
// the tokens it stores, the address it reloads) checked against the spec-written reference
// (tests/machines/reference/link-login.reference.ts). The model's abstract values are the real
// ones: 'u-2' of tenant 't-1' is a real user of the tenant acme linked to the host admin
// (user_links), the current access token is the admin's (signed in once through the real login
// page, restored before each signed-in path), the token answer from another tenant's domain is a
// real token answer of the linked user. Outcomes are produced, not played:
// - the grant's tokens: the real server's answer to the real link; its refusal: the link row is
//   removed before the page opens, so the real server refuses with its own error_description
//   (the model's text stands for it: `asPlayed`);
// - storing the tokens fails: the page's localStorage refuses the access token (as a full quota does).
// The grant never answers tenant_domain here (the server has no tenant-by-domain resolution,
// server/identity-server/grants.ts), so the redirect to a tenant domain is left to the machine suite.
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { linkedTokens, linkLoginModel } from '../../machines/account/link-login.model.ts';
import type { ModelPath } from '../../machines/testing/model-paths.ts';
import { userLinks, users } from '../../server/db/schema/index.ts';
import { createUser, passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type LinkLoginExpectedView, linkLoginReference } from '../machines/reference/link-login.reference.ts';
import { describeUiPaths } from './ui-paths.ts';

let server: TestServer;
/** The file's one page, signed in once as the host admin through the real login page. */
let shared: { browser: Browser; page: Page };
/** The admin's stored session (the app's localStorage keys), put back before each signed-in path. */
let adminSession: Record<string, string>;
let adminId: string;
let acmeId: string;
/** The real user of acme the model's 'u-2' of 't-1' stands for, and a real token answer of it. */
let linkedId: string;
let tenantDomainAnswer: Record<string, unknown>;

const sessionKeys = ['access_token', 'refresh_token', 'access_token_stored_at', 'expires_at', 'id_token', 'abpOAuthClientId'];
const genericFailure = 'The login with the linked account failed.';
const notLinked = 'You are not linked to this user.';

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
  linkedId = await createUser(server, { userName: 'linked.acme', password: 'Linked-pass1', tenantId: acmeId });
  const [admin] = await server.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userName, 'admin'), isNull(users.tenantId)));
  adminId = admin!.id;
  tenantDomainAnswer = (await passwordToken(server, {
    userName: 'linked.acme',
    password: 'Linked-pass1',
    tenant: 'acme',
  })) as unknown as Record<string, unknown>;
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    // A page that refuses to store an access token while the test says so (sessionStorage flag).
    await browser.context.addInitScript(() => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (name: string, value: string) {
        if (this === localStorage && name === 'access_token' && sessionStorage.getItem('paths.refuseTokens') === '1')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        setItem.call(this, name, value);
      };
    });
    const page = await browser.context.newPage();
    await signIn(page, server.url);
    adminSession = await page.evaluate(
      (keys) => Object.fromEntries(keys.flatMap((key) => (localStorage.getItem(key) === null ? [] : [[key, localStorage.getItem(key)!]]))),
      sessionKeys,
    );
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/connect/token')) return;
      const form = new URLSearchParams(request.postData() ?? '');
      if (form.get('grant_type') === 'LinkLogin') grants.get(page)?.push(form);
    });
    page.on('response', async (response) => {
      if (response.request().method() !== 'POST' || !response.url().endsWith('/connect/token')) return;
      const form = new URLSearchParams(response.request().postData() ?? '');
      if (form.get('grant_type') === 'LinkLogin' && response.ok()) answers.get(page)?.push(await response.json().catch(() => null));
    });
    shared = { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
});

afterAll(async () => {
  await shared?.browser.close();
  await server?.stop();
});

/** The LinkLogin grants the page posted, and the tokens the server answered, since the path began. */
const grants = new WeakMap<Page, URLSearchParams[]>();
const answers = new WeakMap<Page, unknown[]>();
/** Whether the page refuses to store tokens in this path. */
const refusesTokens = new WeakMap<Page, boolean>();

interface Input {
  request: { linkUserId: string | null; linkTenantId: string | null; token: string | null };
  accessToken: string | null;
  location: string;
}

/** The model's input with its abstract values made real (see the header). */
function realInput(raw: unknown): Input {
  const input = raw as Input;
  const request = {
    linkUserId: input.request.linkUserId === null ? null : linkedId,
    linkTenantId: input.request.linkTenantId === null ? null : acmeId,
    token:
      input.request.token === null
        ? null
        : input.request.token === JSON.stringify(linkedTokens)
          ? JSON.stringify(tenantDomainAnswer)
          : input.request.token,
  };
  const location = new URL(`${server.url}/?keep=1&handler=linkLogin`);
  for (const [name, value] of Object.entries(request)) if (value !== null) location.searchParams.set(name, value);
  return { request, accessToken: input.accessToken === null ? null : adminSession.access_token!, location: location.href };
}

const has = (path: ModelPath, type: string) => path.path.steps.some((step) => step.event.type === type);

async function arrangeLink(linked: boolean): Promise<void> {
  await server.ctx.db.delete(userLinks).where(eq(userLinks.sourceUserId, adminId));
  if (linked) await server.ctx.db.insert(userLinks).values({ sourceUserId: adminId, targetUserId: linkedId, targetTenantId: acmeId });
}

describeUiPaths<LinkLoginExpectedView>('link login', {
  model: linkLoginModel,
  scenarios: ['signed in, linkUserId', 'signed out, linkUserId', 'token from the tenant domain', 'broken token'],
  reference: (input) => linkLoginReference(realInput(input)),
  automaticActors: ['linkLoginGrant', 'redirectToTenantDomain', 'storeAndReload'],
  unproducible(event) {
    const output = (event as { output?: { tenant_domain?: string } }).output;
    if (event.type === 'xstate.done.actor.linkLoginGrant' && output?.tenant_domain)
      return 'the server has no tenant-by-domain resolution, so its LinkLogin answer never carries tenant_domain (server/identity-server/grants.ts)';
    return undefined;
  },
  asPlayed(event) {
    // The real server's refusal of a user who is not linked (the model's text stands for it).
    if (event.type === 'xstate.error.actor.linkLoginGrant')
      return [{ ...event, error: { error: 'invalid_grant', error_description: notLinked } } as EventObject];
    return [event];
  },
  page: async () => ({ page: shared.page, done: async () => {} }),
  async open(page, path) {
    const input = realInput(path.input);
    grants.set(page, []);
    answers.set(page, []);
    await arrangeLink(!has(path, 'xstate.error.actor.linkLoginGrant'));
    // Stop what the last path left (a reload, toasts): a blank page of the app's origin first.
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate(
      ({ keys, session }) => {
        sessionStorage.removeItem('paths.refuseTokens');
        for (const key of keys) localStorage.removeItem(key);
        for (const [key, value] of Object.entries(session ?? {})) localStorage.setItem(key, value);
      },
      { keys: sessionKeys, session: input.accessToken ? adminSession : null },
    );
    refusesTokens.set(page, has(path, 'xstate.error.actor.storeAndReload'));
    if (refusesTokens.get(page)) await page.evaluate(() => sessionStorage.setItem('paths.refuseTokens', '1'));
    await page.goto(input.location);
  },
  async act(_page, event) {
    throw new Error(`no user action plays ${event.type}`);
  },
  async read(page) {
    const toasts = page.getByRole('region', { name: 'Notifications' }).getByRole('alert');
    return { toasts: (await toasts.allInnerTexts()).map((text) => text.split('\n').slice(1).join(' ').trim()) };
  },
  // A failed link login is toasted with the server's error_description, or the generic text (spec 8).
  seen: (view) => ({ toasts: view.output ? [view.output.description ?? genericFailure] : [] }),
  async checkCalls(page, calls) {
    for (const call of calls) {
      if (call.name === 'linkLoginGrant') {
        const expected = call.input as { accessToken: string; linkUserId: string; linkTenantId: string | null };
        await expect.poll(() => grants.get(page)!.length, { message: 'the LinkLogin grant posted' }).toBe(1);
        const form = grants.get(page)![0]!;
        expect({
          accessToken: form.get('access_token'),
          linkUserId: form.get('LinkUserId'),
          linkTenantId: form.get('LinkTenantId') || null,
        }).toEqual(expected);
      } else if (call.name === 'storeAndReload') {
        const { tokens, location } = call.input as { tokens: { access_token: string }; location: string };
        const stored = () => page.evaluate(() => localStorage.getItem('access_token')).catch(() => null);
        if (refusesTokens.get(page)) {
          // Storing failed: nothing is kept (the failure clears the session) and the page does not reload.
          await expect.poll(stored, { message: 'no tokens stored' }).toBeNull();
          continue;
        }
        // The tokens stored are the token answer the page came with, or the grant's real answer.
        const answered = () => (answers.get(page)![0] as { access_token?: string } | undefined)?.access_token;
        const expectedToken = tokens.access_token === linkedTokens.access_token ? answered : () => tokens.access_token;
        await expect
          .poll(async () => (await stored()) !== null && (await stored()) === expectedToken(), { message: 'the tokens stored' })
          .toBe(true);
        // The page reloads at its address without the link parameters, signed in as the linked user.
        const clean = new URL(location);
        for (const name of ['handler', 'linkUserId', 'linkTenantId', 'token']) clean.searchParams.delete(name);
        await page.waitForURL(clean.href);
        await page.getByRole('button', { name: 'User menu' }).waitFor();
      } else throw new Error(`no check for the call ${call.name}`);
    }
  },
});
