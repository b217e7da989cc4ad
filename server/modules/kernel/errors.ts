// The kernel's and the inventory's refusals: a broken rule is a 403 business error whose code a
// client may react to and whose localized message (resource Finance, keys Kernel:* and Inventory:*)
// names the service, the grantee or the limit; a malformed value is a 400 naming the field.
import { businessError, invalidField } from '../../errors.ts';

const kernel = (name: string, ...params: Array<string | number>) =>
  businessError(`Finance.Kernel:${name}`, `Finance::Kernel:${name}`, ...params);
const inventory = (name: string, ...params: Array<string | number>) =>
  businessError(`Finance.Inventory:${name}`, `Finance::Inventory:${name}`, ...params);

export const kernelErrors = {
  duplicateCode: (code: string) => kernel('DuplicateServiceCode', code),
  systemNode: (name: string) => kernel('SystemService', name),
  hasChildren: (name: string) => kernel('ServiceHasChildren', name),
  inUse: (name: string) => kernel('ServiceInUse', name),
  parentType: (name: string, parentName: string) => kernel('ServiceParentType', name, parentName),
  moveIntoSubtree: (name: string) => kernel('MoveIntoOwnSubtree', name),
  productOnlyOnProductNode: () => invalidField('productId', 'Finance::Kernel:ProductOnlyOnProductNode'),
  duplicatePermission: (service: string, grantee: string) => kernel('DuplicateServicePermission', service, grantee),
  unknownGrantee: (type: string, id: string) => invalidField('granteeId', 'Finance::Kernel:UnknownGrantee', type, id),
  limitsNeedCurrency: () => invalidField('currencyCode', 'Finance::Kernel:LimitsNeedCurrency'),
  notAllowed: (service: string) => kernel('ServiceNotAllowed', service),
  inactive: (service: string) => kernel('ServiceInactive', service),
  unknownService: (id: string) => kernel('ServiceUnknown', id),
  notAService: (service: string) => kernel('NotAService', service),
  maxAmount: (service: string, amount: string, currency: string, limit: string) =>
    kernel('ServiceMaxAmount', service, amount, currency, limit),
  dailyLimit: (service: string, total: string, currency: string, limit: string) =>
    kernel('ServiceDailyLimit', service, total, currency, limit),
};

export const inventoryErrors = {
  duplicateSku: (sku: string) => inventory('DuplicateSku', sku),
  categoryHasChildren: (name: string) => inventory('CategoryHasChildren', name),
  categoryHasProducts: (name: string, count: number) => inventory('CategoryHasProducts', name, count),
  moveIntoSubtree: (name: string) => inventory('MoveIntoOwnSubtree', name),
  productInUse: (sku: string) => inventory('ProductInUse', sku),
  duplicatePrice: (index: number, currency: string) => invalidField(`prices[${index}]`, 'Finance::Inventory:DuplicatePrice', currency),
};
