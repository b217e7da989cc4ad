// The settings form's model paths through the real screen (issue 21; spec 2.5, 4.8, 5, 8): a covering
// set of the settings form machine's paths on the product's settings tab, Settings → Audit Logging
// (General), played in Chromium against the real server, with what the user sees (loading, the load
// failure with its message and Try again, the deleter switch, the period field with its error, the
// form's message, Save offered or not, 'Saved successfully' and the refusal's toast; the field's
// error as the user reads it, its limit a number in the user's culture, English here: 'at most
// 36,500', digits grouped) and what the
// browser and the server do (the settings read, the values sent and stored, the configuration
// re-read) checked against the spec-written reference (tests/machines/reference/
// settings-form.reference.ts) told that tab's rules (`auditLoggingTab`). The machine's own model is
// a password-policy tab, which the product does not have; this file's model is the same machine on
// the audit tab's rules with the tab's fields' events. How each model event happens here:
// - changes: the deleter's checkbox is clicked, the period field is filled (or emptied) and left
//   (react-aria's NumberField commits on blur); Save: the Save button; Try again: its button;
// - the load's answer: the real server's, of the settings stored before the tab opens; the save's:
//   the real server's (what it stored is read back from the database). Refusals are produced for
//   real: the admin's role loses AuditLogging.AuditLogs.SettingManagement just before (403 with the
//   server's message); a load that fails without a message is the network failing (both attempts:
//   the client tries a failed GET once more).
// Not on this screen: Reset (the tab has no Reset button), a submit while invalid (Save is disabled
// and a disabled default button blocks a form's implicit submission by Enter), and a failing
// configuration refresh (the tab's refresh hands auth.reloadConfiguration to the auth machine and
// never fails, use-settings-form.ts).
import { and, eq, isNull } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { type SettingsFormEvent, settingsFormMachine } from '../../machines/generic/settings-form.machine.ts';
import { describeEvent, done, failed } from '../../machines/shell/model-events.ts';
import type { MachineModel, ModelPath } from '../../machines/testing/model-paths.ts';
import { permissionGrants } from '../../server/db/schema/index.ts';
import { invalidatePermissionGrants } from '../../server/modules/permission-management/checker.ts';
import { getSettingValues, setSettingValues } from '../../server/modules/setting-management/store.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { auditLoggingTab, type SettingsFormExpectedView, settingsFormReference } from '../machines/reference/settings-form.reference.ts';
import { describeUiPaths, withEventsAsRules } from './ui-paths.ts';

let server: TestServer;
/** The file's one page, signed in once; the settings screen is left and opened again between paths. */
let shared: { browser: Browser; page: Page };

const storedValues = { isExpiredDeleterEnabled: true, expiredDeleterPeriod: 30, lastRunTime: null, lastDeletedCount: null };
/** The real server's message of a 403 (AbpExceptionHandling::403Message). */
const forbiddenMessage = 'Forbidden';
const permission = 'AuditLogging.AuditLogs.SettingManagement';
const settingsPath = '/api/audit-logging/settings';
const global = { providerName: 'G', providerKey: '' } as const;

const events: Array<SettingsFormEvent | EventObject> = [
  done('loadSettings', storedValues),
  failed('loadSettings'),
  { type: 'xstate.error.actor.loadSettings', error: { data: { error: { message: forbiddenMessage } } } } as EventObject,
  { type: 'form.change', values: { expiredDeleterPeriod: 90 } },
  { type: 'form.change', values: { expiredDeleterPeriod: 40_000 } },
  { type: 'form.change', values: { expiredDeleterPeriod: null } },
  { type: 'form.change', values: { isExpiredDeleterEnabled: false } },
  { type: 'form.submit' },
  { type: 'form.retry' },
  done('saveSettings', undefined),
  { type: 'xstate.error.actor.saveSettings', error: { data: { error: { message: forbiddenMessage } } } } as EventObject,
  done('refreshConfiguration', undefined),
  failed('refreshConfiguration'),
];

