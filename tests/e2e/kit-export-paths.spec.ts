// The resource kit's export through the real screen (issue 21; issue 9 "export of exactly the
// filtered rows as CSV and XLSX on every list: small sets at once, large sets as a job with progress
// and an expiring link"; spec 7.13, 8): a covering set of the file export machine's model paths played
// on the Roles screen's Export menu (a ResourceScreen spec, src/views/kit/export-menu.tsx) in
// Chromium against the real server, with what the user sees (Export offered or not, the job's
// progress bar, 'Download <file>', the expired link, the 'Export completed' and 'Export failed'
// toasts) and what the browser does (the export request with its format and filters, the downloads
// with the server's file names, the job's polls) checked against the spec-written reference
// (tests/machines/reference/file-export.reference.ts), told the Roles list's resource. The page's
// clock is Playwright's, so the link's hour passes at once. How each model event happens here:
// - starting: the Export menu's 'Excel (XLSX)' or 'CSV' (the model's filters are the list's applied
//   ones, none here); downloading: 'Download <file>'; an hour passing: the page's clock.
// - the export's answer is the real server's: inline (the kit hands the file over as a link to its
//   bytes: the model's file and link answers both are that) while the roles are at most the inline
//   limit (EXPORT_INLINE_ROWS, set to the seeded roles' count), a job once one more role is created
//   first; a refusal: the admin's role loses AbpIdentity.Roles first (the server's 403); a failure
//   without a message: the network failing (both attempts: the client tries a failed GET once more).
// - the job's progress: the real server's answer to the poll, from the job's row. A real job over a
//   few roles has finished before the first poll, so the browser holds each poll (the one request
//   held here, and why) until the job is done and the row says what the path needs: running (500 of
//   2,000 rows, a live heartbeat), lost (Running with a heartbeat minutes old: the server reads it as
//   failed, with its message), or completed as the job left it; a failed poll is the network failing.
// - the browser refuses a download (saving fails) when its link's click throws, as a browser that
//   blocks downloads does; a failed download of the job's file is the network failing.
// - cancelling: 'Cancel export', while the request is on its way (the browser holds the export
//   request until then: the one other request held here) or while the job runs; dismissing a
//   finished or expired job's link: 'Dismiss'.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Download, Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { fileExportModel } from '../../machines/generic/file-export.model.ts';
import { exportJobs, permissionGrants, roles } from '../../server/db/schema/index.ts';
import { listExportsOf } from '../../server/jobs/list-export.ts';
import { invalidatePermissionGrants } from '../../server/modules/permission-management/checker.ts';
import { passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type FileExportExpectedView, fileExportReference } from '../machines/reference/file-export.reference.ts';
import { adminApi } from './identity-helpers.ts';
import { describeUiPaths, withEventsAsRules } from './ui-paths.ts';

let server: TestServer;
/** The file's one page, signed in once; the Roles screen is left and opened again between paths. */
let shared: { browser: Browser; page: Page };
let api: ReturnType<typeof adminApi>;

const exportPath = '/api/identity/roles/export';
const jobsPath = '/api/exports/jobs/';
const permission = 'AbpIdentity.Roles';
const forbiddenMessage = 'Forbidden';
const lostMessage = 'An internal error occurred during your request!';
const extraRole = 'paths-export-extra';
const inlineLimit = 8;
const inlineRowsBefore = process.env.EXPORT_INLINE_ROWS;

