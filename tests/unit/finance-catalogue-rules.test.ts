// The rules of the kernel and inventory screens and trees that run without a server: the tree
// order and subtree test every tenant-owned tree uses on the server, what a service node may hold,
// and the forms' own checks (a price with more decimals than its currency, a limit without a
// currency), against the texts a user reads.
import { describe, expect, it } from 'vitest';
import { mayHold } from '../../server/modules/kernel/service-nodes.ts';
import { isInSubtree, treeOrder } from '../../server/modules/shared/tree.ts';
import { inventoryTexts } from '../../src/screens/inventory/inventory-texts.ts';
import { priceErrors, pricesOf } from '../../src/screens/inventory/price-fields.ts';
import { kernelTexts } from '../../src/screens/kernel/kernel-texts.ts';
import { limitErrors, limitsOf } from '../../src/screens/kernel/limit-fields.ts';

const node = (id: string, parentId: string | null) => ({ id, parentId });

describe('trees', () => {
  it('orders parents before children, siblings as given, a node whose parent is gone at the root', () => {
    const rows = [node('c', 'b'), node('b', 'a'), node('x', 'missing'), node('a', null), node('d', 'a')];
    expect(treeOrder(rows).map((row) => row.id)).toEqual(['x', 'a', 'b', 'c', 'd']);
  });

  it('finds a node under another, and stops on a cycle', () => {
    const rows = [node('a', null), node('b', 'a'), node('c', 'b')];
    expect(isInSubtree(rows, 'a', 'c')).toBe(true);
    expect(isInSubtree(rows, 'a', 'a')).toBe(true);
    expect(isInSubtree(rows, 'c', 'a')).toBe(false);
    expect(isInSubtree(rows, 'a', null)).toBe(false);
    expect(isInSubtree([node('p', 'q'), node('q', 'p')], 'z', 'p')).toBe(false);
  });

  it('lets the root and a category hold anything, a service only product nodes, a product node nothing', () => {
    const kinds = ['CategoryNode', 'ServiceNode', 'ProductNode'] as const;
    const allowed = (parent: (typeof kinds)[number] | null) => kinds.filter((child) => mayHold(parent, child));
    expect(allowed(null)).toEqual([...kinds]);
    expect(allowed('CategoryNode')).toEqual([...kinds]);
    expect(allowed('ServiceNode')).toEqual(['ProductNode']);
    expect(allowed('ProductNode')).toEqual([]);
  });
});

describe('forms', () => {
  it('checks each price against its currency decimals and sends prices as strings', () => {
    const t = inventoryTexts('en');
    const slots = [
      { name: 'price__r__USD', priceLevelId: 'r', levelLabel: 'Retail', currencyCode: 'USD', decimals: 2 },
      { name: 'price__r__LL', priceLevelId: 'r', levelLabel: 'Retail', currencyCode: 'LL', decimals: 0 },
    ];
    expect(priceErrors({ __slots: slots, price__r__USD: '1.5', price__r__LL: '135000' }, t)).toEqual({});
    expect(priceErrors({ __slots: slots, price__r__USD: '1.505', price__r__LL: '1.5' }, t)).toEqual({
      price__r__USD: 'Write a price such as 1250.50, with at most 2 decimals.',
      price__r__LL: 'Write a price such as 1250.50, with at most 0 decimals.',
    });
    expect(pricesOf({ __slots: slots, price__r__USD: ' 1.5 ', price__r__LL: '' })).toEqual([
      { priceLevelId: 'r', currencyCode: 'USD', amount: '1.5' },
    ]);
  });

  it('asks for the currency of a limit and a well-formed amount', () => {
    const t = kernelTexts('en');
    expect(limitErrors({ currencyCode: null, maxAmount: '', dailyLimit: '' }, t)).toEqual({});
    expect(limitErrors({ currencyCode: null, maxAmount: '5', dailyLimit: '' }, t)).toEqual({
      currencyCode: 'Choose the currency of the limit.',
    });
    expect(limitErrors({ currencyCode: 'USD', maxAmount: '5,5', dailyLimit: '' }, t)).toEqual({
      maxAmount: 'Write an amount such as 1250.50.',
    });
    expect(limitsOf({ currencyCode: 'USD', maxAmount: '', dailyLimit: '100' })).toEqual({
      currencyCode: 'USD',
      maxAmount: null,
      dailyLimit: '100',
    });
  });
});
