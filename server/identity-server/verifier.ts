// ctx.tokens: verification of the JWT access tokens this server issues. Rules:
// - signature against the server's own public keys only (never a key named by the token), with
//   the allowed algorithms RS256, ES256, PS256 (so `none` and HS256-with-the-public-key fail);
// - typ must be at+jwt (an ID token is not an access token), iss the issuer, aud must contain
//   'Finance', exp and nbf are checked (30 s clock tolerance);
// - answers null for anything unacceptable; the session check is the request pipeline's job.
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import type { AccessTokenVerifier } from '../context.ts';
import { apiResource } from './provider-config.ts';

export const allowedAlgorithms = ['RS256', 'ES256', 'PS256'];

export function createTokenVerifier(issuer: string, publicKeys: JWK[]): AccessTokenVerifier {
  const keySet = createLocalJWKSet({ keys: publicKeys });
  return {
    async verify(token) {
      if (typeof token !== 'string' || token.length > 16_384) return null;
      try {
        const { payload } = await jwtVerify(token, keySet, {
          algorithms: allowedAlgorithms,
          issuer,
          audience: apiResource.audience,
          typ: 'at+jwt',
          clockTolerance: 30,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        return payload as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}