/** The settings form on the Audit Logging tab's rules and fields. */
const auditTabModel: MachineModel<typeof settingsFormMachine> = {
  machine: settingsFormMachine,
  scenarios: [{ name: 'audit logging, General', input: { rules: auditLoggingTab.rules } }],
  events,
  describeEvent(event) {
    if (event.type.startsWith('xstate.error.actor.') && typeof (event as { error?: unknown }).error === 'object')
      return `${event.type.split('.')[3]} refused (403)`;
    return describeEvent(event);
  },
};

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    const page = await browser.context.newPage();
    await signIn(page, server.url);
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === settingsPath || path === '/api/abp/application-configuration') requests.get(page)?.push(request);
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

/** The settings and configuration requests the page sent since the last check. */
const requests = new WeakMap<Page, Request[]>();

const navigate = (page: Page, address: string) => page.evaluate((to) => window.history.pushState(null, '', to), address);
const tab = (page: Page) => page.getByRole('tabpanel', { name: 'General' });
const deleter = (page: Page) => tab(page).getByRole('checkbox', { name: 'Enable the expired audit log deleter' });
const period = (page: Page) => tab(page).getByRole('textbox', { name: 'Expired deleter period (days)' });
const save = (page: Page) => tab(page).getByRole('button', { name: 'Save' });

async function grantSettings(granted: boolean): Promise<void> {
  const row = { tenantId: null, name: permission, providerName: 'R', providerKey: 'admin' };
  await server.ctx.db
    .delete(permissionGrants)
    .where(
      and(
        isNull(permissionGrants.tenantId),
        eq(permissionGrants.name, permission),
        eq(permissionGrants.providerName, 'R'),
        eq(permissionGrants.providerKey, 'admin'),
      ),
    );
  if (granted) await server.ctx.db.insert(permissionGrants).values(row);
  await invalidatePermissionGrants(server.ctx);
}

const isUserEvent = (event: EventObject) => event.type.startsWith('form.');

/** Arranges the outcomes of the calls the next user action leads to (up to the user's next event). */
async function arrangeOutcomes(page: Page, upcoming: EventObject[]): Promise<void> {
  const stop = upcoming.findIndex(isUserEvent);
  const next = (stop === -1 ? upcoming : upcoming.slice(0, stop)).map((event) => event as EventObject & { error?: unknown });
  const refused = next.some((event) => event.type.startsWith('xstate.error.actor.') && typeof event.error === 'object');
  await grantSettings(!refused);
  await page.unroute(`**${settingsPath}`);
  if (next.some((event) => event.type === 'xstate.error.actor.loadSettings' && typeof event.error !== 'object'))
    await page.route(`**${settingsPath}`, (route) =>
      route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.continue(),
    );
}

/** The model's state before step `index`. */
const before = (path: ModelPath, index: number) =>
  path.path.steps[index - 1]!.state as unknown as { value: unknown; context: { values: Record<string, unknown> } };

const englishNumber = new Intl.NumberFormat('en');

const isInvalid = (values: Record<string, unknown>) =>
  values.isExpiredDeleterEnabled === true &&
  typeof values.expiredDeleterPeriod === 'number' &&
  (values.expiredDeleterPeriod < 0 || values.expiredDeleterPeriod > 36_500);

