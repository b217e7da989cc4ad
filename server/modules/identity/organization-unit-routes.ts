// /api/identity/organization-units (ABP contract 7.2, Identity Pro's OrganizationUnitController).
// Rules:
// - permissions: AbpIdentity.OrganizationUnits reads; .ManageOU creates, renames, moves and deletes
//   units; .ManageMembers adds, removes and moves members (and lists the users that could join);
//   .ManageRoles adds and removes roles (and lists the roles that could be added);
// - the static paths (all, available-roles, available-users) are declared beside /:id and win over
//   it (find-my-way prefers a static segment to a parameter);
// - DELETE takes the id in the query string, as ABP's proxy sends it;
// - everything is scoped to the caller's tenant: another tenant's id answers 404; void actions 204.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Guid, IdParams } from '../../../contract/common.ts';
import { GetIdentityUsersInput, IdentityRolePagedResult, IdentityUserPagedResult } from '../../../contract/identity.ts';
import {
  DeleteOrganizationUnitInput,
  GetAvailableRolesInput,
  GetAvailableUsersInput,
  GetOrganizationUnitInput,
  GetOrganizationUnitRolesInput,
  MoveAllUsersToUnitInput,
  OrganizationUnitCreateDto,
  OrganizationUnitListResult,
  OrganizationUnitMoveInput,
  OrganizationUnitPagedResult,
  OrganizationUnitRoleInput,
  OrganizationUnitUpdateDto,
  OrganizationUnitUserInput,
  OrganizationUnitWithDetailsDto,
} from '../../../contract/identity-organization.ts';
import type { AppContext } from '../../context.ts';
import { tenantIdOf } from '../shared/tenancy.ts';
import {
  addMembers,
  addRoles,
  allUnits,
  availableRoles,
  availableUsers,
  createUnit,
  deleteUnit,
  getUnit,
  listMembers,
  listUnitRoles,
  listUnits,
  moveAllMembers,
  moveUnit,
  removeMember,
  removeRole,
  updateUnit,
} from './organization-unit-service.ts';
import { callerOf } from './user-routes.ts';

const base = '/api/identity/organization-units';
const tags = ['Identity'];
const NoContent = { 204: Type.Null() };
const permission = (name: string) => ({ auth: { permission: name } });
const MemberParams = Type.Object({ id: Guid, memberId: Guid }, { additionalProperties: false });
const RoleParams = Type.Object({ id: Guid, roleId: Guid }, { additionalProperties: false });

export async function organizationUnitRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const read = permission('AbpIdentity.OrganizationUnits');
  const manageOU = permission('AbpIdentity.OrganizationUnits.ManageOU');
  const manageMembers = permission('AbpIdentity.OrganizationUnits.ManageMembers');
  const manageRoles = permission('AbpIdentity.OrganizationUnits.ManageRoles');

  app.get(
    base,
    { schema: { tags, querystring: GetOrganizationUnitInput, response: { 200: OrganizationUnitPagedResult } }, config: read },
    (request) => listUnits(ctx, tenantIdOf(request), request.query),
  );

  app.get(`${base}/all`, { schema: { tags, response: { 200: OrganizationUnitListResult } }, config: read }, async (request) => ({
    items: await allUnits(ctx.db, tenantIdOf(request)),
  }));

  app.get(
    `${base}/available-roles`,
    { schema: { tags, querystring: GetAvailableRolesInput, response: { 200: IdentityRolePagedResult } }, config: manageRoles },
    (request) => availableRoles(ctx, tenantIdOf(request), request.query),
  );

  app.get(
    `${base}/available-users`,
    { schema: { tags, querystring: GetAvailableUsersInput, response: { 200: IdentityUserPagedResult } }, config: manageMembers },
    (request) => availableUsers(ctx, tenantIdOf(request), request.query),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: IdParams, response: { 200: OrganizationUnitWithDetailsDto } }, config: read },
    (request) => getUnit(ctx.db, tenantIdOf(request), request.params.id),
  );

  app.post(
    base,
    { schema: { tags, body: OrganizationUnitCreateDto, response: { 200: OrganizationUnitWithDetailsDto } }, config: manageOU },
    (request) => createUnit(ctx, callerOf(request), request.body),
  );

  app.put(
    `${base}/:id`,
    {
      schema: { tags, params: IdParams, body: OrganizationUnitUpdateDto, response: { 200: OrganizationUnitWithDetailsDto } },
      config: manageOU,
    },
    (request) => updateUnit(ctx, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    base,
    { schema: { tags, querystring: DeleteOrganizationUnitInput, response: NoContent }, config: manageOU },
    async (request, reply) => {
      await deleteUnit(ctx, callerOf(request), request.query.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/move`,
    { schema: { tags, params: IdParams, body: OrganizationUnitMoveInput, response: NoContent }, config: manageOU },
    async (request, reply) => {
      await moveUnit(ctx, callerOf(request), request.params.id, request.body.newParentId ?? null);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/:id/members`,
    { schema: { tags, params: IdParams, querystring: GetIdentityUsersInput, response: { 200: IdentityUserPagedResult } }, config: read },
    (request) => listMembers(ctx, tenantIdOf(request), request.params.id, request.query),
  );

  app.put(
    `${base}/:id/members`,
    { schema: { tags, params: IdParams, body: OrganizationUnitUserInput, response: NoContent }, config: manageMembers },
    async (request, reply) => {
      await addMembers(ctx, callerOf(request), request.params.id, request.body.userIds);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${base}/:id/members/:memberId`,
    { schema: { tags, params: MemberParams, response: NoContent }, config: manageMembers },
    async (request, reply) => {
      await removeMember(ctx, callerOf(request), request.params.id, request.params.memberId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${base}/:id/move-all-users`,
    // The body is empty: the target unit comes in the query string, as ABP's proxy sends it.
    {
      schema: { tags, params: IdParams, querystring: MoveAllUsersToUnitInput, body: Type.Optional(Type.Null()), response: NoContent },
      config: manageMembers,
    },
    async (request, reply) => {
      await moveAllMembers(ctx, callerOf(request), request.params.id, request.query.organizationId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${base}/:id/roles`,
    {
      schema: { tags, params: IdParams, querystring: GetOrganizationUnitRolesInput, response: { 200: IdentityRolePagedResult } },
      config: read,
    },
    (request) => listUnitRoles(ctx, tenantIdOf(request), request.params.id, request.query),
  );

  app.put(
    `${base}/:id/roles`,
    { schema: { tags, params: IdParams, body: OrganizationUnitRoleInput, response: NoContent }, config: manageRoles },
    async (request, reply) => {
      await addRoles(ctx, callerOf(request), request.params.id, request.body.roleIds);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${base}/:id/roles/:roleId`,
    { schema: { tags, params: RoleParams, response: NoContent }, config: manageRoles },
    async (request, reply) => {
      await removeRole(ctx, callerOf(request), request.params.id, request.params.roleId);
      return reply.code(204).send(null);
    },
  );
}
