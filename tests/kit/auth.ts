// Sign-in helpers for server suites: real tokens from the real password grant of the SPA client,
// and the headers the SPA sends with them. Also a way to create users directly in the database.
import { eq } from 'drizzle-orm';
import { adminPassword } from '../../server/db/seed/identity.ts';
import { hashPassword } from '../../server/modules/identity/passwords.ts';
import { users } from '../../server/db/schema/index.ts';
import type { TestServer } from './test-server.ts';

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  refresh_token?: string;
  id_token?: string;
}

export const spaScope = 'openid profile email phone roles offline_access Finance';

/** POSTs a form to the token endpoint and returns status and JSON body. */
export async function tokenRequest(
  server: Pick<TestServer, 'url'>,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs in through the password grant; throws with the OAuth error when it fails. */
export async function passwordToken(
  server: Pick<TestServer, 'url'> & { config: Pick<TestServer['config'], 'spaClientId'> },
  credentials: { userName: string; password: string; tenant?: string; scope?: string; clientId?: string },
): Promise<TokenResponse> {
  const { status, body } = await tokenRequest(
    server,
    {
      grant_type: 'password',
      client_id: credentials.clientId ?? server.config.spaClientId,
      username: credentials.userName,
      password: credentials.password,
      scope: credentials.scope ?? spaScope,
    },
    credentials.tenant ? { __tenant: credentials.tenant } : {},
  );
  if (status !== 200) throw new Error(`password grant failed (${status}): ${JSON.stringify(body)}`);
  return body as unknown as TokenResponse;
}

/**
 * The seeded admin's access token from a server process (kit/server-process.ts: default settings,
 * so the SPA client is Finance_App), on the host or in `tenant` (its name), for the API only.
 */
export async function processAdminToken(base: string, tenant?: string): Promise<string> {
  const server = { url: base, config: { spaClientId: 'Finance_App' } };
  return (await passwordToken(server, { userName: 'admin', password: adminPassword, tenant, scope: 'openid Finance' })).access_token;
}

/** Headers of an API call made by the SPA with this token (tenant optional, id or name). */
export function authHeaders(token: string | TokenResponse, tenantId?: string | null): Record<string, string> {
  const value = typeof token === 'string' ? token : token.access_token;
  return { authorization: `Bearer ${value}`, ...(tenantId ? { __tenant: tenantId } : {}) };
}

/** Inserts an active user with a password (host when tenantId is null) and returns its id. */
export async function createUser(
  server: Pick<TestServer, 'ctx'>,
  init: { userName: string; password: string; tenantId?: string | null; email?: string; lockoutEnabled?: boolean; isActive?: boolean },
): Promise<string> {
  const [row] = await server.ctx.db
    .insert(users)
    .values({
      tenantId: init.tenantId ?? null,
      userName: init.userName,
      normalizedUserName: init.userName.toUpperCase(),
      email: init.email ?? `${init.userName}@example.test`,
      normalizedEmail: (init.email ?? `${init.userName}@example.test`).toUpperCase(),
      emailConfirmed: true,
      passwordHash: await hashPassword(init.password),
      lockoutEnabled: init.lockoutEnabled ?? true,
      isActive: init.isActive ?? true,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A user made by createUser, then given `patch` (any user column, e.g. twoFactorEnabled): its row. */
export async function createUserRow(
  server: Pick<TestServer, 'ctx'>,
  init: Parameters<typeof createUser>[1],
  patch: Partial<typeof users.$inferInsert> = {},
): Promise<typeof users.$inferSelect> {
  const id = await createUser(server, init);
  if (Object.keys(patch).length) await server.ctx.db.update(users).set(patch).where(eq(users.id, id));
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A minimal cookie jar for driving the server-rendered pages with fetch. */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** Headers the "browser" sends with every request (Accept-Language, ...). */
  headers: Record<string, string> = {};

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** fetch with the jar, never following redirects. */
export async function browse(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Test',
      ...jar.headers,
      cookie: jar.header(),
      ...(init.headers as Record<string, string>),
    },
  });
  jar.store(response);
  return response;
}

/** Follows redirects with the jar until a response is not a redirect or leaves the server. */
export async function follow(jar: CookieJar, serverUrl: string, response: Response): Promise<{ response: Response; url: string }> {
  let current = response;
  let url = current.url;
  for (let hops = 0; hops < 10 && current.status >= 300 && current.status < 400; hops++) {
    url = new URL(current.headers.get('location')!, url || serverUrl).href;
    if (!url.startsWith(serverUrl)) return { response: current, url };
    current = await browse(jar, url);
  }
  return { response: current, url };
}

export interface LoginForm {
  userName: string;
  password: string;
  tenant?: string;
  rememberMe?: boolean;
}

/** Submits the login page's form (the uid is read from the page). */
export async function submitLogin(
  jar: CookieJar,
  serverUrl: string,
  loginPageUrl: string,
  html: string,
  form: LoginForm,
): Promise<Response> {
  const uid = /name="uid" value="([^"]+)"/.exec(html)?.[1];
  if (!uid) throw new Error('no login form on the page');
  const body = new URLSearchParams({ uid, userNameOrEmailAddress: form.userName, password: form.password, tenant: form.tenant ?? '' });
  if (form.rememberMe) body.set('rememberMe', 'true');
  return browse(jar, new URL(`/Account/Login?uid=${uid}`, serverUrl).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: loginPageUrl },
    body,
  });
}

