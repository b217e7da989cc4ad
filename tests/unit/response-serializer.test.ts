// The answers' serializer (server/plugins/response-serializer.ts) compiles a copy of each response
// schema whose nullable scalars are type arrays: the text it writes must be the text the contract's
// own schema gives, for every kind of nullable field, null or not.
import fastJsonStringify from 'fast-json-stringify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { DateTime, Guid, Nullable, PagedResultDto } from '../../contract/common.ts';
import { IdentityUserDto } from '../../contract/identity.ts';
import { serializationSchema } from '../../server/plugins/response-serializer.ts';

const Sample = Type.Object({
  id: Guid,
  parentId: Nullable(Guid),
  when: Nullable(DateTime),
  name: Nullable(Type.String()),
  count: Nullable(Type.Integer()),
  ratio: Nullable(Type.Number()),
  flag: Nullable(Type.Boolean()),
  // Not scalars: left as the contract writes them.
  tags: Nullable(Type.Array(Type.String())),
  owner: Nullable(Type.Object({ id: Guid, name: Nullable(Type.String()) })),
  optional: Type.Optional(Nullable(Type.String())),
});

const values = [
  {
    id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    parentId: null,
    when: null,
    name: null,
    count: null,
    ratio: null,
    flag: null,
    tags: null,
    owner: null,
  },
  {
    id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
    parentId: '0b9e5a3c-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    when: '2026-12-06T05:10:00.000Z',
    name: 'Zoë "quoted" \\ \u2028',
    count: 0,
    ratio: 1.25,
    flag: false,
    tags: ['a', 'b'],
    owner: { id: '0b9e5a3c-1c2d-4e5f-8a9b-0c1d2e3f4a5b', name: null },
    optional: 'x',
  },
];

describe('response serializer', () => {
  it('turns a nullable scalar into a type array and leaves the rest as written', () => {
    const copy = serializationSchema(Sample) as { properties: Record<string, Record<string, unknown>> };
    expect(copy.properties.parentId).toEqual({ type: ['string', 'null'], format: 'uuid' });
    expect(copy.properties.when).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(copy.properties.count).toEqual({ type: ['integer', 'null'] });
    expect(copy.properties.tags).toHaveProperty('anyOf');
    expect(copy.properties.owner).toHaveProperty('anyOf');
    expect((copy.properties.owner!.anyOf as Array<{ properties?: Record<string, unknown> }>)[0]!.properties!.name).toEqual({
      type: ['string', 'null'],
    });
  });

  it('writes the same text as the contract schema, null or not', () => {
    const asWritten = fastJsonStringify(Sample as never);
    const served = fastJsonStringify(serializationSchema(Sample) as never);
    for (const value of values) expect(served(value)).toBe(asWritten(value));
  });

  it('writes a page of users as the contract schema does', () => {
    const schema = PagedResultDto(IdentityUserDto);
    const asWritten = fastJsonStringify(schema as never);
    const served = fastJsonStringify(serializationSchema(schema) as never);
    const user = (i: number) => ({
      id: `3fa85f64-5717-4562-b3fc-2c963f66afa${i}`,
      tenantId: i % 2 ? null : '0b9e5a3c-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      userName: `user${i}`,
      name: i % 3 ? null : 'Name',
      surname: 'Surname',
      email: `user${i}@example.com`,
      emailConfirmed: true,
      phoneNumber: null,
      phoneNumberConfirmed: false,
      isActive: true,
      lockoutEnabled: true,
      lockoutEnd: i % 2 ? '2026-12-07T00:00:00.000Z' : null,
      isLockedOut: false,
      accessFailedCount: i,
      lastPasswordChangeTime: null,
      supportTwoFactor: true,
      twoFactorEnabled: false,
      shouldChangePasswordOnNextLogin: false,
      isExternal: false,
      roleNames: ['admin'],
      entityVersion: 1,
      concurrencyStamp: 'stamp',
      creationTime: '2026-12-01T00:00:00.000Z',
      creatorId: null,
      lastModificationTime: null,
      lastModifierId: null,
      isDeleted: false,
      deleterId: null,
      deletionTime: null,
      extraProperties: {},
    });
    const page = { totalCount: 10, items: Array.from({ length: 10 }, (_, i) => user(i)) };
    expect(served(page)).toBe(asWritten(page));
  });
});
