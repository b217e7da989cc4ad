// An OpenID application's JSON Web Key Set (ApplicationDto.jsonWebKeySet, issue 19) used for what
// OpenIddict uses it for: the client authenticates at /connect/token with a client assertion signed
// by its private key (private_key_jwt, RFC 7523), through real token requests. A valid assertion
// gets a token that calls the API with the client's grants; a replayed one, one signed by another
// key, one for another client, and the secret alone are refused; a private key in the JWKS is
// refused on save with the localized error and nothing changes.
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { ApplicationDto } from '../../contract/openiddict.ts';
import { tokenRequest } from '../kit/auth.ts';
import { expectError, identitySuite, request } from './identity-helpers.ts';

const apps = '/api/openiddict/applications';
const suite = identitySuite();
const assertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return {
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } as JWK,
    privateJwk: await exportJWK(privateKey),
  };
}

function assertion(clientId: string, key: CryptoKey, kid: string, jti = randomUUID()) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(suite.server.config.issuer)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime('2m')
    .sign(key);
}

const withAssertion = (clientAssertion: string) =>
  tokenRequest(suite.server, {
    grant_type: 'client_credentials',
    scope: 'Finance',
    client_assertion_type: assertionType,
    client_assertion: clientAssertion,
  });

describe('private_key_jwt with the stored JSON Web Key Set', () => {
  it('authenticates the client with an assertion signed by its key, once per assertion, and by nothing else', async () => {
    const own = await keyPair('signer-1');
    const stranger = await keyPair('signer-1');
    const created = await suite.admin.call<ApplicationDto>('POST', apps, {
      clientId: 'Signed_Service',
      displayName: 'Signed service',
      clientType: 'confidential',
      consentType: 'implicit',
      allowClientCredentialsFlow: true,
      scopes: ['Finance'],
      jsonWebKeySet: JSON.stringify({ keys: [own.publicJwk] }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const put = await suite.admin.call('PUT', '/api/permission-management/permissions?providerName=C&providerKey=Signed_Service', {
      permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }],
    });
    expect(put.status).toBe(204);

    const signed = await assertion('Signed_Service', own.privateKey, 'signer-1');
    const granted = await withAssertion(signed);
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await request(suite.server, String(granted.body.access_token), 'GET', '/api/identity/roles')).status).toBe(200);

    // The same assertion again: refused (its jti was seen).
    const replayed = await withAssertion(signed);
    expect(replayed.status).toBe(401);
    expect(replayed.body).toMatchObject({ error: 'invalid_client' });
    // Signed by a key that is not in the client's set (same kid): refused.
    expect((await withAssertion(await assertion('Signed_Service', stranger.privateKey, 'signer-1'))).status).toBe(401);
    // Its own key for another client: refused.
    expect((await withAssertion(await assertion(suite.server.config.spaClientId, own.privateKey, 'signer-1'))).status).not.toBe(200);
    // The secret alone no longer authenticates a client registered with a key set.
    const bySecret = await tokenRequest(
      suite.server,
      { grant_type: 'client_credentials', scope: 'Finance' },
      basic('Signed_Service', created.body.clientSecret!),
    );
    expect(bySecret.status).toBe(401);
    expect(bySecret.body).toMatchObject({ error: 'invalid_client' });

    // The key rotated through the API (read live): the old key stops, the new one works.
    const next = await keyPair('signer-2');
    const current = (await suite.admin.call<ApplicationDto>('GET', `${apps}/${created.body.id}`)).body;
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = current;
    const rotated = await suite.admin.call('PUT', `${apps}/${id}`, {
      ...fields,
      jsonWebKeySet: JSON.stringify({ keys: [next.publicJwk] }),
      concurrencyStamp,
    });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    expect((await withAssertion(await assertion('Signed_Service', own.privateKey, 'signer-1'))).status).toBe(401);
    expect((await withAssertion(await assertion('Signed_Service', next.privateKey, 'signer-2'))).status).toBe(200);
  });

  it('refuses a private key, a symmetric key or an empty set on save, and changes nothing', async () => {
    const { privateJwk } = await keyPair('p');
    const before = (await suite.admin.call<{ totalCount: number }>('GET', apps)).body.totalCount;
    for (const jsonWebKeySet of [
      JSON.stringify({ keys: [privateJwk] }),
      JSON.stringify({ keys: [{ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0' }] }),
      JSON.stringify({ keys: [] }),
      JSON.stringify({ keys: [{ kty: 'RSA', n: 'not-a-modulus' }] }),
    ]) {
      const refused = await suite.admin.call('POST', apps, {
        clientId: 'Bad_Keys',
        displayName: 'Bad keys',
        clientType: 'confidential',
        allowClientCredentialsFlow: true,
        scopes: ['Finance'],
        jsonWebKeySet,
      });
      const error = expectError(refused, 400);
      expect(error.validationErrors?.[0]?.members).toEqual(['jsonWebKeySet']);
      expect(error.validationErrors?.[0]?.message).not.toContain('InvalidJsonWebKeySet');
    }
    expect((await suite.admin.call<{ totalCount: number }>('GET', apps)).body.totalCount).toBe(before);
  });
});
