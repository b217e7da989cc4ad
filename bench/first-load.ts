// First load in a real browser (issue 18): what a new user's Chromium receives from the real server
// started from this checkout, measured through the DevTools protocol. Per run a new browser context
// (cold cache at its start; within the run the cache works as a user's would), median of --runs
// (default 7), once unthrottled and once on a "Fast 3G"-like link (150 ms, 1.6 Mbit/s each way, no
// CPU slow-down):
//   1. anonymous `/`: bytes on the wire and requests until the network is quiet (no request for
//      500 ms), DOMContentLoaded, first contentful paint (the static loader), home content shown
//      (React's heading: entry, React's chunk and the texts);
//   2. sign-in journey: open the guarded `/audit-logs` (the SPA sends the browser to the identity
//      server's login page), time until the user name field shows; fill admin / 1q2w3E* and submit;
//      time until the first GET /api/audit-logging/audit-logs answers and until its table is shown;
//      bytes and requests of the whole journey;
//   3. the JavaScript each first screen loads until the network is quiet (anonymous home, the login
//      page reached through the journey, the signed-in /dashboard opened with a cold cache, and the
//      time until its title shows).
// Plus the sizes of the built chunks in dist/ (raw, and the .gz/.br siblings the build writes).
// Builds nothing unless dist/index.html is missing (then `vite build`); SPA_DIST_DIR is honoured as
// the server honours it. Traffic goes to 127.0.0.1 only; the server and Chromium stop in `finally`.
// `node bench/first-load.ts [--runs 7] [--profile 3g]` (--profile: only the profiles whose name holds
// it; FIRST_LOAD_DEBUG=1 lists the journey's requests on stderr, ms from the submit);
// figures in bench/README.md "First load".
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../tests/kit/browser.ts';

const root = path.resolve(import.meta.dirname, '..');
const distDir = process.env.SPA_DIST_DIR ? path.resolve(process.env.SPA_DIST_DIR) : path.join(root, 'dist');
const admin = { userName: 'admin', password: '1q2w3E*' };
/** The network is quiet when nothing is in flight and no request has started or ended for this long. */
const quietMs = 500;
/** Upper bound of every wait in a run (the throttled profile needs a few seconds per screen). */
const waitTimeoutMs = 60_000;