describeUiPaths<SettingsFormExpectedView>('settings form (Audit Logging)', {
  model: auditTabModel,
  scenarios: ['audit logging, General'],
  sample: 'covering',
  // Covering also plays every event of the model at least once (an error under the field, the field hidden, Save off).
  reference: (input) => withEventsAsRules(settingsFormReference(input)),
  automaticActors: ['loadSettings', 'saveSettings', 'refreshConfiguration'],
  notPlayable: { 'form.reset': 'the Audit Logging tab has no Reset button' },
  unproducible(event, path, index) {
    if (event.type === 'xstate.error.actor.refreshConfiguration')
      return "the tab's refresh hands auth.reloadConfiguration to the auth machine and never fails (use-settings-form.ts)";
    if (index === 0) return undefined;
    const state = before(path, index);
    if (event.type === 'form.submit' && state.value === 'editing' && isInvalid(state.context.values))
      return "Save is disabled while the form is invalid, and a disabled default button blocks the form's implicit submission (Enter)";
    if (event.type === 'form.change' && state.value === 'editing') {
      const values = (event as unknown as { values: Record<string, unknown> }).values;
      if ('expiredDeleterPeriod' in values && state.context.values.isExpiredDeleterEnabled !== true)
        return 'the period field shows only while the deleter is enabled (spec 2.5)';
      if ('isExpiredDeleterEnabled' in values && values.isExpiredDeleterEnabled === state.context.values.isExpiredDeleterEnabled)
        return 'the checkbox only toggles: it cannot be set to what it already is';
      if ('expiredDeleterPeriod' in values && values.expiredDeleterPeriod === state.context.values.expiredDeleterPeriod)
        return 'filling the field with the value it holds changes nothing (react-aria commits only a change)';
    }
    return undefined;
  },
  asPlayed(event, path, index) {
    // What the real server holds after the save: the tab's values as the spec stores them.
    if (event.type === 'xstate.done.actor.saveSettings')
      return [{ ...event, output: auditLoggingTab.stored(before(path, index).context.values as never) } as EventObject];
    return [event];
  },
  page: async () => ({ page: shared.page, done: async () => {} }),
  async open(page, path) {
    await navigate(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor({ state: 'detached' });
    await setSettingValues(
      server.ctx,
      { 'Volo.AuditLogging.IsExpiredDeleterEnabled': 'true', 'Volo.AuditLogging.ExpiredDeleterPeriod': '30' },
      global,
    );
    await arrangeOutcomes(
      page,
      path.path.steps.slice(1).map((step) => step.event),
    );
    await dismissToasts(page);
    requests.set(page, []);
    await navigate(page, '/setting-management');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  },
  async act(page, event, upcoming) {
    await arrangeOutcomes(page, upcoming);
    if (event.type === 'form.retry') return tab(page).getByRole('button', { name: 'Try again' }).click();
    if (event.type === 'form.submit') return save(page).click();
    if (event.type === 'form.change') {
      const values = (event as unknown as { values: Record<string, unknown> }).values;
      if ('isExpiredDeleterEnabled' in values) return tab(page).getByText('Enable the expired audit log deleter', { exact: true }).click();
      const value = values.expiredDeleterPeriod;
      await period(page).fill(value === null ? '' : String(value));
      return period(page).blur();
    }
    throw new Error(`no user action plays ${event.type}`);
  },
  async read(page) {
    const panel = tab(page);
    if ((await panel.count()) === 0 || (await panel.getByText('Loading settings').count()) > 0) return { status: 'loading' };
    if ((await panel.getByText('The settings could not be loaded').count()) > 0)
      return { status: 'loadFailed', message: (await panel.getByRole('alert').locator('p').allInnerTexts())[1]?.trim() ?? null };
    const on = await deleter(page).isChecked();
    const errorText = on ? await panel.locator('[slot="errorMessage"]').allInnerTexts() : [];
    const alert = await panel.locator('form [role="alert"]').allInnerTexts();
    return {
      status: 'editing',
      deleter: on,
      period: on ? await period(page).inputValue() : 'hidden',
      periodError: errorText.join(' ').trim() || null,
      error: alert.join(' ').trim() || null,
      canSave: await save(page).isEnabled(),
    };
  },
  seen(view) {
    if (view.status === 'loading') return { status: 'loading' };
    if (view.status === 'loadFailed') return { status: 'loadFailed', message: view.error };
    const on = view.values.isExpiredDeleterEnabled === true;
    const fieldError = view.fieldErrors.expiredDeleterPeriod as { rule: string; limit?: number; message?: string } | undefined;
    // The limit as English writes a number (36,500), not as the program holds it.
    const limit = fieldError?.limit === undefined ? '' : englishNumber.format(fieldError.limit);
    const texts: Record<string, string> = {
      min: `The value must be at least ${limit}.`,
      max: `The value must be at most ${limit}.`,
      number: 'Enter a number.',
      required: 'This field is required.',
    };
    const periodValue = view.values.expiredDeleterPeriod;
    return {
      status: 'editing',
      deleter: on,
      period: on ? (typeof periodValue === 'number' ? String(periodValue) : '') : 'hidden',
      periodError: fieldError ? (fieldError.rule === 'server' ? fieldError.message : texts[fieldError.rule]) : null,
      error: view.error,
      canSave: view.canSave,
    };
  },
  async checkCalls(page, calls) {
    const sent = requests.get(page)!;
    for (const call of calls) {
      if (call.name === 'loadSettings') {
        await expect
          .poll(() => sent.findIndex((request) => request.method() === 'GET' && new URL(request.url()).pathname === settingsPath), {
            message: 'the settings read',
          })
          .toBeGreaterThanOrEqual(0);
        // The failed attempt and its retry are one read.
        sent.splice(0, sent.length, ...sent.filter((request) => !(request.method() === 'GET' && request.url().endsWith(settingsPath))));
      } else if (call.name === 'saveSettings') {
        const { values } = call.input as { values: Record<string, unknown> };
        const expected = auditLoggingTab.stored(values as never);
        const body = { isExpiredDeleterEnabled: expected.isExpiredDeleterEnabled, expiredDeleterPeriod: expected.expiredDeleterPeriod };
        await expect
          .poll(() => sent.find((request) => request.method() === 'PUT')?.postDataJSON(), { message: 'the values sent' })
          .toEqual(body);
        sent.splice(
          sent.findIndex((request) => request.method() === 'PUT'),
          1,
        );
      } else if (call.name === 'refreshConfiguration') {
        await expect
          .poll(() => sent.some((request) => new URL(request.url()).pathname === '/api/abp/application-configuration'), {
            message: 'the configuration re-read',
          })
          .toBe(true);
        sent.splice(0, sent.length);
      } else throw new Error(`no check for the call ${call.name}`);
    }
  },
  async checkEmitted(page, emitted) {
    for (const event of emitted) {
      if (event.type === 'settings.saved') {
        await page.getByRole('status').filter({ hasText: 'Saved successfully' }).first().waitFor();
        // What the server stored is what the form now holds as stored (spec 4.8: off saves 0).
        const values = await getSettingValues(server.ctx, { tenantId: null }, (d) => d.name.startsWith('Volo.AuditLogging.'));
        const shown = (await read(page)) as { deleter: boolean; period: string };
        expect({
          enabled: values['Volo.AuditLogging.IsExpiredDeleterEnabled']?.toLowerCase() === 'true',
          period: values['Volo.AuditLogging.ExpiredDeleterPeriod'],
        }).toEqual({ enabled: shown.deleter, period: shown.deleter ? shown.period || '0' : '0' });
        await dismissToasts(page);
      } else if (event.type === 'settings.saveFailed') {
        const { message } = event as unknown as { message: string | null };
        await page
          .getByRole('region', { name: 'Notifications' })
          .getByRole('alert')
          .filter({ hasText: 'The settings could not be saved' })
          .filter({ hasText: message ?? '' })
          .first()
          .waitFor();
        await dismissToasts(page);
      } else throw new Error(`no check for the emitted ${event.type}`);
    }
  },
});

/** Closes the toasts shown, so a later check sees only its own. */
async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' });
  while ((await close.count()) > 0) await close.first().click();
}

/** The suite's own read, for the stored-values check. */
async function read(page: Page): Promise<unknown> {
  const on = await deleter(page).isChecked();
  return { deleter: on, period: on ? await period(page).inputValue() : 'hidden' };
}
