// Link login driven headless with fake actors: the rules first, then every generated model path.
// Generated paths are checked step by step against the reference written from the spec
// (reference/link-login.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type LinkLoginInput, linkLoginMachine } from '../../machines/account/link-login.machine.ts';
import { linkedTokens, linkLoginModel } from '../../machines/account/link-login.model.ts';
import { linkLoginRequestOf, withoutLinkLoginQuery } from '../../machines/session/tokens.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { linkLoginReference, linkLoginRules } from './reference/link-login.reference.ts';

const actorNames = ['linkLoginGrant', 'redirectToTenantDomain', 'storeAndReload'] as const;
const location = 'https://app.example/identity?handler=linkLogin&linkUserId=u-2&linkTenantId=t-1&keep=1';

function start(input: LinkLoginInput) {
  const fakes = fakeActors(actorNames);
  const actor = createActor(linkLoginMachine.provide({ actors: fakes.actors }), { input }).start();
  return { fakes, actor };
}

describe('link login', () => {
  it('reads the request from the address: handler=linkLogin with linkUserId or token, nothing else', () => {
    expect(linkLoginRequestOf(location)).toEqual({ linkUserId: 'u-2', linkTenantId: 't-1', token: null });
    expect(linkLoginRequestOf('https://app.example/?handler=linkLogin')).toBeNull();
    expect(linkLoginRequestOf('https://app.example/?linkUserId=u-2')).toBeNull();
    expect(linkLoginRequestOf('https://app.example/?handler=linkLogin&token=%7B%7D')).toEqual({
      linkUserId: null,
      linkTenantId: null,
      token: '{}',
    });
    expect(withoutLinkLoginQuery(location)).toBe('/identity?keep=1');
  });

  it('grants with the current access token, then stores the tokens and reloads without the link query', async () => {
    const { fakes, actor } = start({ request: linkLoginRequestOf(location)!, accessToken: 'at', location });
    expect(fakes.calls).toEqual([{ name: 'linkLoginGrant', input: { accessToken: 'at', linkUserId: 'u-2', linkTenantId: 't-1' } }]);
    fakes.settle('linkLoginGrant', { output: linkedTokens });
    await settled();
    expect(actor.getSnapshot().value).toBe('reloading');
    expect(fakes.calls.at(-1)).toEqual({ name: 'storeAndReload', input: { tokens: linkedTokens, location } });
  });

  it("redirects to the tenant's domain when the answer names one", async () => {
    const { fakes, actor } = start({ request: linkLoginRequestOf(location)!, accessToken: 'at', location });
    const tokens = { ...linkedTokens, tenant_domain: 'https://acme.example/' };
    fakes.settle('linkLoginGrant', { output: tokens });
    await settled();
    expect(actor.getSnapshot().value).toBe('redirectingToTenantDomain');
    expect(fakes.calls.at(-1)).toEqual({ name: 'redirectToTenantDomain', input: { tenantDomain: 'https://acme.example/', tokens } });
  });

  it("ends with the server's error_description when the grant is refused", async () => {
    const { fakes, actor } = start({ request: linkLoginRequestOf(location)!, accessToken: 'at', location });
    fakes.settle('linkLoginGrant', { error: { error: 'invalid_grant', error_description: 'Not linked.' } });
    await settled();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ error: 'invalid_grant', description: 'Not linked.' });
  });

  it('fails without a current access token, and stores a token answer from the other domain without a grant', () => {
    const signedOut = start({ request: linkLoginRequestOf(location)!, accessToken: null, location });
    expect(signedOut.actor.getSnapshot().output).toEqual({ error: 'invalid_request', description: null });
    expect(signedOut.fakes.calls).toEqual([]);
    const token = JSON.stringify(linkedTokens);
    const fromDomain = start({ request: { linkUserId: null, linkTenantId: null, token }, accessToken: null, location });
    expect(fromDomain.fakes.calls).toEqual([{ name: 'storeAndReload', input: { tokens: linkedTokens, location } }]);
  });

  it('takes a token answer only with an access_token: JSON without one, or null, fails as invalid_request', () => {
    for (const token of [JSON.stringify({ refresh_token: 'r', expires_in: 3600 }), JSON.stringify({ access_token: 7 }), 'null']) {
      const run = start({ request: { linkUserId: null, linkTenantId: null, token }, accessToken: 'at', location });
      expect(run.actor.getSnapshot().output, token).toEqual({ error: 'invalid_request', description: null });
      expect(run.fakes.calls, token).toEqual([]);
    }
  });

  it('ends as request_failed, without a description, when the grant fails with no OAuth answer', async () => {
    for (const error of [null, undefined, new Error('offline'), { error: 42, error_description: ['x'] }]) {
      const { fakes, actor } = start({ request: linkLoginRequestOf(location)!, accessToken: 'at', location });
      fakes.settle('linkLoginGrant', { error });
      await settled();
      expect(actor.getSnapshot().output, String(error)).toEqual({ error: 'request_failed', description: null });
    }
  });
});

describeReferencePaths('link login', {
  model: linkLoginModel,
  id: 'linkLogin',
  actorNames: actorNames,
  select: (snapshot) => ({ status: snapshot.status, output: snapshot.output ?? null }),
  reference: linkLoginReference,
  rules: linkLoginRules,
});