export interface Profile {
  name: string;
  /** Network.emulateNetworkConditions; undefined: no throttling. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}

export const profiles: Profile[] = [
  { name: 'unthrottled' },
  // 1.6 Mbit/s = 200,000 bytes/s each way, 150 ms latency; CPU rate 1 (none).
  { name: 'Fast 3G (150 ms, 1.6 Mbit/s)', network: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 } },
];

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------
// The server

interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export function ensureBuilt(): void {
  if (fs.existsSync(path.join(distDir, 'index.html'))) return;
  console.error(`${distDir}/index.html is missing: building the SPA (vite build)`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    timeout: 600_000,
  });
}

/** `node server/main.ts` on a free loopback port with a data directory of its own (seeded on start). */
async function startServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-first-load-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  // An interrupted benchmark (Ctrl-C) still ends the server and removes its data directory.
  const onExit = () => {
    child?.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `${url}/`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SERVE_SPA: 'true',
        SEED_DEMO_DATA: 'true',
        SPA_DIST_DIR: distDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('the server did not answer /health/ready within 120 s');
      const ready = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(100);
    }
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------
// The network, as the DevTools protocol reports it

interface RequestRecord {
  url: string;
  type: string;
  /** Bytes on the wire (headers and body as received, before decoding); 0 for a cache hit. */
  encoded: number;
  /** Body bytes after decoding. */
  decoded: number;
  fromCache: boolean;
  done: boolean;
  /** The document that asked for it (a navigation away abandons what it still loads). */
  loaderId: string;
  /** Left behind by a navigation of the page: no longer waited for; its bytes count when they end. */
  abandoned: boolean;
  /** Encoded bytes as the chunks arrive (Network.dataReceived), for a request that never finishes. */
  streamed: number;
  /** performance.now() of this process when the request started and when it ended (the waterfall). */
  startedAt: number;
  endedAt: number;
  /** The request's method and its initiator (parser, script, preload, other): the waterfall's columns. */
  method: string;
  initiator: string;
}

/** Every request of one page (redirect hops count as requests), from Network.* events. */
class NetworkLog {
  readonly requests: RequestRecord[] = [];
  private readonly byId = new Map<string, RequestRecord>();
  private lastActivity = performance.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      const previous = this.byId.get(event.requestId);
      if (previous && event.redirectResponse) {
        previous.encoded += event.redirectResponse.encodedDataLength;
        previous.done = true;
        previous.endedAt = performance.now();
      }
      const record: RequestRecord = {
        url: event.request.url,
        type: event.type ?? 'Other',
        encoded: 0,
        decoded: 0,
        fromCache: false,
        done: false,
        loaderId: event.loaderId,
        abandoned: false,
        streamed: 0,
        startedAt: performance.now(),
        endedAt: Number.NaN,
        method: event.request.method,
        initiator: event.initiator?.type ?? '',
      };
      this.byId.set(event.requestId, record);
      this.requests.push(record);
      this.touch();
    });
    cdp.on('Network.requestServedFromCache', (event) => {
      const record = this.byId.get(event.requestId);
      if (record) record.fromCache = true;
    });
    cdp.on('Network.responseReceived', (event) => {
      const record = this.byId.get(event.requestId);
      if (!record) return;
      record.type = event.type;
      if (event.response.fromDiskCache || event.response.fromPrefetchCache) record.fromCache = true;
    });
    cdp.on('Network.dataReceived', (event) => {
      const record = this.byId.get(event.requestId);
      if (!record) return;
      record.decoded += event.dataLength;
      record.streamed += event.encodedDataLength;
    });
    // The page's main frame committed a new document: what the old one still loads is abandoned
    // (Chromium does not always report those requests as failed). Their bytes so far still count.
    cdp.on('Page.frameNavigated', (event) => {
      if (event.frame.parentId) return;
      for (const record of this.byId.values())
        if (!record.done && record.loaderId !== event.frame.loaderId && record.type !== 'Document') record.abandoned = true;
      this.touch();
    });
    cdp.on('Network.loadingFinished', (event) => {
      const record = this.byId.get(event.requestId);
      if (!record || record.done) return;
      record.encoded += event.encodedDataLength;
      record.done = true;
      record.endedAt = performance.now();
      this.touch();
    });
    cdp.on('Network.loadingFailed', (event) => {
      const record = this.byId.get(event.requestId);
      if (!record || record.done) return;
      record.done = true;
      record.endedAt = performance.now();
      record.encoded += record.streamed;
      this.touch();
    });
  }

  private touch(): void {
    this.lastActivity = performance.now();
  }

  /** A mark: the requests after it are the ones of the next step. */
  mark(): number {
    return this.requests.length;
  }

  /** Resolves once no request is in flight and none started or ended for `quietMs`. */
  async quiet(what: string): Promise<void> {
    const deadline = performance.now() + waitTimeoutMs;
    for (;;) {
      const inFlight = this.requests.some((r) => !r.done && !r.abandoned);
      if (!inFlight && performance.now() - this.lastActivity >= quietMs) return;
      if (performance.now() > deadline) {
        const pending = this.requests.filter((r) => !r.done && !r.abandoned).map((r) => r.url);
        throw new Error(`the network did not become quiet within ${waitTimeoutMs} ms (${what}); in flight: ${pending.join(', ')}`);
      }
      await sleep(25);
    }
  }

  totals(from = 0): { bytes: number; requests: number; fromCache: number } {
    const slice = this.requests.slice(from);
    return {
      bytes: slice.reduce((sum, r) => sum + (r.done ? r.encoded : r.encoded + r.streamed), 0),
      requests: slice.length,
      fromCache: slice.filter((r) => r.fromCache).length,
    };
  }

  scripts(from = 0): ScriptLoad[] {
    return this.requests
      .slice(from)
      .filter((r) => r.type === 'Script')
      .map((r) => ({ file: new URL(r.url).pathname, encoded: r.encoded, decoded: r.decoded, fromCache: r.fromCache }));
  }
}

