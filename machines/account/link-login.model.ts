// The test model of link login: a page opened with linkUserId (signed in or not), with a token
// answer from another tenant's domain, and with a broken token; the grant's answers (plain tokens,
// tokens with tenant_domain) and each actor's failure.
import type { EventObject } from 'xstate';
import type { MachineModel } from '../testing/model-paths.ts';
import { linkLoginMachine } from './link-login.machine.ts';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

export const linkedTokens = { access_token: 'linked-access-token', refresh_token: 'linked-refresh-token', expires_in: 3600 };
const location = 'https://app.example/identity?handler=linkLogin&linkUserId=u-2';

export const linkLoginModel: MachineModel<typeof linkLoginMachine> = {
  machine: linkLoginMachine,
  scenarios: [
    {
      name: 'signed in, linkUserId',
      input: { request: { linkUserId: 'u-2', linkTenantId: 't-1', token: null }, accessToken: 'current-access-token', location },
    },
    {
      name: 'signed out, linkUserId',
      input: { request: { linkUserId: 'u-2', linkTenantId: null, token: null }, accessToken: null, location },
    },
    {
      name: 'token from the tenant domain',
      input: { request: { linkUserId: null, linkTenantId: null, token: JSON.stringify(linkedTokens) }, accessToken: null, location },
    },
    { name: 'broken token', input: { request: { linkUserId: null, linkTenantId: null, token: '{not json' }, accessToken: null, location } },
  ],
  events: [
    done('linkLoginGrant', linkedTokens),
    done('linkLoginGrant', { ...linkedTokens, tenant_domain: 'https://acme.example/' }),
    failed('linkLoginGrant', { error: 'invalid_grant', error_description: 'The user is not linked to you.' }),
    failed('redirectToTenantDomain', new Error('blocked')),
    failed('storeAndReload', new Error('storage full')),
  ],
  describeEvent(event) {
    const [, kind, , id] = event.type.split('.');
    if (kind === 'error') return `${id} fails`;
    if (id === 'linkLoginGrant')
      return (event as { output?: { tenant_domain?: string } }).output?.tenant_domain
        ? 'grant answers tenant_domain'
        : 'grant answers tokens';
    return event.type;
  },
};