/** A fixed PKCE challenge for tests that stop at the login page (the verifier is never needed). */
const loginPageChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** Starts an authorization request of the SPA client (code, PKCE S256) and follows it to the login page. */
export async function startAuthorization(
  server: Pick<TestServer, 'url' | 'config'>,
  options: { jar?: CookieJar; scope?: string; query?: string } = {},
): Promise<{ jar: CookieJar; url: string; status: number; html: string }> {
  const jar = options.jar ?? new CookieJar();
  const url = new URL(`${server.url}/connect/authorize`);
  url.search = new URLSearchParams({
    client_id: server.config.spaClientId,
    response_type: 'code',
    redirect_uri: server.config.issuer,
    scope: options.scope ?? 'openid',
    code_challenge: loginPageChallenge,
    code_challenge_method: 'S256',
  }).toString();
  const page = await follow(jar, server.url, await browse(jar, `${url.href}${options.query ?? ''}`));
  return { jar, url: page.url, status: page.response.status, html: await page.response.text() };
}

/**
 * Runs an authorization request through the real login page and returns the URL the server
 * finally redirects to (the client's redirect_uri with code or error).
 */
export async function authorizeThroughLoginPage(
  serverUrl: string,
  authorizationUrl: string,
  form: LoginForm,
  jar = new CookieJar(),
): Promise<{ callbackUrl: string; jar: CookieJar }> {
  const start = await follow(jar, serverUrl, await browse(jar, authorizationUrl));
  if (start.response.status !== 200) throw new Error(`login page answered ${start.response.status}`);
  const posted = await submitLogin(jar, serverUrl, start.url, await start.response.text(), form);
  if (posted.status !== 303) throw new Error(`login answered ${posted.status}: ${await posted.text()}`);
  const end = await follow(jar, serverUrl, posted);
  return { callbackUrl: end.url, jar };
}

/** A mail from the outbox (dataDir/outbox), with quoted-printable soft breaks undone. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The raw message after undoing quoted-printable line breaks and escapes (ASCII parts readable). */
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The outbox mails sent to `to` (all when omitted), oldest first. */
export async function outboxMails(server: Pick<TestServer, 'config'>, to?: string): Promise<OutboxMail[]> {
  const { outboxDir } = await import('../../server/mail.ts');
  const fsp = await import('node:fs/promises');
  const path = await import('node:path');
  const dir = outboxDir(server.config);
  const files = (await fsp.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: OutboxMail[] = [];
  for (const file of files) {
    const raw = decodeQuotedPrintable(await fsp.readFile(path.join(dir, file), 'utf8'));
    const recipient = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
    if (to && !recipient.toLowerCase().includes(to.toLowerCase())) continue;
    mails.push({ file, to: recipient, subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '', raw });
  }
  return mails;
}

/**
 * A mail's text as a reader sees it: its quoted-printable parts (which outboxMails decodes one
 * character per byte) read as UTF-8, and its base64 parts decoded.
 */
export function readableMail(raw: string): string {
  return Buffer.from(raw, 'latin1')
    .toString('utf8')
    .replace(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/g, (_m, body: string) =>
      Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8'),
    );
}

/** The 6-digit code of the newest outbox mail sent to `to`. */
export async function latestSecurityCode(server: Pick<TestServer, 'config'>, to: string): Promise<string> {
  const mails = await outboxMails(server, to);
  const code = /\b(\d{6})\b/.exec(
    mails
      .at(-1)
      ?.raw.split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n') ?? '',
  )?.[1];
  if (!code) throw new Error(`no security code mailed to ${to}`);
  return code;
}

/** The current TOTP code of an authenticator key (base32), or the one `stepOffset` periods away. */
export async function totpCode(secret: string, stepOffset = 0): Promise<string> {
  const { generate } = await import('otplib');
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

/** The base32 secret of an otpauth:// URI. */
export const secretOfUri = (uri: string): string => new URL(uri).searchParams.get('secret') ?? '';

/** The first link of a mail that points to `path` (e.g. '/account/email-confirmation'), parsed. */
export function linkInMail(mail: OutboxMail, path: string): URL {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`https?://[^\\s"<>]+${escaped}\\?[^\\s"<>]+`).exec(mail.raw)?.[0];
  if (!found) throw new Error(`no ${path} link in mail ${mail.subject}`);
  return new URL(found.replaceAll('&amp;', '&'));
}