interface ScriptLoad {
  file: string;
  encoded: number;
  decoded: number;
  fromCache: boolean;
}

interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  network: NetworkLog;
}

async function openTab(
  browser: Browser,
  profile: Profile,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Tab> {
  const context = await browser.newContext({ locale: 'en-US', storageState });
  context.setDefaultTimeout(waitTimeoutMs);
  context.setDefaultNavigationTimeout(waitTimeoutMs);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = new NetworkLog(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Page.enable');
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...profile.network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { context, page, cdp, network };
}

/** DOMContentLoaded and first contentful paint of the page's current document, ms from its navigation start. */
async function paintTimings(tab: Tab): Promise<{ domContentLoaded: number; firstContentfulPaint: number }> {
  const { result } = await tab.cdp.send('Runtime.evaluate', {
    returnByValue: true,
    expression: `(() => {
      const navigation = performance.getEntriesByType('navigation')[0];
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return { domContentLoaded: navigation ? navigation.domContentLoadedEventEnd : NaN, firstContentfulPaint: paint ? paint.startTime : NaN };
    })()`,
  });
  return result.value as { domContentLoaded: number; firstContentfulPaint: number };
}

// ---------------------------------------------------------------------------------------------------
// One run

interface RunResult {
  home: { bytes: number; requests: number; fromCache: number; domContentLoaded: number; firstContentfulPaint: number; contentMs: number };
  journey: { signInFormMs: number; submitToAnswerMs: number; submitToTableMs: number; bytes: number; requests: number; fromCache: number };
  scripts: { home: ScriptLoad[]; login: ScriptLoad[]; loginDocument: ScriptLoad[]; dashboard: ScriptLoad[] };
  /** Signed-in /dashboard, cold cache: from opening it until its title (the app's first paint) shows. */
  dashboardContentMs: number;
}

const isAuditLogList = (url: string, method: string) => method === 'GET' && new URL(url).pathname === '/api/audit-logging/audit-logs';

async function run(browser: Browser, baseUrl: string, profile: Profile): Promise<RunResult> {
  // 1. The anonymous home page, cold cache.
  let tab = await openTab(browser, profile);
  let home: RunResult['home'];
  let homeScripts: ScriptLoad[];
  try {
    // The home screen's heading is React's (the static loader of index.html has none): the time the
    // page's content shows, entry, React's chunk and the texts included.
    const opened = performance.now();
    await tab.page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    await tab.page.getByRole('heading', { level: 1 }).first().waitFor();
    const contentMs = performance.now() - opened;
    await tab.page.waitForLoadState('load');
    await tab.network.quiet('anonymous /');
    home = { ...tab.network.totals(), ...(await paintTimings(tab)), contentMs };
    homeScripts = tab.network.scripts();
  } finally {
    await tab.context.close();
  }

  // 2. The sign-in journey, cold cache at its start.
  tab = await openTab(browser, profile);
  let journey: RunResult['journey'];
  let loginScripts: ScriptLoad[];
  let loginDocumentScripts: ScriptLoad[];
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  try {
    const { page, network } = tab;
    const started = performance.now();
    await page.goto(`${baseUrl}/audit-logs`, { waitUntil: 'commit' });
    const userName = page.getByLabel(/user ?name/i);
    await userName.waitFor({ state: 'visible' });
    const signInFormMs = performance.now() - started;
    if (!/\/Account\/Login/i.test(page.url())) throw new Error(`expected the login page, got ${page.url()}`);
    // The user reads the form and types: the page finishes loading meanwhile.
    await network.quiet('login page');
    loginScripts = network.scripts();
    const loginDocumentStart = network.requests.findLastIndex((r) => r.type === 'Document');
    loginDocumentScripts = network.scripts(loginDocumentStart);
    await userName.fill(admin.userName);
    await page.getByLabel(/^password$/i).fill(admin.password);
    const answered = page.waitForResponse((response) => isAuditLogList(response.url(), response.request().method()));
    const submitted = performance.now();
    await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
    const answer = await answered;
    const submitToAnswerMs = performance.now() - submitted;
    if (answer.status() !== 200) throw new Error(`GET /api/audit-logging/audit-logs answered ${answer.status()}`);
    await page.getByRole('table', { name: 'Audit logs' }).and(page.locator(':not([aria-busy])')).waitFor();
    const submitToTableMs = performance.now() - submitted;
    await network.quiet('audit logs');
    journey = { signInFormMs, submitToAnswerMs, submitToTableMs, ...network.totals() };
    // The journey's waterfall, ms from the submit (negative: before it).
    if (process.env.FIRST_LOAD_DEBUG)
      for (const r of network.requests)
        console.error(
          `${profile.name} ${(r.startedAt - submitted).toFixed(0).padStart(6)}–${(r.endedAt - submitted).toFixed(0).padStart(6)} ms ${r.method} ${r.type} ${new URL(r.url).pathname} by=${r.initiator} encoded=${r.encoded} done=${r.done} abandoned=${r.abandoned} cache=${r.fromCache}`,
        );
    signedIn = await tab.context.storageState();
  } finally {
    await tab.context.close();
  }

  // 3. The signed-in dashboard, opened by a signed-in user with a cold cache (the session's tokens and
  //    cookies carried over, nothing cached).
  tab = await openTab(browser, profile, signedIn);
  let dashboardScripts: ScriptLoad[];
  let dashboardContentMs: number;
  try {
    const opened = performance.now();
    await tab.page.goto(`${baseUrl}/dashboard`, { waitUntil: 'commit' });
    await tab.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    dashboardContentMs = performance.now() - opened;
    await tab.network.quiet('dashboard');
    dashboardScripts = tab.network.scripts();
  } finally {
    await tab.context.close();
  }

  return {
    home,
    journey,
    scripts: { home: homeScripts, login: loginScripts, loginDocument: loginDocumentScripts, dashboard: dashboardScripts },
    dashboardContentMs,
  };
}

// ---------------------------------------------------------------------------------------------------
// Figures

const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
};
const kib = (bytes: number) => (bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const kb = (bytes: number) => (bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const range = (values: number[], format: (v: number) => string) => `${format(Math.min(...values))}–${format(Math.max(...values))}`;

function markdown(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

function sum(scripts: ScriptLoad[], key: 'encoded' | 'decoded'): number {
  return scripts.reduce((total, s) => total + s[key], 0);
}

function profileTables(profile: Profile, results: RunResult[]): string {
  const pick = (f: (r: RunResult) => number) => results.map(f);
  const row = (label: string, values: number[], format: (v: number) => string, unit = '') => [
    label,
    `${format(median(values))}${unit}`,
    `${range(values, format)}${unit}`,
  ];
  const figures = markdown(
    ['measure', 'median', 'range'],
    [
      row(
        'anonymous `/`: bytes on the wire until quiet',
        pick((r) => r.home.bytes),
        kib,
        ' KiB',
      ),
      row(
        'anonymous `/`: requests until quiet',
        pick((r) => r.home.requests),
        String,
      ),
      row(
        'anonymous `/`: DOMContentLoaded',
        pick((r) => r.home.domContentLoaded),
        seconds,
        ' s',
      ),
      row(
        'anonymous `/`: first contentful paint',
        pick((r) => r.home.firstContentfulPaint),
        seconds,
        ' s',
      ),
      row(
        'anonymous `/`: home content shown (React’s heading)',
        pick((r) => r.home.contentMs),
        seconds,
        ' s',
      ),
      row(
        'signed-in `/dashboard`, cold cache: title shown',
        pick((r) => r.dashboardContentMs),
        seconds,
        ' s',
      ),
      row(
        'sign-in: open `/audit-logs` → sign-in form shown',
        pick((r) => r.journey.signInFormMs),
        seconds,
        ' s',
      ),
      row(
        'sign-in: submit → first audit-log list answer',
        pick((r) => r.journey.submitToAnswerMs),
        seconds,
        ' s',
      ),
      row(
        'sign-in: submit → audit-log table shown',
        pick((r) => r.journey.submitToTableMs),
        seconds,
        ' s',
      ),
      row(
        'sign-in journey: bytes on the wire (cache on)',
        pick((r) => r.journey.bytes),
        kib,
        ' KiB',
      ),
      row(
        'sign-in journey: requests',
        pick((r) => r.journey.requests),
        String,
      ),
      row(
        '… of which answered from the browser cache',
        pick((r) => r.journey.fromCache),
        String,
      ),
    ],
  );
  const last = results.at(-1);
  if (!last) throw new Error('no runs');
  const screens: Array<[string, ScriptLoad[]]> = [
    ['anonymous `/`', last.scripts.home],
    ['login page (via `/audit-logs`, until the form is shown and the network quiet)', last.scripts.login],
    ['… of which the login document itself', last.scripts.loginDocument],
    ['signed-in `/dashboard` (cold cache)', last.scripts.dashboard],
  ];
  const perScreen = markdown(
    ['first screen', 'scripts', 'KB on the wire', 'KB decoded'],
    screens.map(([name, scripts]) => [name, String(scripts.length), kb(sum(scripts, 'encoded')), kb(sum(scripts, 'decoded'))]),
  );
  return [
    `#### ${profile.name}: median of ${results.length} runs`,
    '',
    figures,
    '',
    'JavaScript each first screen loads until the network is quiet (last run; KB = 1,000 bytes; on the wire: brotli body plus headers):',
    '',
    perScreen,
    '',
  ].join('\n');
}

function scriptListing(result: RunResult): string {
  const rows: string[][] = [];
  const screens: Array<[string, ScriptLoad[]]> = [
    ['anonymous `/`', result.scripts.home],
    ['login page', result.scripts.login],
    ['signed-in `/dashboard`', result.scripts.dashboard],
  ];
  for (const [name, scripts] of screens)
    for (const s of scripts) rows.push([name, `\`${s.file}\``, kb(s.encoded), kb(s.decoded), s.fromCache ? 'cache' : '']);
  return markdown(['first screen', 'script', 'KB on the wire', 'KB decoded', ''], rows);
}

/** Route chunks of the build: which route loads each screen chunk (from src/app/routes.ts). */
function routeOfChunk(): Map<string, string[]> {
  const source = fs.readFileSync(path.join(root, 'src/app/routes.ts'), 'utf8');
  const routes = new Map<string, string[]>();
  for (const match of source.matchAll(/path:\s*'([^']+)'(?:(?!path:)[\s\S])*?import\('[^']*\/([^/']+)\.tsx?'\)/g)) {
    const [, route = '', chunk = ''] = match;
    routes.set(chunk, [...(routes.get(chunk) ?? []), route]);
  }
  return routes;
}

export function bundleTable(): string {
  const assets = path.join(distDir, 'assets');
  const index = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const initial = new Set([...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]));
  const routes = routeOfChunk();
  const size = (file: string, encoding: 'gz' | 'br') => {
    const sibling = path.join(assets, `${file}.${encoding}`);
    if (fs.existsSync(sibling)) return fs.statSync(sibling).size;
    const raw = fs.readFileSync(path.join(assets, file));
    return (encoding === 'gz' ? zlib.gzipSync(raw, { level: 9 }) : zlib.brotliCompressSync(raw)).length;
  };
  const files = fs
    .readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => ({ file, raw: fs.statSync(path.join(assets, file)).size, gz: size(file, 'gz'), br: size(file, 'br') }))
    .sort((a, b) => b.br - a.br);
  const rows = files.map(({ file, raw, gz, br }) => {
    const name = file.replace(/-[\w-]{8}\.(js|css)$/, '');
    const role = initial.has(file)
      ? 'initial (index.html)'
      : (routes
          .get(name)
          ?.map((r) => `route \`${r}\``)
          .join(', ') ?? (file.endsWith('.css') ? 'stylesheet' : 'shared / lazy'));
    return [`\`${file}\``, role, kb(raw), kb(gz), kb(br)];
  });
  const total = (key: 'raw' | 'gz' | 'br', filter: (f: string) => boolean) =>
    kb(files.filter((f) => filter(f.file)).reduce((s, f) => s + f[key], 0));
  const isJs = (f: string) => f.endsWith('.js');
  rows.push(['all JavaScript', '', total('raw', isJs), total('gz', isJs), total('br', isJs)]);
  rows.push([
    'initial JavaScript (entry + modulepreloads)',
    '',
    total('raw', (f) => initial.has(f)),
    total('gz', (f) => initial.has(f)),
    total('br', (f) => initial.has(f)),
  ]);
  return markdown(['chunk', 'loaded by', 'raw KB', 'gzip KB', 'brotli KB'], rows);
}

