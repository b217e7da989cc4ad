// Kernel services and service permissions on the wire (finance-domain.md "Kernel"), under ABP's
// convention for an application's own services. Rules:
// - GET /api/app/service/all answers every node of the caller's tenant (a tree: parentId), the
//   paged GET /api/app/service filters by text and node type; the node type is a ServiceNodeType
//   lookup value (CategoryNode, ServiceNode, ProductNode); a code is unique per tenant and fixed
//   once created (the seeded operations' codes are what documents name: serviceCodes);
// - a ProductNode is a leaf and may name an inventory product; a ServiceNode holds only ProductNodes;
// - a node is deleted only when unused: not seeded, no children, no ledger transfer names it;
// - a service permission lets a role, a user or a party type (PersonType lookup value) use a
//   service, optionally within limits in one currency (decimal strings with at most the currency's
//   decimals): the largest single transfer and a day's total (UTC day) per user;
// - a posting that names a service the caller may not use, or past a limit, is a 403 business error
//   (Finance.Kernel:*) whose localized message names the service and the limit.
import { type Static, Type } from 'typebox';
import { auditedFields, Guid, ListResultDto, Nullable, PagedResultDto, pagedQuery } from './common.ts';
import { MoneyText } from './ledger.ts';

/** The seeded operations (one CategoryNode "Wallet operations" and one ServiceNode each). */
export const serviceCodes = {
  walletOperations: 'WALLET_OPERATIONS',
  topUp: 'TOP_UP',
  moneyTransfer: 'MONEY_TRANSFER',
  requestMoney: 'REQUEST_MONEY',
  invoicePayment: 'INVOICE_PAYMENT',
  refund: 'REFUND',
  cashOut: 'CASH_OUT',
} as const;

const ServiceCode = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$', minLength: 1, maxLength: 64 });
const Name = Type.String({ minLength: 1, maxLength: 128 });
const Description = Type.String({ maxLength: 512 });
const Stamp = Type.String({ maxLength: 40 });

export const ServiceNodeDto = Type.Object({
  id: Guid,
  parentId: Nullable(Guid),
  code: Type.String(),
  name: Type.String(),
  description: Type.String(),
  nodeTypeId: Guid,
  productId: Nullable(Guid),
  isActive: Type.Boolean(),
  isSystem: Type.Boolean(),
  permissionCount: Type.Integer(),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type ServiceNodeDto = Static<typeof ServiceNodeDto>;

export const CreateServiceNodeDto = Type.Object(
  {
    parentId: Type.Optional(Nullable(Guid)),
    code: ServiceCode,
    name: Name,
    description: Type.Optional(Description),
    nodeTypeId: Guid,
    productId: Type.Optional(Nullable(Guid)),
    isActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateServiceNodeDto = Static<typeof CreateServiceNodeDto>;

export const UpdateServiceNodeDto = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    productId: Type.Optional(Nullable(Guid)),
    isActive: Type.Optional(Type.Boolean()),
    concurrencyStamp: Type.Optional(Stamp),
  },
  { additionalProperties: false },
);
export type UpdateServiceNodeDto = Static<typeof UpdateServiceNodeDto>;

/** Moves a node (and its subtree) under another parent, or to the root with null. */
export const MoveNodeDto = Type.Object({ parentId: Nullable(Guid) }, { additionalProperties: false });
export type MoveNodeDto = Static<typeof MoveNodeDto>;

export const GetServiceNodesInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 128 })),
  nodeTypeId: Type.Optional(Guid),
  isActive: Type.Optional(Type.Boolean()),
});
export type GetServiceNodesInput = Static<typeof GetServiceNodesInput>;

export const ServiceNodePagedResult = PagedResultDto(ServiceNodeDto);
export const ServiceNodeListResult = ListResultDto(ServiceNodeDto);

export const ServiceGranteeType = Type.Union([Type.Literal('Role'), Type.Literal('User'), Type.Literal('PartyType')]);
export type ServiceGranteeType = Static<typeof ServiceGranteeType>;

export const ServicePermissionDto = Type.Object({
  id: Guid,
  serviceId: Guid,
  serviceCode: Type.String(),
  serviceName: Type.String(),
  granteeType: ServiceGranteeType,
  granteeId: Guid,
  /** The role's or the user's name, or the party type's code. */
  granteeName: Type.String(),
  currencyCode: Nullable(Type.String()),
  maxAmount: Nullable(Type.String()),
  dailyLimit: Nullable(Type.String()),
  concurrencyStamp: Type.String(),
  ...auditedFields,
});
export type ServicePermissionDto = Static<typeof ServicePermissionDto>;

const limitFields = {
  currencyCode: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{2,8}$', minLength: 2, maxLength: 8 }))),
  maxAmount: Type.Optional(Nullable(MoneyText)),
  dailyLimit: Type.Optional(Nullable(MoneyText)),
};

export const CreateServicePermissionDto = Type.Object(
  { serviceId: Guid, granteeType: ServiceGranteeType, granteeId: Guid, ...limitFields },
  { additionalProperties: false },
);
export type CreateServicePermissionDto = Static<typeof CreateServicePermissionDto>;

export const UpdateServicePermissionDto = Type.Object(
  { ...limitFields, concurrencyStamp: Type.Optional(Stamp) },
  { additionalProperties: false },
);
export type UpdateServicePermissionDto = Static<typeof UpdateServicePermissionDto>;

export const GetServicePermissionsInput = pagedQuery({
  filter: Type.Optional(Type.String({ maxLength: 128 })),
  serviceId: Type.Optional(Guid),
  granteeType: Type.Optional(ServiceGranteeType),
});
export type GetServicePermissionsInput = Static<typeof GetServicePermissionsInput>;

export const ServicePermissionPagedResult = PagedResultDto(ServicePermissionDto);
