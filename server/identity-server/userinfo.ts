// /connect/userinfo (GET and POST), answered here rather than by oidc-provider because our access
// tokens are JWTs for the 'Finance' audience, which oidc-provider's userinfo refuses. Rules:
// - the Bearer token (or POSTed access_token) must pass ctx.tokens.verify AND its session must still
//   exist (request pipeline: request.currentUser); otherwise 401 invalid_token;
// - claims per contract 6.5: always sub; profile: tenantid, preferred_username, given_name,
//   family_name; email: email, email_verified; phone: phone_number, phone_number_verified;
//   roles (or role): role as an array.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { endpointPaths } from './provider-config.ts';

function refuse(reply: FastifyReply) {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer error="invalid_token", error_description="invalid token provided"')
    .header('cache-control', 'no-store')
    .send({ error: 'invalid_token', error_description: 'invalid token provided' });
}

export function userinfoRoutes(ctx: AppContext) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ')
      ? header.slice(7).trim()
      : (request.body as Record<string, string> | undefined)?.access_token;
    const user = request.currentUser;
    const claims = token ? await ctx.tokens.verify(token) : null;
    if (!claims || !user || claims.sub !== user.id) return refuse(reply);
    const scopes = new Set(String(claims.scope ?? '').split(' '));
    const answer: Record<string, unknown> = { sub: user.id };
    if (scopes.has('profile')) {
      if (user.tenantId) answer.tenantid = user.tenantId;
      answer.preferred_username = user.userName;
      if (user.name) answer.given_name = user.name;
      if (user.surName) answer.family_name = user.surName;
    }
    if (scopes.has('email') && user.email) {
      answer.email = user.email;
      answer.email_verified = user.emailVerified;
    }
    if (scopes.has('phone') && user.phoneNumber) {
      answer.phone_number = user.phoneNumber;
      answer.phone_number_verified = user.phoneNumberVerified;
    }
    if (scopes.has('roles') || scopes.has('role')) answer.role = user.roles;
    return reply.header('cache-control', 'no-store').send(answer);
  };
  return async (app: FastifyInstance) => {
    const options = { config: { auth: { anonymous: true as const }, validatedBy: 'oidc-provider' }, schema: { hide: true } };
    app.get(endpointPaths.userinfo, options, handler);
    app.post(endpointPaths.userinfo, options, handler);
  };
}
