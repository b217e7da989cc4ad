// Consent types of an OpenID application (ApplicationDto.consentType, OpenIddict's four). Rules:
// - implicit: the requested scopes are granted with the sign-in, no page (interactions.ts);
// - explicit: the user is shown the scopes on a consent page (at /Account/Login) and allows or
//   denies; an allowed set is remembered for that user and client (a permanent decision, kept as
//   oidc_payloads model 'ConsentDecision', id `<clientId> <userId>`), so a later sign-in asking for
//   no more than it is not asked again; denying answers access_denied to the client;
// - systematic: the page is shown at every authorization, remembered or not (provider-config's
//   loadExistingGrant gives such a client no earlier grant);
// - external: only an authorization that already exists for the user counts (OpenIddict: granted
//   out of band by an administrator); there is no page, so without one the request is refused with
//   access_denied (consent_required). This server has no screen for creating such authorizations:
//   a remembered decision from when the client was explicit is the only kind there is;
// - deleting an application deletes its decisions (application-service.ts deletes its payloads), and
//   deleting a user deletes theirs (user-service.ts deleteUser, by the payload's accountId).
import { and, eq, inArray } from 'drizzle-orm';
import type { Provider } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { oidcPayloads, scopes } from '../db/schema/index.ts';
import { escapeHtml, type PageTexts, pageText, renderMessagePage } from './login-page.ts';
import { loginPath } from './provider-config.ts';

export type ConsentType = 'implicit' | 'explicit' | 'systematic' | 'external';

const decisionModel = 'ConsentDecision';
const decisionId = (clientId: string, userId: string) => `${clientId} ${userId}`;

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** The scopes an authorization request asks for. */
export function requestedScopes(details: Details): string[] {
  return [
    ...new Set(
      String(details.params.scope ?? '')
        .split(' ')
        .filter(Boolean),
    ),
  ];
}

/** The scopes the user allowed this client for good (explicit consent), empty when none. */
export async function rememberedScopes(ctx: AppContext, clientId: string, userId: string): Promise<Set<string>> {
  const [row] = await ctx.db
    .select({ payload: oidcPayloads.payload })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, decisionModel), eq(oidcPayloads.id, decisionId(clientId, userId))))
    .limit(1);
  const stored = (row?.payload as { scopes?: unknown } | undefined)?.scopes;
  return new Set(Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : []);
}

/** Remembers that the user allowed these scopes to the client (added to what was allowed before). */
export async function rememberConsent(ctx: AppContext, clientId: string, userId: string, allowed: string[]): Promise<void> {
  const all = [...new Set([...(await rememberedScopes(ctx, clientId, userId)), ...allowed])].sort();
  const payload = { clientId, accountId: userId, scopes: all };
  await ctx.db
    .insert(oidcPayloads)
    .values({ model: decisionModel, id: decisionId(clientId, userId), payload, expiresAt: null })
    .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: { payload } });
}

/** Whether the sign-in may go on without the page: true for implicit, and for a remembered decision covering the request. */
export async function consentGiven(ctx: AppContext, type: string, clientId: string, userId: string, requested: string[]) {
  if (type === 'implicit' || !type) return true;
  if (type === 'systematic') return false;
  const remembered = await rememberedScopes(ctx, clientId, userId);
  return requested.every((scope) => remembered.has(scope));
}

/** The consent page: the client's name, the scopes asked for (display names from the scopes table), Allow and Deny. */
export async function renderConsentPage(
  ctx: AppContext,
  texts: PageTexts,
  page: { uid: string; clientName: string; scopes: string[]; remembered: boolean },
): Promise<string> {
  const rows = page.scopes.length
    ? await ctx.db
        .select({ name: scopes.name, displayName: scopes.displayName, description: scopes.description })
        .from(scopes)
        .where(inArray(scopes.name, page.scopes))
    : [];
  const byName = new Map(rows.map((row) => [row.name, row]));
  const items = page.scopes
    .map((name) => {
      const row = byName.get(name);
      const description = row?.description ? ` <span class="hint">${escapeHtml(row.description)}</span>` : '';
      return `<li><strong>${escapeHtml(row?.displayName || name)}</strong>${description}</li>`;
    })
    .join('\n');
  const form = `<form id="consent" method="post" action="${loginPath}?uid=${encodeURIComponent(page.uid)}">
<input type="hidden" name="uid" value="${escapeHtml(page.uid)}">
<ul class="scopes" aria-label="${escapeHtml(pageText(texts, 'Consent:Title'))}">
${items}
</ul>
${page.remembered ? `<p class="hint">${escapeHtml(pageText(texts, 'Consent:Remembered'))}</p>` : ''}
</form>`;
  return renderMessagePage(texts.culture, {
    title: pageText(texts, 'Consent:Title'),
    message: pageText(texts, 'Consent:Message', page.clientName),
    rawForm: form,
    actions: [
      { label: pageText(texts, 'Consent:Allow'), name: 'decision', value: 'allow', form: 'consent', primary: true },
      { label: pageText(texts, 'Consent:Deny'), name: 'decision', value: 'deny', form: 'consent' },
    ],
  });
}