// ---------------------------------------------------------------------------------------------------

export async function runFirstLoadBenchmark(
  options: { runs?: number; profile?: string; log?: (line: string) => void } = {},
): Promise<string> {
  const runs = options.runs ?? 7;
  const log = options.log ?? ((line: string) => console.error(line));
  ensureBuilt();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      headless: true,
      timeout: waitTimeoutMs,
      args: [...chromiumFlags],
    });
    const sections: string[] = [];
    let listing = '';
    for (const profile of profiles.filter((p) => !options.profile || p.name.toLowerCase().includes(options.profile.toLowerCase()))) {
      // One run first, not counted: the server's first answers (JIT, first reads of the database).
      await withTimeout(run(browser, server.url, profile), 5 * waitTimeoutMs, `warm-up, ${profile.name}`);
      const results: RunResult[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await withTimeout(run(browser, server.url, profile), 5 * waitTimeoutMs, `run ${i + 1}, ${profile.name}`);
        log(
          `${profile.name} run ${i + 1}/${runs}: / ${kib(result.home.bytes)} KiB in ${result.home.requests}, FCP ${seconds(result.home.firstContentfulPaint)} s, content ${seconds(result.home.contentMs)} s; form ${seconds(result.journey.signInFormMs)} s, table ${seconds(result.journey.submitToTableMs)} s after submit, journey ${kib(result.journey.bytes)} KiB in ${result.journey.requests}`,
        );
        results.push(result);
      }
      sections.push(profileTables(profile, results));
      const last = results.at(-1);
      if (!profile.network && last) listing = scriptListing(last);
    }
    return [
      `Chromium ${browser.version()}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, SPA from ${path.relative(root, distDir) || distDir}`,
      '',
      ...sections,
      'Scripts per first screen (last unthrottled run):',
      '',
      listing,
      '',
      'Build output (`dist/assets`, KB = 1,000 bytes; gzip and brotli are the siblings the build writes and the server sends):',
      '',
      bundleTable(),
      '',
    ].join('\n');
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  }
}

if (import.meta.main) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const runs = Number(argument('runs') ?? 7);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  console.log(`Node ${process.version}, ${os.cpus().length} cores\n`);
  console.log(await runFirstLoadBenchmark({ runs, profile: argument('profile') }));
}