beforeAll(async () => {
  ensureBuilt();
  // Up to this many roles an export answers at once; one more makes a job.
  process.env.EXPORT_INLINE_ROWS = String(inlineLimit);
  server = await startTestServer({ serveSpa: true });
  const token = (await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })).access_token;
  api = adminApi(server.url, () => token);
  const [{ count }] = (await server.ctx.db.select({ count: sql<number>`count(*)::int` }).from(roles).where(isNull(roles.tenantId))) as [
    { count: number },
  ];
  for (let index = count; index < inlineLimit; index++)
    await api('POST', '/api/identity/roles', { name: `paths-export-${index}`, isDefault: false, isPublic: false });
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    // A browser that blocks downloads while the test says so: the hidden link's click throws.
    await browser.context.addInitScript(() => {
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (this.download && (window as unknown as { refuseDownloads?: boolean }).refuseDownloads)
          throw new DOMException('Downloads are blocked.', 'NotAllowedError');
        click.call(this);
      };
    });
    const page = await browser.context.newPage();
    await page.clock.install();
    await signIn(page, server.url);
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === exportPath || path.startsWith(jobsPath)) sent.get(page)?.push(request);
    });
    page.on('download', (download) => downloads.get(page)?.push(download));
    await page.route(`**${jobsPath}*`, (route) => answerPoll(page, route));
    await page.route(`**${jobsPath}*/file`, (route) => {
      if (failDownloads.get(page)) return route.abort('internetdisconnected');
      return route.continue();
    });
    await page.route(`**${exportPath}**`, (route) => {
      if (holdRequests.get(page)) {
        holdRequests.set(page, false);
        heldRequests.set(page, route);
        return;
      }
      if (failRequests.get(page)) return route.abort('internetdisconnected');
      return route.continue();
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
  if (inlineRowsBefore === undefined) delete process.env.EXPORT_INLINE_ROWS;
  else process.env.EXPORT_INLINE_ROWS = inlineRowsBefore;
});

/** Per page: the export and job requests sent and the downloads since the last check. */
const sent = new WeakMap<Page, Request[]>();
const downloads = new WeakMap<Page, Download[]>();
/** Per page: the outcomes the next polls are to meet, in order; polls held with none. */
const plannedPolls = new WeakMap<Page, Array<'running' | 'completed' | 'lost' | 'fails'>>();
const heldPolls = new WeakMap<Page, Route[]>();
const failingPolls = new WeakMap<Page, number>();
const failRequests = new WeakMap<Page, boolean>();
/** Per page: hold the next export request (a path cancels it on its way), and the one held. */
const holdRequests = new WeakMap<Page, boolean>();
const heldRequests = new WeakMap<Page, Route>();
const failDownloads = new WeakMap<Page, boolean>();
/** The answers of the real server the path met (the inline file's name, the job). */
let met: { fileName?: string; job?: { id: string; fileName: string; expiresAt: string } } = {};
/** The completed job's row as the job left it, to put back after a 'running' poll. */
let completedRow: Partial<typeof exportJobs.$inferInsert> | null = null;

async function answerPoll(page: Page, route: Route): Promise<void> {
  // A failed poll's retry by the client is the same poll: it fails too.
  const failing = failingPolls.get(page) ?? 0;
  if (failing > 0) {
    failingPolls.set(page, failing - 1);
    return route.abort('internetdisconnected');
  }
  const outcome = plannedPolls.get(page)?.shift();
  if (outcome === undefined) {
    heldPolls.get(page)?.push(route);
    return;
  }
  if (outcome === 'fails') {
    failingPolls.set(page, 1);
    return route.abort('internetdisconnected');
  }
  const jobId = new URL(route.request().url()).pathname.slice(jobsPath.length);
  await listExportsOf(server.ctx).idle();
  const [row] = await server.ctx.db.select().from(exportJobs).where(eq(exportJobs.id, jobId));
  if (row?.status === 'Completed')
    completedRow = { status: row.status, processedRows: row.processedRows, totalRows: row.totalRows, completionTime: row.completionTime };
  const now = Date.now();
  if (outcome === 'running')
    await server.ctx.db
      .update(exportJobs)
      .set({ status: 'Running', processedRows: 500, totalRows: 2000, completionTime: null, heartbeatTime: new Date(now) })
      .where(eq(exportJobs.id, jobId));
  else if (outcome === 'lost')
    await server.ctx.db
      .update(exportJobs)
      .set({ status: 'Running', completionTime: null, heartbeatTime: new Date(now - 10 * 60_000) })
      .where(eq(exportJobs.id, jobId));
  else if (completedRow) await server.ctx.db.update(exportJobs).set(completedRow).where(eq(exportJobs.id, jobId));
  return route.continue();
}

