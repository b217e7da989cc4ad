// The query of a link from an account e-mail (/account/reset-password, /account/email-confirmation):
// userId, the token, and __tenant (the tenant's id, only for tenant users), which the calls must
// carry as their tenant header whatever tenant the browser had chosen.
import type { Http } from '../../api/http.ts';

export interface LinkQuery {
  userId: string;
  token: string;
  tenant: string | null;
}

export function linkQueryOf(search: string, tokenName: 'resetToken' | 'confirmationToken'): LinkQuery | null {
  const query = new URLSearchParams(search);
  const userId = query.get('userId');
  const token = query.get(tokenName);
  return userId && token ? { userId, token, tenant: query.get('__tenant') } : null;
}

export function httpForTenant(http: Http, tenant: string | null): Http {
  return tenant ? http.create({ headers: { __tenant: tenant } }) : http;
}
