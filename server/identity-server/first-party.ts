// First-party clients (applications.is_first_party: the SPA and ABP's own clients registered by us)
// are trusted with what a third-party client is not: the password grant, and a sign-out without the
// identity server's "Do you want to sign out?" page when they send a valid id_token_hint.
import type { AppContext } from '../context.ts';
import { findApplication } from '../modules/openiddict/application-store.ts';

export async function isFirstPartyClient(ctx: AppContext, clientId: string): Promise<boolean> {
  return (await findApplication(ctx, clientId))?.isFirstParty === true;
}
