// /api/identity/claim-types and the claims of users and roles, over real HTTP on a real database:
// CRUD with paging, filter and sorting; static claim types refused (403); host-only management
// (claim types are host-wide) while every tenant reads them; claim values checked against regex,
// value type and required (400 naming the claim, nothing saved); regexes that could backtrack
// catastrophically refused on save, and never run when already stored (ADR 0011); tenant isolation
// of user and role claims; moving all users of a role to another.
import { beforeAll, describe, expect, it } from 'vitest';
import { claimTypes } from '../../server/db/schema/index.ts';
import { normalizeName } from '../../server/modules/saas/tenant-store.ts';
import type { IdentityRoleDto, IdentityUserDto } from '../../contract/identity.ts';
import type { ClaimTypeDto, IdentityRoleClaimDto, IdentityUserClaimDto } from '../../contract/identity-claims.ts';
import { type Caller, expectError, identitySuite, strongPassword, tenantIdOf, userIdOf } from './identity-helpers.ts';

type Page<T> = { totalCount: number; items: T[] };

const base = '/api/identity/claim-types';
const suite = identitySuite();

async function createType(body: Record<string, unknown>): Promise<ClaimTypeDto> {
  const reply = await suite.admin.call<ClaimTypeDto>('POST', base, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

describe('claim types', () => {
  it('lists the seeded static claim types with paging, filter and sorting', async () => {
    const page = await suite.admin.call<Page<ClaimTypeDto>>('GET', `${base}?maxResultCount=100`);
    expect(page.status).toBe(200);
    const email = page.body.items.find((c) => c.name === 'email')!;
    expect(email).toMatchObject({ isStatic: true, required: false, valueType: 0, valueTypeAsString: 'String' });
    expect(page.body.items.find((c) => c.name === 'email_verified')).toMatchObject({ valueType: 2, valueTypeAsString: 'Boolean' });
    const names = page.body.items.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    const second = await suite.admin.call<Page<ClaimTypeDto>>('GET', `${base}?skipCount=1&maxResultCount=2&sorting=name%20desc`);
    expect(second.body.items.map((c) => c.name)).toEqual([...names].reverse().slice(1, 3));
    expect(second.body.totalCount).toBe(page.body.totalCount);
    const filtered = await suite.admin.call<Page<ClaimTypeDto>>('GET', `${base}?filter=PHONE`);
    expect(filtered.body.items.map((c) => c.name)).toEqual(['phone_number', 'phone_number_verified']);
    expectError(await suite.admin.call('GET', `${base}?sorting=normalizedName`), 400);
  });

  it('creates, reads, updates and deletes a claim type', async () => {
    const created = await createType({
      name: 'employee_number',
      required: true,
      regex: '[A-Z]{2}\\d{4}',
      regexDescription: 'Two letters and four digits',
      description: 'Employee number',
      valueType: 0,
      isStatic: true,
    });
    expect(created).toMatchObject({ name: 'employee_number', required: true, isStatic: false, valueTypeAsString: 'String' });
    expect((await suite.admin.call<ClaimTypeDto>('GET', `${base}/${created.id}`)).body).toEqual(created);
    const updated = await suite.admin.call<ClaimTypeDto>('PUT', `${base}/${created.id}`, {
      name: 'staff_number',
      required: false,
      valueType: 1,
      concurrencyStamp: created.concurrencyStamp,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'staff_number', required: false, regex: null, valueType: 1, valueTypeAsString: 'Int' });
    expectError(
      await suite.admin.call('PUT', `${base}/${created.id}`, { name: 'x', valueType: 0, concurrencyStamp: created.concurrencyStamp }),
      409,
    );
    expect((await suite.admin.call('DELETE', `${base}/${created.id}`)).status).toBe(204);
    expectError(await suite.admin.call('GET', `${base}/${created.id}`), 404);
    expectError(await suite.admin.call('DELETE', `${base}/${created.id}`), 404);
  });

  it('refuses duplicates, bad regexes, bad value types and static claim types', async () => {
    const duplicate = expectError(await suite.admin.call('POST', base, { name: 'EMAIL', valueType: 0 }), 403);
    expect(duplicate).toMatchObject({
      code: 'Volo.Abp.Identity:DuplicateClaimTypeName',
      message: "The claim type name 'EMAIL' is already taken.",
    });
    const regex = expectError(await suite.admin.call('POST', base, { name: 'broken', regex: '([a-z', valueType: 0 }), 400);
    expect(regex.validationErrors![0]!.members).toEqual(['regex']);
    expectError(await suite.admin.call('POST', base, { name: 'odd', valueType: 7 }), 400);
    expectError(await suite.admin.call('POST', base, { name: '' }), 400);

    const all = (await suite.admin.call<Page<ClaimTypeDto>>('GET', `${base}?maxResultCount=100`)).body.items;
    const email = all.find((c) => c.name === 'email')!;
    const update = expectError(
      await suite.admin.call('PUT', `${base}/${email.id}`, { name: 'mail', valueType: 0, concurrencyStamp: email.concurrencyStamp }),
      403,
    );
    expect(update).toMatchObject({
      code: 'Volo.Abp.Identity:StaticClaimTypeUpdate',
      message: "The claim type 'email' is static and cannot be changed.",
    });
    const remove = expectError(await suite.admin.call('DELETE', `${base}/${email.id}`), 403);
    expect(remove).toMatchObject({ code: 'Volo.Abp.Identity:StaticClaimTypeDeletion' });
    const french = await suite.admin.call<{ error: { message: string } }>('DELETE', `${base}/${email.id}`, undefined, {
      'accept-language': 'fr',
    });
    expect(french.body.error.message).toBe("Le type de revendication 'email' est statique et ne peut pas être supprimé.");
    expect((await suite.admin.call<ClaimTypeDto>('GET', `${base}/${email.id}`)).body).toEqual(email);
  });

  it('refuses, at create and update, a regex that could backtrack catastrophically or that RE2 cannot run', async () => {
    const refused = async (reply: Parameters<typeof expectError>[0], message: string) => {
      const error = expectError(reply, 400);
      expect(error.validationErrors).toEqual([{ message, members: ['regex'] }]);
    };
    const unsafe = (regex: string) =>
      `'${regex}' could take too long to check some values (nested or overlapping repetition such as (a+)+). Rewrite it so that each part of a value can match in only one way.`;
    await refused(await suite.admin.call('POST', base, { name: 'evil', regex: '(a+)+', valueType: 0 }), unsafe('(a+)+'));
    await refused(await suite.admin.call('POST', base, { name: 'evil', regex: '(a|a)*b', valueType: 0 }), unsafe('(a|a)*b'));
    await refused(
      await suite.admin.call('POST', base, { name: 'lookahead', regex: '(?=.*\\d).{8,}', valueType: 0 }),
      "'(?=.*\\d).{8,}' uses syntax that claim type regular expressions do not support (lookaround, backreferences, \\u escapes) or is too large.",
    );
    const french = expectError(
      await suite.admin.call('POST', base, { name: 'evil', regex: '(a+)+', valueType: 0 }, { 'accept-language': 'fr' }),
      400,
    );
    expect(french.validationErrors![0]!.message).toMatch(/^'\(a\+\)\+' pourrait prendre trop de temps/);
    const all = (await suite.admin.call<Page<ClaimTypeDto>>('GET', `${base}?maxResultCount=100`)).body.items;
    expect(all.map((c) => c.name)).not.toContain('evil');

    const plain = await createType({ name: 'plain_code', regex: '[a-z]+(-[a-z]+)*', valueType: 0 });
    await refused(
      await suite.admin.call('PUT', `${base}/${plain.id}`, {
        name: 'plain_code',
        regex: '(\\w+\\s?)*',
        valueType: 0,
        concurrencyStamp: plain.concurrencyStamp,
      }),
      unsafe('(\\w+\\s?)*'),
    );
    expect((await suite.admin.call<ClaimTypeDto>('GET', `${base}/${plain.id}`)).body).toEqual(plain);
  });

  it('is managed by the host only, and read by every tenant', async () => {
    expectError(await suite.acmeAdmin.call('GET', base), 403);
    expectError(await suite.acmeAdmin.call('POST', base, { name: 'tenant_claim', valueType: 0 }), 403);
    const hostTypes = await suite.admin.call<ClaimTypeDto[]>('GET', '/api/identity/users/all-claim-types');
    const acmeTypes = await suite.acmeAdmin.call<ClaimTypeDto[]>('GET', '/api/identity/users/all-claim-types');
    expect(acmeTypes.status).toBe(200);
    expect(acmeTypes.body).toEqual(hostTypes.body);
    expect((await suite.acmeAdmin.call<ClaimTypeDto[]>('GET', '/api/identity/roles/all-claim-types')).body).toEqual(hostTypes.body);
    const config = await suite.acmeAdmin.call<{ auth: { grantedPolicies: Record<string, boolean> } }>(
      'GET',
      '/api/abp/application-configuration',
    );
    expect(config.body.auth.grantedPolicies['AbpIdentity.ClaimTypes']).toBeUndefined();
    expect(config.body.auth.grantedPolicies['AbpIdentity.OrganizationUnits']).toBe(true);
  });
});

describe('claims of users and roles', () => {
  let userId: string;
  beforeAll(async () => {
    await createType({
      name: 'badge',
      required: true,
      regex: '[A-Z]{2}\\d{4}',
      regexDescription: 'Two letters and four digits',
      valueType: 0,
    });
    await createType({ name: 'floor', valueType: 1 });
    await createType({ name: 'hired_on', valueType: 3 });
    await createType({ name: 'remote', valueType: 2 });
    userId = await userIdOf(suite.server, 'john.smith');
  });
  const claimsOf = async (id: string, caller: Caller = suite.admin) =>
    (await caller.call<IdentityUserClaimDto[]>('GET', `/api/identity/users/${id}/claims`)).body;

  it('replaces a user claims with valid values', async () => {
    const put = await suite.admin.call('PUT', `/api/identity/users/${userId}/claims`, [
      { claimType: 'badge', claimValue: 'AB1234' },
      { claimType: 'floor', claimValue: '-2' },
      { claimType: 'hired_on', claimValue: '2024-03-01T09:00:00Z' },
      { claimType: 'remote', claimValue: 'True', userId: crypto.randomUUID() },
      { claimType: 'floor', claimValue: '-2' },
    ]);
    expect(put.status).toBe(204);
    expect(await claimsOf(userId)).toEqual([
      { userId, claimType: 'badge', claimValue: 'AB1234' },
      { userId, claimType: 'floor', claimValue: '-2' },
      { userId, claimType: 'hired_on', claimValue: '2024-03-01T09:00:00Z' },
      { userId, claimType: 'remote', claimValue: 'True' },
    ]);
    expect(
      (await suite.admin.call('PUT', `/api/identity/users/${userId}/claims`, [{ claimType: 'badge', claimValue: 'CD5678' }])).status,
    ).toBe(204);
    expect(await claimsOf(userId)).toEqual([{ userId, claimType: 'badge', claimValue: 'CD5678' }]);
  });

  it('refuses a bad value with a 400 naming the claim, and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ claimType: 'badge', claimValue: 'ab12' }, "The value of the claim 'badge' is not valid: Two letters and four digits."],
      [{ claimType: 'badge', claimValue: '' }, "A value is required for the claim 'badge'."],
      [{ claimType: 'floor', claimValue: 'two' }, "The value of the claim 'floor' must be of type Int."],
      [{ claimType: 'floor', claimValue: '99999999999' }, "The value of the claim 'floor' must be of type Int."],
      [{ claimType: 'remote', claimValue: 'yes' }, "The value of the claim 'remote' must be of type Boolean."],
      [{ claimType: 'hired_on', claimValue: '2024-13-45' }, "The value of the claim 'hired_on' must be of type DateTime."],
      [{ claimType: 'no_such_claim', claimValue: 'x' }, "Claim type 'no_such_claim' does not exist."],
    ];
    for (const [claim, message] of cases) {
      const error = expectError(
        await suite.admin.call('PUT', `/api/identity/users/${userId}/claims`, [{ claimType: 'floor', claimValue: '3' }, claim]),
        400,
      );
      expect(error.validationErrors!.map((v) => v.message)).toEqual([message]);
      expect(error.details).toContain(message);
    }
    expect(await claimsOf(userId)).toEqual([{ userId, claimType: 'badge', claimValue: 'CD5678' }]);
    expectError(await suite.admin.call('PUT', `/api/identity/users/${userId}/claims`, { claimType: 'badge' }), 400);
  });

  it('never runs a stored regex that could backtrack catastrophically, and still checks the others', async () => {
    // Written past the API, as a row saved before the rule (or by hand) would be.
    await suite.server.ctx.db
      .insert(claimTypes)
      .values({ name: 'legacy_evil', normalizedName: normalizeName('legacy_evil'), regex: '(a+)+', valueType: 0 });
    const put = (claims: unknown[]) => suite.admin.call('PUT', `/api/identity/users/${userId}/claims`, claims);
    for (const value of [`${'a'.repeat(40)}!`, 'aaaa']) {
      const error = expectError(await put([{ claimType: 'legacy_evil', claimValue: value }]), 400);
      expect(error.validationErrors).toEqual([
        {
          message:
            "The claim 'legacy_evil' cannot be checked: the regular expression of its type is no longer accepted. An administrator must correct it.",
          members: ['claimValue'],
        },
      ]);
    }
    const badge = expectError(await put([{ claimType: 'badge', claimValue: 'AB12345' }]), 400);
    expect(badge.validationErrors![0]!.message).toBe("The value of the claim 'badge' is not valid: Two letters and four digits.");
    expect(await claimsOf(userId)).toEqual([{ userId, claimType: 'badge', claimValue: 'CD5678' }]);
    expect((await put([{ claimType: 'badge', claimValue: 'XY0001' }])).status).toBe(204);
    expect(await claimsOf(userId)).toEqual([{ userId, claimType: 'badge', claimValue: 'XY0001' }]);
    expect((await put([{ claimType: 'badge', claimValue: 'CD5678' }])).status).toBe(204);
  });

  it('keeps user and role claims in their tenant', async () => {
    const acmeId = await tenantIdOf(suite.server, 'acme');
    const acmeUser = await userIdOf(suite.server, 'john.smith', acmeId);
    expect(await claimsOf(acmeUser, suite.acmeAdmin)).toEqual([]);
    expectError(await suite.acmeAdmin.call('GET', `/api/identity/users/${userId}/claims`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `/api/identity/users/${userId}/claims`, []), 404);
    const hostRole = (await suite.admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items[0]!;
    expectError(await suite.acmeAdmin.call('GET', `/api/identity/roles/${hostRole.id}/claims`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `/api/identity/roles/${hostRole.id}/claims`, []), 404);
    expect(await claimsOf(userId)).toEqual([{ userId, claimType: 'badge', claimValue: 'CD5678' }]);
  });

  it('reads and replaces a role claims with the same checks', async () => {
    const role = (await suite.admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items.find(
      (r) => r.name === 'manager',
    )!;
    const url = `/api/identity/roles/${role.id}/claims`;
    expect((await suite.admin.call('PUT', url, [{ claimType: 'floor', claimValue: '7' }])).status).toBe(204);
    expect((await suite.admin.call<IdentityRoleClaimDto[]>('GET', url)).body).toEqual([
      { roleId: role.id, claimType: 'floor', claimValue: '7' },
    ]);
    const bad = expectError(await suite.admin.call('PUT', url, [{ claimType: 'floor', claimValue: 'seven' }]), 400);
    expect(bad.validationErrors![0]!.message).toBe("The value of the claim 'floor' must be of type Int.");
    expect((await suite.admin.call<IdentityRoleClaimDto[]>('GET', url)).body).toHaveLength(1);
  });

  it('removes the claims of a deleted claim type', async () => {
    const temp = await createType({ name: 'temporary', valueType: 0 });
    expect(
      (
        await suite.admin.call('PUT', `/api/identity/users/${userId}/claims`, [
          { claimType: 'badge', claimValue: 'CD5678' },
          { claimType: 'temporary', claimValue: 'x' },
        ])
      ).status,
    ).toBe(204);
    expect((await suite.admin.call('DELETE', `${base}/${temp.id}`)).status).toBe(204);
    expect(await claimsOf(userId)).toEqual([{ userId, claimType: 'badge', claimValue: 'CD5678' }]);
  });
});

describe('moving all users of a role', () => {
  it('moves every member to the target role, or only removes them without one', async () => {
    const from = (await suite.admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'move-from' })).body;
    const to = (await suite.admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'move-to' })).body;
    const users: IdentityUserDto[] = [];
    for (const name of ['mover.one', 'mover.two']) {
      const reply = await suite.admin.call<IdentityUserDto>('POST', '/api/identity/users', {
        userName: name,
        email: `${name}@example.com`,
        password: strongPassword,
        roleNames: ['move-from'],
      });
      users.push(reply.body);
    }
    expect((await suite.admin.call('PUT', `/api/identity/roles/${from.id}/move-all-users?roleId=${to.id}`)).status).toBe(204);
    for (const user of users) {
      expect((await suite.admin.call<IdentityUserDto>('GET', `/api/identity/users/${user.id}`)).body.roleNames).toEqual(['move-to']);
    }
    expect((await suite.admin.call<IdentityRoleDto>('GET', `/api/identity/roles/${from.id}`)).body.userCount).toBe(0);
    expect((await suite.admin.call<IdentityRoleDto>('GET', `/api/identity/roles/${to.id}`)).body.userCount).toBe(2);
    expect((await suite.admin.call('PUT', `/api/identity/roles/${to.id}/move-all-users`)).status).toBe(204);
    expect((await suite.admin.call<IdentityRoleDto>('GET', `/api/identity/roles/${to.id}`)).body.userCount).toBe(0);
    expectError(await suite.admin.call('PUT', `/api/identity/roles/${to.id}/move-all-users?roleId=${crypto.randomUUID()}`), 404);
    const acmeRole = (await suite.acmeAdmin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items[0]!;
    expectError(await suite.admin.call('PUT', `/api/identity/roles/${from.id}/move-all-users?roleId=${acmeRole.id}`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `/api/identity/roles/${from.id}/move-all-users`), 404);
  });
});
