// ctx.tokens: verification of the JWT access tokens this server issues. Rules:
// - signature against the server's own public keys only (never a key named by the token), with
//   the allowed algorithms RS256, ES256, PS256 (so `none` and HS256-with-the-public-key fail);
// - typ must be at+jwt (an ID token is not an access token), iss the issuer, aud must contain
//   'Finance', exp and nbf are checked (30 s clock tolerance);
// - answers null for anything unacceptable; the session check is the request pipeline's job;
// - a token that verified is remembered by its exact text (at most 5,000, the oldest dropped first):
//   its signature, issuer, audience and type cannot change, so a repeat only checks the times again
//   (exp and nbf with the same tolerance). Nothing about the session or the user is remembered: the
//   request pipeline still reads both on every request.
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import type { AccessTokenVerifier } from '../context.ts';
import { apiResource } from './provider-config.ts';

export const allowedAlgorithms = ['RS256', 'ES256', 'PS256'];

const clockToleranceSeconds = 30;
const maxRemembered = 5_000;

/** Whether a verified payload's exp and nbf still hold now (jose's rule, with the same tolerance). */
function inTime(payload: Record<string, unknown>, now = Date.now() / 1000): boolean {
  if (typeof payload.exp !== 'number' || payload.exp <= now - clockToleranceSeconds) return false;
  return typeof payload.nbf !== 'number' || payload.nbf <= now + clockToleranceSeconds;
}

export function createTokenVerifier(issuer: string, publicKeys: JWK[]): AccessTokenVerifier {
  const keySet = createLocalJWKSet({ keys: publicKeys });
  const verified = new Map<string, Record<string, unknown>>();
  return {
    async verify(token) {
      if (typeof token !== 'string' || token.length > 16_384) return null;
      const known = verified.get(token);
      if (known) {
        if (inTime(known)) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, keySet, {
          algorithms: allowedAlgorithms,
          issuer,
          audience: apiResource.audience,
          typ: 'at+jwt',
          clockTolerance: clockToleranceSeconds,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (verified.size >= maxRemembered) verified.delete(verified.keys().next().value!);
        verified.set(token, { ...payload });
        return payload as Record<string, unknown>;
      } catch {
        return null;
      }
    },
  };
}
