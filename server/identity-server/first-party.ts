// First-party clients (applications.is_first_party: the SPA and ABP's own clients registered by us)
// are trusted with what a third-party client is not: the password grant, and a sign-out without the
// identity server's "Do you want to sign out?" page when they send a valid id_token_hint.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { applications } from '../db/schema/index.ts';

export async function isFirstPartyClient(ctx: AppContext, clientId: string): Promise<boolean> {
  const [app] = await ctx.db
    .select({ isFirstParty: applications.isFirstParty })
    .from(applications)
    .where(and(eq(applications.clientId, clientId), eq(applications.isDeleted, false)))
    .limit(1);
  return app?.isFirstParty === true;
}