/** The export request held for a cancel, let go (the browser has dropped it by then). */
async function releaseHeldRequest(page: Page): Promise<void> {
  holdRequests.set(page, false);
  const held = heldRequests.get(page);
  heldRequests.delete(page);
  await held?.abort().catch(() => {});
}

async function grantRoles(granted: boolean): Promise<void> {
  const where = and(
    isNull(permissionGrants.tenantId),
    eq(permissionGrants.name, permission),
    eq(permissionGrants.providerName, 'R'),
    eq(permissionGrants.providerKey, 'admin'),
  );
  await server.ctx.db.delete(permissionGrants).where(where);
  if (granted)
    await server.ctx.db.insert(permissionGrants).values({ tenantId: null, name: permission, providerName: 'R', providerKey: 'admin' });
  await invalidatePermissionGrants(server.ctx);
}

/** One more role than the inline limit (a job), or not (the file at once). */
async function arrangeRoleCount(job: boolean): Promise<void> {
  const [extra] = await server.ctx.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(isNull(roles.tenantId), eq(roles.name, extraRole)));
  if (job && !extra) await api('POST', '/api/identity/roles', { name: extraRole, isDefault: false, isPublic: false });
  if (!job && extra) await api('DELETE', `/api/identity/roles/${extra.id}`);
}

const navigate = (page: Page, address: string) => page.evaluate((to) => window.history.pushState(null, '', to), address);
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Roles' });
const exportButton = (page: Page) => page.getByRole('button', { name: 'Export', exact: true });

const isUserEvent = (event: EventObject) => event.type.startsWith('export.');
const until = (upcoming: EventObject[]) => {
  const stop = upcoming.findIndex(isUserEvent);
  return (stop === -1 ? upcoming : upcoming.slice(0, stop)) as Array<
    EventObject & { output?: { kind?: string; status?: string }; error?: unknown }
  >;
};

async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Close' });
  // A toast may leave by itself meanwhile.
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => {});
}

