// The resource kit's entity form through the real screen (issue 21; spec 5 validation and server
// errors, 8 the form's toasts; issue 9 kit): a covering set of the entity form's model paths played
// on the claim types screen's form dialog (a ResourceScreen spec) in Chromium, with what the user
// sees (the dialog and its title, loading, the load failure and its retry, the Name field with its
// error, the form's message, the conflict with Reload, the discard question, the dialog closing and
// 'Saved successfully') and the requests the browser sends checked against the spec-written
// reference (tests/machines/reference/entity-form.reference.ts). The model is the claim type's
// (name required). How each model event happens here:
// - 'New' or the row's Edit opens the form; typing: the Name field; Save, Cancel, Discard, Keep
//   editing, Reload, Try again: their buttons.
// - the record's load and the save: the browser holds the request and answers it when the path
//   says, with the model's answer (the record Level, the saved record, a 409 conflict, a 400 with a
//   field error, both in ABP's error envelope) or a network failure; the list, the session and the
//   screen are the real server's. A GET that fails is tried once more by the client: that fails too.
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { entityFormModel } from '../../machines/generic/entity-form.model.ts';
import { passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type EntityFormExpectedView, entityFormReference } from '../machines/reference/entity-form.reference.ts';
import { adminApi } from './identity-helpers.ts';
import { describeUiPaths } from './ui-paths.ts';

let server: TestServer;
/**
 * The file's one browser page, signed in once through the real login page; every path is played on
 * it, the claim types screen left and opened again by a client-side navigation (the app is not booted again).
 */
let shared: { browser: Browser; page: Page };
/** The real claim type whose Edit opens the form (the model's record 'ct-1'). */
let recordId: string;
const recordName = 'Level';

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  const token = (await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })).access_token;
  const created = await adminApi(server.url, () => token)('POST', '/api/identity/claim-types', {
    name: recordName,
    required: false,
    valueType: 0,
  });
  recordId = (created.json as { id: string }).id;
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    const page = await browser.context.newPage();
    await signIn(page, server.url);
    held.set(page, []);
    await page.route(
      (url) => url.pathname.startsWith(`${recordPath}/`) || url.pathname === recordPath,
      (route, request) => {
        const url = new URL(request.url());
        // The list itself is the real server's.
        if (request.method() === 'GET' && url.pathname === recordPath) return route.continue();
        const failing = retriesToFail.get(page) ?? 0;
        if (failing > 0) {
          retriesToFail.set(page, failing - 1);
          return route.abort('failed');
        }
        held.get(page)!.push({ route, request });
      },
    );
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

/** Goes to `address` as the app's links do (wouter follows history.pushState). */
const navigate = (page: Page, address: string) => page.evaluate((to) => window.history.pushState(null, '', to), address);

const recordPath = '/api/identity/claim-types';
/** Per page: the held record requests (load and save), and attempts of a failing GET still to fail. */
const held = new WeakMap<Page, Array<{ route: Route; request: Request }>>();
const retriesToFail = new WeakMap<Page, number>();
/** Per page: the record (id) the path edits, null when it creates. */
const editing = new WeakMap<Page, string | null>();
/** Per page: whether 'Saved successfully' showed after the save's answer. */
const toastSeen = new WeakMap<Page, Promise<boolean>>();

const dialog = (page: Page) => page.getByRole('dialog', { name: /^(New|Edit) claim type$/ });
const nameField = (page: Page) => dialog(page).getByRole('textbox', { name: 'Name' });
const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Discard your changes?' });

async function answerLatest(page: Page, answer: (route: Route) => Promise<void>): Promise<void> {
  await expect.poll(() => held.get(page)!.length, { message: 'a record request to answer' }).toBeGreaterThan(0);
  const requests = held.get(page)!.splice(0);
  for (const earlier of requests.slice(0, -1)) await earlier.route.abort().catch(() => {});
  await answer(requests.at(-1)!.route);
}

const recordDto = (values: { name: string; valueType: number }, concurrencyStamp: string) => ({
  id: recordId,
  name: values.name,
  required: false,
  isStatic: false,
  regex: null,
  regexDescription: null,
  description: null,
  valueType: values.valueType,
  valueTypeAsString: 'String',
  concurrencyStamp,
});

const errorOf = (event: EventObject) => (event as unknown as { error: unknown }).error;

