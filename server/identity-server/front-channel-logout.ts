// OpenID Connect Front-Channel Logout 1.0 at the end of RP-initiated logout (issue 19, ADR 0027).
// oidc-provider 9 has no front-channel logout, so this is a middleware around its end-session
// confirmation. Rules:
// - when the confirmation ends the whole browser session (logout=yes, what our sign-out pages
//   send), every client the session had signed in to whose application row has a front-channel
//   logout URI is loaded in a hidden iframe of a page this server renders instead of oidc-provider's
//   303; the page then continues to where oidc-provider was sending the browser (the client's
//   post-logout redirect URI with its state, or the signed-out page);
// - a client that requires the session (extraProperties.FrontChannelLogoutSessionRequired = true;
//   the specification's frontchannel_logout_session_required, false when absent) gets `iss` (the
//   issuer) and `sid` (the session id its ID tokens carry, provider-config.ts) as query parameters;
// - the page's CSP opens frame-src exactly to those URIs' origins (the strict policy otherwise);
// - the iframes are created by /Account/logout.js, which continues once every frame has loaded or
//   after frameTimeoutMs; without script the frames are in <noscript> and a Continue link is shown;
// - nothing changes when no such client took part: oidc-provider's redirect stands.
import { and, eq, inArray } from 'drizzle-orm';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { applications } from '../db/schema/index.ts';
import { cultureOfKoa, localizeKoa } from './culture.ts';
import { escapeHtml, logoutScriptPath, renderMessagePage } from './login-page.ts';

/** The logout page waits at most this long for the clients' pages before it continues. */
export const frameTimeoutMs = 5000;

export interface FrontChannelFrame {
  clientId: string;
  clientName: string;
  /** The URI loaded in the iframe (with iss and sid when the client requires the session). */
  src: string;
}

/** The front-channel logout URIs of the clients a session signed in to, with their parameters. */
export async function frontChannelFrames(ctx: AppContext, authorizations: Record<string, { sid?: string }>): Promise<FrontChannelFrame[]> {
  const clientIds = Object.keys(authorizations);
  if (!clientIds.length) return [];
  const rows = await ctx.db
    .select({
      clientId: applications.clientId,
      displayName: applications.displayName,
      uri: applications.frontChannelLogoutUri,
      extraProperties: applications.extraProperties,
    })
    .from(applications)
    .where(and(inArray(applications.clientId, clientIds), eq(applications.isDeleted, false)));
  const frames: FrontChannelFrame[] = [];
  for (const row of rows.sort((a, b) => a.clientId.localeCompare(b.clientId))) {
    const url = URL.parse(row.uri ?? '');
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) continue;
    const sid = authorizations[row.clientId]?.sid;
    if (row.extraProperties?.FrontChannelLogoutSessionRequired === true && sid) {
      url.searchParams.set('iss', ctx.config.issuer);
      url.searchParams.set('sid', sid);
    }
    frames.push({ clientId: row.clientId, clientName: row.displayName || row.clientId, src: url.href });
  }
  return frames;
}

/** The page's CSP: the strict policy with frame-src opened exactly to the frames' origins. */
export function withFrameSources(csp: string, frames: readonly FrontChannelFrame[]): string {
  const origins = [...new Set(frames.map((frame) => new URL(frame.src).origin))].join(' ');
  const directives = csp
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^frame-src\b/.test(directive));
  return [...directives, `frame-src ${origins}`].join(';');
}

function renderFrontChannelPage(koa: KoaContextWithOIDC, frames: readonly FrontChannelFrame[], next: string): string {
  const title = (frame: FrontChannelFrame) => escapeHtml(localizeKoa(koa, 'AbpAccount::FrontChannelLogoutFrame', frame.clientName));
  const list = `<div id="front-channel-logout" data-continue="${escapeHtml(next)}" data-timeout="${frameTimeoutMs}">
${frames.map((frame) => `<span hidden data-src="${escapeHtml(frame.src)}" data-title="${title(frame)}"></span>`).join('\n')}
<noscript>${frames.map((frame) => `<iframe hidden src="${escapeHtml(frame.src)}" title="${title(frame)}"></iframe>`).join('')}</noscript>
</div>`;
  return renderMessagePage(cultureOfKoa(koa), {
    title: localizeKoa(koa, 'AbpAccount::LoggedOut'),
    message: localizeKoa(koa, 'AbpAccount::FrontChannelLogoutMessage'),
    rawForm: list,
    links: [{ label: localizeKoa(koa, 'AbpAccount::Continue'), href: next }],
    scriptSrc: logoutScriptPath,
  });
}

/** oidc-provider middleware: the end-session confirmation's redirect becomes the front-channel page when there are frames. */
export function frontChannelLogout(ctx: AppContext) {
  return async (koa: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (koa.oidc?.route !== 'end_session_confirm' || koa.status !== 303 || !koa.oidc.params?.logout) return;
    const session = koa.oidc.session as unknown as { authorizations?: Record<string, { sid?: string }> } | undefined;
    const frames = await frontChannelFrames(ctx, session?.authorizations ?? {});
    if (!frames.length) return;
    const continueTo = koa.response.get('location');
    const csp = koa.response.get('content-security-policy');
    koa.status = 200;
    koa.remove('location');
    koa.set('cache-control', 'no-store');
    if (typeof csp === 'string' && csp) koa.set('content-security-policy', withFrameSources(csp, frames));
    koa.type = 'html';
    koa.body = renderFrontChannelPage(koa, frames, continueTo);
  };
}