describeUiPaths<FileExportExpectedView>('kit export (roles)', {
  model: fileExportModel,
  scenarios: ['audit logs tab'],
  sample: 'covering',
  // Covering also plays every event of the model at least once (both formats, a refusal and a plain failure).
  reference: () => withEventsAsRules(fileExportReference({ resource: 'roles' })),
  automaticActors: ['requestExport', 'saveFile', 'checkProgress', 'downloadFile'],
  asPlayed(event) {
    const real = met;
    const e = event as EventObject & { output?: Record<string, unknown>; error?: unknown; filters?: unknown; format?: string };
    // The list's applied filters (none), in the format chosen from the menu.
    if (e.type === 'export.start') return [{ type: 'export.start', filters: {}, format: e.format ?? 'xlsx' } as EventObject];
    if (e.type === 'xstate.done.actor.requestExport' && e.output?.kind !== 'job')
      return [{ ...e, output: { kind: 'link', url: 'blob:', fileName: real.fileName } } as EventObject];
    if (e.type === 'xstate.done.actor.requestExport') return [{ ...e, output: { kind: 'job', jobId: real.job?.id } } as EventObject];
    if (e.type === 'xstate.error.actor.requestExport' && typeof e.error === 'object')
      return [{ ...e, error: { data: { error: { message: forbiddenMessage } } } } as EventObject];
    if (e.type === 'xstate.done.actor.saveFile') return [{ ...e, output: real.fileName } as EventObject];
    if (e.type === 'xstate.done.actor.checkProgress' && e.output?.status === 'completed')
      return [{ ...e, output: { status: 'completed', fileName: real.job?.fileName, expiresInMs: 3_600_000 } } as EventObject];
    if (e.type === 'xstate.done.actor.checkProgress' && e.output?.status === 'failed')
      return [{ ...e, output: { status: 'failed', message: lostMessage } } as EventObject];
    return [event];
  },
  page: async () => ({ page: shared.page, done: async () => {} }),
  async open(page) {
    await navigate(page, '/');
    await heading(page).waitFor({ state: 'detached' });
    for (const route of heldPolls.get(page) ?? []) await route.abort().catch(() => {});
    heldPolls.set(page, []);
    await releaseHeldRequest(page);
    failingPolls.set(page, 0);
    plannedPolls.set(page, []);
    met = {};
    failRequests.set(page, false);
    failDownloads.set(page, false);
    completedRow = null;
    // The page's clock back to the server's time (a path may have jumped an hour ahead).
    await page.clock.setSystemTime(Date.now());
    await grantRoles(true);
    await dismissToasts(page);
    sent.set(page, []);
    downloads.set(page, []);
    await navigate(page, '/identity/roles');
    await heading(page).waitFor();
    await page.getByRole('table', { name: 'Roles' }).locator('tbody tr').first().waitFor();
  },
  async act(page, event, upcoming) {
    const next = until(upcoming);
    if (event.type === 'export.start') {
      const answer = next.find((later) => later.type.endsWith('.actor.requestExport'));
      const refused = answer?.type.startsWith('xstate.error') && typeof answer.error === 'object';
      const fails = answer?.type.startsWith('xstate.error') && !refused;
      const job = answer?.output?.kind === 'job';
      await grantRoles(!refused);
      await arrangeRoleCount(job);
      failRequests.set(page, Boolean(fails));
      plannedPolls.set(
        page,
        next.flatMap((later) => {
          if (later.type === 'xstate.error.actor.checkProgress') return ['fails' as const];
          if (later.type !== 'xstate.done.actor.checkProgress') return [];
          const status = later.output?.status;
          return [status === 'running' ? ('running' as const) : status === 'failed' ? ('lost' as const) : ('completed' as const)];
        }),
      );
      await page.evaluate(
        (refuse) => {
          (window as unknown as { refuseDownloads?: boolean }).refuseDownloads = refuse;
        },
        next.some((later) => later.type === 'xstate.error.actor.saveFile'),
      );
      // No answer before the next user event: the path cancels the request on its way.
      holdRequests.set(page, !answer);
      const format = (event as unknown as { format?: string }).format ?? 'xlsx';
      const response = answer && !fails ? page.waitForResponse((r) => new URL(r.url()).pathname === exportPath) : null;
      await exportButton(page).click();
      await page.getByRole('menuitem', { name: format === 'csv' ? 'CSV' : 'Excel (XLSX)' }).click();
      const answered = await response;
      if (answered?.status() === 202) {
        const id = ((await answered.headerValue('location')) ?? '').split('/').at(-1) ?? '';
        const [job] = await server.ctx.db.select().from(exportJobs).where(eq(exportJobs.id, id));
        met = { job: { id, fileName: job!.fileName, expiresAt: job!.expiresAt.toISOString() } };
      } else if (answered?.status() === 200) {
        const disposition = (await answered.headerValue('content-disposition')) ?? '';
        met = { fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
      }
      return;
    }
    if (event.type === 'export.download') {
      failDownloads.set(
        page,
        next.some((later) => later.type === 'xstate.error.actor.downloadFile'),
      );
      return page.getByRole('button', { name: /^Download / }).click();
    }
    if (event.type === 'export.cancel') {
      await page.getByRole('button', { name: 'Cancel export' }).click();
      return releaseHeldRequest(page);
    }
    if (event.type === 'export.dismiss') return page.getByRole('button', { name: 'Dismiss' }).click();
    if (event.type.startsWith('xstate.after.progressPollInterval')) return page.clock.runFor(1_000);
    if (event.type.startsWith('xstate.after.linkLifetime')) {
      const expiresAt = Date.parse(met.job!.expiresAt);
      const now = await page.evaluate(() => Date.now());
      return page.clock.fastForward(Math.max(0, expiresAt - now) + 1_000);
    }
    throw new Error(`no user action plays ${event.type}`);
  },
  async read(page) {
    // One look at the page (the bar or the link may go between two separate reads).
    return page.evaluate(() => {
      const bar = [...document.querySelectorAll('[role="progressbar"]')].find((element) =>
        (element.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .some((id) => document.getElementById(id)?.textContent === 'Export progress'),
      );
      const download = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim().startsWith('Download '));
      const exportButton = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Export');
      return {
        canStart: exportButton ? !exportButton.disabled && exportButton.getAttribute('aria-disabled') !== 'true' : null,
        progress: bar ? { value: Number(bar.getAttribute('aria-valuenow')), max: Number(bar.getAttribute('aria-valuemax')) } : null,
        download: download?.textContent?.trim() ?? null,
        expired: document.body.textContent?.includes('The download link has expired.') ?? false,
      };
    });
  },
  seen: (view) => ({
    canStart: view.canStart,
    // The kit's bar: rows written of the total (1 while the total is not known).
    progress: view.phase === 'running' ? { value: view.progress?.processed ?? 0, max: Math.max(1, view.progress?.total ?? 1) } : null,
    download: (view.phase === 'ready' || view.phase === 'downloading') && view.fileName ? `Download ${view.fileName}` : null,
    expired: view.phase === 'expired',
  }),
  async checkCalls(page, calls) {
    const requests = sent.get(page)!;
    for (const call of calls) {
      if (call.name === 'requestExport') {
        const { format, filters } = call.input as { format: string; filters: Record<string, unknown> };
        await expect
          .poll(() => requests.find((request) => new URL(request.url()).pathname === exportPath)?.url(), { message: 'the export request' })
          .toBeDefined();
        const index = requests.findIndex((request) => new URL(request.url()).pathname === exportPath);
        const query = Object.fromEntries(new URL(requests[index]!.url()).searchParams);
        expect(query).toEqual({ format, ...filters });
        // A failed attempt and the client's retry are one request.
        sent.set(
          page,
          requests.filter((request) => new URL(request.url()).pathname !== exportPath),
        );
      } else if (call.name === 'saveFile' || call.name === 'downloadFile') {
        const { fileName } = call.input as { fileName: string };
        const refused =
          call.name === 'saveFile'
            ? await page.evaluate(() => (window as { refuseDownloads?: boolean }).refuseDownloads)
            : failDownloads.get(page);
        if (refused) continue;
        await expect
          .poll(() => downloads.get(page)!.map((download) => download.suggestedFilename()), { message: 'the download' })
          .toContain(fileName);
        downloads.set(page, []);
      } else if (call.name === 'checkProgress') {
        const { jobId } = call.input as { jobId: string };
        await expect
          .poll(() => sent.get(page)!.some((request) => new URL(request.url()).pathname === `${jobsPath}${jobId}`), { message: 'the poll' })
          .toBe(true);
        sent.set(
          page,
          sent.get(page)!.filter((request) => new URL(request.url()).pathname !== `${jobsPath}${jobId}`),
        );
      } else throw new Error(`no check for the call ${call.name}`);
    }
  },
  async checkEmitted(page, emitted) {
    for (const event of emitted) {
      const region = page.getByRole('region', { name: 'Notifications' });
      if (event.type === 'export.completed') await region.getByRole('status').filter({ hasText: 'Export completed' }).first().waitFor();
      else if (event.type === 'export.failed') {
        const { message } = event as unknown as { message: string | null };
        const toast = region.getByRole('alert').filter({ hasText: 'Export failed' }).first();
        await toast.waitFor();
        expect(((await toast.allInnerTexts())[0] ?? '').split('\n').slice(1).join(' ').trim()).toBe(message ?? '');
      } else throw new Error(`no check for the emitted ${event.type}`);
      await dismissToasts(page);
    }
  },
});