describeUiPaths<EntityFormExpectedView>('kit entity form (claim types)', {
  model: entityFormModel,
  scenarios: ['edit', 'create'],
  notInTheProduct: {
    'create with lookups': "the claim type's form loads nothing to create a record (no choices to fetch); the users' form does",
  },
  sample: 'covering',
  // The model's id stands for the real record the path edits.
  reference: (input) => entityFormReference(input),
  automaticActors: [],
  page: async () => ({ page: shared.page, done: async () => {} }),
  async open(page, path) {
    // What the last path left: the screen and its dialog are left, the held requests let go, and
    // the last path's 'Saved successfully' gone (this path's toast is looked for).
    await navigate(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Claim types' }).waitFor({ state: 'detached' });
    await dialog(page).waitFor({ state: 'detached' });
    for (const { route } of held.get(page)!.splice(0)) await route.abort().catch(() => {});
    retriesToFail.delete(page);
    toastSeen.delete(page);
    await page.getByText('Saved successfully').first().waitFor({ state: 'detached', timeout: 15_000 });
    await navigate(page, '/identity/claim-types');
    const isEdit = (path.input as { id?: string }).id !== undefined;
    editing.set(page, isEdit ? recordId : null);
    if (isEdit) {
      await page
        .getByRole('table', { name: 'Claim types' })
        .getByRole('button', { name: `Actions for ${recordName}` })
        .click();
      await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    } else await page.getByRole('button', { name: 'New', exact: true }).click();
    await dialog(page).waitFor();
  },
  async act(page, event) {
    switch (event.type) {
      case 'xstate.done.actor.loadEntity': {
        const loaded = (event as unknown as { output: { values: { name: string; valueType: number }; concurrencyStamp: string } }).output;
        return answerLatest(page, (route) => route.fulfill({ json: recordDto(loaded.values, loaded.concurrencyStamp) }));
      }
      case 'xstate.error.actor.loadEntity':
        retriesToFail.set(page, 1);
        return answerLatest(page, (route) => route.abort('failed'));
      case 'xstate.done.actor.saveEntity': {
        const saved = (event as unknown as { output: { name: string } }).output;
        // The success toast lasts 5 s: it is looked for from before the answer, so a slow check cannot miss it.
        toastSeen.set(
          page,
          page
            .getByText('Saved successfully')
            .first()
            .waitFor({ timeout: 30_000 })
            .then(
              () => true,
              () => false,
            ),
        );
        return answerLatest(page, (route) => route.fulfill({ json: recordDto({ name: saved.name, valueType: 0 }, 'stamp-2') }));
      }
      case 'xstate.error.actor.saveEntity': {
        const error = errorOf(event) as { status?: number; data?: unknown } | string;
        if (typeof error === 'string') return answerLatest(page, (route) => route.abort('failed'));
        return answerLatest(page, (route) => route.fulfill({ status: error.status ?? 500, json: error.data }));
      }
      case 'form.change':
        return nameField(page).fill((event as unknown as { values: { name: string } }).values.name);
      case 'form.submit':
        return dialog(page).getByRole('button', { name: 'Save' }).click();
      case 'form.close':
        return dialog(page).getByRole('button', { name: 'Cancel' }).click();
      case 'form.discard':
        return discardQuestion(page).getByRole('button', { name: 'Discard' }).click();
      case 'form.keepEditing':
        return discardQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
      case 'form.reload':
        return dialog(page).getByRole('button', { name: 'Reload' }).click();
      case 'form.retry':
        return dialog(page).getByRole('button', { name: 'Try again' }).click();
      default:
        throw new Error(`no user action plays ${event.type}`);
    }
  },
  async read(page) {
    const form = dialog(page);
    if ((await form.count()) === 0) return { isOpen: false };
    const title = (await form.getByRole('heading').first().textContent())?.trim();
    if ((await form.getByText('Loading…').count()) > 0) return { isOpen: true, title, shows: 'loading' };
    if ((await form.getByText('The record could not be loaded.').count()) > 0) return { isOpen: true, title, shows: 'loadFailed' };
    if ((await form.getByText('Someone else changed this record').count()) > 0) return { isOpen: true, title, shows: 'conflict' };
    const field = nameField(page);
    if ((await field.count()) === 0) return { isOpen: true, title, shows: 'nothing' };
    const fieldError = await field.evaluate((input) =>
      input.getAttribute('aria-invalid') === 'true'
        ? (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim()
        : null,
    );
    const formAlerts = await form.locator('form > [role="alert"]').allTextContents();
    return {
      isOpen: true,
      title,
      shows: 'form',
      name: await field.inputValue(),
      fieldError,
      formError: formAlerts.length === 0 ? null : formAlerts.join(' '),
      asksDiscard: (await discardQuestion(page).count()) > 0,
    };
  },
  seen(view) {
    if (view.phase === 'saved' || view.phase === 'closed') return { isOpen: false };
    const title = view.isCreate ? 'New claim type' : 'Edit claim type';
    if (view.phase === 'loading' || view.phase === 'loadFailed' || view.phase === 'conflict')
      return { isOpen: true, title, shows: view.phase };
    return {
      isOpen: true,
      title,
      shows: 'form',
      name: typeof view.values.name === 'string' ? view.values.name : '',
      fieldError: view.fieldErrors.name ?? null,
      // An empty message is the kit's own (saveFailed).
      formError: view.formError === null ? null : view.formError || 'The record could not be saved.',
      asksDiscard: view.phase === 'confirmingDiscard',
    };
  },
  async checkCalls(page, calls) {
    for (const call of calls) {
      const requests = () => held.get(page)!.map(({ request }) => ({ method: request.method(), path: new URL(request.url()).pathname }));
      const id = editing.get(page);
      if (call.name === 'loadEntity')
        await expect.poll(requests, { message: 'the record loaded' }).toContainEqual({ method: 'GET', path: `${recordPath}/${id}` });
      if (call.name === 'saveEntity') {
        const input = call.input as { values: { name: string; valueType: number }; concurrencyStamp: string | null };
        const expected = id === null ? { method: 'POST', path: recordPath } : { method: 'PUT', path: `${recordPath}/${id}` };
        await expect.poll(requests, { message: 'the record saved' }).toContainEqual(expected);
        const body = held.get(page)!.at(-1)!.request.postDataJSON() as Record<string, unknown>;
        expect({ name: body.name, valueType: body.valueType, concurrencyStamp: body.concurrencyStamp ?? null }).toEqual({
          name: input.values.name.trim(),
          valueType: input.values.valueType,
          concurrencyStamp: id === null ? null : input.concurrencyStamp,
        });
      }
    }
  },
  async checkEmitted(page, emitted) {
    if (emitted.some((event) => event.type === 'entity.saved'))
      expect(await toastSeen.get(page), "the 'Saved successfully' toast").toBe(true);
  },
});
