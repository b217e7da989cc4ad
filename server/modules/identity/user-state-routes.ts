// /api/identity/users: per-user state and the external-user calls (spec 7.13, ABP Identity Pro 7.2).
// Rules:
// - reads need AbpIdentity.Users; lock, unlock, two-factor and change-password need
//   AbpIdentity.Users.Update; the external-login calls need AbpIdentity.Users.Import (as ABP);
// - every id is a live user of the caller's tenant: another tenant's id answers 404;
// - void actions answer 204; the rules themselves live in user-state.ts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParams } from '../../../contract/common.ts';
import { IdentityUserDto } from '../../../contract/identity.ts';
import {
  ExternalLoginProviderList,
  IdentityUserUpdatePasswordInput,
  ImportExternalUserInput,
  LockUserParams,
  TwoFactorParams,
} from '../../../contract/identity-users.ts';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { businessError, invalidField } from '../../errors.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import { findUser, userDto } from './user-repository.ts';
import { callerOf } from './user-routes.ts';
import { userNotFound } from './user-service.ts';
import { lockUser, parseLockoutEnd, setUserPassword, setUserTwoFactor, unlockUser } from './user-state.ts';

const base = '/api/identity/users';
const tags = ['Identity'];
const NoContent = { 204: Type.Null() };
/** Angular sends these PUTs without a body. */
const EmptyBody = Type.Optional(Type.Null());
const read = { auth: { permission: 'AbpIdentity.Users' } };
const update = { auth: { permission: 'AbpIdentity.Users.Update' } };
const importing = { auth: { permission: 'AbpIdentity.Users.Import' } };

export async function userStateRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    `${base}/by-id/:id`,
    { schema: { tags, params: IdParams, response: { 200: IdentityUserDto } }, config: read },
    async (request) => {
      const row = await findUser(ctx.db, tenantIdOf(request), eq(users.id, request.params.id));
      if (!row) throw userNotFound(request.params.id);
      return userDto(ctx.db, row);
    },
  );

  // ABP lists the external login providers (LDAP, OAuth) that are enabled and can import users.
  // This server signs users in locally only, so there is none to offer.
  app.get(
    `${base}/external-login-Providers`,
    { schema: { tags, response: { 200: ExternalLoginProviderList } }, config: importing },
    () => [],
  );

  app.post(
    `${base}/import-external-user`,
    { schema: { tags, body: ImportExternalUserInput, response: { 200: IdentityUserDto } }, config: importing },
    async (request) => {
      // ABP's answer for a provider that is not configured (IdentityProErrorCodes.InvalidExternalLoginProvider).
      throw businessError('Volo.Abp.Identity:010010', 'AbpIdentity::Volo.Abp.Identity:010010', request.body.provider);
    },
  );

  app.get(
    `${base}/:id/two-factor-enabled`,
    { schema: { tags, params: IdParams, response: { 200: Type.Boolean() } }, config: read },
    async (request) => {
      const row = await findUser(ctx.db, tenantIdOf(request), eq(users.id, request.params.id));
      if (!row) throw userNotFound(request.params.id);
      return row.twoFactorEnabled;
    },
  );

  app.put(
    `${base}/:id/two-factor/:enabled`,
    { schema: { tags, params: TwoFactorParams, body: EmptyBody, response: NoContent }, config: update },
    async (request, reply) => {
      await setUserTwoFactor(ctx, callerOf(request), request.params.id, request.params.enabled.toLowerCase() === 'true');
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/lock/:lockoutEnd`,
    { schema: { tags, params: LockUserParams, body: EmptyBody, response: NoContent }, config: update },
    async (request, reply) => {
      const lockoutEnd = parseLockoutEnd(request.params.lockoutEnd);
      if (!lockoutEnd) throw invalidField('lockoutEnd', 'AbpValidation::The field {0} is invalid.', 'lockoutEnd');
      await lockUser(ctx, callerOf(request), request.params.id, lockoutEnd);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/unlock`,
    { schema: { tags, params: IdParams, body: EmptyBody, response: NoContent }, config: update },
    async (request, reply) => {
      await unlockUser(ctx, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/change-password`,
    { schema: { tags, params: IdParams, body: IdentityUserUpdatePasswordInput, response: NoContent }, config: update },
    async (request, reply) => {
      await setUserPassword(ctx, callerOf(request), request.params.id, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );
}
